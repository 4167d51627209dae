import type { TCancellationPolicy, TRateDay, TRatePlan } from '@residency/shared/rates';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, formatShortDate, formatSignedTaka, formatTaka } from '../../lib/format';
import { getSite } from '../../lib/site';
import { useCategoryName } from '../../lib/use-category-name';

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();
/** A weekday's short name (0 = Sunday) in the reader's language: 1 Nov 2026 was a Sunday. */
function weekdayName(day: number, lng: string): string {
  let format = weekdayFormats.get(lng);
  if (!format) {
    format = new Intl.DateTimeFormat(lng === 'bn' ? 'bn-BD' : 'en-US', { weekday: 'short', timeZone: 'UTC' });
    weekdayFormats.set(lng, format);
  }
  return format.format(new Date(Date.UTC(2026, 10, 1 + day)));
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();
/** A day's month, short, in the reader's language (Jun, জুন). */
function monthName(iso: string, lng: string): string {
  let format = monthFormats.get(lng);
  if (!format) {
    format = new Intl.DateTimeFormat(lng === 'bn' ? 'bn-BD' : 'en-US', { month: 'short', timeZone: 'UTC' });
    monthFormats.set(lng, format);
  }
  return format.format(new Date(`${iso}T00:00:00Z`));
}

/**
 * The words of the Rates screen that several parts share, in the reader's language and digits:
 * amounts, days, weekdays, a day's rules, a plan's name and its cancellation policy in one line.
 */
export function useRateTexts() {
  const { t, i18n } = useTranslation('rates');
  const lng = i18n.resolvedLanguage ?? 'en';
  const categoryName = useCategoryName();
  const n = (value: number) => formatNumber(value, lng);
  const taka = (value: number) => formatTaka(value, lng);
  const signedTaka = (value: number) => formatSignedTaka(value, lng);
  const day = (iso: string) => formatShortDate(iso, lng);
  const moment = (iso: string) => formatDateTime(iso, lng);
  const weekday = (d: number) => weekdayName(d, lng);
  const month = (iso: string) => monthName(iso, lng);
  const planName = (plan: Pick<TRatePlan, 'name'>) => (lng === 'bn' ? plan.name.bn : plan.name.en);

  /** A day's rules as short marks for the cell ("min 2", "No arr.", "Closed"). */
  const marks = (d: TRateDay): { key: string; text: string; title: string }[] => [
    ...(d.minStay > 1 ? [{ key: 'min', text: t('marks.min', { n: n(d.minStay) }), title: t('rules.minStay', { count: d.minStay, n: n(d.minStay) }) }] : []),
    ...(d.closedToArrival ? [{ key: 'cta', text: t('marks.cta'), title: t('rules.closedToArrival') }] : []),
    ...(d.closedToDeparture ? [{ key: 'ctd', text: t('marks.ctd'), title: t('rules.closedToDeparture') }] : []),
    ...(d.stopSell ? [{ key: 'stop', text: t('marks.stop'), title: t('rules.stopSell') }] : []),
  ];

  /** Everything a cell says, for its accessible name: "Deluxe King, Fri, Jun 5: ৳9,500, min 2 nights". */
  const cellLabel = (category: string, d: TRateDay) => {
    const rules = [
      ...(d.minStay > 1 ? [t('rules.minStay', { count: d.minStay, n: n(d.minStay) })] : []),
      ...(d.maxStay !== null ? [t('rules.maxStay', { count: d.maxStay, n: n(d.maxStay) })] : []),
      ...(d.closedToArrival ? [t('rules.closedToArrival')] : []),
      ...(d.closedToDeparture ? [t('rules.closedToDeparture')] : []),
      ...(d.stopSell ? [t('rules.stopSell')] : []),
      ...(d.own ? [] : [t('rules.inherited')]),
    ];
    return t('cell.label', { category: categoryName(category), day: day(d.date), price: [taka(d.price), ...rules].join(', ') });
  };

  /** "Free until 48 h before check-in, then the first night"; the hotel's default hours when none are set. */
  const policyText = (policy: TCancellationPolicy) => {
    if (policy.penalty === 'non_refundable') return t('policy.nonRefundable');
    const hours = policy.freeHours ?? getSite().guestCancelHours;
    const then = t(`policy.penalty.${policy.penalty}`, { percent: n(policy.penaltyPercent ?? 0) });
    const free = hours === 0 ? t('policy.freeUntilCheckIn') : t('policy.freeUntil', { hours: n(hours) });
    return t('policy.line', { free, then }) + (policy.freeHours === null ? t('policy.hotelDefault') : '');
  };

  /** A plan's price rule against its parent: "STD −20 %", "STD + ৳500", or none. */
  const deriveText = (plan: Pick<TRatePlan, 'parent' | 'derivePercent' | 'deriveAmount'>) => {
    if (!plan.parent) return t('plans.ownPrices');
    const parts = [
      ...(plan.derivePercent ? [`${plan.derivePercent > 0 ? '+' : '−'}${n(Math.abs(plan.derivePercent))} %`] : []),
      ...(plan.deriveAmount ? [signedTaka(plan.deriveAmount)] : []),
    ];
    return t('plans.follows', { parent: plan.parent, change: parts.length ? parts.join(' ') : t('plans.samePrice') });
  };

  return { t, lng, n, taka, signedTaka, day, moment, weekday, month, planName, categoryName, marks, cellLabel, policyText, deriveText };
}
