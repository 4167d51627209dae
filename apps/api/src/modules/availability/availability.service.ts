import { addDays, todayAt } from '@residency/shared/dates';
import { instantAt, roomLimits, type BedLimits } from '@residency/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { AnswerCache, type AnswerCacheStats } from '../../lib/answer-cache.ts';
import { loadRateCalendar, type QuoteFromMemory, type RateCalendar } from '../rates/rates.service.ts';
import { roomsForIndex } from '../rooms/rooms.service.ts';
import {
  cheapestFreePerCategory,
  dayNumber,
  findRooms,
  isoOfDay,
  Occupancy,
  parseOccupancyChanges,
  RoomTable,
  type IndexedRoom,
  type OccupancyChange,
  type RoomQuery,
} from './availability-index.ts';
import { lastChangeNumber, occupancyBetween } from './availability.repository.ts';

export type { RoomQuery } from './availability-index.ts';

/** The feed's channel (migration 0019). */
const CHANNEL = 'availability_changed';
/** A number skipped for this long was not late but missed (or its transaction rolled back): reload. */
const GAP_GRACE_MS = 2_000;
/** Reloads for skipped numbers come at most this often (a rolled-back booking also skips one). */
const GAP_RELOAD_INTERVAL_MS = 10_000;
/** How long a write's answer waits for this process's index to hold it (read your own writes). */
const CATCH_UP_MS = 1_000;
/** How long a write's answer waits for a skipped number at or below its own (it may be committing). */
const SKIPPED_WAIT_MS = 250;

/** What /api/health shows of the index. */
export interface IndexHealth {
  /** The highest change number the index has applied. */
  seq: number;
  /** From the last change's commit to this index holding it, in ms. */
  lagMs: number | null;
  /** Change numbers skipped and not yet arrived. */
  missing: number;
  /** Whether notifications flow (searches are answered from memory only then). */
  live: boolean;
  reloading: boolean;
  reloads: number;
  loadedAt: string | null;
  rooms: number;
  nights: { from: string; to: string } | null;
  bytes: number;
  /** The finished search answers kept (issue 36): how many, their bytes and the bound, hits and misses. */
  answers: AnswerCacheStats;
}

interface Snapshot {
  rooms: RoomTable;
  occupancy: Occupancy;
  calendar: RateCalendar;
  loadedAt: Date;
}

interface Options {
  db: Database;
  handle: DatabaseHandle;
  timeZone: string;
  horizonDays: number;
  log?: FastifyBaseLogger;
  /** The hotel's day now (tests move it on); todayAt(timeZone) by default. */
  today?: () => string;
  /** The most bytes of finished answers kept (SEARCH_CACHE_MB); none by default. */
  answerCacheBytes?: number;
}

/**
 * The availability and rate index of this process (issue 23). Loaded at start; kept current by
 * the change feed (migration 0019), whose occupancy changes are applied as they come and whose
 * room, room type and rate changes are read again. A skipped change number that does not turn up
 * within GAP_GRACE_MS, a dropped listening connection or the hotel's midnight reloads it whole;
 * meanwhile searches read the last snapshot. While notifications cannot flow (the connection is
 * down) it answers nothing, and the callers ask the database.
 */
export class AvailabilityIndex {
  private snapshot: Snapshot | undefined;
  private live = false;
  private maxSeen = 0;
  /** Skipped numbers and when they stop being "late". */
  private readonly missing = new Map<number, number>();
  /** Occupancy changes that came while a new occupancy was loading: applied to it once loaded. */
  private replay: OccupancyChange[][] | undefined;
  private wanted = { full: false, rooms: false, calendar: false };
  private working: Promise<void> | undefined;
  private lastGapReload = 0;
  private lagMs: number | null = null;
  private reloads = 0;
  private timers = new Set<NodeJS.Timeout>();
  private waiters: (() => void)[] = [];
  private unsubscribe: (() => Promise<void>) | undefined;
  private stopped = false;

  private readonly options: Options;
  /**
   * Finished search answers (issue 36), for the index as it stands: a change to a night drops the
   * answers of stays over it, a change to the rooms or rates (or a reload) drops them all.
   */
  private readonly answers: AnswerCache;

  constructor(options: Options) {
    this.options = options;
    this.answers = new AnswerCache(options.answerCacheBytes ?? 0);
  }

  /** Listens first (so nothing committed meanwhile is lost), then loads. */
  async start(): Promise<void> {
    this.unsubscribe = await this.options.handle.subscribe(CHANNEL, {
      onMessage: (payload) => this.receive(payload),
      onLive: (live) => {
        const back = live && !this.live;
        this.live = live;
        // Changes sent while the connection was down are lost: no answer kept before is trusted.
        if (!live) this.answers.clear();
        // Whatever was sent while the connection was down is lost: read everything again.
        if (back && this.snapshot) this.want('full');
      },
    });
    this.want('full');
    await this.idle();
    this.scheduleMidnight();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.unsubscribe?.().catch(() => {});
    await this.working?.catch(() => {});
  }

  /** The snapshot to answer from, or undefined when the database must answer. */
  private usable(): Snapshot | undefined {
    const snapshot = this.snapshot;
    // Past the hotel's midnight and the timer not yet run (a busy or suspended process): reload
    // now. Until it is done the last snapshot answers; a stay past its window asks the database.
    if (snapshot && !this.working && snapshot.occupancy.firstDay !== this.todayNumber()) this.want('full');
    return this.live ? snapshot : undefined;
  }

  private today(): string {
    return this.options.today?.() ?? todayAt(this.options.timeZone);
  }

  private checkedDay = { iso: '', day: 0 };
  /** Today as a day number, worked out once a day (searches ask it every time). */
  private todayNumber(): number {
    const iso = this.today();
    if (iso !== this.checkedDay.iso) this.checkedDay = { iso, day: dayNumber(iso) };
    return this.checkedDay.day;
  }

  /**
   * The finished answer kept under `key` (a search's URL), as the parts to send, or undefined:
   * none kept, or the index cannot answer now (its answers are then not to be trusted either).
   * The hotel's day is part of the key: an answer given yesterday was checked against yesterday's dates.
   */
  cachedAnswer(key: string): readonly Buffer[] | undefined {
    if (!this.usable()) return undefined;
    return this.answers.get(`${this.todayNumber()} ${key}`);
  }

  /** Keeps a finished answer (its parts) made from the index just now; `stay`: the nights it depends on. */
  keepAnswer(key: string, parts: readonly Buffer[], stay?: { checkIn: string; checkOut: string }): void {
    if (!this.usable()) return;
    this.answers.set(`${this.todayNumber()} ${key}`, parts, stay && { from: dayNumber(stay.checkIn), to: dayNumber(stay.checkOut) });
  }

  /** One page of the room list and its total, or undefined (ask the database). */
  findRooms(query: RoomQuery): { rooms: Buffer[]; total: number } | undefined {
    const snapshot = this.usable();
    if (!snapshot) return undefined;
    const found = findRooms(snapshot.rooms, snapshot.occupancy, query);
    return found && { rooms: found.rooms.map((room: IndexedRoom) => room.json), total: found.total };
  }

  /** The rate calendar, when the index is current and its number is known (a booking prices on it), else undefined. */
  rateCalendar(): RateCalendar | undefined {
    const calendar = this.usable()?.calendar;
    return calendar?.version === null ? undefined : calendar;
  }

  /**
   * These rooms as a booking reads them, when the index is current and holds every one, else
   * undefined (read them from the table). The booking's one call locks them and compares.
   */
  roomsForBooking(ids: readonly string[]): { id: string; status: string; supplement: number; category: string; roomNumber: string; bedsAndBedding: unknown }[] | undefined {
    const table = this.usable()?.rooms;
    if (!table) return undefined;
    const found = ids.map((id) => table.byId(id));
    if (!found.every((room) => room !== undefined)) return undefined;
    return found.map((room) => ({ id: room.id, status: room.status, supplement: room.supplement, category: room.category, roomNumber: room.number, bedsAndBedding: room.beds }));
  }

  /** The quote's free rooms per type and the rate calendar, or undefined (ask the database). */
  quoteInputs(stay: { checkIn: string; checkOut: string; adults: number; children: number }, category?: string): QuoteFromMemory | undefined {
    const snapshot = this.usable();
    if (!snapshot) return undefined;
    const free = cheapestFreePerCategory(snapshot.rooms, snapshot.occupancy, stay, category);
    return free && { free, calendar: snapshot.calendar };
  }

  health(): IndexHealth {
    const snapshot = this.snapshot;
    const occupancy = snapshot?.occupancy;
    return {
      seq: this.maxSeen,
      lagMs: this.lagMs,
      missing: this.missing.size,
      live: this.live,
      reloading: this.working !== undefined,
      reloads: this.reloads,
      loadedAt: snapshot?.loadedAt.toISOString() ?? null,
      rooms: snapshot?.rooms.rooms.length ?? 0,
      nights: occupancy ? { from: isoOfDay(occupancy.firstDay), to: isoOfDay(occupancy.firstDay + occupancy.nights) } : null,
      bytes: snapshot ? occupancy!.bytes + snapshot.rooms.jsonBytes : 0,
      answers: this.answers.stats(),
    };
  }

  /**
   * Resolves once the index holds every change committed before the call (this process's own
   * writes included), or after CATCH_UP_MS: the number last given out is the target. Numbers
   * are given out in trigger order but notified in commit order, so a higher one can arrive
   * first: every number up to the target must have arrived, not only the highest. A skipped
   * number is waited for SKIPPED_WAIT_MS at most: a rolled-back transaction's never comes.
   */
  async caughtUp(timeoutMs = CATCH_UP_MS): Promise<void> {
    const target = await lastChangeNumber(this.options.db);
    const deadline = Date.now() + timeoutMs;
    const skippedDeadline = Date.now() + Math.min(timeoutMs, SKIPPED_WAIT_MS);
    const behind = () => this.maxSeen < target || this.working !== undefined || (Date.now() < skippedDeadline && this.missingUpTo(target));
    while (!this.stopped && behind() && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const waitingForSkipped = this.maxSeen >= target && this.working === undefined;
        const timer = setTimeout(resolve, Math.max(1, (waitingForSkipped ? skippedDeadline : deadline) - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Whether a number at or below `target` was skipped and has not arrived yet. */
  private missingUpTo(target: number): boolean {
    for (const skipped of this.missing.keys()) if (skipped <= target) return true;
    return false;
  }

  /** Reloads everything now (and waits for it). */
  async reload(): Promise<void> {
    this.want('full');
    await this.idle();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** A notification: "<seq>|<epoch ms>|<kind>|<body>" (migration 0019). */
  private receive(payload: string): void {
    const [seqText, sentText, kind, body = ''] = splitPayload(payload);
    const seq = Number(seqText);
    const sent = Number(sentText);
    if (!Number.isFinite(seq) || seq <= 0) {
      this.want('full');
      return;
    }
    this.track(seq);
    if (kind === 'o') {
      const changes = parseOccupancyChanges(body);
      const occupancy = this.snapshot?.occupancy;
      if (occupancy) {
        for (const change of changes) {
          occupancy.mark(change.roomId, change.from, change.to, change.taken);
          this.answers.dropNights(dayNumber(change.from), dayNumber(change.to));
        }
      }
      this.replay?.push(changes);
    } else if (kind === 'r') this.want('rooms');
    else if (kind === 'p') this.want('calendar');
    else if (kind === 'c') {
      this.want('rooms');
      this.want('calendar');
    } else this.want('full');
    if (Number.isFinite(sent)) this.lagMs = Math.max(0, Date.now() - sent);
    this.wake();
  }

  /** Follows the numbers: a skipped one is late for GAP_GRACE_MS, then missed. */
  private track(seq: number): void {
    if (seq > this.maxSeen) {
      if (this.maxSeen > 0 && seq > this.maxSeen + 1) {
        if (seq - this.maxSeen > 1_000) this.want('full');
        else {
          const deadline = Date.now() + GAP_GRACE_MS;
          for (let skipped = this.maxSeen + 1; skipped < seq; skipped += 1) this.missing.set(skipped, deadline);
          this.later(() => this.checkMissing(), GAP_GRACE_MS + 10);
        }
      }
      this.maxSeen = seq;
    } else this.missing.delete(seq);
  }

  private checkMissing(): void {
    const now = Date.now();
    let overdue = false;
    for (const deadline of this.missing.values()) if (deadline <= now) overdue = true;
    if (!overdue) return;
    const wait = this.lastGapReload + GAP_RELOAD_INTERVAL_MS - now;
    if (wait > 0) {
      this.later(() => this.checkMissing(), wait);
      return;
    }
    this.lastGapReload = now;
    this.want('full');
  }

  private later(work: () => void, ms: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** Reloads at the hotel's midnight: the window of nights moves one day on. */
  private scheduleMidnight(): void {
    const { timeZone } = this.options;
    const next = instantAt(addDays(this.today(), 1), '00:00', timeZone).getTime();
    this.later(() => {
      this.want('full');
      this.scheduleMidnight();
    }, Math.max(1_000, next - Date.now() + 1_000));
  }

  private want(what: 'full' | 'rooms' | 'calendar'): void {
    this.wanted[what] = true;
    if (!this.working && !this.stopped) {
      this.working = this.work().finally(() => {
        this.working = undefined;
        this.wake();
      });
    }
  }

  private async idle(): Promise<void> {
    while (this.working) await this.working;
  }

  /** Does what was asked, one reload at a time, until nothing is left. */
  private async work(): Promise<void> {
    while (!this.stopped && (this.wanted.full || this.wanted.rooms || this.wanted.calendar)) {
      const wanted = this.wanted;
      this.wanted = { full: false, rooms: false, calendar: false };
      try {
        if (wanted.full || !this.snapshot) await this.loadAll();
        else await this.loadParts(wanted.rooms, wanted.calendar);
      } catch (error) {
        // The database may be down: try again shortly, answering from the last snapshot meanwhile.
        this.options.log?.warn({ err: (error as Error).message }, 'availability index: reload failed');
        this.wanted.full ||= wanted.full || !this.snapshot;
        this.wanted.rooms ||= wanted.rooms;
        this.wanted.calendar ||= wanted.calendar;
        if (!this.snapshot && !this.stopped) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  private window(): { from: string; nights: number } {
    return { from: this.today(), nights: this.options.horizonDays + 2 };
  }

  private async loadAll(): Promise<void> {
    const { db } = this.options;
    const { from, nights } = this.window();
    const to = addDays(from, nights);
    this.replay = [];
    try {
      const seq = await lastChangeNumber(db);
      const [rooms, calendar, taken] = await Promise.all([roomsForIndex(db), loadRateCalendar(db, from, to), occupancyBetween(db, from, to)]);
      const occupancy = new Occupancy(dayNumber(from), nights);
      for (const row of taken) occupancy.mark(row.room_id, row.first, row.after, true);
      // Changes committed while this loaded: in commit order on top of what was read, each sets
      // its nights as they were after it, so the last one on a night wins, as in the database.
      for (const changes of this.replay) for (const change of changes) occupancy.mark(change.roomId, change.from, change.to, change.taken);
      this.snapshot = { rooms: tableOf(rooms), occupancy, calendar, loadedAt: new Date() };
      this.answers.clear();
      this.maxSeen = Math.max(this.maxSeen, seq);
      for (const skipped of this.missing.keys()) if (skipped <= seq) this.missing.delete(skipped);
      this.reloads += 1;
    } finally {
      this.replay = undefined;
    }
  }

  private async loadParts(rooms: boolean, calendar: boolean): Promise<void> {
    const { db } = this.options;
    const current = this.snapshot!;
    const [table, rates] = await Promise.all([
      rooms ? roomsForIndex(db).then(tableOf) : current.rooms,
      calendar ? loadRateCalendar(db, current.calendar.from, current.calendar.to) : current.calendar,
    ]);
    // The occupancy may have been replaced meanwhile: keep the newest.
    this.snapshot = { ...this.snapshot!, rooms: table, calendar: rates };
    this.answers.clear();
  }
}

function splitPayload(payload: string): [string, string, string, string] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < 3; i += 1) {
    const bar = payload.indexOf('|', start);
    if (bar < 0) break;
    parts.push(payload.slice(start, bar));
    start = bar + 1;
  }
  parts.push(payload.slice(start));
  return [parts[0] ?? '', parts[1] ?? '', parts[2] ?? '', parts[3] ?? ''];
}

function tableOf(rooms: Awaited<ReturnType<typeof roomsForIndex>>): RoomTable {
  return new RoomTable(
    rooms.map(({ row, json }, rank) => {
      // Who the room takes, by the one rule (a missing field is the hotel's limit, as for a booking).
      const limits = roomLimits(row.bedsAndBedding as BedLimits);
      return {
        id: row.id,
        number: row.roomNumber,
        name: row.name,
        category: row.category,
        status: row.status,
        maxAdults: limits.adults,
        maxChildren: limits.children,
        maxOccupancy: limits.total,
        supplement: Number(row.supplement),
        beds: row.bedsAndBedding,
        rank,
        numberLower: row.roomNumber.toLowerCase(),
        nameLower: row.name.toLowerCase(),
        json,
      };
    }),
  );
}
