import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payments, users } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentWithRecorder = PaymentRow & { recorderName: string | null };

/**
 * Records money received. The booking's `paid_amount`, `payment_status` and `paid_at` follow
 * through the payments_booking_totals trigger, in the same statement.
 */
export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

/** A booking's payments, oldest first, with the name of whoever recorded each. */
export async function paymentsOf(db: Executor, bookingId: string): Promise<PaymentWithRecorder[]> {
  const rows = await db
    .select({ payment: payments, recorderName: users.name })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt));
  return rows.map((r) => ({ ...r.payment, recorderName: r.recorderName }));
}
