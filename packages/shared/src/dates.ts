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

/**
 * What isIsoDate accepts, as the API reference says it: JSON Schema's `format: date` (a real
 * calendar day) with this pattern, for years 0100 to 9999 (Date.UTC reads a year below 100 as
 * 19xx, so those are refused). contract-formats.test.ts holds the two to each other.
 */
export const ISO_DATE_PATTERN = '^(?:0[1-9]|[1-9][0-9])[0-9]{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$';

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today at each time zone, and the minute (since 1970) it was worked out in: formatting costs microseconds a call. */
const todays = new Map<string, { day: string; minute: number }>();

/** Today's date at the hotel, YYYY-MM-DD. */
export function todayAt(timeZone: string, now?: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  if (now) return format.format(now);
  // Every search checks its dates against today: the answer is kept for the rest of the minute
  // (time zones change date on a whole minute, so it cannot go stale within one).
  const ms = Date.now();
  const minute = Math.floor(ms / 60_000);
  const kept = todays.get(timeZone);
  if (kept?.minute === minute) return kept.day;
  const day = format.format(new Date(ms));
  todays.set(timeZone, { day, minute });
  return day;
}

/** The day after each day asked lately: the rate rules step through a stay night by night. */
const nextDays = new Map<string, string>();

/** The ISO date `days` after `iso`. */
export function addDays(iso: string, days: number): string {
  if (days !== 1) return shiftDays(iso, days);
  let next = nextDays.get(iso);
  if (next === undefined) {
    next = shiftDays(iso, 1);
    if (nextDays.size >= 4096) nextDays.clear();
    nextDays.set(iso, next);
  }
  return next;
}

function shiftDays(iso: string, days: number): string {
  // Whole-number calendar arithmetic (H. Hinnant's days_from_civil and civil_from_days): a quote
  // steps through every night of every plan, and parsing and printing a Date each time was the
  // largest cost of a search answered from memory.
  let year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7));
  const day = Number(iso.slice(8, 10));
  if (!Number.isInteger(year) || iso.length !== 10 || !(month >= 1 && month <= 12) || !(day >= 1 && day <= 31) || !Number.isInteger(month + day)) {
    throw new RangeError(`Invalid date: ${iso}`);
  }
  year -= month <= 2 ? 1 : 0;
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  const z = era * 146_097 + dayOfEra + days;
  const era2 = Math.floor(z / 146_097);
  const doe = z - era2 * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era2 * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
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
