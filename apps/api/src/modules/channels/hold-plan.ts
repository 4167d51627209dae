import { addDays, nightsBetween } from '@residency/shared';
import type { FeedEvent } from './ical-import.ts';

/*
 * Which nights a channel's stays hold, worked out night by night (issue 31). A stay that clashes
 * with ours on some nights still holds every night nobody else holds; only the clashing nights
 * are the conflict. A whole event dropped because one night clashed is a night sold twice.
 *
 * The nights are laid out on one array from the feed's first night to its last, so a feed of
 * 20,000 events is planned in one pass over its nights instead of comparing every event with
 * every other.
 */

/** Nights [checkIn, checkOut). */
export interface Nights {
  checkIn: string;
  checkOut: string;
}

/** Something that holds nights of the room and is not this feed: a stay, the desk, another feed. */
export interface Holder extends Nights {
  bookingId: string | null;
  blockId: string | null;
}

/** One of this feed's blocks as it stands. */
export interface OwnBlock extends Nights {
  blockId: string;
  uid: string;
}

export interface ImportPlan {
  /** Events whose blocks already hold exactly the nights they should. */
  kept: string[];
  /** Blocks to release (the event is gone, or its nights changed), before any insert. */
  release: string[];
  /** Events of this feed (uids) that held nights and hold none now: gone from the feed. */
  gone: string[];
  /** Events still listed whose blocks are released to be written again (their nights changed). */
  changed: string[];
  /** New blocks: the runs of free nights of each event that is new or changed. */
  add: { event: FeedEvent; nights: Nights[] }[];
  /** Events with nights held by something else: which nights, and the first holder. */
  clashes: { event: FeedEvent; clashing: Nights[]; holder: Holder | { ownEvent: string } }[];
}

/** Adjacent or overlapping runs joined, in order. */
export function mergeRuns(runs: Nights[]): Nights[] {
  const sorted = [...runs].sort((a, b) => a.checkIn.localeCompare(b.checkIn));
  const merged: Nights[] = [];
  for (const run of sorted) {
    const last = merged[merged.length - 1];
    if (last && run.checkIn <= last.checkOut) {
      if (run.checkOut > last.checkOut) last.checkOut = run.checkOut;
    } else merged.push({ ...run });
  }
  return merged;
}

const sameRuns = (a: Nights[], b: Nights[]) =>
  a.length === b.length && a.every((run, i) => run.checkIn === b[i]!.checkIn && run.checkOut === b[i]!.checkOut);

/** The nights of a room as one array: each night's holder, or FREE. */
class NightGrid {
  static readonly FREE = -1;
  readonly cells: Int32Array;
  readonly first: string;
  constructor(first: string, last: string) {
    this.first = first;
    this.cells = new Int32Array(Math.max(0, nightsBetween(first, last))).fill(NightGrid.FREE);
  }
  /** The cell range of [checkIn, checkOut), cut to the grid. */
  span(nights: Nights): [number, number] {
    const from = Math.max(0, nightsBetween(this.first, nights.checkIn));
    const to = Math.min(this.cells.length, nightsBetween(this.first, nights.checkOut));
    return [from, Math.max(from, to)];
  }
  mark(nights: Nights, holder: number): void {
    const [from, to] = this.span(nights);
    this.cells.fill(holder, from, to);
  }
  /** The runs of `nights` that are free, and those that are held (with their first holder). */
  split(nights: Nights): { free: Nights[]; held: Nights[]; firstHolder: number } {
    const [from, to] = this.span(nights);
    const free: Nights[] = [];
    const held: Nights[] = [];
    let firstHolder = NightGrid.FREE;
    let runStart = from;
    for (let i = from; i <= to; i += 1) {
      const boundary = i === to || (this.cells[i] === NightGrid.FREE) !== (this.cells[runStart] === NightGrid.FREE);
      if (!boundary) continue;
      if (i > runStart) {
        const run = { checkIn: addDays(this.first, runStart), checkOut: addDays(this.first, i) };
        if (this.cells[runStart] === NightGrid.FREE) free.push(run);
        else {
          held.push(run);
          if (firstHolder === NightGrid.FREE) firstHolder = this.cells[runStart]!;
        }
      }
      runStart = i;
    }
    return { free, held, firstHolder };
  }
}

/**
 * What a sync must change so that the feed's events hold every night nobody else holds. Events
 * whose blocks already hold the right nights are settled first and keep them (a sync that
 * changes nothing writes nothing); the rest take free nights in date order, so two events of one
 * feed that overlap each other clash like any other.
 */
export function planImport(events: FeedEvent[], others: Holder[], own: OwnBlock[]): ImportPlan {
  const ownByUid = new Map<string, OwnBlock[]>();
  for (const block of own) ownByUid.set(block.uid, [...(ownByUid.get(block.uid) ?? []), block]);
  const wanted = new Set(events.map((e) => e.uid));
  const plan: ImportPlan = { kept: [], release: [], gone: [], changed: [], add: [], clashes: [] };
  for (const [uid, blocks] of ownByUid) {
    if (wanted.has(uid)) continue;
    plan.gone.push(uid);
    plan.release.push(...blocks.map((b) => b.blockId));
  }
  if (events.length === 0) return plan;

  let first = events[0]!.checkIn;
  let last = events[0]!.checkOut;
  for (const e of events) {
    if (e.checkIn < first) first = e.checkIn;
    if (e.checkOut > last) last = e.checkOut;
  }
  const grid = new NightGrid(first, last);
  others.forEach((holder, i) => grid.mark(holder, i));
  // Cells of this feed's own events are numbered after the others.
  const ownMark = (index: number) => others.length + index;

  const settled = new Set<number>();
  events.forEach((event, index) => {
    const blocks = ownByUid.get(event.uid);
    if (!blocks) return;
    const { free } = grid.split(event);
    if (sameRuns(free, mergeRuns(blocks))) {
      plan.kept.push(event.uid);
      for (const run of free) grid.mark(run, ownMark(index));
      settled.add(index);
    }
  });

  events.forEach((event, index) => {
    if (settled.has(index)) return;
    const { free, held, firstHolder } = grid.split(event);
    const blocks = ownByUid.get(event.uid);
    if (blocks) {
      plan.release.push(...blocks.map((b) => b.blockId));
      plan.changed.push(event.uid);
    }
    if (free.length > 0) {
      plan.add.push({ event, nights: free });
      for (const run of free) grid.mark(run, ownMark(index));
    }
    if (held.length > 0) {
      const holder = firstHolder < others.length ? others[firstHolder]! : { ownEvent: events[firstHolder - others.length]!.uid };
      plan.clashes.push({ event, clashing: held, holder });
    }
  });
  // An event kept from before can still clash (its nights were partly taken when it came).
  for (const index of settled) {
    const event = events[index]!;
    const blocks = mergeRuns(ownByUid.get(event.uid)!);
    const clashing = subtractRuns(event, blocks);
    if (clashing.length === 0) continue;
    const [from] = grid.span(clashing[0]!);
    const cell = grid.cells[from]!;
    const holder = cell >= 0 && cell < others.length ? others[cell]! : cell >= others.length ? { ownEvent: events[cell - others.length]!.uid } : null;
    if (holder) plan.clashes.push({ event, clashing, holder });
  }
  return plan;
}

/** The runs of `whole` not covered by `covered` (merged, in order). */
export function subtractRuns(whole: Nights, covered: Nights[]): Nights[] {
  const left: Nights[] = [];
  let cursor = whole.checkIn;
  for (const run of covered) {
    if (run.checkOut <= cursor || run.checkIn >= whole.checkOut) continue;
    if (run.checkIn > cursor) left.push({ checkIn: cursor, checkOut: run.checkIn });
    if (run.checkOut > cursor) cursor = run.checkOut;
  }
  if (cursor < whole.checkOut) left.push({ checkIn: cursor, checkOut: whole.checkOut });
  return left;
}
