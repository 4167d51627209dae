import { and, asc, eq, sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.ts';
import { BOOKING_STATE_NUMBERS, bookings, bookingStateSql, users } from '../../db/schema.ts';

/** A stay as the desk's day lists it. */
const deskColumns = {
  id: bookings.id,
  transactionId: bookings.transactionId,
  userId: bookings.userId,
  guestName: users.name,
  phone: bookings.phone,
  roomId: bookings.roomId,
  roomCategory: bookings.roomCategory,
  roomNumber: bookings.roomNumber,
  checkIn: bookings.checkIn,
  checkOut: bookings.checkOut,
  adults: bookings.adults,
  children: bookings.children,
  status: bookings.status,
  stage: bookings.stage,
  isConfirmed: bookings.isConfirmed,
  amount: bookings.amount,
  paidAmount: bookings.paidAmount,
  charged: bookings.charged,
  paymentStatus: bookings.paymentStatus,
  registrationCompleteAt: bookings.registrationCompleteAt,
  registrationNote: bookings.registrationNote,
};
export type DeskStayRow = {
  [K in keyof typeof deskColumns]: (typeof deskColumns)[K]['_']['notNull'] extends true
    ? (typeof deskColumns)[K]['_']['data']
    : (typeof deskColumns)[K]['_']['data'] | null;
};

/** 99 before 101 before 1001, as the rooms list orders them. */
const byRoom = [asc(sql`length(${bookings.roomNumber})`), asc(bookings.roomNumber)];

/**
 * Confirmed stays to check in today: a night tonight and not arrived yet (check-in today, or
 * earlier for a late guest). Through the GiST index of active stays.
 */
export async function arrivalsOn(db: Executor, today: string): Promise<DeskStayRow[]> {
  return db
    .select(deskColumns)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        eq(bookings.status, 'active'),
        eq(bookings.stage, 'booked'),
        eq(bookings.isConfirmed, true),
        sql`daterange(${bookings.checkIn}, ${bookings.checkOut}, '[)') && daterange(${today}::date, ${today}::date, '[]')`,
      ),
    )
    .orderBy(asc(bookings.checkIn), ...byRoom);
}

/** Guests checked in now (bookings_in_house_idx). */
export async function inHouse(db: Executor): Promise<DeskStayRow[]> {
  return db
    .select(deskColumns)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.stage, 'checked_in'))
    .orderBy(...byRoom);
}

/** Unconfirmed bookings, as bookings_state_idx finds them. */
const unconfirmed = sql`${bookingStateSql(bookings.status, bookings.stage, bookings.isConfirmed)} = ${sql.raw(String(BOOKING_STATE_NUMBERS.unconfirmed))}`;

/** The desk's counts: rooms to clean, bookings to confirm, open service and event requests. */
export async function deskCounts(db: Executor, today: string) {
  const [row] = await rows<{ roomsToClean: number; awaitingConfirmation: number; pendingServices: number; pendingEvents: number }>(
    db,
    sql`select
      (select count(*) from rooms where deleted_at is null and status = 'cleaning')::int as "roomsToClean",
      (select count(*) from bookings where ${unconfirmed} and check_out > ${today}::date)::int as "awaitingConfirmation",
      (select count(*) from service_requests where not is_completed)::int as "pendingServices",
      (select count(*) from event_requests where status = 'pending')::int as "pendingEvents"`,
  );
  return row!;
}

/**
 * Reservations with a room still booked or in house whose deposit is not paid by its due time
 * (bookings_deposit_due_idx), with their whole deposit and the money they received.
 */
export async function overdueDeposits(db: Executor, now: Date) {
  return rows<{
    id: string;
    reference: string;
    bookingId: string;
    userId: string;
    guestName: string;
    phone: string;
    checkIn: string;
    deposit: string;
    depositDue: string;
    dueBy: Date | string;
    paid: string;
  }>(
    db,
    sql`select r.id, r.reference, r.user_id as "userId", u.name as "guestName",
        (array_agg(b.id order by b.created_at, b.id))[1] as "bookingId",
        (array_agg(b.phone order by b.created_at, b.id))[1] as phone,
        min(b.check_in)::text as "checkIn",
        sum(b.deposit) as deposit, sum(b.deposit_due) as "depositDue",
        min(b.deposit_due_at) filter (where b.deposit_due > 0) as "dueBy",
        r.paid - r.refunded as paid
      from reservations r
      join bookings b on b.reservation_id = r.id and b.status = 'active'
      join users u on u.id = r.user_id
      where r.id in (
        select reservation_id from bookings
        where deposit_due > 0 and status = 'active' and stage <> 'checked_out' and deposit_due_at <= ${now.toISOString()}::timestamptz
      )
      group by r.id, u.name
      order by "dueBy", r.reference`,
  );
}
