import { lastCheckOut } from '@residency/shared/booking-rules';
import { addDays } from '@residency/shared/dates';

/*
 * The month calendar's rules, on ISO dates (YYYY-MM-DD) so that comparing two days is comparing
 * two strings and no time zone of the browser gets in: "today" is today at the hotel.
 */

/** A month of the calendar: year and month 1-12. */
export interface Month {
  year: number;
  month: number;
}

export const monthOf = (iso: string): Month => ({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) });

const monthKey = ({ year, month }: Month) => year * 12 + (month - 1);

export function addMonths({ year, month }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

function daysInMonth({ year, month }: Month): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Day of the week of an ISO date, 0 = Sunday. */
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/**
 * The weeks of a month, Sunday first; days of the neighbouring months are null, so every week
 * has 7 cells.
 */
export function monthWeeks(month: Month): (string | null)[][] {
  const first = isoOf(month.year, month.month, 1);
  const cells: (string | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let day = 1; day <= daysInMonth(month); day += 1) cells.push(isoOf(month.year, month.month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * The first day that can be chosen: today (at the hotel) for check-in; for check-out the day
 * after check-in, since the days up to and including check-in are disabled.
 */
export function firstSelectable(kind: 'checkIn' | 'checkOut', today: string, checkIn: string): string {
  return kind === 'checkIn' ? today : addDays(checkIn, 1);
}

/**
 * The last day that can be chosen: a stay ends at most `horizonDays` after today (the hotel's
 * BOOKING_HORIZON_DAYS), so check-in is the day before that at the latest; one booking holds at
 * most MAX_NIGHTS nights, so check-out ends that many days after check-in, or at the horizon if
 * that comes first (the server refuses either).
 */
export function lastSelectable(kind: 'checkIn' | 'checkOut', checkIn: string, today: string, horizonDays: number): string {
  const horizon = addDays(today, horizonDays);
  if (kind === 'checkIn') return addDays(horizon, -1);
  const longest = lastCheckOut(checkIn);
  return longest < horizon ? longest : horizon;
}

/** Whether a day is disabled: before the first selectable day or after the last one. */
export const isDisabledDay = (iso: string, min: string, max?: string) => iso < min || (max !== undefined && iso > max);

/** Whether the month before `month` holds no selectable day (its Previous button is disabled). */
export const isBeforeMonthClosed = (month: Month, min: string) => monthKey(month) <= monthKey(monthOf(min));

/** Whether the month after `month` holds no selectable day (its Next button is disabled). */
export const isAfterMonthClosed = (month: Month, max?: string) => max !== undefined && monthKey(month) >= monthKey(monthOf(max));

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * Where the keyboard focus goes from `iso`: arrows move a day or a week, PageUp and PageDown a
 * month (same day, or the month's last day), Home and End the start and end of the week. Never
 * before `min` nor after `max`. Null for any other key.
 */
export function moveFocus(iso: string, key: string, min: string, max?: string): string | null {
  let next: string;
  if (key in KEY_STEPS) next = addDays(iso, KEY_STEPS[key]);
  else if (key === 'PageUp' || key === 'PageDown') {
    const target = addMonths(monthOf(iso), key === 'PageUp' ? -1 : 1);
    next = isoOf(target.year, target.month, Math.min(Number(iso.slice(8, 10)), daysInMonth(target)));
  } else if (key === 'Home') next = addDays(iso, -weekday(iso));
  else if (key === 'End') next = addDays(iso, 6 - weekday(iso));
  else return null;
  if (next < min) return min;
  return max !== undefined && next > max ? max : next;
}
