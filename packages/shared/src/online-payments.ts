import { z } from 'zod';
import { BOOKING_STATES, PAYMENT_METHODS } from './booking-states.ts';
import { isIsoDate } from './dates.ts';
import { zText } from './text.ts';

/*
 * Online payment (issue 33): a reservation's guest pays its deposit or balance through a gateway
 * (SSLCommerz: cards and mobile banking; bKash's own checkout). Only the gateway's own API
 * confirms a payment; these are the contracts between the site and the API.
 */

const ONLINE_GATEWAYS = ['sslcommerz', 'bkash'] as const;
export type OnlineGateway = (typeof ONLINE_GATEWAYS)[number];

/** What is paid: the deposit the plans ask, what is left (balance), or the whole stay now (full: the balance of a new booking). */
const ONLINE_PAY = ['deposit', 'balance', 'full'] as const;
export type OnlinePay = (typeof ONLINE_PAY)[number];

const ONLINE_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'review', 'refunded'] as const;


/** `POST /api/reservations/:id/online-payments`, and `onlinePayment` of a new booking. */
export const ZOnlinePaymentCreate = z.object({
  gateway: z.enum(ONLINE_GATEWAYS, { message: 'Choose SSLCommerz or bKash.' }),
  pay: z.enum(ONLINE_PAY, { message: 'Choose the deposit, the balance or the whole stay.' }),
});
export type TOnlinePaymentCreate = z.infer<typeof ZOnlinePaymentCreate>;

/** A session opened with the gateway: send the guest to `redirectUrl` before `holdUntil`. */
export const ZOnlinePaymentStart = z.object({
  sessionId: z.string(),
  redirectUrl: z.string(),
  /** ISO time: the rooms are held (a new booking) or the session lapses until then. */
  holdUntil: z.string(),
  amount: z.number(),
  gateway: z.enum(ONLINE_GATEWAYS),
});
export type TOnlinePaymentStart = z.infer<typeof ZOnlinePaymentStart>;

/** A new booking's payment: the session opened, or why it could not be (the booking stands, held until `holdUntil`). */
export const ZBookingOnlinePayment = ZOnlinePaymentStart.extend({ redirectUrl: z.string().nullable(), error: z.string().nullable() });

/** `GET /api/online-payments/:sessionId`. */
export const ZOnlinePaymentSession = z.object({
  sessionId: z.string(),
  reservationId: z.string(),
  reference: z.string(),
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  gateway: z.enum(ONLINE_GATEWAYS),
  pay: z.enum(ONLINE_PAY),
  amount: z.number(),
  holdUntil: z.string(),
  /** How the guest paid (card, bkash, nagad…), once the gateway said. */
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** The gateway's references: val_id, bank_tran_id, card type (SSLCommerz); paymentID, trxID (bKash). */
  references: z.record(z.string(), z.string()),
  /** Why it failed, in the gateway's words, when it did. */
  failure: z.string().nullable(),
  createdAt: z.string(),
});
export type TOnlinePaymentSession = z.infer<typeof ZOnlinePaymentSession>;

/** `POST /api/online-payments/:id/refuse`: why the hotel turns down a payment held for review. */
export const ZReviewRefusal = z.object({ reason: z.string({ message: 'Say why.' }).trim().min(3, 'Say why, in a few words.').max(300, 'At most 300 characters.') });

/** `GET /api/reports/reconciliation`: a period of days at the hotel, both included (default: today). */
export const ZReconciliationQuery = z.object({
  from: zText().refine(isIsoDate, 'from must be a date written YYYY-MM-DD.').optional(),
  to: zText().refine(isIsoDate, 'to must be a date written YYYY-MM-DD.').optional(),
  format: z.enum(['json', 'csv'], { message: 'format is json or csv.' }).optional(),
});

export const RECONCILIATION_STATES = ['matched', 'missing_in_folio', 'missing_at_gateway', 'amount_differs'] as const;

/** One gateway transaction beside the folio's record of it. */
const ZReconciliationRow = z.object({
  kind: z.enum(['payment', 'refund']),
  state: z.enum(RECONCILIATION_STATES),
  gateway: z.enum(ONLINE_GATEWAYS),
  reservationId: z.string(),
  reference: z.string(),
  tranId: z.string(),
  /** The gateway's reference: val_id or trxID (payments), refund_ref_id or refundTrxID (refunds). */
  gatewayRef: z.string().nullable(),
  /** What the gateway says moved (null: it knows of nothing). */
  gatewayAmount: z.number().nullable(),
  /** What the folio recorded (null: nothing). */
  folioAmount: z.number().nullable(),
  /** The gateway's fee: amount − store_amount (SSLCommerz), when it told. */
  fee: z.number().nullable(),
  at: z.string(),
});
export type TReconciliationRow = z.infer<typeof ZReconciliationRow>;

export const ZReconciliation = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(ZReconciliationRow),
  counts: z.object({ matched: z.number(), missing_in_folio: z.number(), missing_at_gateway: z.number(), amount_differs: z.number() }),
  /** Taka the gateways took, gave back and kept (fees); and what the folio recorded of payments and refunds. */
  totals: z.object({ gatewayPayments: z.number(), gatewayRefunds: z.number(), fees: z.number(), folioPayments: z.number(), folioRefunds: z.number() }),
});
export type TReconciliation = z.infer<typeof ZReconciliation>;

/** `GET /api/pay-links/:token`: what a pay link is for (only what paying needs: no contact details). */
export const ZPayLink = z.object({
  reservationId: z.string(),
  reference: z.string(),
  guestName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  rooms: z.array(z.object({ category: z.string(), roomNumber: z.string(), state: z.enum(BOOKING_STATES) })),
  amount: z.number(),
  balance: z.number(),
  depositDue: z.number(),
  holdUntil: z.string().nullable(),
  /** The link works until then (check-in). */
  expiresAt: z.string(),
});
export type TPayLink = z.infer<typeof ZPayLink>;
