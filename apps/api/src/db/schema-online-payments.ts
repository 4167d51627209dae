import { bigserial, boolean, index, jsonb, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Online payment (issue 33, migration 0028, decision 0021). As in schema-folio.ts, the foreign
 * keys are in the migration, so this file imports no other schema file.
 */

const taka = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const onlineGateway = pgEnum('online_gateway', ['sslcommerz', 'bkash']);
export const onlinePaymentStatus = pgEnum('online_payment_status', ['pending', 'paid', 'failed', 'cancelled', 'expired', 'review', 'refunded']);

/** One attempt to pay a reservation online: one gateway, one amount, one tran_id. */
export const onlinePaymentSessions = pgTable(
  'online_payment_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reservationId: uuid('reservation_id').notNull(),
    gateway: onlineGateway('gateway').notNull(),
    pay: text('pay').$type<'deposit' | 'balance' | 'full'>().notNull(),
    amount: taka('amount').notNull(),
    tranId: text('tran_id').notNull(),
    status: onlinePaymentStatus('status').notNull().default('pending'),
    holdUntil: moment('hold_until').notNull(),
    gatewaySession: text('gateway_session'),
    redirectUrl: text('redirect_url'),
    fact: jsonb('fact').$type<Record<string, unknown>>(),
    paymentId: uuid('payment_id'),
    failure: text('failure'),
    createdBy: uuid('created_by'),
    /** Where the guest comes back to (a pay link's page); null: the reservation's confirmation. */
    returnTo: text('return_to'),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    checkedAt: moment('checked_at'),
  },
  (t) => [
    uniqueIndex('online_payment_sessions_tran_id_key').on(t.tranId),
    uniqueIndex('online_payment_sessions_one_pending').on(t.reservationId).where(sql`${t.status} = 'pending'`),
    index('online_payment_sessions_reservation_idx').on(t.reservationId, t.createdAt),
  ],
);

/** A refund of an online payment through its gateway. */
export const onlineRefunds = pgTable('online_refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  paymentId: uuid('payment_id').notNull(),
  reservationId: uuid('reservation_id').notNull(),
  amount: taka('amount').notNull(),
  reason: text('reason').notNull(),
  state: text('state').$type<'requested' | 'done' | 'failed'>().notNull().default('requested'),
  gatewayRef: text('gateway_ref'),
  failure: text('failure'),
  refundPaymentId: uuid('refund_payment_id'),
  requestedBy: uuid('requested_by'),
  createdAt: moment('created_at').notNull().defaultNow(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
  checkedAt: moment('checked_at'),
});

/** What arrived from a gateway or a browser, and whether it was acted on. */
export const onlinePaymentEvents = pgTable('online_payment_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sessionId: uuid('session_id'),
  gateway: onlineGateway('gateway').notNull(),
  kind: text('kind').notNull(),
  accepted: boolean('accepted').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
  remoteAddress: text('remote_address'),
  createdAt: moment('created_at').notNull().defaultNow(),
});
