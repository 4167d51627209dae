/** Channel sync: feeds, export tokens, room blocks, occupancy and conflicts (migration 0013_channels). */
import { CHANNELS, type FeedErrorCode, type FeedSkipReason } from '@residency/shared/channels';
import { date, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customType } from 'drizzle-orm/pg-core';

export const channel = pgEnum('channel', CHANNELS);
export const blockSource = pgEnum('block_source', ['channel', 'desk']);

/** A channel's iCal feed of one room, polled on a schedule and on "Sync now". */
export const channelFeeds = pgTable('channel_feeds', {
  id: uuid('id').primaryKey().defaultRandom(),
  roomId: uuid('room_id').notNull(),
  channel: channel('channel').notNull(),
  /** Shown to admins only: whoever has it can read the room's calendar on the channel. */
  url: text('url').notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  nextSyncAt: timestamp('next_sync_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'date' }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  /** Results written before issue 31 lack the skipped events. */
  lastResult: jsonb('last_result').$type<{
    events: number;
    added: number;
    released: number;
    kept: number;
    conflicts: number;
    skipped?: number;
    skippedEvents?: { uid: string; reason: FeedSkipReason }[];
  }>(),
  lastError: text('last_error'),
  lastErrorCode: text('last_error_code').$type<FeedErrorCode>(),
  lastErrorParams: jsonb('last_error_params').$type<Record<string, string | number>>(),
  failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
  failureMailedAt: timestamp('failure_mailed_at', { withTimezone: true, mode: 'date' }),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
});

/** The unguessable address under which a room's calendar is given to one channel. */
export const channelExports = pgTable(
  'channel_exports',
  {
    roomId: uuid('room_id').notNull(),
    channel: channel('channel').notNull(),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.channel] })],
);

/** Nights a room is not for sale without a guest of ours: sold on a channel, or closed by the desk. */
export const roomBlocks = pgTable('room_blocks', {
  id: uuid('id').primaryKey().defaultRandom(),
  roomId: uuid('room_id').notNull(),
  source: blockSource('source').notNull(),
  feedId: uuid('feed_id'),
  channel: channel('channel'),
  uid: text('uid'),
  checkIn: date('check_in', { mode: 'string' }).notNull(),
  checkOut: date('check_out', { mode: 'string' }).notNull(),
  summary: text('summary').notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
  bookingId: uuid('booking_id'),
});

const daterange = customType<{ data: string }>({ dataType: () => 'daterange' });

/** Written by triggers only (bookings and room_blocks); its exclusion constraint judges every night. */
export const roomOccupancy = pgTable('room_occupancy', {
  roomId: uuid('room_id').notNull(),
  nights: daterange('nights').notNull(),
  bookingId: uuid('booking_id'),
  blockId: uuid('block_id'),
});

/** A channel event that could not be imported because its nights were held already. */
export const channelConflicts = pgTable('channel_conflicts', {
  id: uuid('id').primaryKey().defaultRandom(),
  feedId: uuid('feed_id').notNull(),
  roomId: uuid('room_id').notNull(),
  uid: text('uid').notNull(),
  checkIn: date('check_in', { mode: 'string' }).notNull(),
  checkOut: date('check_out', { mode: 'string' }).notNull(),
  summary: text('summary').notNull(),
  bookingId: uuid('booking_id'),
  blockId: uuid('block_id'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  resolvedBy: uuid('resolved_by'),
  note: text('note'),
  /** Set when the system closed it (migration 0022): its nights came free, or the channel dropped the stay. */
  resolution: text('resolution').$type<'nights_free' | 'event_gone'>(),
});

