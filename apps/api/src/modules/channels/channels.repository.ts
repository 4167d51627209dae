import { randomBytes } from 'node:crypto';
import type { Channel } from '@residency/shared';
import { CHANNELS } from '@residency/shared';
import { and, asc, eq, getTableColumns, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, channelConflicts, channelExports, channelFeeds, roomBlocks, roomOccupancy, rooms, users } from '../../db/schema.ts';

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

/**
 * Rows per statement when a sync writes blocks or conflicts: a feed may hold 20,000 events, and
 * one statement takes at most 65,535 parameters (and Drizzle's builder recurses per row).
 */
const BATCH = 1000;

function* batches<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/** The events of a feed whose guest arrived: a block of theirs became a reservation (the stay is ours now). */
export async function reservedUids(db: Executor, feedId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ uid: roomBlocks.uid })
    .from(roomBlocks)
    .where(and(eq(roomBlocks.feedId, feedId), isNull(roomBlocks.releasedAt), sql`${roomBlocks.bookingId} is not null`));
  return new Set(rows.map((r) => r.uid!));
}

export async function releaseBlocks(db: Executor, ids: string[]) {
  for (const part of batches(ids)) await db.update(roomBlocks).set({ releasedAt: new Date() }).where(inArray(roomBlocks.id, part));
}

/** One block per run of nights a channel's event holds. */
export interface FeedBlock {
  uid: string;
  checkIn: string;
  checkOut: string;
  summary: string;
}

export async function insertFeedBlocks(db: Executor, feed: Pick<FeedRow, 'id' | 'roomId' | 'channel'>, blocks: FeedBlock[]): Promise<{ id: string; uid: string | null }[]> {
  const inserted: { id: string; uid: string | null }[] = [];
  for (const part of batches(blocks)) {
    inserted.push(
      ...(await db
        .insert(roomBlocks)
        .values(part.map((b) => ({ roomId: feed.roomId, source: 'channel' as const, feedId: feed.id, channel: feed.channel, ...b })))
        .returning({ id: roomBlocks.id, uid: roomBlocks.uid })),
    );
  }
  return inserted;
}

/** Records conflicts; answers the ones that are new (an open conflict found again adds nothing). */
export async function insertConflicts(db: Executor, values: (typeof channelConflicts.$inferInsert)[]): Promise<ConflictRow[]> {
  const fresh: ConflictRow[] = [];
  for (const part of batches(values)) fresh.push(...(await db.insert(channelConflicts).values(part).onConflictDoNothing().returning()));
  return fresh;
}

/** The open conflicts of a feed, or of a room (of live feeds), for the sync and for freed nights. */
export async function openConflicts(db: Executor, where: { feedId: string } | { roomId: string }) {
  return db
    .select({ conflict: channelConflicts, channel: channelFeeds.channel })
    .from(channelConflicts)
    .innerJoin(channelFeeds, and(eq(channelFeeds.id, channelConflicts.feedId), liveFeed))
    .where(
      and(
        isNull(channelConflicts.resolvedAt),
        'feedId' in where ? eq(channelConflicts.feedId, where.feedId) : eq(channelConflicts.roomId, where.roomId),
      ),
    );
}

/** Closes conflicts the system settled (no person: resolved_by stays empty). */
export async function closeConflicts(db: Executor, ids: string[], resolution: 'nights_free' | 'event_gone') {
  for (const part of batches(ids)) {
    await db
      .update(channelConflicts)
      .set({ resolvedAt: new Date(), resolution })
      .where(and(inArray(channelConflicts.id, part), isNull(channelConflicts.resolvedAt)));
  }
}

/** The rooms with an open conflict of a live feed: where freed nights may be waiting for a channel's guest. */
export async function roomsWithOpenConflicts(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ roomId: channelConflicts.roomId })
    .from(channelConflicts)
    .innerJoin(channelFeeds, and(eq(channelFeeds.id, channelConflicts.feedId), liveFeed))
    .where(isNull(channelConflicts.resolvedAt));
  return rows.map((r) => r.roomId);
}

export async function recordSync(db: Executor, id: string, values: Partial<typeof channelFeeds.$inferInsert>) {
  const [row] = await db.update(channelFeeds).set(values).where(eq(channelFeeds.id, id)).returning();
  return row;
}

/** Open, resolved or all conflicts; one of them by id; a page of them (nights in order), with the total. */
export async function listConflicts(db: Executor, status: 'open' | 'resolved' | 'all', options: { id?: string; page?: number; limit?: number } = {}) {
  const heldBooking = sql`${bookings.id} = ${channelConflicts.bookingId}`;
  const conditions = [
    status === 'open' ? isNull(channelConflicts.resolvedAt) : status === 'resolved' ? sql`${channelConflicts.resolvedAt} is not null` : undefined,
    options.id ? eq(channelConflicts.id, options.id) : undefined,
  ].filter(Boolean);
  const where = conditions.length ? and(...conditions) : undefined;
  const resolver = sql`(select json_build_object('_id', u.id, 'name', u.name) from ${users} u where u.id = ${channelConflicts.resolvedBy})`;
  // The runs of the stay's nights its feed holds now, for "held" beside "clashing".
  const held = sql`(
    select coalesce(json_agg(json_build_object('checkIn', b.check_in, 'checkOut', b.check_out) order by b.check_in), '[]'::json)
    from room_blocks b
    where b.feed_id = ${channelConflicts.feedId} and b.uid = ${channelConflicts.uid}
      and b.released_at is null and b.booking_id is null
      and b.check_in < ${channelConflicts.checkOut} and b.check_out > ${channelConflicts.checkIn})`;
  const limit = options.limit ?? 100;
  const offset = ((options.page ?? 1) - 1) * limit;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        conflict: channelConflicts,
        channel: channelFeeds.channel,
        roomNumber: rooms.roomNumber,
        category: rooms.category,
        booking: { id: bookings.id, transactionId: bookings.transactionId, checkIn: bookings.checkIn, checkOut: bookings.checkOut, guestName: users.name },
        block: { id: roomBlocks.id, channel: roomBlocks.channel, summary: roomBlocks.summary, checkIn: roomBlocks.checkIn, checkOut: roomBlocks.checkOut },
        resolvedBy: resolver.mapWith((v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as { _id: string; name: string } | null),
        held: held.mapWith((v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as { checkIn: string; checkOut: string }[]),
      })
      .from(channelConflicts)
      .innerJoin(channelFeeds, eq(channelFeeds.id, channelConflicts.feedId))
      .innerJoin(rooms, eq(rooms.id, channelConflicts.roomId))
      .leftJoin(bookings, heldBooking)
      .leftJoin(users, eq(users.id, bookings.userId))
      .leftJoin(roomBlocks, eq(roomBlocks.id, channelConflicts.blockId))
      .where(where)
      .orderBy(asc(channelConflicts.checkIn), asc(channelConflicts.createdAt), asc(channelConflicts.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(channelConflicts).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
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
