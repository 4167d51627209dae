import { randomBytes } from 'node:crypto';
import type { Channel } from '@residency/shared';
import { CHANNELS } from '@residency/shared';
import { and, asc, eq, getTableColumns, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, channelConflicts, channelExports, channelFeeds, roomBlocks, roomOccupancy, rooms, users } from '../../db/schema.ts';
import type { FeedEvent } from './ical-import.ts';

export type FeedRow = typeof channelFeeds.$inferSelect;
export type ConflictRow = typeof channelConflicts.$inferSelect;

const liveFeed = isNull(channelFeeds.deletedAt);
/** A block that holds its nights: not released, not turned into a reservation. */
export const heldBlock = and(isNull(roomBlocks.releasedAt), isNull(roomBlocks.bookingId));

/** 43 characters of randomness: an export address nobody can guess. */
const newToken = () => randomBytes(32).toString('base64url');

/** The rooms in service order, with an export token for every channel (made the first time). */
export async function roomsWithExports(db: Executor) {
  const active = await db
    .select({ id: rooms.id, roomNumber: rooms.roomNumber, category: rooms.category })
    .from(rooms)
    .where(isNull(rooms.deletedAt))
    .orderBy(asc(sql`length(${rooms.roomNumber})`), asc(rooms.roomNumber));
  if (active.length > 0) {
    await db
      .insert(channelExports)
      .values(active.flatMap((r) => CHANNELS.map((channel) => ({ roomId: r.id, channel, token: newToken() }))))
      .onConflictDoNothing();
  }
  const tokens = await db.select().from(channelExports);
  return { rooms: active, tokens };
}

export async function rotateExportToken(db: Executor, roomId: string, channel: Channel): Promise<string> {
  const token = newToken();
  await db
    .insert(channelExports)
    .values({ roomId, channel, token })
    .onConflictDoUpdate({ target: [channelExports.roomId, channelExports.channel], set: { token, createdAt: new Date() } });
  return token;
}

export async function exportOfToken(db: Executor, token: string) {
  const [row] = await db
    .select({ roomId: channelExports.roomId, channel: channelExports.channel, roomNumber: rooms.roomNumber })
    .from(channelExports)
    .innerJoin(rooms, and(eq(rooms.id, channelExports.roomId), isNull(rooms.deletedAt)))
    .where(eq(channelExports.token, token))
    .limit(1);
  return row;
}

/**
 * What a channel must not sell of a room from `today` on: our guests' active stays, and blocks,
 * except the blocks that came from that same channel (it has them already).
 */
export async function exportedNights(db: Executor, roomId: string, channel: Channel, today: string) {
  const [stays, blocks] = await Promise.all([
    db
      .select({ id: bookings.id, checkIn: bookings.checkIn, checkOut: bookings.checkOut })
      .from(bookings)
      .where(and(eq(bookings.roomId, roomId), eq(bookings.status, 'active'), gt(bookings.checkOut, today)))
      .orderBy(asc(bookings.checkIn)),
    db
      .select({ id: roomBlocks.id, checkIn: roomBlocks.checkIn, checkOut: roomBlocks.checkOut })
      .from(roomBlocks)
      .where(
        and(
          eq(roomBlocks.roomId, roomId),
          heldBlock,
          gt(roomBlocks.checkOut, today),
          or(isNull(roomBlocks.channel), ne(roomBlocks.channel, channel)),
        ),
      )
      .orderBy(asc(roomBlocks.checkIn)),
  ]);
  return { stays, blocks };
}

export async function liveFeeds(db: Executor): Promise<(FeedRow & { blocks: number })[]> {
  return db
    .select({
      ...getTableColumns(channelFeeds),
      // Written out with table names: in a one-table select Drizzle leaves columns unqualified,
      // and "id" inside the subquery would be the block's.
      blocks: sql<number>`(select count(*) from room_blocks b where b.feed_id = "channel_feeds"."id" and b.released_at is null and b.booking_id is null)`.mapWith(Number),
    })
    .from(channelFeeds)
    .where(liveFeed)
    .orderBy(asc(channelFeeds.createdAt));
}


export async function findLiveFeed(db: Executor, id: string): Promise<FeedRow | undefined> {
  const [row] = await db.select().from(channelFeeds).where(and(eq(channelFeeds.id, id), liveFeed)).limit(1);
  return row;
}

export async function insertFeed(db: Executor, values: typeof channelFeeds.$inferInsert): Promise<FeedRow | undefined> {
  const [row] = await db.insert(channelFeeds).values(values).onConflictDoNothing().returning();
  return row;
}

/** Closes a feed and releases the nights it held, in the caller's transaction. */
export async function closeFeed(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.update(channelFeeds).set({ deletedAt: new Date() }).where(and(eq(channelFeeds.id, id), liveFeed)).returning({ id: channelFeeds.id });
  if (!row) return false;
  await db.update(roomBlocks).set({ releasedAt: new Date() }).where(and(eq(roomBlocks.feedId, id), heldBlock));
  return true;
}

/**
 * Feeds due for a fetch, claimed by moving their next fetch an interval on: a feed is fetched
 * once per interval, however many API processes poll (SKIP LOCKED: a feed another process is
 * claiming right now is not waited for).
 */
export async function claimDueFeeds(db: Executor, intervalMinutes: number, limit: number): Promise<FeedRow[]> {
  const due = db
    .select({ id: channelFeeds.id })
    .from(channelFeeds)
    .where(and(liveFeed, lte(channelFeeds.nextSyncAt, sql`now()`)))
    .orderBy(asc(channelFeeds.nextSyncAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(channelFeeds)
    .set({ nextSyncAt: sql`now() + make_interval(secs => ${intervalMinutes * 60})` })
    .where(inArray(channelFeeds.id, due))
    .returning();
}

/** Locks the room as a booking does (the same lock, so a booking and an import of one room take turns). */
export async function lockRoom(db: Executor, roomId: string) {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), isNull(rooms.deletedAt)))
    .for('no key update');
  return row;
}

/** What holds nights of the room that end after `today`: stays and blocks, with the feed of each block. */
export async function holdersOf(db: Executor, roomId: string, today: string) {
  return db
    .select({
      checkIn: sql<string>`lower(${roomOccupancy.nights})::text`,
      checkOut: sql<string>`upper(${roomOccupancy.nights})::text`,
      bookingId: roomOccupancy.bookingId,
      blockId: roomOccupancy.blockId,
      feedId: roomBlocks.feedId,
      uid: roomBlocks.uid,
    })
    .from(roomOccupancy)
    .leftJoin(roomBlocks, eq(roomBlocks.id, roomOccupancy.blockId))
    .where(and(eq(roomOccupancy.roomId, roomId), sql`upper(${roomOccupancy.nights}) > ${today}::date`));
}

export async function releaseBlocks(db: Executor, ids: string[]) {
  if (ids.length === 0) return;
  await db.update(roomBlocks).set({ releasedAt: new Date() }).where(inArray(roomBlocks.id, ids));
}

export async function insertFeedBlocks(db: Executor, feed: FeedRow, events: FeedEvent[]): Promise<{ id: string; uid: string | null }[]> {
  if (events.length === 0) return [];
  return db
    .insert(roomBlocks)
    .values(
      events.map((e) => ({
        roomId: feed.roomId,
        source: 'channel' as const,
        feedId: feed.id,
        channel: feed.channel,
        uid: e.uid,
        checkIn: e.checkIn,
        checkOut: e.checkOut,
        summary: e.summary,
      })),
    )
    .returning({ id: roomBlocks.id, uid: roomBlocks.uid });
}

/** Records conflicts; answers the ones that are new (an open conflict found again adds nothing). */
export async function insertConflicts(db: Executor, values: (typeof channelConflicts.$inferInsert)[]): Promise<ConflictRow[]> {
  if (values.length === 0) return [];
  return db.insert(channelConflicts).values(values).onConflictDoNothing().returning();
}

export async function recordSync(db: Executor, id: string, values: Partial<typeof channelFeeds.$inferInsert>) {
  const [row] = await db.update(channelFeeds).set(values).where(eq(channelFeeds.id, id)).returning();
  return row;
}

export async function listConflicts(db: Executor, status: 'open' | 'resolved' | 'all', id?: string) {
  const heldBooking = sql`${bookings.id} = ${channelConflicts.bookingId}`;
  const conditions = [
    status === 'open' ? isNull(channelConflicts.resolvedAt) : status === 'resolved' ? sql`${channelConflicts.resolvedAt} is not null` : undefined,
    id ? eq(channelConflicts.id, id) : undefined,
  ].filter(Boolean);
  const resolver = sql`(select json_build_object('_id', u.id, 'name', u.name) from ${users} u where u.id = ${channelConflicts.resolvedBy})`;
  return db
    .select({
      conflict: channelConflicts,
      channel: channelFeeds.channel,
      roomNumber: rooms.roomNumber,
      category: rooms.category,
      booking: { id: bookings.id, transactionId: bookings.transactionId, checkIn: bookings.checkIn, checkOut: bookings.checkOut, guestName: users.name },
      block: { id: roomBlocks.id, channel: roomBlocks.channel, summary: roomBlocks.summary, checkIn: roomBlocks.checkIn, checkOut: roomBlocks.checkOut },
      resolvedBy: resolver.mapWith((v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as { _id: string; name: string } | null),
    })
    .from(channelConflicts)
    .innerJoin(channelFeeds, eq(channelFeeds.id, channelConflicts.feedId))
    .innerJoin(rooms, eq(rooms.id, channelConflicts.roomId))
    .leftJoin(bookings, heldBooking)
    .leftJoin(users, eq(users.id, bookings.userId))
    .leftJoin(roomBlocks, eq(roomBlocks.id, channelConflicts.blockId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(channelConflicts.checkIn), asc(channelConflicts.createdAt));
}

export async function resolveConflict(db: Executor, id: string, by: string, note: string) {
  const [row] = await db
    .update(channelConflicts)
    .set({ resolvedAt: new Date(), resolvedBy: by, note })
    .where(and(eq(channelConflicts.id, id), isNull(channelConflicts.resolvedAt)))
    .returning();
  return row;
}

export async function conflictExists(db: Executor, id: string) {
  const [row] = await db.select({ id: channelConflicts.id }).from(channelConflicts).where(eq(channelConflicts.id, id)).limit(1);
  return Boolean(row);
}
