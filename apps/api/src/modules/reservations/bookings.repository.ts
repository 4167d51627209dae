import { and, count, desc, eq, gt, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { preparedPer, rows, type Executor } from '../../db/client.ts';
import { rowFromJson } from '../../db/json-rows.ts';
import type { BookingState, PaymentState, TLanguage } from '@residency/shared';
import { BOOKING_STATE_NUMBERS, bookingNights, bookings, bookingStateSql, paymentStateSql, reservations, serviceRequests, users } from '../../db/schema.ts';
import { likePattern, phoneSearch } from '../../lib/accounts.ts';

export type BookingRow = typeof bookings.$inferSelect;
type ReservationRow = typeof reservations.$inferSelect;
export type BookingWithGuest = BookingRow & { guestName: string; guestEmail: string | null; reservationReference: string };
export type NightRow = typeof bookingNights.$inferSelect;

const withGuest = {
  booking: bookings,
  guestName: users.name,
  guestEmail: users.email,
  reservationReference: reservations.reference,
};

const flatten = (r: { booking: BookingRow; guestName: string; guestEmail: string | null; reservationReference: string }): BookingWithGuest => ({
  ...r.booking,
  guestName: r.guestName,
  guestEmail: r.guestEmail,
  reservationReference: r.reservationReference,
});

/** What book_reservation (migration 0036) is given: each table's rows as JSON, keyed by SQL column names. */
export interface ReservationWrite {
  reservation: Record<string, unknown>;
  bookings: Record<string, unknown>[];
  nights: Record<string, unknown>[];
  /** Folio lines in order; `applies_to` is the position (from 1) of the line adjusted. */
  lines: Record<string, unknown>[];
  mails: Record<string, unknown>[];
  /** The rate calendar's number the stay was priced on from memory (migration 0036); null when read from the tables. */
  pricingVersion: number | null;
  /** The rooms as read from the index, for the call to lock and compare (migration 0039); absent when locked already. */
  rooms?: { id: string; category: string; room_number: string; supplement: number; beds: unknown }[];
  /** The request's author, when the call is the whole transaction (no BEGIN carried it). */
  actor?: string;
}

const bookReservationStatement = preparedPer((db) =>
  db
    .select({ written: sql<{ reservation: Record<string, unknown>; bookings: Record<string, unknown>[] }>`book_reservation(${sql.placeholder('write')}::jsonb)` })
    .from(sql`(select 1) as one`)
    .prepare('book_reservation'),
);

/**
 * Writes a new reservation whole in one call (issue 36): its row, its bookings, nights, folio
 * lines and mails. Answers the reservation and the bookings as stored, in the order given. A
 * reference in use raises RSR01 (isReferenceTaken); a night taken, the overlap refusal.
 */
export async function writeReservation(db: Executor, write: ReservationWrite): Promise<{ reservation: ReservationRow; bookings: BookingRow[] }> {
  const { pricingVersion, ...rows } = write;
  const [answer] = await bookReservationStatement(db).execute({ write: JSON.stringify({ ...rows, pricing_version: pricingVersion }) });
  const written = answer!.written;
  const stored = new Map(written.bookings.map((json) => [json.id as string, rowFromJson(bookings, json)]));
  return {
    reservation: rowFromJson(reservations, written.reservation),
    bookings: write.bookings.map((b) => stored.get(b.id as string)!),
  };
}

/**
 * Inserts a booking; undefined when its transaction id is taken already (the caller draws
 * another). ON CONFLICT keeps the transaction usable, where a unique violation would abort it.
 */
export async function insertBooking(db: Executor, values: typeof bookings.$inferInsert): Promise<BookingRow | undefined> {
  const [row] = await db.insert(bookings).values(values).onConflictDoNothing({ target: bookings.transactionId }).returning();
  return row;
}

/** A booking's nights as sold (written once, with the booking: a rate edit never changes them). */
export async function insertNights(db: Executor, bookingId: string, planCode: string, lines: readonly SoldNight[]): Promise<void> {
  if (lines.length === 0) return;
  await db.insert(bookingNights).values(lines.map((line) => nightRow(bookingId, planCode, line)));
}

type SoldNight = { date: string; room: number; extraAdults: number; extraChildren: number; meals: number };

/** A night as sold, as booking_nights keeps it (insertNights, and a new reservation's one call). */
export function nightRow(bookingId: string, planCode: string, line: SoldNight): typeof bookingNights.$inferInsert {
  return { bookingId, night: line.date, planCode, roomPrice: line.room, extraAdults: line.extraAdults, extraChildren: line.extraChildren, meals: line.meals };
}

/** The desk's own prices of some nights of a booking, with the reason each keeps. */
export async function setNightPrices(db: Executor, bookingId: string, nights: readonly { date: string; price: number }[], reason: string): Promise<void> {
  for (const night of nights) {
    await db
      .update(bookingNights)
      .set({ roomPrice: night.price, overrideReason: reason })
      .where(and(eq(bookingNights.bookingId, bookingId), eq(bookingNights.night, night.date)));
  }
}

/** The nights of these bookings as sold, in order, by booking id. */
export async function nightsOf(db: Executor, bookingIds: string[]) {
  const map = new Map<string, NightRow[]>();
  if (bookingIds.length === 0) return map;
  const rows = await db.select().from(bookingNights).where(inArray(bookingNights.bookingId, bookingIds)).orderBy(bookingNights.bookingId, bookingNights.night);
  for (const row of rows) map.set(row.bookingId, [...(map.get(row.bookingId) ?? []), row]);
  return map;
}

/** The guest's language as they last chose it on the site (only written when it changed). */
export async function rememberLanguage(db: Executor, userId: string, language: TLanguage): Promise<void> {
  await db.update(users).set({ language }).where(and(eq(users.id, userId), ne(users.language, language)));
}

/** One booking with its guest; `lock` holds the row for a status change. */
export async function findBooking(db: Executor, id: string, lock = false): Promise<BookingWithGuest | undefined> {
  const query = db
    .select(withGuest)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(reservations, eq(reservations.id, bookings.reservationId))
    .where(eq(bookings.id, id))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: bookings }) : await query;
  return row ? flatten(row) : undefined;
}

export interface BookingFilter {
  page: number;
  limit: number;
  searchTerm?: string;
  userId?: string;
  state?: BookingState;
  payment?: PaymentState;
  /** Stays with a night on or after this day. */
  from?: string;
  /** Stays with a night on or before this day. */
  to?: string;
}

/** The derived state as SQL (booking-states.ts: bookingState), the expression bookings_state_idx holds. */
const stateOf = bookingStateSql(bookings.status, bookings.stage, bookings.isConfirmed);
const stateIs = (state: BookingState) => sql`${stateOf} = ${sql.raw(String(BOOKING_STATE_NUMBERS[state]))}`;

/** The payment state as SQL (booking-states.ts: paymentState), the expression bookings_payment_state_idx holds. */
const paymentStateOf = paymentStateSql(bookings.paymentStatus, bookings.paidAmount);
const PAYMENT_CONDITIONS: Record<PaymentState, SQL> = {
  paid: sql`${paymentStateOf} = 2`,
  partly_paid: sql`${paymentStateOf} = 1`,
  unpaid: sql`${paymentStateOf} = 0`,
};

/** Stays with a night in [from, to] (either end open): the same range expression as the GiST index of migration 0005. */
function overlapping(from?: string, to?: string): SQL | undefined {
  if (!from && !to) return undefined;
  return sql`daterange(${bookings.checkIn}, ${bookings.checkOut}, '[)') && daterange(${from ?? null}::date, ${to ?? null}::date, '[]')`;
}

export async function listBookings(db: Executor, options: BookingFilter) {
  const conditions: SQL[] = [];
  if (options.userId) conditions.push(eq(bookings.userId, options.userId));
  if (options.state) conditions.push(stateIs(options.state));
  if (options.payment) conditions.push(PAYMENT_CONDITIONS[options.payment]);
  const dates = overlapping(options.from, options.to);
  if (dates) conditions.push(dates);
  if (options.searchTerm) {
    const pattern = likePattern(options.searchTerm);
    // The desk finds a guest without an e-mail by the phone they gave, however it was written.
    const byPhone = phoneSearch(bookings.phone, options.searchTerm);
    // The reference the guest quotes finds every room of their reservation; a room's own id, that room (issue 31).
    conditions.push(
      or(
        ilike(reservations.reference, pattern),
        ilike(bookings.transactionId, pattern),
        ilike(users.name, pattern),
        ilike(users.email, pattern),
        ...(byPhone ? [byPhone] : []),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  // The count joins the guests and reservations only when the search needs them: a join over
  // every booking of the hotel costs more than the page itself.
  const counted = options.searchTerm
    ? db
        .select({ n: count() })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.userId))
        .innerJoin(reservations, eq(reservations.id, bookings.reservationId))
        .where(where)
    : db.select({ n: count() }).from(bookings).where(where);
  const [rows, [total]] = await Promise.all([
    db
      .select(withGuest)
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .innerJoin(reservations, eq(reservations.id, bookings.reservationId))
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    counted,
  ]);
  return { data: rows.map(flatten), total: total?.n ?? 0 };
}

export async function updateBooking(db: Executor, id: string, values: Partial<typeof bookings.$inferInsert>) {
  const [row] = await db
    .update(bookings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}

/** Confirms the reservation's active rooms still waiting for confirmation (paid online). */
export async function confirmWaitingRooms(db: Executor, reservationId: string, now: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ isConfirmed: true, confirmedAt: now, updatedAt: now })
    .where(and(eq(bookings.reservationId, reservationId), eq(bookings.status, 'active'), eq(bookings.isConfirmed, false)));
}

/** Active stays of these rooms that are not over yet (check-out after `today`). */
export async function currentOrFutureStays(db: Executor, roomIds: string[], today: string) {
  if (roomIds.length === 0) return [];
  return db
    .select({
      roomId: bookings.roomId,
      transactionId: bookings.transactionId,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
    })
    .from(bookings)
    .where(and(inArray(bookings.roomId, roomIds), eq(bookings.status, 'active'), gt(bookings.checkOut, today)))
    .orderBy(bookings.checkIn);
}

/** A page of a guest's reservations, newest first, and how many they have in all. */
export async function listReservationsOf(db: Executor, userId: string, page: number, limit: number) {
  const mine = eq(reservations.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reservations)
      .where(mine)
      .orderBy(desc(reservations.createdAt), desc(reservations.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(reservations).where(mine),
  ]);
  return { data: rows, total: total?.n ?? 0 };
}

/** The bookings of these reservations with their guest, by reservation, each in the order they were made. */
export async function bookingsOfReservations(db: Executor, reservationIds: readonly string[]): Promise<Map<string, BookingWithGuest[]>> {
  const byReservation = new Map<string, BookingWithGuest[]>();
  if (reservationIds.length === 0) return byReservation;
  const rows = await db
    .select(withGuest)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(reservations, eq(reservations.id, bookings.reservationId))
    .where(inArray(bookings.reservationId, [...reservationIds]))
    .orderBy(bookings.createdAt, bookings.id);
  for (const row of rows.map(flatten)) byReservation.set(row.reservationId, [...(byReservation.get(row.reservationId) ?? []), row]);
  return byReservation;
}

/** The bookings of a reservation with their guest, in the order they were made. */
export async function bookingsOfReservation(db: Executor, reservationId: string): Promise<BookingWithGuest[]> {
  const rows = await db
    .select(withGuest)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(reservations, eq(reservations.id, bookings.reservationId))
    .where(eq(bookings.reservationId, reservationId))
    .orderBy(bookings.createdAt, bookings.id);
  return rows.map(flatten);
}

/**
 * The other rooms of a reservation still waiting to be confirmed, their rows locked: those another
 * change holds right now are skipped (SKIP LOCKED), so two desks confirming two rooms of one
 * reservation at once never wait on each other's room (each confirms what it could lock).
 */
export async function lockUnconfirmedRoomsOf(db: Executor, reservationId: string, exceptId: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.reservationId, reservationId), ne(bookings.id, exceptId), eq(bookings.status, 'active'), eq(bookings.stage, 'booked'), eq(bookings.isConfirmed, false)))
    .orderBy(bookings.createdAt, bookings.id)
    .for('update', { skipLocked: true });
}

/** Rooms of a type free on every night of [checkIn, checkOut) and in service, leaving out `except`. */
export async function freeRoomsOfType(db: Executor, category: string, checkIn: string, checkOut: string, except: readonly string[]) {
  return rows<{ id: string; roomNumber: string }>(db, sql`
    select r.id::text as id, r.room_number as "roomNumber" from rooms r
    where r.category = ${category} and r.deleted_at is null and r.status not in ('maintenance', 'unavailable')
      and not (r.id = any(${`{${except.join(',')}}`}::uuid[]))
      and not exists (select 1 from room_occupancy o where o.room_id = r.id and o.nights && daterange(${checkIn}::date, ${checkOut}::date, '[)'))
    order by r.room_number limit 10`);
}

/** Whether another active room of the reservation still uses the coupon (its use is then kept). */
export async function couponStillUsed(db: Executor, reservationId: string, couponId: string): Promise<boolean> {
  const found = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.reservationId, reservationId), eq(bookings.couponId, couponId), eq(bookings.status, 'active')))
    .limit(1);
  return found.length > 0;
}

/** A service request's booking and whether it is completed (a charge may be posted for it then). */
export async function serviceRequestOf(db: Executor, id: string) {
  const [row] = await db
    .select({ bookingId: serviceRequests.bookingId, isCompleted: serviceRequests.isCompleted, service: serviceRequests.service })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id));
  return row;
}
