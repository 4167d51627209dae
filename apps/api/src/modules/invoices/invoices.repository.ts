import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { bookings, chargeTypes, folioLines, invoices, payments, reservations, roomCategories, users } from '../../db/schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The next number of a series, taken in the caller's transaction: the series' row stays locked
 * until it ends, so numbers are drawn one at a time, and a rollback gives its number back
 * (no gap, no number twice).
 */
export async function drawNumber(db: Executor, kind: 'invoice' | 'credit_note', fiscalYear: string): Promise<number> {
  const [row] = await db.execute<{ last_number: number }>(sql`
    insert into invoice_series (kind, fiscal_year, last_number) values (${kind}, ${fiscalYear}, 1)
    on conflict (kind, fiscal_year) do update set last_number = invoice_series.last_number + 1
    returning last_number`).then((r) => (r as unknown as { rows: { last_number: number }[] }).rows);
  return Number(row!.last_number);
}

export async function insertInvoice(db: Executor, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

const creditNote = alias(invoices, 'credit_note');

/** The reservation's invoice that stands (issued, not cancelled by a credit note), if any. */
export async function standingInvoice(db: Executor, reservationId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoices)
    .leftJoin(creditNote, eq(creditNote.credits, invoices.id))
    .where(and(eq(invoices.reservationId, reservationId), eq(invoices.kind, 'invoice'), isNull(creditNote.id)))
    .orderBy(desc(invoices.issuedAt))
    .limit(1);
  return row?.invoice;
}

export async function findInvoice(db: Executor, reservationId: string, number: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(and(eq(invoices.reservationId, reservationId), eq(invoices.number, number)));
  return row;
}

export async function findInvoiceById(db: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** What an invoice is drawn from: the reservation, its guest, rooms, folio lines (with charge type names) and money. */
export async function invoiceSource(db: Executor, reservationId: string) {
  const [head] = await db
    .select({ reservation: reservations, guestName: users.name, guestEmail: users.email })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(eq(reservations.id, reservationId));
  if (!head) return undefined;
  const rooms = await db
    .select({
      id: bookings.id,
      category: bookings.roomCategory,
      // The room type's Bengali name, for the Bengali invoice (null when it has none, or the type is gone).
      categoryBn: sql<string | null>`nullif(${roomCategories.translations}->'bn'->>'name', '')`,
      number: bookings.roomNumber,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      status: bookings.status,
      stage: bookings.stage,
      phone: bookings.phone,
      address: bookings.address,
    })
    .from(bookings)
    .leftJoin(roomCategories, eq(roomCategories.name, bookings.roomCategory))
    .where(eq(bookings.reservationId, reservationId))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  const lines = await db
    .select({ line: folioLines, nameEn: chargeTypes.nameEn, nameBn: chargeTypes.nameBn })
    .from(folioLines)
    .leftJoin(chargeTypes, eq(chargeTypes.code, folioLines.chargeType))
    .where(eq(folioLines.reservationId, reservationId))
    .orderBy(asc(folioLines.id));
  const money = await db.select().from(payments).where(eq(payments.reservationId, reservationId)).orderBy(asc(payments.paidAt), asc(payments.createdAt));
  return { ...head, rooms, lines, money };
}

/** The guest's e-mail and language, for the invoice's mail. */
export async function invoiceRecipient(db: Executor, reservationId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, language: reservations.language })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(eq(reservations.id, reservationId));
  return row;
}

const cancelled = alias(invoices, 'cancelled');

/**
 * The invoices and credit notes issued in the month `month` (YYYY-MM) at the hotel's clock:
 * [the 1st 00:00, the next 1st 00:00) in `timeZone`. The bounds are instants, so the comparison
 * is on issued_at itself (its index), not on a date computed for every row. Oldest first.
 */
export async function invoicesOfMonth(db: Executor, month: string, timeZone: string) {
  const first = `${month}-01`;
  const from = sql`(${first}::date)::timestamp at time zone ${timeZone}`;
  const to = sql`((${first}::date + interval '1 month')::date)::timestamp at time zone ${timeZone}`;
  return db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      reservationId: invoices.reservationId,
      content: invoices.content,
      credits: cancelled.number,
    })
    .from(invoices)
    .leftJoin(cancelled, eq(cancelled.id, invoices.credits))
    .where(and(sql`${invoices.issuedAt} >= ${from}`, sql`${invoices.issuedAt} < ${to}`))
    .orderBy(asc(invoices.issuedAt), asc(invoices.kind), asc(invoices.seq));
}
