import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { onlinePaymentEvents, onlinePaymentSessions, onlineRefunds, payments, reservations } from '../../db/schema.ts';

export type SessionRow = typeof onlinePaymentSessions.$inferSelect;
export type RefundRow = typeof onlineRefunds.$inferSelect;

/** A new session; undefined when the reservation has one pending already (or the tran_id was drawn before). */
export async function insertSession(db: Executor, values: typeof onlinePaymentSessions.$inferInsert): Promise<SessionRow | undefined> {
  const [row] = await db.insert(onlinePaymentSessions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function pendingSessionOf(db: Executor, reservationId: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(onlinePaymentSessions)
    .where(and(eq(onlinePaymentSessions.reservationId, reservationId), eq(onlinePaymentSessions.status, 'pending')));
  return row;
}

export async function updateSession(db: Executor, id: string, values: Partial<typeof onlinePaymentSessions.$inferInsert>): Promise<void> {
  await db.update(onlinePaymentSessions).set({ ...values, updatedAt: new Date() }).where(eq(onlinePaymentSessions.id, id));
}

export async function findSession(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(onlinePaymentSessions).where(eq(onlinePaymentSessions.id, id));
  return row;
}

/** The session the gateway knows by `tranId`, its row locked until the transaction ends. */
export async function lockSessionByTranId(db: Executor, tranId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(onlinePaymentSessions).where(eq(onlinePaymentSessions.tranId, tranId)).for('update');
  return row;
}

export async function findSessionByTranId(db: Executor, tranId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(onlinePaymentSessions).where(eq(onlinePaymentSessions.tranId, tranId));
  return row;
}

export async function findSessionByGatewaySession(db: Executor, gateway: 'sslcommerz' | 'bkash', gatewaySession: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(onlinePaymentSessions)
    .where(and(eq(onlinePaymentSessions.gateway, gateway), eq(onlinePaymentSessions.gatewaySession, gatewaySession)));
  return row;
}

export async function insertEvent(db: Executor, values: typeof onlinePaymentEvents.$inferInsert): Promise<void> {
  await db.insert(onlinePaymentEvents).values(values);
}

/** Whether a session of the reservation waits for the staff's review (its hold does not lapse meanwhile). */
export async function hasSessionInReview(db: Executor, reservationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: onlinePaymentSessions.id })
    .from(onlinePaymentSessions)
    .where(and(eq(onlinePaymentSessions.reservationId, reservationId), eq(onlinePaymentSessions.status, 'review')))
    .limit(1);
  return Boolean(row);
}

/**
 * Claims up to `limit` pending sessions to ask their gateway about: opened before `openedBefore`
 * or past their hold, and not asked in the last `recheckMs`. Claimed by stamping `checked_at`
 * under SKIP LOCKED, so two processes never ask about one session at once.
 */
export async function claimSessionsToQuery(db: Executor, now: Date, openedBefore: Date, recheckMs: number, limit: number): Promise<SessionRow[]> {
  const recheckBefore = new Date(now.getTime() - recheckMs);
  const due = db
    .select({ id: onlinePaymentSessions.id })
    .from(onlinePaymentSessions)
    .where(
      and(
        eq(onlinePaymentSessions.status, 'pending'),
        or(lt(onlinePaymentSessions.createdAt, openedBefore), lt(onlinePaymentSessions.holdUntil, now)),
        or(isNull(onlinePaymentSessions.checkedAt), lt(onlinePaymentSessions.checkedAt, recheckBefore)),
      ),
    )
    .orderBy(asc(onlinePaymentSessions.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(onlinePaymentSessions).set({ checkedAt: now }).where(inArray(onlinePaymentSessions.id, due)).returning();
}

/** Reservations whose payment hold has ended (each is locked and checked again before it lapses). */
export async function reservationsPastHold(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(lt(reservations.holdUntil, now))
    .orderBy(asc(reservations.holdUntil))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A payment a gateway took, with its session: what a refund through the gateway needs. */
export async function findGatewayPayment(db: Executor, paymentId: string) {
  const [row] = await db
    .select({ payment: payments, session: onlinePaymentSessions })
    .from(payments)
    .innerJoin(onlinePaymentSessions, eq(onlinePaymentSessions.id, payments.onlineSessionId))
    .where(and(eq(payments.id, paymentId), eq(payments.kind, 'payment')));
  return row;
}

/** Taka of this payment given back or on its way back (refunds requested or done). */
export async function refundedOfPayment(db: Executor, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${onlineRefunds.amount}), 0)` })
    .from(onlineRefunds)
    .where(and(eq(onlineRefunds.paymentId, paymentId), inArray(onlineRefunds.state, ['requested', 'done'])));
  return Number(row?.total ?? 0);
}

/** Taka of the reservation's gateway refunds still on their way (requested, not done). */
export async function refundsUnderWay(db: Executor, reservationId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${onlineRefunds.amount}), 0)` })
    .from(onlineRefunds)
    .where(and(eq(onlineRefunds.reservationId, reservationId), eq(onlineRefunds.state, 'requested')));
  return Number(row?.total ?? 0);
}

export async function insertRefund(db: Executor, values: typeof onlineRefunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(onlineRefunds).values(values).returning();
  return row!;
}

export async function lockRefund(db: Executor, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(onlineRefunds).where(eq(onlineRefunds.id, id)).for('update');
  return row;
}

export async function updateRefund(db: Executor, id: string, values: Partial<typeof onlineRefunds.$inferInsert>): Promise<void> {
  await db.update(onlineRefunds).set({ ...values, updatedAt: new Date() }).where(eq(onlineRefunds.id, id));
}

/** Claims refunds still under way to ask their gateway about (SKIP LOCKED, as sessions). */
export async function claimRefundsToCheck(db: Executor, now: Date, recheckMs: number, limit: number): Promise<RefundRow[]> {
  const due = db
    .select({ id: onlineRefunds.id })
    .from(onlineRefunds)
    .where(and(eq(onlineRefunds.state, 'requested'), or(isNull(onlineRefunds.checkedAt), lt(onlineRefunds.checkedAt, new Date(now.getTime() - recheckMs)))))
    .orderBy(asc(onlineRefunds.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(onlineRefunds).set({ checkedAt: now }).where(inArray(onlineRefunds.id, due)).returning();
}


/** Sessions in review, oldest first, with their reservation's reference (the staff's list). */
export async function sessionsInReview(db: Executor) {
  return db
    .select({ session: onlinePaymentSessions, reference: reservations.reference })
    .from(onlinePaymentSessions)
    .innerJoin(reservations, eq(reservations.id, onlinePaymentSessions.reservationId))
    .where(eq(onlinePaymentSessions.status, 'review'))
    .orderBy(asc(onlinePaymentSessions.createdAt));
}

/**
 * The reconciliation's two sides over [from, to): sessions the gateway confirmed money on (a fact
 * kept, or a payment recorded), and the gateway payments and refunds the folio recorded, each
 * with its reservation's reference.
 */
export async function reconciliationRows(db: Executor, from: Date, to: Date) {
  const sessions = await db
    .select({ session: onlinePaymentSessions, reference: reservations.reference })
    .from(onlinePaymentSessions)
    .innerJoin(reservations, eq(reservations.id, onlinePaymentSessions.reservationId))
    .where(and(gte(onlinePaymentSessions.updatedAt, from), lt(onlinePaymentSessions.createdAt, to), inArray(onlinePaymentSessions.status, ['paid', 'review', 'refunded'])))
    .orderBy(asc(onlinePaymentSessions.createdAt));
  const money = await db
    .select({ payment: payments, reference: reservations.reference, tranId: onlinePaymentSessions.tranId })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(onlinePaymentSessions, eq(onlinePaymentSessions.id, payments.onlineSessionId))
    .where(and(isNotNull(payments.gateway), gte(payments.paidAt, from), lt(payments.paidAt, to)))
    .orderBy(asc(payments.paidAt));
  const refunds = await db
    .select({ refund: onlineRefunds, reference: reservations.reference, tranId: onlinePaymentSessions.tranId, gateway: onlinePaymentSessions.gateway })
    .from(onlineRefunds)
    .innerJoin(reservations, eq(reservations.id, onlineRefunds.reservationId))
    .innerJoin(payments, eq(payments.id, onlineRefunds.paymentId))
    .innerJoin(onlinePaymentSessions, eq(onlinePaymentSessions.id, payments.onlineSessionId))
    .where(and(gte(onlineRefunds.createdAt, from), lt(onlineRefunds.createdAt, to), eq(onlineRefunds.state, 'done')))
    .orderBy(asc(onlineRefunds.createdAt));
  return { sessions, money, refunds };
}
