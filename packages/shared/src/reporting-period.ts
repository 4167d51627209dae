/**
 * The period a dashboard or an export covers: two ISO dates, both included. No zod: the web
 * app may import it from '@residency/shared/reporting-period' to show and change the period.
 */
import { nightsBetween } from './pricing.ts';

/** Months the admin dashboard shows by default: the last twelve, this one included. */
const REPORT_MONTHS_DEFAULT = 12;
/** The longest period one request may cover (three years and a leap day). */
export const REPORT_DAYS_MAX = 3 * 365 + 1;

const MONTH_SHORT_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'YYYY-MM' of an ISO date. */
const monthOf = (iso: string) => iso.slice(0, 7);

/** The first day of the month `months` after the month of `iso` (negative: before). */
export function shiftMonth(iso: string, months: number): string {
  const [year, month] = iso.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The period of a dashboard: `to` defaults to today at the hotel; `from` to the first day of
 * the month eleven months before `to`'s month, so twelve whole months show (the last one so far).
 */
export function reportingPeriod(today: string, asked: { from?: string; to?: string } = {}): { from: string; to: string } {
  const to = asked.to ?? today;
  const from = asked.from ?? shiftMonth(to, -(REPORT_MONTHS_DEFAULT - 1));
  return { from, to };
}

/** The days a report may cover at all: a hotel's figures, not the calendar's ends. */
const REPORT_FIRST_DAY = '2000-01-01';
const REPORT_LAST_DAY = '2099-12-31';

/** Why a day cannot be an end of a report, or null. */
export function reportDayProblem(day: string): string | null {
  return day < REPORT_FIRST_DAY || day > REPORT_LAST_DAY ? `Choose a day from ${REPORT_FIRST_DAY} to ${REPORT_LAST_DAY}.` : null;
}

/** Why a period cannot be reported on, or null. */
export function periodProblem(period: { from: string; to: string }): string | null {
  const outside = reportDayProblem(period.from) ?? reportDayProblem(period.to);
  if (outside) return outside;
  if (period.from > period.to) return 'from must not be after to.';
  if (nightsBetween(period.from, period.to) + 1 > REPORT_DAYS_MAX) return `A period covers at most ${REPORT_DAYS_MAX} days.`;
  return null;
}

/** Every month the period touches, as 'YYYY-MM', in order. */
export function monthsOf(period: { from: string; to: string }): string[] {
  const months: string[] = [];
  for (let first = shiftMonth(period.from, 0); first <= period.to; first = shiftMonth(first, 1)) months.push(monthOf(first));
  return months;
}

/** The English short name of a 'YYYY-MM' month (the web shows its own from `month`). */
export const monthName = (month: string) => MONTH_SHORT_NAMES[Number(month.slice(5, 7)) - 1]!;
