import { z } from 'zod';
import { ZPageQuery } from './api.ts';
import { optionalText, ZEmail, ZPersonName, ZPhone } from './auth.ts';
import { isIsoDate } from './dates.ts';
import { LANGUAGES } from './event-kinds.ts';
import { GUESTS } from './guests.ts';
import { zText } from './text.ts';

/** The booking channels a room's calendar is exchanged with (issue 20). */
export const CHANNELS = ['booking_com', 'airbnb', 'agoda', 'expedia', 'vrbo', 'other'] as const;
export type Channel = (typeof CHANNELS)[number];

/** How each channel is named on the screens and in mails. */
export const CHANNEL_NAMES: Record<Channel, string> = {
  booking_com: 'Booking.com',
  airbnb: 'Airbnb',
  agoda: 'Agoda',
  expedia: 'Expedia',
  vrbo: 'VRBO',
  other: 'Other',
};

/** What a feed's fetch may bring at most: larger files and longer calendars are refused. */
export const FEED_LIMITS = { bytes: 5 * 1024 * 1024, events: 20_000, timeoutMs: 15_000, redirects: 5 } as const;

/**
 * Why a sync failed, for the screens to say in their language (the API's `error` is the English
 * sentence): each code's values are in `errorParams`.
 */
const FEED_ERROR_CODES = [
  'HTTP_STATUS', // status
  'NOT_ICAL',
  'CUT_OFF',
  'UNREADABLE',
  'TOO_LARGE', // mb
  'TOO_MANY_EVENTS', // events, max
  'REDIRECTS', // max
  'BAD_REDIRECT',
  'BAD_URL',
  'NOT_HTTP',
  'PRIVATE_ADDRESS', // address
  'TIMEOUT', // seconds
  'NO_SUCH_HOST',
  'REFUSED',
  'FETCH_FAILED',
  'REMOVED',
  'INTERNAL',
] as const;
export type FeedErrorCode = (typeof FEED_ERROR_CODES)[number];
const ZErrorParams = z.record(z.string(), z.union([z.string(), z.number()]));

const ZChannel = z.enum(CHANNELS, { message: `Choose a channel: ${CHANNELS.join(', ')}.` });

/** `POST /api/channels/feeds`: a channel's iCal feed of one room. */
export const ZFeedCreate = z.object({
  roomId: z.uuid({ message: 'Choose a room.' }),
  channel: ZChannel,
  url: zText({ message: 'Enter the feed address.' })
    .trim()
    .min(1, 'Enter the feed address.')
    .max(2000, 'This address is too long.')
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'Enter an http or https address of the feed.')
    .meta({ format: 'uri', pattern: String.raw`^[Hh][Tt][Tt][Pp][Ss]?://\S+$` }),
});
export type TFeedCreate = z.input<typeof ZFeedCreate>;

/** Why one event of a feed was left out while the others were imported (issue 31). */
const FEED_SKIP_REASONS = [
  'BAD_DATE', // a DTSTART or DTEND that is not a real date (month 13, February 30)
  'ENDS_BEFORE_START', // DTEND at or before DTSTART
  'PAST_HORIZON', // starts after the last night the hotel sells (BOOKING_HORIZON_DAYS)
] as const;
export type FeedSkipReason = (typeof FEED_SKIP_REASONS)[number];

/** At most this many skipped events are listed in a sync's result; `skipped` counts them all. */
export const SKIPPED_EVENTS_LISTED = 20;

/** A night range [checkIn, checkOut). */
const ZNights = z.object({ checkIn: z.string(), checkOut: z.string() });

/** What one sync did: the feed's events, and the blocks added, released and kept, and conflicts found. */
export const ZSyncResult = z.object({
  events: z.number(),
  added: z.number(),
  released: z.number(),
  kept: z.number(),
  conflicts: z.number(),
  /** Events refused on their own (their other events still imported). */
  skipped: z.number(),
  /** The first SKIPPED_EVENTS_LISTED of them: the event's UID and why. */
  skippedEvents: z.array(z.object({ uid: z.string(), reason: z.enum(FEED_SKIP_REASONS) })),
  /** Why the sync failed (the previous blocks stay); null when it worked. */
  error: z.string().nullable(),
  errorCode: z.enum(FEED_ERROR_CODES).nullable(),
  errorParams: ZErrorParams.nullable(),
});
export type TSyncResult = z.infer<typeof ZSyncResult>;

export const ZFeed = z.object({
  _id: z.string(),
  roomId: z.string(),
  channel: ZChannel,
  url: z.string(),
  createdAt: z.string(),
  lastSyncAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** The last good sync's counts; null before the first. */
  lastResult: ZSyncResult.omit({ error: true, errorCode: true, errorParams: true }).nullable(),
  /** The last attempt's error; null when it worked. */
  lastError: z.string().nullable(),
  lastErrorCode: z.enum(FEED_ERROR_CODES).nullable(),
  lastErrorParams: ZErrorParams.nullable(),
  /** Blocks this feed holds now. */
  blocks: z.number(),
});
export type TFeed = z.infer<typeof ZFeed>;

/** `GET /api/channels`: each room with its export address per channel and its feeds. */
export const ZChannelRoom = z.object({
  _id: z.string(),
  roomNumber: z.string(),
  category: z.string(),
  exports: z.array(z.object({ channel: ZChannel, url: z.string() })),
  feeds: z.array(ZFeed),
});
export type TChannelRoom = z.infer<typeof ZChannelRoom>;

/** `POST /api/channels/exports/rotate`: a new export address for one room and channel (the old one answers 404). */
export const ZExportRotate = z.object({ roomId: z.uuid({ message: 'Choose a room.' }), channel: ZChannel });

export const ZConflict = z.object({
  _id: z.string(),
  feedId: z.string(),
  channel: ZChannel,
  room: z.object({ _id: z.string(), roomNumber: z.string(), category: z.string() }),
  uid: z.string(),
  /** The channel's whole stay. */
  checkIn: z.string(),
  checkOut: z.string(),
  summary: z.string(),
  /** The runs of the stay's nights held for the channel's guest now (every night nobody else holds). */
  heldNights: z.array(ZNights),
  /** The runs of nights that something else holds: the double booking itself. */
  clashingNights: z.array(ZNights),
  /** The first thing holding a clashing night: a reservation, or a block (from a channel or the desk). */
  heldBy: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('booking'), _id: z.string(), transactionId: z.string(), guestName: z.string(), checkIn: z.string(), checkOut: z.string() }),
    z.object({ kind: z.literal('block'), _id: z.string(), channel: ZChannel.nullable(), summary: z.string(), checkIn: z.string(), checkOut: z.string() }),
    z.object({ kind: z.literal('gone') }),
  ]),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  /**
   * Closed by the system rather than a person: the clashing nights came free and are held for
   * the channel now, or the channel no longer lists the stay on these dates.
   */
  resolution: z.enum(['nights_free', 'event_gone']).nullable(),
});
export type TConflict = z.infer<typeof ZConflict>;

/** `GET /api/channels/conflicts`: one page of conflicts (open by default), the nights in order. */
export const ZConflictQuery = ZPageQuery.extend({
  status: z.enum(['open', 'resolved', 'all'], { message: 'Choose open, resolved or all.' }).default('open'),
});
export type TConflictQuery = z.input<typeof ZConflictQuery>;

/** `POST /api/channels/conflicts/:id/resolve`: what staff did about it. */
export const ZConflictResolve = z.object({
  note: zText({ message: 'Say what was done.' }).trim().min(1, 'Say what was done.').max(1000, 'At most 1,000 characters.'),
});

const ZDay = (name: string) => zText().refine(isIsoDate, `${name} must be a date written YYYY-MM-DD.`);

/** A block: nights a room is not for sale without a guest of ours. */
export const ZBlock = z.object({
  _id: z.string(),
  room: z.object({ _id: z.string(), roomNumber: z.string(), category: z.string() }),
  /** From a channel's feed, or set by the desk (out of order…). */
  source: z.enum(['channel', 'desk']),
  channel: ZChannel.nullable(),
  checkIn: z.string(),
  checkOut: z.string(),
  /** The channel's summary, or the desk's reason. */
  summary: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type TBlock = z.infer<typeof ZBlock>;

/** `GET /api/channels/blocks`: the blocks holding a night from `from` to `to` (inclusive), all rooms or one. */
export const ZBlockQuery = z.object({
  from: ZDay('from').optional(),
  to: ZDay('to').optional(),
  roomId: z.uuid({ message: 'Not a valid room id.' }).optional(),
});

/** `POST /api/channels/blocks`: the desk closes a room for some nights (out of order, a leak…). */
export const ZDeskBlockCreate = z
  .object({
    roomId: z.uuid({ message: 'Choose a room.' }),
    checkIn: ZDay('checkIn'),
    checkOut: ZDay('checkOut'),
    reason: zText({ message: 'Say why the room is closed.' }).trim().min(1, 'Say why the room is closed.').max(200, 'At most 200 characters.'),
  })
  .refine((b) => b.checkOut > b.checkIn, { message: 'The last night must come after the first.', path: ['checkOut'] });
export type TDeskBlockCreate = z.input<typeof ZDeskBlockCreate>;

/**
 * `POST /api/channels/blocks/:id/reservation`: the channel's guest is at the desk; the block becomes
 * a reservation on its dates, confirmed, at the price the channel sold it for.
 */
export const ZBlockReservation = z.object({
  guest: z.object({ name: ZPersonName, email: optionalText(ZEmail) }),
  phone: ZPhone,
  adults: z.number({ message: 'Say how many adults.' }).int().min(GUESTS.adults.min).max(GUESTS.adults.max),
  children: z.number().int().min(GUESTS.children.min).max(GUESTS.children.max).default(0),
  amount: z.number({ message: 'Enter the price the channel sold the stay at.' }).min(0).max(10_000_000, 'This amount is too large.'),
  language: z.enum(LANGUAGES).optional(),
});
export type TBlockReservation = z.input<typeof ZBlockReservation>;
