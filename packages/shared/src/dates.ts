/**
 * Dates of a stay. The wire carries ISO `YYYY-MM-DD`; the web app's filter state keeps the
 * spec's `DD-MM-YYYY` and converts at the boundary. "Today" is today at the hotel.
 */

export const HOTEL_TIME_ZONE_DEFAULT = 'Asia/Dhaka';
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY = /^(\d{2})-(\d{2})-(\d{4})$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = ISO.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date at the hotel, YYYY-MM-DD. */
export function todayAt(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** The ISO date `days` after `iso`. */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** DD-MM-YYYY (filter state) to YYYY-MM-DD (wire). */
export function dmyToIso(dmy: string): string | null {
  const m = DMY.exec(dmy);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDate(iso) ? iso : null;
}

/** YYYY-MM-DD (wire) to DD-MM-YYYY (filter state). */
export function isoToDmy(iso: string): string {
  const m = ISO.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}
