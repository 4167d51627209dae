import { z } from 'zod';
import { PAYMENT_METHODS } from './booking-states.ts';
import { requireReference, ZIso, ZPaymentCreate, ZPaymentFields } from './bookings.ts';
import { zLine, zText } from './text.ts';
import type { NightLine } from './pricing.ts';

/*
 * A reservation's folio (issue 22, decision 0014): dated lines, never edited, corrected by
 * reversal lines; payments and refunds beside them. The balance is lines − payments + refunds.
 */

const FOLIO_LINE_KINDS = ['room', 'extra_guest', 'meal', 'charge', 'discount', 'service_charge', 'vat', 'penalty'] as const;
export type FolioLineKind = (typeof FOLIO_LINE_KINDS)[number];

const paisa = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/**
 * Spreads `total` over parts in proportion to `weights`, each share rounded to the paisa and the
 * remainder on the last part, so that the shares add up to `total` exactly (a coupon over a
 * stay's lines, the stay's service charge and VAT over what they tax). No weight: all on the last.
 */
export function spreadInProportion(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((s, w) => s + w, 0);
  const shares = weights.map((w) => (sum === 0 ? 0 : paisa((total * w) / sum)));
  const others = shares.slice(0, -1).reduce((s, v) => s + v, 0);
  shares[shares.length - 1] = paisa(total - others);
  return shares;
}

/** A line to post: `appliesTo` is the index of the line it adjusts in the same list. */
export interface DraftLine {
  kind: FolioLineKind;
  serviceDate: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  rate: number | null;
  appliesTo: number | null;
  chargeType?: string | null;
  description?: string;
}

/**
 * The folio lines of a stay as sold: per night the room, the guests beyond those included and the
 * meals; then the coupon, the service charge and VAT, each spread over those lines in proportion
 * (decision 0014), so that the lines add up to the stay's amount to the paisa and each line's VAT
 * is on its discounted amount.
 */
export function stayLines(
  nights: readonly NightLine[],
  totals: { discount: number; serviceCharge: number; vat: number; withOutVatAndService: number },
): DraftLine[] {
  const base: DraftLine[] = [];
  for (const night of nights) {
    const parts: [FolioLineKind, number][] = [
      ['room', night.room],
      ['extra_guest', paisa(night.extraAdults + night.extraChildren)],
      ['meal', night.meals],
    ];
    for (const [kind, amount] of parts) {
      if (kind === 'room' || amount !== 0) base.push({ kind, serviceDate: night.date, quantity: 1, unitPrice: amount, amount, rate: null, appliesTo: null });
    }
  }
  const discounts = spreadInProportion(totals.discount, base.map((l) => l.amount));
  const discounted = base.map((l, i) => paisa(l.amount - discounts[i]!));
  const service = spreadInProportion(totals.serviceCharge, discounted);
  const vat = spreadInProportion(totals.vat, discounted.map((d, i) => d + service[i]!));
  const serviceRate = totals.withOutVatAndService ? paisa((100 * totals.serviceCharge) / totals.withOutVatAndService) : null;
  const vatBase = totals.withOutVatAndService + totals.serviceCharge;
  const vatRate = vatBase ? paisa((100 * totals.vat) / vatBase) : null;
  const adjustments: DraftLine[] = [];
  base.forEach((line, i) => {
    const add = (kind: FolioLineKind, amount: number, rate: number | null) => {
      if (amount !== 0) adjustments.push({ kind, serviceDate: line.serviceDate, quantity: 1, unitPrice: amount, amount, rate, appliesTo: i });
    };
    add('discount', -discounts[i]!, null);
    add('service_charge', service[i]!, serviceRate);
    add('vat', vat[i]!, vatRate);
  });
  return [...base, ...adjustments];
}

/** A charge and its taxes: the charge, then its service charge and VAT (on the charge and its service charge). */
export function chargeLines(input: {
  kind: 'charge' | 'penalty';
  chargeType: string | null;
  description: string;
  serviceDate: string;
  quantity: number;
  unitPrice: number;
  serviceChargePercent: number;
  vatPercent: number;
}): DraftLine[] {
  const amount = paisa(input.quantity * input.unitPrice);
  const service = paisa((amount * input.serviceChargePercent) / 100);
  const vat = paisa(((amount + service) * input.vatPercent) / 100);
  const common = { serviceDate: input.serviceDate, chargeType: input.chargeType, description: input.description };
  const lines: DraftLine[] = [{ ...common, kind: input.kind, quantity: input.quantity, unitPrice: input.unitPrice, amount, rate: null, appliesTo: null }];
  if (service !== 0) lines.push({ ...common, kind: 'service_charge', quantity: 1, unitPrice: service, amount: service, rate: input.serviceChargePercent, appliesTo: 0 });
  if (vat !== 0) lines.push({ ...common, kind: 'vat', quantity: 1, unitPrice: vat, amount: vat, rate: input.vatPercent, appliesTo: 0 });
  return lines;
}

/** What a reservation owes: lines − payments + refunds, to the paisa (negative: the hotel owes the guest). */
export function folioBalance(charged: number, paid: number, refunded: number): number {
  return paisa(charged - paid + refunded);
}

/* ---------- contracts ---------- */

const ZLine = z.object({
  _id: z.string(),
  bookingId: z.string(),
  roomNumber: z.string(),
  kind: z.enum(FOLIO_LINE_KINDS),
  chargeType: z.string().nullable(),
  serviceDate: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
  rate: z.number().nullable(),
  appliesTo: z.string().nullable(),
  reverses: z.string().nullable(),
  /** The reversal line that cancels this one, when there is one. */
  reversedBy: z.string().nullable(),
  reason: z.string().nullable(),
  postedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  postedAt: z.string(),
});
export type TFolioLine = z.infer<typeof ZLine>;

const ZMoneyMovement = z.object({
  _id: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  paidAt: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  reason: z.string().nullable(),
  recordedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /**
   * Money a gateway moved (issue 33): which gateway, its own reference (val_id, trxID; a refund's
   * refund_ref_id or refundTrxID) and what else it told (bank_tran_id, card type and brand,
   * store_amount: the fee it kept is amount − store_amount). Null for the desk's money.
   */
  gateway: z
    .object({ name: z.enum(['sslcommerz', 'bkash']), ref: z.string(), details: z.record(z.string(), z.string()), fee: z.number().nullable(), refundOf: z.string().nullable() })
    .nullable()
    .optional(),
});
export type TMoneyMovement = z.infer<typeof ZMoneyMovement>;

/** A refund through a gateway as the folio shows it (issue 33): requested, done, or failed with the gateway's reason. */
const ZOnlineRefund = z.object({
  _id: z.string(),
  paymentId: z.string(),
  amount: z.number(),
  reason: z.string(),
  state: z.enum(['requested', 'done', 'failed']),
  gatewayRef: z.string().nullable(),
  failure: z.string().nullable(),
  createdAt: z.string(),
});

/** `GET /api/reservations/:id/folio`. */
export const ZFolio = z.object({
  reservationId: z.string(),
  reference: z.string(),
  lines: z.array(ZLine),
  payments: z.array(ZMoneyMovement),
  refunds: z.array(ZMoneyMovement),
  charged: z.number(),
  paid: z.number(),
  refunded: z.number(),
  /** lines − payments + refunds; below 0 the hotel owes the guest that much. */
  balance: z.number(),
  /** What may still be refunded: payments − refunds. */
  refundable: z.number(),
  /** The balance at check-out went to the company's account (city ledger), with who and when. */
  cityLedger: z.object({ at: z.string(), by: z.string().nullable(), note: z.string().nullable() }).nullable(),
  invoices: z.array(z.object({ _id: z.string(), kind: z.enum(['invoice', 'credit_note']), number: z.string(), issuedAt: z.string(), credits: z.string().nullable() })),
  /** Refunds of online payments through their gateway, oldest first (a done one is also in `refunds`). */
  onlineRefunds: z.array(ZOnlineRefund).optional(),
});
export type TFolio = z.infer<typeof ZFolio>;

const amountField = ZPaymentFields.shape.amount;

/** `POST /api/reservations/:id/charges` (staff, admins): an in-stay charge with its charge type's taxes. */
export const ZChargeCreate = z.object({
  chargeType: zText({ message: 'Choose what is charged.' }).trim().regex(/^[a-z][a-z0-9_]{1,31}$/, 'Choose what is charged.'),
  /** Each unit's price; the charge type's own price when left out (the airport shuttle). */
  unitPrice: z.number({ message: 'Enter the price.' }).min(0.01, 'The price must be at least one paisa (৳0.01).').max(10_000_000, 'This amount is too large.').optional(),
  quantity: z.number({ message: 'Enter how many.' }).int('A whole number.').min(1, 'At least 1.').max(999, 'At most 999.').default(1),
  description: zText().trim().max(200, 'At most 200 characters.').optional(),
  /** The day of the service; today at the hotel when left out. */
  serviceDate: ZIso('Choose the day of the service.').optional(),
  /** The room's booking to charge; the reservation's first room when left out. */
  bookingId: z.uuid('Choose a room of this reservation.').optional(),
  /** A completed service request this charge is for (at most one charge per request). */
  serviceRequestId: z.uuid().optional(),
});
export type TChargeCreate = z.input<typeof ZChargeCreate>;

const reasonField = zText({ message: 'Say why.' }).trim().min(3, 'Say why, in a few words.').max(300, 'At most 300 characters.');

/** `POST /api/reservations/:id/reversals`: a line (and its taxes and discount) cancelled by a reversal, with a reason. */
export const ZReversalCreate = z.object({
  lineId: z.string({ message: 'Choose the line to reverse.' }).regex(/^[1-9]\d{0,17}$/, 'Choose the line to reverse.'),
  reason: reasonField,
});
export type TReversalCreate = z.input<typeof ZReversalCreate>;

/** `POST /api/reservations/:id/payments`: money received (a deposit, the balance). */
export const ZFolioPaymentCreate = ZPaymentCreate;

/** `POST /api/reservations/:id/refunds`: money given back, never more than was paid. */
export const ZRefundCreate = ZPaymentFields.omit({ note: true }).extend({ amount: amountField, reason: reasonField }).superRefine(requireReference);
export type TRefundCreate = z.input<typeof ZRefundCreate>;

/** `POST /api/reservations/:id/online-refunds`: give back part or all of an online payment through its gateway (issue 33). */
export const ZOnlineRefundCreate = z.object({
  paymentId: z.uuid({ message: 'Choose the online payment to refund.' }),
  amount: amountField,
  reason: reasonField,
});
export type TOnlineRefundCreate = z.input<typeof ZOnlineRefundCreate>;

/**
 * The totals of some nights of a stay at the rates it was sold at: the nights left after an early
 * departure. The coupon's discount follows the nights in proportion to their share of the
 * subtotal; service charge and VAT at the stay's own rates, each rounded to the paisa.
 */
export function repriceNights(
  nights: readonly NightLine[],
  sold: { subtotal: number; discount: number; withOutVatAndService: number; serviceCharge: number; vat: number },
) {
  const subtotal = paisa(nights.reduce((s, n) => s + n.total, 0));
  const discount = sold.subtotal ? paisa((sold.discount * subtotal) / sold.subtotal) : 0;
  const withOutVatAndService = paisa(subtotal - discount);
  const serviceCharge = sold.withOutVatAndService ? paisa((withOutVatAndService * sold.serviceCharge) / sold.withOutVatAndService) : 0;
  const vatBase = sold.withOutVatAndService + sold.serviceCharge;
  const vat = vatBase ? paisa(((withOutVatAndService + serviceCharge) * sold.vat) / vatBase) : 0;
  return { subtotal, discount, withOutVatAndService, serviceCharge, vat, amount: paisa(withOutVatAndService + serviceCharge + vat) };
}

/** `POST /api/bookings/:id/check-out`: with a balance due, the desk takes it first or sends it to the company's account. */
export const ZCheckOut = z
  .object({
    /** The balance left goes to the company's account (city ledger): recorded with who and when. */
    cityLedger: z.boolean().optional(),
    note: zText().trim().max(300, 'At most 300 characters.').optional(),
    /**
     * Money taken at the desk with the check-out, in the same transaction (issue 31): recorded
     * against the balance as the check-out leaves it (an early departure's nights already
     * reversed), then the stay is checked out; a refusal of either records neither.
     */
    payment: ZPaymentFields.pick({ amount: true, method: true, reference: true }).superRefine(requireReference).optional(),
  })
  .nullish();

/** A charge type: what the desk sells beside rooms, with the taxes that apply to it. */
export const ZChargeType = z.object({
  code: z.string(),
  nameEn: z.string(),
  nameBn: z.string(),
  /** The price the desk's form starts from (the airport shuttle's); null: typed each time. */
  defaultPrice: z.number().nullable(),
  serviceChargePercent: z.number(),
  vatPercent: z.number(),
  active: z.boolean(),
});
export type TChargeType = z.infer<typeof ZChargeType>;

const percentField = z.number({ message: 'Enter a percentage.' }).min(0, 'Not below 0.').max(100, 'At most 100.');

/** `PUT /api/charge-types/:code` (admins): a charge type made or changed. */
export const ZChargeTypeSave = z.object({
  nameEn: zLine({ message: 'Enter the English name.' }).trim().min(2, 'Enter the English name.').max(60, 'At most 60 characters.'),
  nameBn: zLine({ message: 'Enter the Bengali name.' }).trim().min(2, 'Enter the Bengali name.').max(60, 'At most 60 characters.'),
  defaultPrice: z.number().min(0, 'Not below 0.').max(10_000_000, 'This amount is too large.').nullable().default(null),
  serviceChargePercent: percentField,
  vatPercent: percentField,
  active: z.boolean().default(true),
});
export type TChargeTypeSave = z.input<typeof ZChargeTypeSave>;

export const ZChargeTypeParams = z.object({ code: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, 'A code is 2–32 lower-case letters, digits or _, starting with a letter.') });

/** `GET /api/reservations/:id/invoice`. */
export const ZInvoiceQuery = z.object({
  lang: z.enum(['en', 'bn'], { message: 'Choose English (en) or Bengali (bn).' }).default('en'),
  /** An issued invoice's or credit note's number; the standing invoice (or a proforma for staff) when left out. */
  number: z.string().max(40).optional(),
});

/** `POST /api/reservations/:id/credit-notes`. */
export const ZCreditNoteCreate = z.object({ reason: reasonField });

/* ---------- the desk's daily cash-up ---------- */

/** `GET /api/reports/cash-up` and `/api/reports/cash-up.csv`: one day at the hotel (today when left out). */
export const ZCashUpQuery = z.object({ date: ZIso('Choose the day, as YYYY-MM-DD.').optional() });

const ZCashUpFigures = z.object({
  /** Payments received. */
  taken: z.number(),
  /** Refunds given back. */
  refunded: z.number(),
  /** taken − refunded: what the drawer (or the bKash account) should hold more than in the morning. */
  net: z.number(),
  /** How many payments and refunds. */
  count: z.number(),
});

const ZCashUpRow = ZCashUpFigures.extend({
  /** Who recorded the money; null for payments carried over from before payments named their taker. */
  staff: z.object({ _id: z.string(), name: z.string() }).nullable(),
  method: z.enum(PAYMENT_METHODS),
});
export type TCashUpRow = z.infer<typeof ZCashUpRow>;

/**
 * The money a day at the desk took and gave back, per staff member and method, with the day
 * counted in the hotel's time zone; every staff member sees the whole day (the drawer is shared).
 */
/** One payment or refund of the day, for a bKash or Nagad statement or the card terminal's list to be matched line by line (issue 31). */
const ZCashUpItem = z.object({
  _id: z.string(),
  kind: z.enum(['payment', 'refund']),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  /** When the money moved (ISO date-time). */
  paidAt: z.string(),
  /** The transaction's reference (a TrxID, a card slip); null for cash. */
  reference: z.string().nullable(),
  staff: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The reservation it was for: the reference the guest quotes. */
  reservation: z.object({ _id: z.string(), reference: z.string() }),
});
export type TCashUpItem = z.infer<typeof ZCashUpItem>;

export const ZCashUp = z.object({
  date: z.string(),
  timeZone: z.string(),
  rows: z.array(ZCashUpRow),
  /** Each payment and refund of the day, in time order. */
  items: z.array(ZCashUpItem),
  /** Every method, in PAYMENT_METHODS order, zero where nothing moved. */
  totals: z.array(ZCashUpFigures.extend({ method: z.enum(PAYMENT_METHODS) })),
  total: ZCashUpFigures,
});
export type TCashUp = z.infer<typeof ZCashUp>;
