import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Reservations, folios and invoices (issue 22, migration 0017, decision 0014). As in
 * schema-rates.ts, the foreign keys are in the migration, so this file imports no other schema file.
 */

const taka = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One guest's booking of one or several rooms: one reference, one folio, one invoice. */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    userId: uuid('user_id').notNull(),
    language: text('language').$type<'en' | 'bn'>().notNull().default('en'),
    source: text('source').$type<'online' | 'walk-in' | 'channel'>().notNull().default('online'),
    createdBy: uuid('created_by'),
    companyName: text('company_name'),
    companyBin: text('company_bin'),
    /** Kept by triggers (migration 0017): the folio's lines, payments and refunds summed. */
    charged: taka('charged').notNull().default(0),
    paid: taka('paid').notNull().default(0),
    refunded: taka('refunded').notNull().default(0),
    cityLedgerAt: moment('city_ledger_at'),
    cityLedgerBy: uuid('city_ledger_by'),
    cityLedgerNote: text('city_ledger_note'),
    /** A booking waiting for online payment holds its rooms until then (migration 0028). */
    holdUntil: moment('hold_until'),
    /** When an unpaid hold let the rooms go. */
    holdLapsedAt: moment('hold_lapsed_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reservations_reference_key').on(t.reference), index('reservations_user_idx').on(t.userId)],
);

/** What the admin sells beside rooms, with whether service charge and VAT apply. */
export const chargeTypes = pgTable('charge_types', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameBn: text('name_bn').notNull(),
  defaultPrice: taka('default_price'),
  serviceChargePercent: percent('service_charge_percent').notNull().default(0),
  vatPercent: percent('vat_percent').notNull().default(0),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

export const folioLineKind = pgEnum('folio_line_kind', ['room', 'extra_guest', 'meal', 'charge', 'discount', 'service_charge', 'vat', 'penalty']);

/** A folio's dated line: append-only (a trigger refuses edits and deletes); corrected by reversal. */
export const folioLines = pgTable(
  'folio_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reservationId: uuid('reservation_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    kind: folioLineKind('kind').notNull(),
    chargeType: text('charge_type'),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    description: text('description').notNull().default(''),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'number' }).notNull().default(1),
    unitPrice: taka('unit_price').notNull(),
    amount: taka('amount').notNull(),
    rate: percent('rate'),
    appliesTo: bigint('applies_to', { mode: 'number' }),
    reverses: bigint('reverses', { mode: 'number' }),
    reason: text('reason'),
    serviceRequestId: uuid('service_request_id'),
    postedBy: uuid('posted_by'),
    postedAt: moment('posted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('folio_lines_reverses_key').on(t.reverses).where(sql`${t.reverses} is not null`),
    index('folio_lines_reservation_idx').on(t.reservationId, t.id),
    index('folio_lines_booking_idx').on(t.bookingId),
  ],
);

export const invoiceKind = pgEnum('invoice_kind', ['invoice', 'credit_note']);

/** The last number drawn per kind and fiscal year (July–June), row-locked by the issuing transaction. */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    kind: invoiceKind('kind').notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.fiscalYear] })],
);

/** An issued invoice or credit note: its content frozen when issued. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reservationId: uuid('reservation_id').notNull(),
    kind: invoiceKind('kind').notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    issuedAt: moment('issued_at').notNull().defaultNow(),
    issuedBy: uuid('issued_by'),
    credits: uuid('credits'),
    reason: text('reason'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_reservation_idx').on(t.reservationId),
    // The VAT register reads a month by issued_at (migration 0024).
    index('invoices_issued_at_idx').on(t.issuedAt),
  ],
);
