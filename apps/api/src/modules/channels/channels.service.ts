import type { Channel, TChannelRoom, TConflict, TFeed, TListMeta, TSyncResult } from '@residency/shared';
import { SKIPPED_EVENTS_LISTED, todayAt } from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LiveCache } from '../../lib/live-cache.ts';
import { inTransaction } from '../../lib/transactions.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import {
  claimDueFeeds,
  closeConflicts,
  closeFeed,
  conflictExists,
  exportedNights,
  exportOfToken,
  findLiveFeed,
  holdersOf,
  insertConflicts,
  insertFeed,
  insertFeedBlocks,
  listConflicts,
  liveFeeds,
  lockRoom,
  openConflicts,
  recordSync,
  reservedUids,
  releaseBlocks,
  resolveConflict,
  roomsWithExports,
  rotateExportToken,
  type FeedRow,
} from './channels.repository.ts';
import { conflictMail, feedFailingMail } from './channels.mails.ts';
import { fetchFeed } from './feed-fetch.ts';
import { writeCalendar } from './ical-export.ts';
import { mergeRuns, planImport, subtractRuns, type Holder, type Nights } from './hold-plan.ts';
import { FeedError, parseFeed, type ParsedFeed } from './ical-import.ts';

export interface ChannelDeps {
  db: Database;
  mailer: Mailer;
  config: Config;
  /**
   * Rendered export feeds by day and token. Channels poll often and each render of a busy room
   * costs milliseconds of CPU; the copy is dropped whenever a night or an address changes
   * (NOTIFY availability_changed for the nights and rooms, channel_exports_changed for the
   * addresses, in every process).
   */
  exportCache: LiveCache<string>;
}

/** How long a feed may fail before the hotel is told (once, until it works and fails again). */
const FAILING_MAIL_AFTER_MS = 24 * 60 * 60 * 1000;

const exportUrl = (config: Config, token: string) => `${config.publicUrl}/api/channels/export/${token}.ics`;

function presentFeed(row: FeedRow & { blocks: number }): TFeed {
  return {
    _id: row.id,
    roomId: row.roomId,
    channel: row.channel,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    // Results stored before issue 31 have no skipped events.
    lastResult: row.lastResult ? { skipped: 0, skippedEvents: [], ...row.lastResult } : null,
    lastError: row.lastError,
    lastErrorCode: row.lastError ? (row.lastErrorCode ?? 'INTERNAL') : null,
    lastErrorParams: row.lastError ? (row.lastErrorParams ?? {}) : null,
    blocks: row.blocks,
  };
}

/** Every room with its export address per channel and its feeds (admins only: feed URLs are secrets of a kind). */
export async function channelRooms(deps: ChannelDeps): Promise<TChannelRoom[]> {
  const [{ rooms, tokens }, feeds] = await Promise.all([roomsWithExports(deps.db), liveFeeds(deps.db)]);
  return rooms.map((room) => ({
    _id: room.id,
    roomNumber: room.roomNumber,
    category: room.category,
    exports: tokens.filter((t) => t.roomId === room.id).map((t) => ({ channel: t.channel, url: exportUrl(deps.config, t.token) })),
    feeds: feeds.filter((f) => f.roomId === room.id).map(presentFeed),
  }));
}

/** A new export address for the room and channel; the old one answers 404 from now on. */
export async function rotateExport(deps: ChannelDeps, roomId: string, channel: Channel): Promise<{ channel: Channel; url: string }> {
  if (!(await lockRoom(deps.db, roomId))) throw AppError.notFound('This room does not exist or was deleted.', 'ROOM_NOT_FOUND');
  const token = await rotateExportToken(deps.db, roomId, channel);
  // Not a moment longer for the old address here; other processes drop theirs on the NOTIFY.
  deps.exportCache.clear();
  return { channel, url: exportUrl(deps.config, token) };
}

/** The room's calendar for the channel whose token this is; undefined for an unknown token. */
export async function exportCalendar(deps: ChannelDeps, token: string): Promise<string | undefined> {
  const today = todayAt(deps.config.hotel.timeZone);
  const key = `${today}:${token}`;
  const cached = deps.exportCache.get(key);
  if (cached !== undefined) return cached;
  const stamp = deps.exportCache.stamp();
  const calendar = await renderExport(deps, token, today);
  if (calendar !== undefined) deps.exportCache.set(key, calendar, stamp);
  return calendar;
}

async function renderExport(deps: ChannelDeps, token: string, today: string): Promise<string | undefined> {
  const target = await exportOfToken(deps.db, token);
  if (!target) return undefined;
  const { stays, blocks } = await exportedNights(deps.db, target.roomId, target.channel, today);
  return writeCalendar({
    hotelName: deps.config.hotel.name,
    roomNumber: target.roomNumber,
    host: new URL(deps.config.publicUrl).hostname,
    stays,
    blocks,
  });
}

export async function addFeed(deps: ChannelDeps, input: { roomId: string; channel: Channel; url: string }, by: string) {
  if (!(await lockRoom(deps.db, input.roomId))) throw AppError.notFound('This room does not exist or was deleted.', 'ROOM_NOT_FOUND');
  // Synced right below: its first scheduled fetch is an interval away (due at once, a polling
  // process would fetch it a second time straight after).
  const nextSyncAt = new Date(Date.now() + deps.config.channels.syncMinutes * 60_000);
  const feed = await insertFeed(deps.db, { roomId: input.roomId, channel: input.channel, url: input.url, createdBy: by, nextSyncAt });
  if (!feed) throw AppError.conflict('This room already has a feed with this address.', 'FEED_EXISTS');
  const result = await syncFeed(deps, feed);
  return { feed: await feedById(deps, feed.id), result };
}

async function feedById(deps: ChannelDeps, id: string): Promise<TFeed> {
  const feed = (await liveFeeds(deps.db)).find((f) => f.id === id);
  if (!feed) throw AppError.notFound('This feed does not exist or was removed.', 'FEED_NOT_FOUND');
  return presentFeed(feed);
}

export async function syncFeedNow(deps: ChannelDeps, id: string): Promise<TSyncResult> {
  const feed = await findLiveFeed(deps.db, id);
  if (!feed) throw AppError.notFound('This feed does not exist or was removed.', 'FEED_NOT_FOUND');
  return syncFeed(deps, feed);
}

/** Removes the feed and releases every night it held, at once. */
export async function removeFeed(deps: ChannelDeps, id: string): Promise<void> {
  const closed = await inTransaction(deps.db, (tx) => closeFeed(tx, id));
  if (!closed) throw AppError.notFound('This feed does not exist or was removed.', 'FEED_NOT_FOUND');
}

/**
 * Fetches and imports one feed. A feed that can't be used (HTTP error, timeout, not iCal, too
 * large, too many events, a private address) keeps its blocks and records why; the hotel is
 * mailed once it has failed for 24 hours. Nothing here throws for a bad feed.
 */
async function syncFeed(deps: ChannelDeps, feed: FeedRow): Promise<TSyncResult> {
  const today = todayAt(deps.config.hotel.timeZone);
  let parsed: ParsedFeed;
  try {
    const text = await fetchFeed(feed.url, { allowPrivate: deps.config.channels.allowPrivateUrls });
    parsed = parseFeed(text, { ...deps.config.hotel, horizonDays: deps.config.bookingHorizonDays }, today);
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    return failed(deps, feed, error);
  }
  return importEvents(deps, feed, parsed, today);
}

async function failed(deps: ChannelDeps, feed: FeedRow, error: FeedError): Promise<TSyncResult> {
  const now = new Date();
  await inTransaction(deps.db, async (tx) => {
    const row = await recordSync(tx, feed.id, {
      lastSyncAt: now,
      lastError: error.message,
      lastErrorCode: error.code,
      lastErrorParams: error.params,
      failingSince: feed.failingSince ?? now,
    });
    if (!row) return;
    const since = row.failingSince ?? now;
    // failure_mailed_at is cleared by the next good sync: one mail per run of failures.
    if (row.failureMailedAt === null && now.getTime() - since.getTime() >= FAILING_MAIL_AFTER_MS) {
      await deps.mailer.enqueue(tx, feedFailingMail(deps.config, row, since));
      await recordSync(tx, feed.id, { failureMailedAt: now });
    }
  });
  deps.mailer.kick();
  return { ...NOTHING_DONE, error: error.message, errorCode: error.code, errorParams: error.params };
}

const NOTHING_DONE = { events: 0, added: 0, released: 0, kept: 0, conflicts: 0, skipped: 0, skippedEvents: [] };

/**
 * Brings the feed's blocks in line with its events in one transaction, under the room's lock (the
 * one bookings take). Every night of an event that nobody else holds is held for the channel; an
 * event whose nights are partly or wholly held by a stay or another block is also recorded as a
 * conflict (mailed once), naming the clashing nights. Events gone from the feed release their
 * nights (a cancellation on the channel) and close their conflicts; unchanged ones write nothing.
 */
async function importEvents(deps: ChannelDeps, feed: FeedRow, parsed: ParsedFeed, today: string): Promise<TSyncResult> {
  const { events, skipped } = parsed;
  const skippedResult = { skipped: skipped.length, skippedEvents: skipped.slice(0, SKIPPED_EVENTS_LISTED) };
  const outcome = await inTransaction(deps.db, async (tx) => {
    if (!(await lockRoom(tx, feed.roomId)) || !(await findLiveFeed(tx, feed.id))) return null;
    const holders = await holdersOf(tx, feed.roomId, today);
    const others: Holder[] = holders.filter((h) => h.feedId !== feed.id);
    const own = holders.filter((h) => h.feedId === feed.id && h.blockId && h.uid).map((h) => ({ ...h, blockId: h.blockId!, uid: h.uid! }));
    // A stay whose guest arrived is a reservation of ours now: the channel listing it is no clash.
    const reserved = await reservedUids(tx, feed.id);
    const plan = planImport(
      events.filter((e) => !reserved.has(e.uid)),
      others,
      own.filter((b) => !reserved.has(b.uid)),
    );

    await releaseBlocks(tx, plan.release);
    const inserted = await insertFeedBlocks(
      tx,
      feed,
      plan.add.flatMap(({ event, nights }) => nights.map((n) => ({ uid: event.uid, summary: event.summary, ...n }))),
    );
    const blockOfUid = new Map(inserted.map((b) => [b.uid, b.id]));
    const ownBlockOf = (uid: string) => blockOfUid.get(uid) ?? own.find((b) => b.uid === uid)?.blockId ?? null;
    const fresh = await insertConflicts(
      tx,
      plan.clashes.map(({ event, holder }) => ({
        feedId: feed.id,
        roomId: feed.roomId,
        uid: event.uid,
        checkIn: event.checkIn,
        checkOut: event.checkOut,
        summary: event.summary,
        bookingId: 'ownEvent' in holder ? null : holder.bookingId,
        blockId: 'ownEvent' in holder ? ownBlockOf(holder.ownEvent) : holder.blockId,
      })),
    );
    // Open conflicts of this feed that no longer clash: the nights came free (held for the
    // channel now) or the channel dropped or moved the stay.
    const clashing = new Set(plan.clashes.map(({ event }) => `${event.uid}|${event.checkIn}|${event.checkOut}`));
    const listed = new Map(events.map((e) => [e.uid, e]));
    // A stay that is over is left for a person to close: the feed no longer lists past stays.
    const settled = (await openConflicts(tx, { feedId: feed.id }))
      .map((r) => r.conflict)
      .filter((c) => c.checkOut > today && !clashing.has(`${c.uid}|${c.checkIn}|${c.checkOut}`));
    const stillListed = (c: (typeof settled)[number]) => listed.get(c.uid)?.checkIn === c.checkIn && listed.get(c.uid)?.checkOut === c.checkOut;
    await closeConflicts(tx, settled.filter(stillListed).map((c) => c.id), 'nights_free');
    await closeConflicts(tx, settled.filter((c) => !stillListed(c)).map((c) => c.id), 'event_gone');

    if (fresh.length > 0) await deps.mailer.enqueue(tx, conflictMail(deps.config, feed, fresh, plan.clashes));
    // An event whose nights changed counts as released and added, as one the channel moved.
    const counts = {
      events: events.length,
      added: plan.add.length,
      released: plan.gone.length + plan.changed.length,
      kept: plan.kept.length + events.filter((e) => reserved.has(e.uid)).length,
      conflicts: plan.clashes.length,
      ...skippedResult,
    };
    const now = new Date();
    await recordSync(tx, feed.id, {
      lastSyncAt: now,
      lastSuccessAt: now,
      lastResult: counts,
      lastError: null,
      lastErrorCode: null,
      lastErrorParams: null,
      failingSince: null,
      failureMailedAt: null,
    });
    return counts;
  });
  deps.mailer.kick();
  if (!outcome) {
    return { ...NOTHING_DONE, events: events.length, ...skippedResult, error: 'The room or the feed was removed meanwhile.', errorCode: 'REMOVED', errorParams: {} };
  }
  return { ...outcome, error: null, errorCode: null, errorParams: null };
}

/**
 * Holds for the channels' guests the nights of the room that came free (a stay cancelled, moved
 * or shortened, a block released), without waiting for the feeds' next fetch: each open conflict
 * of the room takes every night of its stay that nobody holds now, and is closed once the channel
 * holds the whole stay. Under the room's lock; safe to run in several processes at once (the
 * second finds nothing left to do). Answers how many blocks it added.
 */
export async function holdFreedNights(deps: Pick<ChannelDeps, 'db' | 'config'>, roomId: string): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    if (!(await lockRoom(tx, roomId))) return 0;
    const today = todayAt(deps.config.hotel.timeZone);
    const conflicts = (await openConflicts(tx, { roomId })).filter((r) => r.conflict.checkOut > today);
    if (conflicts.length === 0) return 0;
    let added = 0;
    const done: string[] = [];
    // Conflicts in date order: when two channels wait for the same freed night, the stay that
    // starts first gets it (the other stays a conflict).
    conflicts.sort((a, b) => a.conflict.checkIn.localeCompare(b.conflict.checkIn) || a.conflict.createdAt.getTime() - b.conflict.createdAt.getTime());
    for (const { conflict, channel } of conflicts) {
      const taken = mergeRuns(await holdersOf(tx, roomId, conflict.checkIn));
      const free = subtractRuns(conflict, taken);
      if (free.length > 0) {
        await insertFeedBlocks(tx, { id: conflict.feedId, roomId, channel }, free.map((n) => ({ uid: conflict.uid, summary: conflict.summary, ...n })));
        added += free.length;
      }
      const ownNow = (await holdersOf(tx, roomId, conflict.checkIn)).filter((h) => h.feedId === conflict.feedId && h.uid === conflict.uid);
      if (subtractRuns(conflict, mergeRuns(ownNow)).length === 0) done.push(conflict.id);
    }
    await closeConflicts(tx, done, 'nights_free');
    return added;
  });
}

/**
 * One pass of the schedule: claims the feeds that are due (each once per interval, whatever the
 * processes) and syncs them one after another. Answers how many it synced.
 */
export async function syncDueFeeds(deps: ChannelDeps, log: { error: (o: object, m: string) => void }): Promise<number> {
  const due = await claimDueFeeds(deps.db, deps.config.channels.syncMinutes, 10);
  for (const feed of due) {
    try {
      await syncFeed(deps, feed);
    } catch (error) {
      // A database failure: the feed keeps its blocks and is tried again next interval.
      log.error({ err: error, feedId: feed.id }, 'channel feed sync failed');
      await recordSync(deps.db, feed.id, {
        lastSyncAt: new Date(),
        lastError: 'The import failed on our side; it is tried again at the next sync.',
        lastErrorCode: 'INTERNAL',
        lastErrorParams: {},
      }).catch(() => {});
    }
  }
  return due.length;
}

/** One page of conflicts (open, resolved or all), the stays' nights in order. */
export async function getConflicts(db: Executor, query: { status: 'open' | 'resolved' | 'all'; page?: number; limit?: number }): Promise<{ data: TConflict[]; meta: TListMeta }> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 10;
  const { rows, total } = await listConflicts(db, query.status, { page, limit });
  return { data: rows.map(presentConflict), meta: { page, limit, total } };
}

export async function markConflictResolved(deps: ChannelDeps, id: string, by: string, note: string): Promise<TConflict> {
  const row = await resolveConflict(deps.db, id, by, note);
  if (!row) {
    if (await conflictExists(deps.db, id)) throw AppError.conflict('This conflict is resolved already.', 'CONFLICT_RESOLVED');
    throw AppError.notFound('This conflict does not exist.', 'CONFLICT_NOT_FOUND');
  }
  const { rows } = await listConflicts(deps.db, 'all', { id });
  return presentConflict(rows[0]!);
}

function presentConflict(row: Awaited<ReturnType<typeof listConflicts>>['rows'][number]): TConflict {
  const c = row.conflict;
  const span: Nights = { checkIn: c.checkIn, checkOut: c.checkOut };
  const heldNights = mergeRuns(row.held.map((n) => ({ checkIn: n.checkIn < c.checkIn ? c.checkIn : n.checkIn, checkOut: n.checkOut > c.checkOut ? c.checkOut : n.checkOut })));
  const heldBy: TConflict['heldBy'] = row.booking?.id
    ? {
        kind: 'booking',
        _id: row.booking.id,
        transactionId: row.booking.transactionId!,
        guestName: row.booking.guestName ?? '',
        checkIn: row.booking.checkIn!,
        checkOut: row.booking.checkOut!,
      }
    : row.block?.id
      ? { kind: 'block', _id: row.block.id, channel: row.block.channel, summary: row.block.summary!, checkIn: row.block.checkIn!, checkOut: row.block.checkOut! }
      : { kind: 'gone' };
  return {
    _id: c.id,
    feedId: c.feedId,
    channel: row.channel,
    room: { _id: c.roomId, roomNumber: row.roomNumber, category: row.category },
    uid: c.uid,
    checkIn: c.checkIn,
    checkOut: c.checkOut,
    summary: c.summary,
    heldNights,
    clashingNights: subtractRuns(span, heldNights),
    heldBy,
    createdAt: c.createdAt.toISOString(),
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy ?? null,
    note: c.note,
    resolution: c.resolution ?? null,
  };
}
