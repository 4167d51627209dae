import {
  chargeLines,
  folioBalance,
  stayLines,
  type NightLine,
  type PaymentMethod,
  type TFolio,
  type TLanguage,
} from '@residency/shared';
import { formatAmount } from '@residency/shared/display';
import type { Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { findChargeType } from '../../charge-types/charge-types.service.ts';
import {
  findReservation,
  insertMoney,
  insertReservation,
  invoicesOf,
  linesOf,
  liveStayLines,
  lockReservation,
  moneyOf,
  onlineRefundsOf,
  postLines,
  linesInOrder,
  postLinesOfRooms,
  postReversals,
  reversibleLines,
  roomsOf,
  updateReservation,
  type ReservationRow,
} from './folio.repository.ts';

/*
 * The folio of a reservation (issue 22, decision 0014): lines are posted, never edited; a
 * correction is a reversal. Callers hold the reservation's row lock (lockReservationFor) for
 * every change, so two desks posting at once are serialised and the rules read settled totals.
 */

export type { ReservationRow };
export { findReservation, roomsOf };

const reservationNotFound = () => AppError.notFound('This reservation does not exist.', 'RESERVATION_NOT_FOUND');

/** Draws for a free reference, as bookings do for their transaction ids. */
const REFERENCE_ATTEMPTS = 5;

/** A new reservation under a reference drawn by `draw` (RSV-…), drawn again when taken. */
export async function openReservation(
  tx: Executor,
  values: { userId: string; language: TLanguage; source: 'online' | 'walk-in' | 'channel'; createdBy: string; companyName?: string | null; companyBin?: string | null; holdUntil?: Date | null },
  draw: () => string,
): Promise<ReservationRow> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt += 1) {
    const row = await insertReservation(tx, { ...values, reference: draw() });
    if (row) return row;
  }
  throw new Error(`No free transaction id after ${REFERENCE_ATTEMPTS} draws`);
}

/** The reservation with its row locked (FOR UPDATE) until the transaction ends; 404 when there is none. */
export async function lockReservationFor(tx: Executor, id: string): Promise<ReservationRow> {
  const row = await lockReservation(tx, id);
  if (!row) throw reservationNotFound();
  return row;
}

type StayTotals = { discount: number; serviceCharge: number; vat: number; withOutVatAndService: number };

/** Posts a room's stay as sold (its nights, then coupon, service charge and VAT spread over them). */
export async function postStay(
  tx: Executor,
  target: { reservationId: string; bookingId: string },
  nights: readonly NightLine[],
  totals: StayTotals,
  postedBy: string | null,
): Promise<void> {
  await postLinesOfRooms(tx, [{ target, drafts: stayLines(nights, totals) }], { postedBy });
}

/**
 * The lines postStays would post, in order, for a write that posts them itself (a new
 * reservation's one call, issue 36): each with the position of the line it adjusts.
 */
export function stayLinesInOrder(
  stays: readonly { target: { reservationId: string; bookingId: string }; nights: readonly NightLine[]; totals: StayTotals }[],
  postedBy: string | null,
) {
  return linesInOrder(stays.map((s) => ({ target: s.target, drafts: stayLines(s.nights, s.totals) })), { postedBy });
}

/**
 * Reverses a room's stay lines that stand (with `reason`), and posts them again as now sold when
 * `nights` is given: a new price of some nights, new dates, the nights of an early departure.
 */
export async function restateStay(
  tx: Executor,
  target: { reservationId: string; bookingId: string },
  reason: string,
  postedBy: string | null,
  resold?: { nights: readonly NightLine[]; totals: { discount: number; serviceCharge: number; vat: number; withOutVatAndService: number } },
): Promise<void> {
  await postReversals(tx, await liveStayLines(tx, target.bookingId), reason, postedBy);
  if (resold) await postStay(tx, target, resold.nights, resold.totals, postedBy);
}

/**
 * A cancellation's or a no-show's penalty, as the plan's policy set it (all in: the share of the
 * stay's price it stands for, taxes included, so no tax lines are added).
 */
export async function postPenalty(
  tx: Executor,
  target: { reservationId: string; bookingId: string },
  amount: number,
  reason: string,
  serviceDate: string,
  postedBy: string | null,
): Promise<void> {
  if (amount <= 0) return;
  await postLines(tx, target, [{ kind: 'penalty', serviceDate, quantity: 1, unitPrice: amount, amount, rate: null, appliesTo: null }], { postedBy, reason });
}

export interface ChargeInput {
  chargeType: string;
  unitPrice?: number;
  quantity: number;
  description?: string;
  serviceDate: string;
  bookingId: string;
  serviceRequestId?: string;
}

/** Posts a charge of a charge type with that type's service charge and VAT (penalties: `kind` penalty). */
export async function postCharge(
  tx: Executor,
  reservation: ReservationRow,
  input: ChargeInput,
  postedBy: string | null,
  kind: 'charge' | 'penalty' = 'charge',
): Promise<void> {
  const type = await findChargeType(tx, input.chargeType);
  if (!type || (!type.active && kind === 'charge')) {
    throw new AppError('VALIDATION_ERROR', 'Choose what is charged.', 400, [{ path: 'chargeType', message: 'Choose what is charged.' }]);
  }
  const unitPrice = input.unitPrice ?? type.defaultPrice;
  if (unitPrice === null || unitPrice === undefined) {
    throw new AppError('VALIDATION_ERROR', `Enter the price of this ${type.nameEn.toLowerCase()}.`, 400, [{ path: 'unitPrice', message: 'Enter the price.' }]);
  }
  const drafts = chargeLines({
    kind,
    chargeType: type.code,
    description: input.description || '',
    serviceDate: input.serviceDate,
    quantity: input.quantity,
    unitPrice,
    serviceChargePercent: type.serviceChargePercent,
    vatPercent: type.vatPercent,
  });
  try {
    await postLines(tx, { reservationId: reservation.id, bookingId: input.bookingId }, drafts, { postedBy, serviceRequestId: input.serviceRequestId ?? null });
  } catch (error) {
    if ((error as { cause?: { code?: string }; code?: string }).cause?.code === '23505' || (error as { code?: string }).code === '23505') {
      throw AppError.conflict('This service request is charged already.', 'ALREADY_CHARGED');
    }
    throw error;
  }
}

/** Reverses one line and the discount, service charge and VAT that follow it; 409 when it was reversed already. */
export async function reverseLine(tx: Executor, reservation: ReservationRow, lineId: number, reason: string, postedBy: string): Promise<void> {
  const lines = await reversibleLines(tx, reservation.id, lineId);
  const target = lines.find((l) => l.id === lineId);
  if (!target) throw AppError.conflict('This line does not exist on this folio, or it was reversed already.', 'LINE_NOT_REVERSIBLE');
  await postReversals(tx, lines, reason, postedBy);
}

export interface MoneyInput {
  amount: number;
  method: PaymentMethod;
  paidAt?: string;
  note?: string;
  reference?: string;
  reason?: string;
}

/**
 * How long before a reservation was made (or its first stay began) money for it may be dated: a
 * deposit taken before the desk keyed the booking in, or a past stay entered later with its payments.
 */
const MONEY_BEFORE_RESERVATION_MS = 30 * 24 * 60 * 60_000;

/** The time money moved: now, or the one given, not before the reservation's life began (less 30 days). */
async function movedAt(tx: Executor, reservation: ReservationRow, paidAt: string | undefined, now: Date): Promise<Date> {
  if (!paidAt) return now;
  const at = new Date(paidAt);
  const firstNight = Math.min(...(await roomsOf(tx, reservation.id)).map((r) => Date.parse(`${r.checkIn}T00:00:00Z`)));
  if (at.getTime() < Math.min(reservation.createdAt.getTime(), firstNight) - MONEY_BEFORE_RESERVATION_MS) {
    const message = 'The payment time cannot be more than 30 days before the reservation was made or its stay began.';
    throw new AppError('VALIDATION_ERROR', message, 400, [{ path: 'paidAt', message }]);
  }
  return at;
}

/** The reservation's balance from its totals (lines − payments + refunds). */
export const folioBalanceOf = (r: Pick<ReservationRow, 'charged' | 'paid' | 'refunded'>) => folioBalance(r.charged, r.paid, r.refunded);
const balanceOfRow = folioBalanceOf;

/** Money received: not more than the balance (a deposit is less). Answers the balance left. */
export async function takePayment(tx: Executor, reservation: ReservationRow, input: MoneyInput, by: string, bookingId: string | null, now: Date): Promise<number> {
  const balance = balanceOfRow(reservation);
  if (Math.round(input.amount * 100) > Math.round(balance * 100)) {
    throw AppError.conflict(
      balance > 0 ? `This payment is more than the balance of ${formatAmount(balance)}.` : 'Nothing is left to pay on this reservation.',
      'PAYMENT_OVER_BALANCE',
    );
  }
  await insertMoney(tx, {
    reservationId: reservation.id,
    bookingId,
    kind: 'payment',
    amount: input.amount,
    method: input.method,
    paidAt: await movedAt(tx, reservation, input.paidAt, now),
    recordedBy: by,
    note: input.note || null,
    reference: input.reference || null,
  });
  return folioBalance(reservation.charged, reservation.paid + input.amount, reservation.refunded);
}

/** Money given back: several partial refunds, never more in all than was paid (409 otherwise). */
export async function giveRefund(tx: Executor, reservation: ReservationRow, input: MoneyInput & { reason: string }, by: string, now: Date): Promise<void> {
  const refundable = Math.round((reservation.paid - reservation.refunded) * 100) / 100;
  if (Math.round(input.amount * 100) > Math.round(refundable * 100)) {
    throw AppError.conflict(
      refundable > 0 ? `A refund cannot be more than the ${formatAmount(refundable)} paid and not yet refunded.` : 'Nothing was paid on this reservation that could be refunded.',
      'REFUND_OVER_PAID',
    );
  }
  await insertMoney(tx, {
    reservationId: reservation.id,
    bookingId: null,
    kind: 'refund',
    amount: input.amount,
    method: input.method,
    paidAt: await movedAt(tx, reservation, input.paidAt, now),
    recordedBy: by,
    reference: input.reference || null,
    reason: input.reason,
  });
}

/** Records that the balance left at check-out goes to the company's account (city ledger). */
export async function sendToCityLedger(tx: Executor, reservationId: string, by: string, note: string | null, now: Date): Promise<void> {
  await updateReservation(tx, reservationId, { cityLedgerAt: now, cityLedgerBy: by, cityLedgerNote: note });
}

const person = (id: string | null, name: string | null) => (id && name !== null ? { _id: id, name } : null);

/** `GET /api/reservations/:id/folio`: lines, payments, refunds, totals and invoices. */
export async function getFolio(db: Executor, reservationId: string): Promise<TFolio> {
  // Outside a transaction the four reads go out at once, each on a connection of its own.
  const [reservation, lines, money, issued, online] = await Promise.all([
    findReservation(db, reservationId),
    linesOf(db, reservationId),
    moneyOf(db, reservationId),
    invoicesOf(db, reservationId),
    onlineRefundsOf(db, reservationId),
  ]);
  if (!reservation) throw reservationNotFound();
  const reversedBy = new Map(lines.filter((l) => l.line.reverses !== null).map((l) => [l.line.reverses!, String(l.line.id)]));
  const movement = (m: (typeof money)[number]) => ({
    _id: m.id,
    amount: m.amount,
    method: m.method,
    paidAt: m.paidAt.toISOString(),
    reference: m.reference,
    note: m.note,
    reason: m.reason,
    recordedBy: person(m.recordedBy, m.recorderName),
    gateway: m.gateway && m.gatewayRef ? gatewayOf(m) : null,
  });
  return {
    reservationId,
    reference: reservation.reference,
    lines: lines.map(({ line, roomNumber, posterName }) => ({
      _id: String(line.id),
      bookingId: line.bookingId,
      roomNumber,
      kind: line.kind,
      chargeType: line.chargeType,
      serviceDate: line.serviceDate,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amount: line.amount,
      rate: line.rate,
      appliesTo: line.appliesTo === null ? null : String(line.appliesTo),
      reverses: line.reverses === null ? null : String(line.reverses),
      reversedBy: reversedBy.get(line.id) ?? null,
      reason: line.reason,
      postedBy: person(line.postedBy, posterName),
      postedAt: line.postedAt.toISOString(),
    })),
    payments: money.filter((m) => m.kind === 'payment').map(movement),
    refunds: money.filter((m) => m.kind === 'refund').map(movement),
    charged: reservation.charged,
    paid: reservation.paid,
    refunded: reservation.refunded,
    balance: balanceOfRow(reservation),
    refundable: Math.round((reservation.paid - reservation.refunded) * 100) / 100,
    cityLedger: reservation.cityLedgerAt
      ? { at: reservation.cityLedgerAt.toISOString(), by: reservation.cityLedgerBy, note: reservation.cityLedgerNote }
      : null,
    invoices: issued.map((i) => ({ _id: i.id, kind: i.kind, number: i.number, issuedAt: i.issuedAt.toISOString(), credits: i.credits })),
    onlineRefunds: online.map((r) => ({
      _id: r.id,
      paymentId: r.paymentId,
      amount: r.amount,
      reason: r.reason,
      state: r.state,
      gatewayRef: r.gatewayRef,
      failure: r.failure,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** What a gateway told of its money: its reference and details, and the fee it kept (amount − store_amount). */
function gatewayOf(m: { gateway: 'sslcommerz' | 'bkash' | null; gatewayRef: string | null; gatewayDetails: Record<string, unknown> | null; amount: number; refundOf: string | null }) {
  const details = Object.fromEntries(Object.entries(m.gatewayDetails ?? {}).map(([k, v]) => [k, String(v)]));
  const kept = details.storeAmount === undefined ? null : Math.round((m.amount - Number(details.storeAmount)) * 100) / 100;
  return { name: m.gateway!, ref: m.gatewayRef!, details, fee: kept !== null && Number.isFinite(kept) ? kept : null, refundOf: m.refundOf };
}

/** Whether the reservation is this guest's (one read by its primary key). */
export async function isReservationOf(db: Executor, reservationId: string, userId: string): Promise<boolean> {
  const row = await findReservation(db, reservationId);
  return row?.userId === userId;
}
