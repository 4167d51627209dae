import { addDays, instantAt, todayAt, type TNightAuditDay } from '@residency/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../lib/transactions.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { anchorChain } from '../audit/audit.service.ts';
import { closedDay, figuresOf, insertClosedDay, lastClosedDay, nightAuditStart, openItemsOf, type ClosedDayRow } from './night-audit.repository.ts';
import { ownerReportMail } from './owner-report.ts';

/*
 * The night audit (issue 35). Days close in order, one transaction each: the items the day left
 * open and its figures are written with the day, the audit trail's last record is written down
 * (an anchor of the chain), and the owner's report is put in the outbox, all or nothing. A
 * process killed during a close leaves the day open, as it was; the close runs again. Two API
 * processes close a day once: the close takes a lock and the day is the table's key.
 */

export interface NightAuditDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
}

/** Any constant: the lock that lets one close run at a time, in every process. */
const CLOSE_LOCK = 727_036;

/** Who closes: the duty manager (an account), or the system at the closing hour. */
export interface Closer {
  id: string | null;
  role: string;
}

interface DayState {
  state: TNightAuditDay['state'];
  canClose: boolean;
  blockedBy: string | null;
  closed: ClosedDayRow | undefined;
}

const hotelToday = (config: Config, now = new Date()) => todayAt(config.hotel.timeZone, now);

async function stateOf(db: Executor, config: Config, day: string, now = new Date()): Promise<DayState> {
  const today = hotelToday(config, now);
  const start = await nightAuditStart(db, today);
  const closed = await closedDay(db, day);
  if (closed) return { state: 'closed', canClose: false, blockedBy: null, closed };
  if (day < start) return { state: 'before-start', canClose: false, blockedBy: null, closed };
  if (day >= today) return { state: 'not-ended', canClose: false, blockedBy: null, closed };
  const last = await lastClosedDay(db);
  const next = last && last >= start ? addDays(last, 1) : start;
  return { state: 'open', canClose: next === day, blockedBy: next === day ? null : next, closed };
}

function presentClosed(row: ClosedDayRow): NonNullable<TNightAuditDay['closed']> {
  return {
    at: row.closed_at.toISOString(),
    by: { _id: row.closed_by, name: row.closer_name, role: row.closed_by_role },
    note: row.note,
    openItems: row.open_items,
    audit: { seq: Number(row.audit_seq), hash: row.audit_hash },
  };
}

/** `GET /api/night-audit/{date}`: what the day left open and its figures (frozen once closed). */
export async function nightAuditDay(deps: NightAuditDeps, day: string): Promise<TNightAuditDay> {
  const s = await stateOf(deps.db, deps.config, day);
  if (s.closed) return { day, state: 'closed', canClose: false, blockedBy: null, openItems: [], figures: s.closed.figures, closed: presentClosed(s.closed) };
  const [openItems, figures] = await Promise.all([openItemsOf(deps.db, day), figuresOf(deps.db, day, deps.config.hotel.timeZone)]);
  return { day, state: s.state, canClose: s.canClose, blockedBy: s.blockedBy, openItems, figures, closed: null };
}

function refusal(day: string, s: DayState): AppError {
  switch (s.state) {
    case 'closed':
      return AppError.conflict(`${day} is closed already.`, 'DAY_ALREADY_CLOSED').with({ day });
    case 'before-start':
      return AppError.conflict(`${day} is before the night audit began: it is not closed.`, 'DAY_BEFORE_NIGHT_AUDIT').with({ day });
    case 'not-ended':
      return AppError.conflict(`${day} has not ended yet: a day closes once it is over.`, 'DAY_NOT_ENDED').with({ day });
    default:
      return AppError.conflict(`Close ${s.blockedBy} first: days close in order.`, 'EARLIER_DAY_OPEN').with({ day: s.blockedBy });
  }
}

/**
 * Closes `day`: refuses a day that is not the next to close; with items open, a person must say
 * why (the system writes its own note). Returns the closed day.
 */
export async function closeDay(deps: NightAuditDeps, day: string, input: { note?: string }, by: Closer, now = new Date()): Promise<TNightAuditDay> {
  await inTransaction(deps.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLOSE_LOCK})`);
    const s = await stateOf(tx, deps.config, day, now);
    if (!s.canClose) throw refusal(day, s);
    const openItems = await openItemsOf(tx, day);
    let note = input.note?.trim() || null;
    if (openItems.length > 0 && !note) {
      if (by.id) {
        const message = 'The day leaves items open: write a note saying why it closes with them.';
        throw new AppError('NOTE_REQUIRED', message, 400, [{ path: 'note', message }]);
      }
      note = `Closed by the system at the closing hour (${deps.config.nightAudit.closeAt}) with ${openItems.length} item${openItems.length === 1 ? '' : 's'} open.`;
    }
    const figures = await figuresOf(tx, day, deps.config.hotel.timeZone);
    const audit = await anchorChain(tx, `day closed ${day}`);
    const inserted = await insertClosedDay(tx, { day, closedBy: by.id, role: by.role, note, openItems, figures, audit });
    // The lock and the state check make this unreachable; the key keeps it so if they did not.
    if (!inserted) throw refusal(day, { state: 'closed', canClose: false, blockedBy: null, closed: undefined });
    if (deps.config.nightAudit.ownerEmail) {
      await deps.mailer.enqueue(tx, ownerReportMail(deps.config, day, figures, openItems.length, note));
    }
  });
  deps.mailer.kick();
  return nightAuditDay(deps, day);
}

/**
 * The job: closes each ended day whose closing hour has passed, oldest first, so a server that
 * was stopped over several nights catches up day by day. Answers the days it closed.
 */
export async function closeDueDays(deps: NightAuditDeps, log: FastifyBaseLogger, now = new Date()): Promise<string[]> {
  const { timeZone } = deps.config.hotel;
  const today = hotelToday(deps.config, now);
  const start = await nightAuditStart(deps.db, today);
  const last = await lastClosedDay(deps.db);
  let next = last && last >= start ? addDays(last, 1) : start;
  const done: string[] = [];
  while (next < today && now.getTime() >= instantAt(addDays(next, 1), deps.config.nightAudit.closeAt, timeZone).getTime()) {
    try {
      await closeDay(deps, next, {}, { id: null, role: 'system' }, now);
      done.push(next);
    } catch (error) {
      // Another process closed it a moment earlier: go on with the next day.
      if (!(error instanceof AppError && error.code === 'DAY_ALREADY_CLOSED')) throw error;
    }
    log.info({ day: next }, 'night audit: day closed');
    next = addDays(next, 1);
  }
  return done;
}

