import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { bookings, payments, users } from '../../../db/schema.ts';

type PaymentRow = typeof payments.$inferSelect;
export type PaymentWithRecorder = PaymentRow & { recorderName: string | null };

/**
 * The payments of a booking's reservation (money belongs to the reservation since issue 22),
 * oldest first, with the name of whoever recorded each. Refunds are the folio's to show.
 */
export async function paymentsOf(db: Executor, bookingId: string): Promise<PaymentWithRecorder[]> {
  const rows = await db
    .select({ payment: payments, recorderName: users.name })
    .from(payments)
    .innerJoin(bookings, eq(bookings.reservationId, payments.reservationId))
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(and(eq(bookings.id, bookingId), eq(payments.kind, 'payment')))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt));
  return rows.map((r) => ({ ...r.payment, recorderName: r.recorderName }));
}
