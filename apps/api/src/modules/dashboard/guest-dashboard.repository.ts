import { and, asc, count, desc, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, reservations, serviceRequests } from '../../db/schema.ts';

const stayColumns = {
  id: bookings.id,
  transactionId: bookings.transactionId,
  reservationId: bookings.reservationId,
  reservationReference: reservations.reference,
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
};
export type GuestStayRow = {
  [K in keyof typeof stayColumns]: (typeof stayColumns)[K]['_']['data'];
};

/** The guest's stay under way, else the next one: active, not checked out, not over. */
export async function nextStayOf(db: Executor, userId: string, today: string): Promise<GuestStayRow | undefined> {
  const [row] = await db
    .select(stayColumns)
    .from(bookings)
    .innerJoin(reservations, eq(reservations.id, bookings.reservationId))
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'active'), ne(bookings.stage, 'checked_out'), gt(bookings.checkOut, today)))
    .orderBy(asc(bookings.checkIn))
    .limit(1);
  return row;
}

/** Stays that are over (checked out, or past their check-out day): how many, and the latest `limit`. */
export async function pastStaysOf(db: Executor, userId: string, today: string, limit: number) {
  const over = and(
    eq(bookings.userId, userId),
    eq(bookings.status, 'active'),
    or(eq(bookings.stage, 'checked_out'), lte(bookings.checkOut, today)),
  );
  const [recent, [total]] = await Promise.all([
    db.select(stayColumns).from(bookings).innerJoin(reservations, eq(reservations.id, bookings.reservationId)).where(over).orderBy(desc(bookings.checkOut), desc(bookings.id)).limit(limit),
    db.select({ n: count() }).from(bookings).where(over),
  ]);
  return { count: total?.n ?? 0, recent };
}

/** The guest's service requests not completed yet: how many, and the latest `limit`. */
export async function openRequestsOf(db: Executor, userId: string, limit: number) {
  const open = and(eq(serviceRequests.userId, userId), eq(serviceRequests.isCompleted, false));
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: serviceRequests.id,
        service: serviceRequests.service,
        description: serviceRequests.description,
        roomNumber: sql<string>`${bookings.roomNumber}`,
        createdAt: serviceRequests.createdAt,
      })
      .from(serviceRequests)
      .innerJoin(bookings, eq(bookings.id, serviceRequests.bookingId))
      .where(open)
      .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
      .limit(limit),
    db.select({ n: count() }).from(serviceRequests).where(open),
  ]);
  return { count: total?.n ?? 0, items };
}
