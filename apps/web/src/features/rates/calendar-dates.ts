import { addDays } from '@residency/shared/dates';

/** Days on screen at once: two weeks. */
const WINDOW_DAYS = 14;

/** The weekday of a calendar day, 0 = Sunday (as the API's `weekdays`): read in UTC so no zone shifts it. */
export function weekdayOf(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay();
}

/** Friday and Saturday: the weekend in Bangladesh. */
export function isWeekend(iso: string): boolean {
  const day = weekdayOf(iso);
  return day === 5 || day === 6;
}

/** `count` days from `start`, inclusive. */
export function daysFrom(start: string, count = WINDOW_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/** The same day `months` months on (or back), kept inside the month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Monday first, as the hotel's week is read on the forms; the API's numbers (0 = Sunday). */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
