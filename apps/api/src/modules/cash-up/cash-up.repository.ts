import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payments, reservations, users } from '../../db/schema.ts';

/** One staff member's money of one method on the day. */
export interface CashUpGroup {
  staffId: string | null;
  staffName: string | null;
  method: (typeof payments.$inferSelect)['method'];
  taken: number;
  refunded: number;
  count: number;
}

/**
 * The payments and refunds the desk received or gave in [day 00:00, next day 00:00) at the hotel's
 * clock, summed per person who recorded them and method. The bounds are instants, so the
 * comparison is on paid_at itself (not on a date computed for every row).
 */
const dayBounds = (day: string, timeZone: string) =>
  and(
    sql`${payments.paidAt} >= (${day}::date)::timestamp at time zone ${timeZone}`,
    sql`${payments.paidAt} < (${day}::date + 1)::timestamp at time zone ${timeZone}`,
    // The desk's money only: what a gateway took or gave back is the reconciliation's (issue 33).
    isNull(payments.gateway),
  );

export async function cashUpGroups(db: Executor, day: string, timeZone: string): Promise<CashUpGroup[]> {
  return db
    .select({
      staffId: payments.recordedBy,
      staffName: users.name,
      method: payments.method,
      taken: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'payment'), 0)`.mapWith(Number),
      refunded: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'refund'), 0)`.mapWith(Number),
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(dayBounds(day, timeZone))
    .groupBy(payments.recordedBy, users.name, payments.method);
}

/** Each payment and refund of the day, in time order, with its reference and reservation. */
export async function cashUpItems(db: Executor, day: string, timeZone: string) {
  return db
    .select({
      id: payments.id,
      kind: payments.kind,
      method: payments.method,
      amount: sql<number>`${payments.amount}`.mapWith(Number),
      paidAt: payments.paidAt,
      reference: payments.reference,
      staffId: payments.recordedBy,
      staffName: users.name,
      reservationId: reservations.id,
      reservationReference: reservations.reference,
    })
    .from(payments)
    .innerJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(dayBounds(day, timeZone))
    .orderBy(asc(payments.paidAt), asc(payments.id));
}
