import { formatLongDate } from '@residency/shared/display';
/**
 * How the admin dashboard's charts write months and numbers, in the reader's language (Bengali
 * month names and digits in bn). Formatters are made once per shape: making one costs far more
 * than using it.
 */
const intlLocale = (lng: string) => (lng === 'bn' ? 'bn-BD' : 'en-US');
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formats.get(key) as T | undefined;
  if (!made) {
    made = make();
    formats.set(key, made);
  }
  return made;
}

/** The middle of a 'YYYY-MM' month, in UTC: no time zone moves it into another month. */
const midMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 15));

/** A month's short name (Jan; জানু), with a two-digit year when asked (Jan 26; জানু ২৬). */
function monthLabel(month: string, lng: string, withYear = false): string {
  const format = cached(`month:${lng}:${withYear}`, () =>
    new Intl.DateTimeFormat(intlLocale(lng), { month: 'short', ...(withYear ? { year: '2-digit' } : {}), timeZone: 'UTC' }),
  );
  return format.format(midMonth(month));
}

/**
 * The axis labels of the months of a period: names alone while no name repeats (twelve months
 * or fewer), with the year once a period is longer than a year.
 */
export function monthLabels(months: string[], lng: string): string[] {
  const withYear = new Set(months.map((m) => m.slice(5, 7))).size < months.length;
  return months.map((m) => monthLabel(m, lng, withYear));
}

/** A month in full, for a tooltip: November 2026; নভেম্বর ২০২৬. */
export function monthTitle(month: string, lng: string): string {
  return cached(`title:${lng}`, () => new Intl.DateTimeFormat(intlLocale(lng), { month: 'long', year: 'numeric', timeZone: 'UTC' })).format(
    midMonth(month),
  );
}

/** A short axis figure: 12K, 1.2M; ১২ হা, ১২ লা in Bengali. */
export function compactNumber(value: number, lng: string): string {
  return cached(`compact:${lng}`, () => new Intl.NumberFormat(intlLocale(lng), { notation: 'compact', maximumFractionDigits: 1 })).format(value);
}

/** A share given in percent (45.5 → 45.5%; ৪৫.৫%). */
export function percentText(value: number, lng: string): string {
  return cached(`percent:${lng}`, () => new Intl.NumberFormat(intlLocale(lng), { style: 'percent', maximumFractionDigits: 1 })).format(value / 100);
}

/** A day of a period, in the long form every screen uses: Mon, Dec 1, 2025. */
export function periodDay(iso: string, lng: string): string {
  return formatLongDate(iso, lng);
}

/** The occupancy axis: its range and the percentages it is labelled at. */
export interface PercentAxis {
  domain: [number, number];
  ticks: number[];
}

/**
 * An axis fitted to the months' occupancy, so its changes show: 38–46 % drawn on 0–100 % was a
 * flat line. The lowest and highest month get a margin of a fifth of their spread (at least two
 * points), the ends fall on a round step (1, 2, 5, 10, 20 or 25 points, four or five ticks), and
 * the axis never leaves 0–100 %.
 */
export function occupancyAxis(values: number[]): PercentAxis {
  const shown = values.filter((v) => Number.isFinite(v));
  if (shown.length === 0) return { domain: [0, 100], ticks: [0, 25, 50, 75, 100] };
  const min = Math.min(...shown);
  const max = Math.max(...shown);
  const pad = Math.max((max - min) / 5, 2);
  const low = Math.max(0, min - pad);
  const high = Math.min(100, max + pad);
  const step = [1, 2, 5, 10, 20, 25].find((s) => (Math.ceil(high / s) - Math.floor(low / s)) <= 5) ?? 25;
  const from = Math.max(0, Math.floor(low / step) * step);
  const to = Math.min(100, Math.ceil(high / step) * step);
  const ticks: number[] = [];
  for (let tick = from; tick <= to; tick += step) ticks.push(tick);
  return { domain: [from, to], ticks };
}
