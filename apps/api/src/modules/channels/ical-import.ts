import { addDays, FEED_LIMITS, wallClockAt, type FeedErrorCode } from '@residency/shared';
import ical, { type VEvent } from 'node-ical';

/** One channel event as the hotel's nights: [checkIn, checkOut), dates at the hotel. */
export interface FeedEvent {
  uid: string;
  checkIn: string;
  checkOut: string;
  summary: string;
}

/** A feed that can't be used: its previous blocks stay, and this message (and code) is shown on its row. */
export class FeedError extends Error {
  readonly code: FeedErrorCode;
  readonly params: Record<string, string | number>;
  constructor(message: string, code: FeedErrorCode, params: Record<string, string | number> = {}) {
    super(message);
    this.code = code;
    this.params = params;
  }
}

interface HotelClock {
  timeZone: string;
  /** HH:mm: a date-time event ending at or before it leaves that day's night free. */
  checkInTime: string;
  /** Nights are held up to this many days from today (BOOKING_HORIZON_DAYS), as stays are sold. */
  horizonDays: number;
}

type IcalDate = Date & { dateOnly?: boolean; tz?: string };

/** Why one event of a feed was left out while the rest were read. */
type SkipReason = 'BAD_DATE' | 'ENDS_BEFORE_START' | 'PAST_HORIZON';

/** An event left out, for the sync's result: its UID (or its place in the file) and why. */
interface SkippedEvent {
  uid: string;
  reason: SkipReason;
}

/** What a feed holds: the events read as hotel nights, and the ones refused with their reason. */
export interface ParsedFeed {
  events: FeedEvent[];
  skipped: SkippedEvent[];
}

/**
 * The stays a channel's iCal feed holds, as hotel nights, from today on. It takes what real feeds
 * contain: date and date-time values (with TZID or UTC), no DTEND (one night), folded lines,
 * CRLF or LF, Airbnb's "Reserved" and "Airbnb (Not available)", Booking.com's "CLOSED - Not
 * available". Cancelled events and stays over before today are left out. An event with a date
 * that does not exist (month 13, February 30: the parser would roll it into another month), one
 * that ends before it starts, or one that starts past the booking horizon is refused on its own
 * and listed in `skipped`; a stay running past the horizon is held up to it. Throws FeedError for
 * a file that is not iCal or holds more than FEED_LIMITS.events events.
 */
export function parseFeed(text: string, clock: HotelClock, today: string): ParsedFeed {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedError('The address did not answer an iCal calendar (BEGIN:VCALENDAR).', 'NOT_ICAL');
  // A cut-off download would read as "every stay cancelled" and release them all.
  if (!/END:VCALENDAR\s*$/i.test(text)) throw new FeedError('The calendar ends early (no END:VCALENDAR): it may have been cut off.', 'CUT_OFF');
  const { text: readable, skipped } = withoutImpossibleDates(text);
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(readable);
  } catch (error) {
    throw new FeedError(`The calendar could not be read: ${error instanceof Error ? error.message : String(error)}`, 'UNREADABLE');
  }
  const vevents = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
  const total = vevents.length + skipped.length;
  if (total > FEED_LIMITS.events) {
    throw new FeedError(`The calendar holds ${total.toLocaleString('en')} events, more than ${FEED_LIMITS.events.toLocaleString('en')}.`, 'TOO_MANY_EVENTS', {
      events: total,
      max: FEED_LIMITS.events,
    });
  }
  const lastCheckOut = addDays(today, clock.horizonDays);
  const events: FeedEvent[] = [];
  const seen = new Set<string>();
  for (const event of vevents) {
    if (String(event.status ?? '').toUpperCase() === 'CANCELLED') continue;
    const given = textOf(event.uid);
    const nights = nightsOf(event.start as IcalDate | undefined, event.end as IcalDate | undefined, clock);
    if (nights === 'ends-before-start') {
      skipped.push({ uid: given || '(no UID)', reason: 'ENDS_BEFORE_START' });
      continue;
    }
    if (!nights || nights.checkOut <= today) continue;
    if (nights.checkIn >= lastCheckOut) {
      skipped.push({ uid: given || `no-uid:${nights.checkIn}:${nights.checkOut}`, reason: 'PAST_HORIZON' });
      continue;
    }
    const summary = textOf(event.summary).slice(0, 300) || 'Not available';
    // A feed without UIDs still needs a stable key for each stay: its nights.
    const uid = (given || `no-uid:${nights.checkIn}:${nights.checkOut}`).slice(0, 500);
    if (seen.has(uid)) continue;
    seen.add(uid);
    // Nights past the horizon are not for sale here: the stay is held up to it.
    events.push({ uid, checkIn: nights.checkIn, checkOut: nights.checkOut > lastCheckOut ? lastCheckOut : nights.checkOut, summary });
  }
  return { events: events.sort((a, b) => a.checkIn.localeCompare(b.checkIn) || a.uid.localeCompare(b.uid)), skipped };
}

/** DATE (YYYYMMDD) or DATE-TIME (YYYYMMDDTHHMMSS, Z optional) that names a real day and time. */
function isRealIcalDate(value: string): boolean {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/i.exec(value.trim());
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return false;
  // A leap second (60) is allowed by RFC 5545.
  return m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) <= 60);
}

/**
 * The calendar without the events whose DTSTART or DTEND is not a real date, and those events'
 * UIDs. node-ical builds dates with the Date constructor, which rolls month 13 into the next year
 * (20271345 became 2028-02-14): such an event must be refused, not moved.
 */
function withoutImpossibleDates(text: string): { text: string; skipped: SkippedEvent[] } {
  // Unfolded (RFC 5545 3.1), so that a property's value is on one line.
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const kept: string[] = [];
  const skipped: SkippedEvent[] = [];
  let event: string[] | null = null;
  let eventNumber = 0;
  for (const line of lines) {
    if (/^BEGIN:VEVENT\s*$/i.test(line)) {
      event = [line];
      eventNumber += 1;
      continue;
    }
    if (!event) {
      kept.push(line);
      continue;
    }
    event.push(line);
    if (!/^END:VEVENT\s*$/i.test(line)) continue;
    const dates = event.filter((l) => /^DT(START|END)[;:]/i.test(l)).map((l) => l.slice(l.indexOf(':') + 1));
    if (dates.every(isRealIcalDate)) kept.push(...event);
    else {
      const uidLine = event.find((l) => /^UID[;:]/i.test(l));
      skipped.push({ uid: uidLine ? uidLine.slice(uidLine.indexOf(':') + 1).trim().slice(0, 500) : `(event ${eventNumber})`, reason: 'BAD_DATE' });
    }
    event = null;
  }
  // An event left open at the end is passed on as it was: the parser decides about it.
  if (event) kept.push(...event);
  return { text: kept.join('\r\n'), skipped };
}

/** node-ical gives text as a string, or as {val, params} when the property had parameters. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (value && typeof value === 'object' && 'val' in value) return String((value as { val: unknown }).val).trim();
  return '';
}

function isValidDate(value: unknown): value is IcalDate {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** A date value (node-ical makes it local midnight) as the day it names. */
function dayOf(value: IcalDate): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

function nightsOf(
  start: IcalDate | undefined,
  end: IcalDate | undefined,
  clock: Pick<HotelClock, 'timeZone' | 'checkInTime'>,
): { checkIn: string; checkOut: string } | 'ends-before-start' | null {
  if (!isValidDate(start)) return null;
  // DTEND is exclusive (RFC 5545 3.6.1): an event that ends when or before it starts holds nothing.
  if (isValidDate(end) && end.getTime() <= start.getTime()) return 'ends-before-start';
  const checkIn = start.dateOnly ? dayOf(start) : wallClockAt(start, clock.timeZone).date;
  let checkOut: string;
  if (!isValidDate(end)) {
    checkOut = addDays(checkIn, 1);
  } else if (end.dateOnly) {
    checkOut = dayOf(end);
  } else {
    // A date-time stay holds the night of its last day unless it ends by the check-in time.
    const ends = wallClockAt(end, clock.timeZone);
    checkOut = ends.time <= clock.checkInTime ? ends.date : addDays(ends.date, 1);
  }
  if (checkOut <= checkIn) checkOut = addDays(checkIn, 1);
  return { checkIn, checkOut };
}
