/**
 * Wall-clock time at the hotel, without zod or dayjs (the web app may import it from
 * '@residency/shared/hotel-time'): the instant of "14:00 on 2026-12-01 in Asia/Dhaka", and the
 * hotel's date and time of an instant. Works for any IANA time zone, daylight saving included.
 */

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

function partsAt(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of wallClock(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** How far the hotel's clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const p = partsAt(new Date(whole), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

/** The instant at which the hotel's clock reads `hhmm` (HH:mm) on `isoDate` (YYYY-MM-DD). */
export function instantAt(isoDate: string, hhmm: string, timeZone: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the guess may differ from the offset at the answer across a DST change:
  // a second look settles it.
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return new Date(second);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The hotel's date (YYYY-MM-DD) and time (HH:mm) at `instant`. */
export function wallClockAt(instant: Date, timeZone: string): { date: string; time: string } {
  const p = partsAt(instant, timeZone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}
