import { addDays, instantAt, type TAuditRecord, type TAuditVerify, type ZAuditQuery } from '@residency/shared';
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { rows, type Executor } from '../../db/client.ts';
import { auditAnchors, auditLog, bookings, users } from '../../db/schema.ts';
import { currentActor, jobActor, type AuditActor } from '../../db/audit-actor.ts';

/*
 * Reading the audit trail, walking its chain, and the events the API records itself. The
 * records of row changes are written by the database (migration 0030), never here.
 */

/**
 * An event the API records itself (a sign-in, a failed one, a password reset), in `db`'s
 * transaction, by the request's actor in scope with `as` laid over it (the account signing in).
 */
export async function recordEvent(
  db: Executor,
  event: { entityId: string | null; action: 'sign-in' | 'sign-in-failed' | 'password-reset' | 'password-changed'; changes?: Record<string, [unknown, unknown]>; as?: Partial<AuditActor> },
): Promise<void> {
  const actor = { ...(currentActor() ?? jobActor('api')), ...event.as };
  await db.execute(
    sql`select audit_append('user', ${event.entityId}, null, null, ${event.action}, ${event.changes ? JSON.stringify(event.changes) : null}::jsonb, ${JSON.stringify(actor)}::jsonb)`,
  );
}

/**
 * Names the author of the rest of `tx` once it is known inside it (a reset link's owner): the
 * audit triggers read the setting at commit.
 */
export async function actAs(tx: Executor, as: Partial<AuditActor>): Promise<void> {
  const actor = { ...(currentActor() ?? jobActor('api')), ...as };
  await tx.execute(sql`select set_config('residency.actor', ${JSON.stringify(actor)}, true)`);
}

type AuditFilters = z.output<typeof ZAuditQuery>;

/** The records an entity's history shows: its own, and those of the records that belong to it. */
function historyOf(entity: string, id: string): SQL {
  const own = and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)) as SQL;
  const children = and(eq(auditLog.parentEntity, entity), eq(auditLog.parentId, id)) as SQL;
  if (entity !== 'reservation') return or(own, children) as SQL;
  // A reservation's rooms' own records: their guests' cards and service requests.
  const ofItsBookings = sql`${auditLog.parentEntity} = 'booking' and ${auditLog.parentId} in (select ${bookings.id}::text from ${bookings} where ${bookings.reservationId} = ${id}::uuid)`;
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  return (isUuid ? or(own, children, ofItsBookings) : or(own, children)) as SQL;
}

function whereOf(query: Omit<AuditFilters, 'page' | 'limit'>, timeZone: string): SQL | undefined {
  const where: SQL[] = [];
  if (query.entity && query.entityId) where.push(historyOf(query.entity, query.entityId));
  else if (query.entity) where.push(eq(auditLog.entity, query.entity));
  if (query.actor) where.push(eq(auditLog.actorId, query.actor));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.from) where.push(gte(auditLog.at, instantAt(query.from, '00:00', timeZone)));
  if (query.to) where.push(lt(auditLog.at, instantAt(addDays(query.to, 1), '00:00', timeZone)));
  return where.length > 0 ? and(...where) : undefined;
}

const selection = { record: auditLog, name: users.name };

function toRecord({ record, name }: { record: typeof auditLog.$inferSelect; name: string | null }): TAuditRecord {
  return {
    seq: record.seq,
    at: record.at.toISOString(),
    actor: { _id: record.actorId, role: record.actorRole, label: record.actorLabel, name },
    ip: record.ip,
    userAgent: record.userAgent,
    route: record.route,
    entity: record.entity,
    entityId: record.entityId,
    parentEntity: record.parentEntity,
    parentId: record.parentId,
    action: record.action,
    changes: record.changes,
    hash: record.hash,
  };
}

/** One page of the trail, newest first, with its filters. */
export async function listAudit(db: Executor, query: AuditFilters, timeZone: string): Promise<{ data: TAuditRecord[]; total: number }> {
  const filter = whereOf(query, timeZone);
  const [found, [counted]] = await Promise.all([
    db
      .select(selection)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(filter)
      .orderBy(desc(auditLog.seq))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(auditLog).where(filter),
  ]);
  return { total: counted?.total ?? 0, data: found.map(toRecord) };
}

/** The trail with the filters, newest first, `size` records at a time (the CSV export). */
export async function* auditPages(db: Executor, query: Omit<AuditFilters, 'page' | 'limit'>, timeZone: string, size = 1000) {
  const filter = whereOf(query, timeZone);
  let before: number | undefined;
  for (;;) {
    const page = await db
      .select(selection)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(before === undefined ? filter : and(filter, lt(auditLog.seq, before)))
      .orderBy(desc(auditLog.seq))
      .limit(size);
    if (page.length === 0) return;
    yield page.map(toRecord);
    before = page.at(-1)!.record.seq;
    if (page.length < size) return;
  }
}

const VERIFY_BATCH = 5000;

/**
 * Walks the chain from its first record: each must follow the one before (no number missing)
 * and match its hash, computed again from its content and the previous record's stored hash.
 * The first that does not is named: an edited record fails its own hash, a deleted one leaves a
 * gap. Records cut off the end are found by the anchors (the head written down by each closed
 * day and backup): each must still be in the chain with the hash it had.
 */
export async function verifyChain(db: Executor, batch = VERIFY_BATCH): Promise<TAuditVerify> {
  let lastSeq = 0;
  let lastHash = '';
  let checked = 0;
  for (;;) {
    const [page] = await rows<{ n: number; bad_hash: string | null; gap: string | null; last_seq: string | null; last_hash: string | null }>(
      db,
      sql`with page as (
            select * from ${auditLog} where seq > ${lastSeq} order by seq limit ${batch}
          ), checked as (
            select seq, hash,
                   audit_hash(coalesce(lag(hash) over w, ${lastHash}), seq, at, actor_id, actor_role, actor_label, ip, user_agent, route, entity, entity_id, parent_entity, parent_id, action, changes) as expected,
                   seq - coalesce(lag(seq) over w, ${lastSeq}) as step
              from page window w as (order by seq)
          )
          select (select count(*)::int from checked) as n,
                 (select min(seq) from checked where hash <> expected) as bad_hash,
                 (select min(seq) from checked where step <> 1) as gap,
                 (select max(seq) from checked) as last_seq,
                 (select hash from checked order by seq desc limit 1) as last_hash`,
    );
    const badHash = page?.bad_hash == null ? undefined : Number(page.bad_hash);
    const gap = page?.gap == null ? undefined : Number(page.gap);
    if (badHash !== undefined || gap !== undefined) {
      const broken =
        gap !== undefined && (badHash === undefined || gap <= badHash)
          ? { seq: gap, reason: `Records before ${gap} are missing: the chain jumps to ${gap}.` }
          : { seq: badHash!, reason: `Record ${badHash} does not match its hash: it was changed after it was written.` };
      // The records before the broken one checked out.
      return { ok: false, checked: checked + Math.max(0, broken.seq - lastSeq - 1), head: { seq: lastSeq, hash: lastHash }, firstBroken: broken };
    }
    const n = page?.n ?? 0;
    if (n === 0) break;
    checked += n;
    lastSeq = Number(page!.last_seq);
    lastHash = page!.last_hash ?? '';
    if (n < batch) break;
  }
  const head = { seq: lastSeq, hash: lastHash };
  const [lost] = await rows<{ seq: string; hash: string; reason: string }>(
    db,
    sql`select a.seq, a.hash, a.reason from ${auditAnchors} a left join ${auditLog} l on l.seq = a.seq
         where l.seq is null or l.hash <> a.hash order by a.seq limit 1`,
  );
  if (lost) {
    const seq = Number(lost.seq);
    const reason = seq > lastSeq ? `Records ${lastSeq + 1} to ${seq} are missing: the chain ends before record ${seq}, written down by ${lost.reason}.` : `Record ${seq} is not the one written down by ${lost.reason}.`;
    return { ok: false, checked, head, firstBroken: { seq: Math.min(seq, lastSeq + 1), reason } };
  }
  return { ok: true, checked, head, firstBroken: null };
}

/** Writes down the chain's last record (a closed day, a backup), in `db`'s transaction: verify then finds a cut-off end. */
export async function anchorChain(db: Executor, reason: string): Promise<{ seq: number; hash: string }> {
  const [last] = await db.select({ seq: auditLog.seq, hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
  const head = last ?? { seq: 0, hash: '' };
  if (last) await db.insert(auditAnchors).values({ seq: head.seq, hash: head.hash, reason });
  return head;
}

/** The CSV's file name: the trail, and the entity and days it was filtered by. */
export function exportName(query: { from?: string; to?: string; entity?: string }): string {
  return ['audit', query.entity, query.from, query.to].filter(Boolean).join('-');
}
