import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DraftLine } from '@residency/shared';
import type { Executor } from '../../../db/client.ts';
import { bookings, folioLines, invoices, payments, reservations, users, onlineRefunds } from '../../../db/schema.ts';

export type ReservationRow = typeof reservations.$inferSelect;
export type FolioLineRow = typeof folioLines.$inferSelect;
export type MoneyRow = typeof payments.$inferSelect & { recorderName: string | null };

/** A new reservation; undefined when its reference is taken (the caller draws another). */
export async function insertReservation(db: Executor, values: typeof reservations.$inferInsert): Promise<ReservationRow | undefined> {
  const [row] = await db.insert(reservations).values(values).onConflictDoNothing({ target: reservations.reference }).returning();
  return row;
}

/** The reservation, its row locked for a change of its folio (postings, payments, refunds, check-out). */
export async function lockReservation(db: Executor, id: string): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).for('update');
  return row;
}

export async function findReservation(db: Executor, id: string): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row;
}

export async function updateReservation(db: Executor, id: string, values: Partial<typeof reservations.$inferInsert>): Promise<void> {
  await db.update(reservations).set({ ...values, updatedAt: new Date() }).where(eq(reservations.id, id));
}

/**
 * Posts drafted lines to one room's booking: the lines that adjust nothing first, then the
 * adjustments pointing to them (`appliesTo` is an index into `drafts`). Two inserts whatever the
 * number of lines; the reservation's totals follow by trigger.
 */
export function postLines(
  db: Executor,
  target: { reservationId: string; bookingId: string },
  drafts: readonly DraftLine[],
  extra: { postedBy: string | null; reason?: string | null; serviceRequestId?: string | null } = { postedBy: null },
): Promise<FolioLineRow[]> {
  return postLinesOfRooms(db, [{ target, drafts }], extra);
}

type LineExtra = { postedBy: string | null; reason?: string | null; serviceRequestId?: string | null };

/**
 * The rows of drafted lines of several rooms in the order they are posted: the lines that adjust
 * nothing, then the adjustments, each with the position (from 1) of the line it adjusts.
 */
export function linesInOrder(
  rooms: readonly { target: { reservationId: string; bookingId: string }; drafts: readonly DraftLine[] }[],
  extra: LineExtra,
): { values: typeof folioLines.$inferInsert; adjusts: number | null }[] {
  const all = rooms.flatMap(({ target, drafts }, room) => drafts.map((d, i) => ({ target, d, room, i })));
  const row = ({ target, d }: (typeof all)[number]) => ({
    reservationId: target.reservationId,
    bookingId: target.bookingId,
    kind: d.kind,
    chargeType: d.chargeType ?? null,
    serviceDate: d.serviceDate,
    description: d.description ?? '',
    quantity: d.quantity,
    unitPrice: d.unitPrice,
    amount: d.amount,
    rate: d.rate,
    reason: extra.reason ?? null,
    serviceRequestId: d.appliesTo === null ? (extra.serviceRequestId ?? null) : null,
    postedBy: extra.postedBy,
  });
  const base = all.filter((x) => x.d.appliesTo === null);
  const position = new Map(base.map((x, k) => [`${x.room}:${x.i}`, k + 1]));
  return [
    ...base.map((x) => ({ values: row(x), adjusts: null })),
    ...all.filter((x) => x.d.appliesTo !== null).map((x) => ({ values: row(x), adjusts: position.get(`${x.room}:${x.d.appliesTo}`) ?? null })),
  ];
}

/** postLines for several rooms at once (a reservation of several): still two inserts in all. */
export async function postLinesOfRooms(
  db: Executor,
  rooms: readonly { target: { reservationId: string; bookingId: string }; drafts: readonly DraftLine[] }[],
  extra: LineExtra = { postedBy: null },
): Promise<FolioLineRow[]> {
  const lines = linesInOrder(rooms, extra);
  if (lines.length === 0) return [];
  const baseLines = lines.filter((l) => l.adjusts === null);
  // RETURNING gives the rows in the order of VALUES: the k-th id is the k-th line's.
  const base = await db.insert(folioLines).values(baseLines.map((l) => ({ ...l.values, appliesTo: null }))).returning();
  const adjustLines = lines.filter((l) => l.adjusts !== null);
  if (adjustLines.length === 0) return base;
  const adjustments = await db
    .insert(folioLines)
    .values(adjustLines.map((l) => ({ ...l.values, appliesTo: base[l.adjusts! - 1]?.id ?? null })))
    .returning();
  return [...base, ...adjustments];
}

/**
 * Posts reversals of lines: each the negated line, pointing to it (`reverses`) and to the line it
 * adjusted (`applies_to`, as the original did), with the reason.
 */
export async function postReversals(db: Executor, lines: readonly FolioLineRow[], reason: string, postedBy: string | null): Promise<FolioLineRow[]> {
  if (lines.length === 0) return [];
  const values = lines.map((l) => ({
    reservationId: l.reservationId,
    bookingId: l.bookingId,
    kind: l.kind,
    chargeType: l.chargeType,
    // A reversal is dated with the line it cancels, so that an invoice nets them on one row.
    serviceDate: l.serviceDate,
    description: l.description,
    quantity: l.quantity,
    unitPrice: -l.unitPrice,
    amount: -l.amount,
    rate: l.rate,
    appliesTo: l.appliesTo,
    reverses: l.id,
    reason,
    postedBy,
  }));
  return db.insert(folioLines).values(values).returning();
}

const poster = alias(users, 'poster');

/** A reservation's lines in the order posted, with the room number and the name of who posted each. */
export async function linesOf(db: Executor, reservationId: string) {
  return db
    .select({ line: folioLines, roomNumber: bookings.roomNumber, posterName: poster.name })
    .from(folioLines)
    .innerJoin(bookings, eq(bookings.id, folioLines.bookingId))
    .leftJoin(poster, eq(poster.id, folioLines.postedBy))
    .where(eq(folioLines.reservationId, reservationId))
    .orderBy(asc(folioLines.id));
}

/** Lines of a reservation by id, not reversed yet (for a reversal), with the adjustments that follow them. */
export async function reversibleLines(db: Executor, reservationId: string, lineId: number): Promise<FolioLineRow[]> {
  const reversed = alias(folioLines, 'reversal');
  const rows = await db
    .select({ line: folioLines })
    .from(folioLines)
    .leftJoin(reversed, eq(reversed.reverses, folioLines.id))
    .where(
      and(
        eq(folioLines.reservationId, reservationId),
        isNull(reversed.id),
        isNull(folioLines.reverses),
        sql`(${folioLines.id} = ${lineId} or ${folioLines.appliesTo} = ${lineId})`,
      ),
    )
    .orderBy(asc(folioLines.id));
  return rows.map((r) => r.line);
}

/** A booking's stay lines (nights, extras, meals and their adjustments) that are not reversed yet. */
export async function liveStayLines(db: Executor, bookingId: string): Promise<FolioLineRow[]> {
  const reversed = alias(folioLines, 'reversal');
  const rows = await db
    .select({ line: folioLines })
    .from(folioLines)
    .leftJoin(reversed, eq(reversed.reverses, folioLines.id))
    .where(
      and(
        eq(folioLines.bookingId, bookingId),
        isNull(reversed.id),
        isNull(folioLines.reverses),
        isNull(folioLines.chargeType),
        inArray(folioLines.kind, ['room', 'extra_guest', 'meal', 'discount', 'service_charge', 'vat']),
      ),
    )
    .orderBy(asc(folioLines.id));
  return rows.map((r) => r.line);
}

/** A reservation's payments and refunds, oldest first, with who recorded each. */
export async function moneyOf(db: Executor, reservationId: string): Promise<MoneyRow[]> {
  const rows = await db
    .select({ payment: payments, recorderName: users.name })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(eq(payments.reservationId, reservationId))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt));
  return rows.map((r) => ({ ...r.payment, recorderName: r.recorderName }));
}

/** The reservation's refunds through gateways (issue 33), oldest first. */
export async function onlineRefundsOf(db: Executor, reservationId: string) {
  return db.select().from(onlineRefunds).where(eq(onlineRefunds.reservationId, reservationId)).orderBy(asc(onlineRefunds.createdAt));
}

export async function insertMoney(db: Executor, values: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(values);
}

/** Money a gateway moved, once by its reference: its id, or null when it is recorded already. */
export async function insertGatewayMoney(db: Executor, values: typeof payments.$inferInsert): Promise<string | null> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning({ id: payments.id });
  return row?.id ?? null;
}

export async function invoicesOf(db: Executor, reservationId: string) {
  return db
    .select({ id: invoices.id, kind: invoices.kind, number: invoices.number, issuedAt: invoices.issuedAt, credits: invoices.credits })
    .from(invoices)
    .where(eq(invoices.reservationId, reservationId))
    .orderBy(asc(invoices.issuedAt));
}

/** The bookings (rooms) of a reservation, in the order they were made. */
export async function roomsOf(db: Executor, reservationId: string) {
  return db
    .select({
      id: bookings.id,
      roomNumber: bookings.roomNumber,
      roomCategory: bookings.roomCategory,
      status: bookings.status,
      stage: bookings.stage,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
    })
    .from(bookings)
    .where(eq(bookings.reservationId, reservationId))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
}
