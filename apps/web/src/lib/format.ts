import { formatAmount, formatLongDate as longDate, formatShortDate as shortDate, formatSignedAmount } from '@residency/shared/display';
import { wallClockAt } from '@residency/shared/hotel-time';
import { getSite } from './site';

/**
 * Taka amounts as the guest reads them, on every screen and in the booking e-mails (one rule in
 * `@residency/shared/display`): ৳5,500, ৳20,872.50 (never ৳20,872.5); ৳৫,৫০০ in Bengali; lakh and
 * crore grouping in both languages (৳15,09,896.50; ৳১৫,০৯,৮৯৬.৫০).
 */
export function formatTaka(amount: number, lng = 'en'): string {
  return formatAmount(amount, lng);
}

/** A change of an amount with its sign either way (+৳500, −৳200): a supplement, a plan's change, a bulk edit. */
export function formatSignedTaka(amount: number, lng = 'en'): string {
  return formatSignedAmount(amount, lng);
}

/** Numbers in the reader's digits (a coupon's 12.5 % keeps its decimal), grouped in lakh and crore as amounts are. */
export function formatNumber(value: number, lng = 'en'): string {
  return new Intl.NumberFormat(lng === 'bn' ? 'bn-BD' : 'en-IN').format(value);
}

/**
 * Digits inside a text in the reader's digits, the rest as it is: the hotel's phone
 * (+৮৮০ ১৭১১-০০০০০০) and the footer's year (২০২৬) on Bengali pages; the same rule as the mails'
 * (`@residency/shared/display`). A number to format is formatNumber's: this one neither groups nor rounds.
 */
export { readerDigits } from '@residency/shared/display';

/**
 * The `showCount` of a text field in the reader's digits: Ant Design writes "0 / 200" in Latin
 * digits on Bengali pages too (০ / ২০০).
 */
export function characterCount(lng = 'en'): { formatter: (info: { count: number; maxLength?: number }) => string } {
  return {
    formatter: ({ count, maxLength }) =>
      maxLength === undefined ? formatNumber(count, lng) : `${formatNumber(count, lng)} / ${formatNumber(maxLength, lng)}`,
  };
}

/** Whether a text is a moment with its zone ('2026-12-01T22:22:00.000Z'), not a day ('2026-12-01'). */
const isMoment = (iso: string) => /(z|[+-]\d\d:?\d\d)$/i.test(iso.slice(10));

/**
 * A day as 'YYYY-MM-DD'. A day is read as written; a moment (a Date, or a timestamp with its zone:
 * when a booking was made, a payment taken) is read on the hotel's calendar (HOTEL_TIME_ZONE), not
 * the reader's nor UTC's (issue 31: "Booked: Tue, Dec 1" for a booking made on Dec 2 at 04:22 in
 * Dhaka). Plain Intl reads, not dayjs: this file is part of every page's first paint.
 */
const isoDay = (date: string | Date) =>
  typeof date === 'string' && !isMoment(date) ? date.slice(0, 10) : wallClockAt(new Date(date), getSite().timeZone).date;

/** The year of a day ('2026-11-22', read as written) or of a moment ('…T20:30:00Z', on the hotel's calendar). */
const yearOf = (iso: string) => Number(isoDay(iso).slice(0, 4));

/**
 * The two ways a day is written on every screen (one rule with the e-mails, in
 * `@residency/shared/display`): the short form 'ddd, MMM D' (Sun, Nov 22) ... A moment is written
 * as the hotel's day it fell on.
 */
export function formatShortDate(date: string | Date, lng = 'en'): string {
  return shortDate(isoDay(date), lng);
}

/** ... and the long form with the year, 'ddd, MMM D, YYYY' (Sun, Nov 22, 2026). Bengali words and digits in bn. */
export function formatLongDate(date: string | Date, lng = 'en'): string {
  return longDate(isoDay(date), lng);
}

/**
 * A stay date as the spec shows it (`ddd, MMM D`), with the year added when it is not the
 * reference year (stays can be booked far ahead: "Sat, Jan 9" alone would be ambiguous).
 */
export function formatStayDate(iso: string, lng = 'en', referenceYear = new Date().getFullYear()): string {
  if (yearOf(iso) === referenceYear) return formatShortDate(iso, lng);
  return formatLongDate(iso, lng);
}

/** A stay as the lists show it: "start ~ end". */
export function formatStay(startDate: string, endDate: string, lng = 'en', referenceYear = new Date().getFullYear()): string {
  return `${formatStayDate(startDate, lng, referenceYear)} ~ ${formatStayDate(endDate, lng, referenceYear)}`;
}

/** One formatter per language and time zone: building an Intl formatter costs far more than using one. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment (an ISO timestamp, e.g. when a request was sent) as the hotel's clock read it: "Nov 22,
 * 2026, 14:30" on the 24-hour clock; Bengali digits and month names in bn. The hotel's time zone,
 * not the reader's: the desk and the guest speak of the same hour.
 */
export function formatDateTime(iso: string, lng = 'en', timeZone = getSite().timeZone): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${lng}:${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lng === 'bn' ? 'bn-BD' : 'en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(date);
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** A month ('2026-12') in words: "December 2026"; "ডিসেম্বর ২০২৬" in bn. */
export function formatMonth(month: string, lng = 'en'): string {
  let format = monthFormats.get(lng);
  if (!format) {
    format = new Intl.DateTimeFormat(lng === 'bn' ? 'bn-BD' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(lng, format);
  }
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : format.format(date);
}
