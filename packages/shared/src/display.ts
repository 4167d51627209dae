/**
 * How the site writes amounts and dates, for the places that are not the browser (booking
 * e-mails) and must read the same. No zod and no dayjs: the web app may import it from
 * '@residency/shared/display'.
 */

const TAKA = '৳';
const locale = (lng: string) => (lng === 'bn' ? 'bn-BD' : 'en-US');

/**
 * A bill amount in Taka as the booking pages write it: whole amounts without decimals
 * (৳24,035), others always with two (৳20,872.50, never ৳20,872.5); Bengali digits in bn.
 */
export function formatAmount(amount: number, lng = 'en'): string {
  const digits = Number.isInteger(amount)
    ? { maximumFractionDigits: 0 }
    : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return `${TAKA}${new Intl.NumberFormat(locale(lng), digits).format(amount)}`;
}

/**
 * An ISO date (YYYY-MM-DD) with its weekday and year, `ddd, MMM D, YYYY` in English
 * ("Tue, Dec 1, 2026"). Read as a calendar day, in UTC, so no time zone can shift it a day.
 */
export function formatLongDate(iso: string, lng = 'en'): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(lng), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
