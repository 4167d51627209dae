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
}

type IcalDate = Date & { dateOnly?: boolean; tz?: string };

/**
 * The stays a channel's iCal feed holds, as hotel nights, from today on. It takes what real feeds
 * contain: date and date-time values (with TZID or UTC), no DTEND (one night), folded lines,
 * CRLF or LF, Airbnb's "Reserved" and "Airbnb (Not available)", Booking.com's "CLOSED - Not
 * available". Cancelled events and stays over before today are left out. Throws FeedError for a
 * file that is not iCal or holds more than FEED_LIMITS.events events.
 */
export function parseFeed(text: string, clock: HotelClock, today: string): FeedEvent[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedError('The address did not answer an iCal calendar (BEGIN:VCALENDAR).', 'NOT_ICAL');
  // A cut-off download would read as "every stay cancelled" and release them all.
  if (!/END:VCALENDAR\s*$/i.test(text)) throw new FeedError('The calendar ends early (no END:VCALENDAR): it may have been cut off.', 'CUT_OFF');
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(text);
  } catch (error) {
    throw new FeedError(`The calendar could not be read: ${error instanceof Error ? error.message : String(error)}`, 'UNREADABLE');
  }
  const vevents = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
  if (vevents.length > FEED_LIMITS.events) {
    throw new FeedError(`The calendar holds ${vevents.length.toLocaleString('en')} events, more than ${FEED_LIMITS.events.toLocaleString('en')}.`, 'TOO_MANY_EVENTS', {
      events: vevents.length,
      max: FEED_LIMITS.events,
    });
  }
  const events: FeedEvent[] = [];
  const seen = new Set<string>();
  for (const event of vevents) {
    if (String(event.status ?? '').toUpperCase() === 'CANCELLED') continue;
    const nights = nightsOf(event.start as IcalDate | undefined, event.end as IcalDate | undefined, clock);
    if (!nights || nights.checkOut <= today) continue;
    const summary = textOf(event.summary).slice(0, 300) || 'Not available';
    // A feed without UIDs still needs a stable key for each stay: its nights.
    const uid = (textOf(event.uid) || `no-uid:${nights.checkIn}:${nights.checkOut}`).slice(0, 500);
    if (seen.has(uid)) continue;
    seen.add(uid);
    events.push({ uid, ...nights, summary });
  }
  return events.sort((a, b) => a.checkIn.localeCompare(b.checkIn) || a.uid.localeCompare(b.uid));
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

function nightsOf(start: IcalDate | undefined, end: IcalDate | undefined, clock: HotelClock): { checkIn: string; checkOut: string } | null {
  if (!isValidDate(start)) return null;
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
