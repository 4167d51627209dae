import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingNights, bookings, payments, users } from '../../db/schema.ts';

/** What one line of the bookings export needs. */
export interface ExportedBooking {
  id: string;
  transactionId: string;
  guestName: string;
  guestEmail: string | null;
  phone: string;
  roomCategory: string;
  roomNumber: string;
  checkIn: string;
  checkOut: string;
  status: (typeof bookings.$inferSelect)['status'];
  stage: (typeof bookings.$inferSelect)['stage'];
  isConfirmed: boolean;
  paidAmount: number;
  charged: number;
  paymentStatus: 'Paid' | 'Pending';
  /** The references of its payments (bKash TrxIDs…), in the order they were paid; '' when none. */
  paymentReferences: string;
  ratePlanCode: string;
  /**
   * Room revenue of its nights inside the period, each at its own price less the coupon in
   * proportion (as the dashboard counts it); 0 for a stay that is not active.
   */
  periodRevenue: number;
  createdAt: Date;
  /** created_at to the microsecond, as text: the keyset of the next page (a Date keeps only milliseconds). */
  createdAtKey: string;
}

/**
 * One page of the bookings with a night in [from, to] (any status), in the order they were
 * made, after `after` (keyset paging on (created_at, id) along bookings_created_idx: a page
 * starts where the last one stopped, so the whole export reads the table at most once, and
 * no index is kept on every booking for an export made now and then).
 */
export async function exportPage(
  db: Executor,
  period: { from: string; to: string },
  after: { createdAtKey: string; id: string } | null,
  limit: number,
): Promise<ExportedBooking[]> {
  return db
    .select({
      id: bookings.id,
      transactionId: bookings.transactionId,
      guestName: users.name,
      guestEmail: users.email,
      phone: bookings.phone,
      roomCategory: bookings.roomCategory,
      roomNumber: bookings.roomNumber,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      status: bookings.status,
      stage: bookings.stage,
      isConfirmed: bookings.isConfirmed,
      paidAmount: bookings.paidAmount,
  charged: bookings.charged,
  paymentStatus: bookings.paymentStatus,
      // A correlated subquery along payments_booking_idx: a booking has a few payments at most.
      paymentReferences: sql<string>`coalesce((
        select string_agg(${payments.reference}, '; ' order by ${payments.paidAt}, ${payments.createdAt})
        from ${payments}
        where ${payments.bookingId} = ${bookings.id} and ${payments.reference} is not null
      ), '')`,
      ratePlanCode: bookings.ratePlanCode,
      periodRevenue: sql<number>`case when ${bookings.status} = 'active' then coalesce((
        select round(sum(n.room_price * revenue_ratio(${bookings.withOutVatAndService}, ${bookings.subtotal})), 2)
        from ${bookingNights} n
        where n.booking_id = ${bookings.id} and n.night < ${bookings.checkOut}
          and n.night between ${period.from}::date and ${period.to}::date
      ), 0) else 0 end`.mapWith(Number),
      createdAt: bookings.createdAt,
      createdAtKey: sql<string>`${bookings.createdAt}::text`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        sql`${bookings.checkIn} <= ${period.to}::date`,
        sql`${bookings.checkOut} > ${period.from}::date`,
        after ? sql`(${bookings.createdAt}, ${bookings.id}) > (${after.createdAtKey}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .limit(limit);
}
