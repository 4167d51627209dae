import { staffRefusal, type PaymentMethod, type TBooking } from '@residency/shared';
import { formatAmount } from '@residency/shared/display';
import type { Tx } from '../../../db/client.ts';
import { folioBalanceOf, lockReservationFor, takePayment, type MoneyInput, type ReservationRow } from './folio.service.ts';
import { enqueueBookingMails, statusUpdateMail } from '../booking-mails.ts';
import { stayFacts } from '../booking-presenter.ts';
import type { BookingDeps } from '../bookings.service.ts';
import { changeLockedBooking, refuseIf, type ChangeContext } from '../locked-booking.ts';
import { bookingsOfReservation, confirmWaitingRooms } from '../bookings.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import { insertGatewayMoney, updateReservation as updateReservationRow } from './folio.repository.ts';

/*
 * Money received for a reservation, one way (issue 32): the desk's folio
 * (`POST /api/reservations/:id/payments`), a room's payment (`POST /api/bookings/:id/payments`)
 * and the spec's "mark as paid" (`PATCH /api/bookings/:id`) all come here. The rules are
 * folio.service's `takePayment` (not more than the balance, dated within the reservation's life);
 * the guest is mailed once the payment settles the reservation.
 */

/** Records `input` on the locked reservation (for one of its rooms, or none); answers the balance left. */
export async function receivePayment(
  deps: BookingDeps,
  tx: Tx,
  reservation: ReservationRow,
  input: MoneyInput,
  by: string,
  { bookingId, now }: { bookingId: string | null; now: Date },
): Promise<number> {
  const left = await takePayment(tx, reservation, input, by, bookingId, now);
  if (left <= 0) {
    // The mail names the payment that completed it: its method and reference.
    await enqueueBookingMails(deps, tx, [await statusUpdateMail(tx, reservation.id, { method: input.method, reference: input.reference || null })]);
  }
  return left;
}

/** Money a gateway confirmed (issue 33): its gateway, its own reference and what else it told. */
export interface GatewayMoney {
  amount: number;
  method: PaymentMethod;
  gateway: 'sslcommerz' | 'bkash';
  gatewayRef: string;
  details: Record<string, string>;
  sessionId: string;
}

/**
 * Records money a gateway took for the locked reservation, once: by the gateway's own reference
 * (a second record of it is refused by the database and answers null). Unlike the desk's
 * payments it is never refused for being more than the balance: the money has moved, and the
 * folio must say so (a balance below zero is then refundable). The rooms waiting for it are
 * confirmed, the hold ends, and the guest gets the receipt (the status mail naming the payment).
 */
export async function receiveGatewayPayment(deps: BookingDeps, tx: Tx, reservation: ReservationRow, money: GatewayMoney, now: Date, { refused = false } = {}): Promise<string | null> {
  const id = await insertGatewayMoney(tx, {
    reservationId: reservation.id,
    bookingId: null,
    kind: 'payment',
    amount: money.amount,
    method: money.method,
    paidAt: now,
    recordedBy: null,
    note: null,
    reference: money.gatewayRef,
    gateway: money.gateway,
    gatewayRef: money.gatewayRef,
    gatewayDetails: money.details,
    onlineSessionId: money.sessionId,
  });
  // Money the hotel refuses (held for review and turned down) is recorded, then given back: it confirms nothing.
  if (!id || refused) return id;
  await confirmWaitingRooms(tx, reservation.id, now);
  await updateReservationRow(tx, reservation.id, { holdUntil: null });
  await enqueueBookingMails(deps, tx, [await statusUpdateMail(tx, reservation.id, { method: money.method, reference: money.gatewayRef })]);
  return id;
}

/**
 * A refund a gateway completed, on the folio once (by the gateway's reference of it): the money
 * went back to the method it came by. Answers the folio row's id.
 */
export async function receiveGatewayRefund(
  tx: Tx,
  reservation: ReservationRow,
  money: { amount: number; method: PaymentMethod; gateway: 'sslcommerz' | 'bkash'; gatewayRef: string; refundOf: string; reason: string; by: string | null },
): Promise<string | null> {
  return insertGatewayMoney(tx, {
    reservationId: reservation.id,
    bookingId: null,
    kind: 'refund',
    amount: money.amount,
    method: money.method,
    paidAt: new Date(),
    recordedBy: money.by,
    reference: money.gatewayRef,
    reason: money.reason,
    gateway: money.gateway,
    gatewayRef: money.gatewayRef,
    refundOf: money.refundOf,
  });
}

/** Who pays a reservation online, and for what: the gateway's page and records show it. */
export interface OnlinePayable {
  amount: number;
  guest: { id: string; name: string; email: string | null; phone: string; address: string };
  reference: string;
  /** The rooms, as the gateway's page names the purchase. */
  rooms: string;
}

/**
 * What paying `pay` online asks of the locked reservation now: its deposit still due, or its
 * balance ('balance', and 'full' for a new booking, whose balance is the whole stay). A 409
 * when there is nothing to pay that way.
 */
export async function onlinePayable(tx: Tx, reservation: ReservationRow, pay: 'deposit' | 'balance' | 'full'): Promise<OnlinePayable> {
  const rooms = (await bookingsOfReservation(tx, reservation.id)).filter((r) => r.status === 'active' && r.stage !== 'checked_out');
  if (rooms.length === 0) throw AppError.conflict('This reservation has no room booked any more: there is nothing to pay online.', 'NOTHING_TO_PAY');
  const balance = Math.max(0, folioBalanceOf(reservation));
  const deposit = Math.round(rooms.reduce((sum, r) => sum + r.depositDue, 0) * 100) / 100;
  if (balance <= 0) throw AppError.conflict('Nothing is left to pay on this reservation.', 'NOTHING_TO_PAY');
  if (pay === 'deposit' && deposit <= 0) throw AppError.conflict('No deposit is due on this reservation: pay the balance instead.', 'NO_DEPOSIT_DUE');
  const first = rooms[0]!;
  return {
    amount: pay === 'deposit' ? Math.min(deposit, balance) : balance,
    guest: { id: first.userId, name: first.guestName, email: first.guestEmail, phone: first.phone, address: first.address ?? '' },
    reference: reservation.reference,
    rooms: rooms.map((r) => `${r.roomCategory} ${r.roomNumber}`).join(', '),
  };
}

/**
 * A payment for one room, inside a change of that booking (its row locked): refused while the
 * room's state takes no money (booking-states.ts), then received as any payment of its reservation.
 * Answers the reservation's balance left.
 */
export async function addPayment(context: ChangeContext, deps: BookingDeps, input: MoneyInput, by: string): Promise<number> {
  const { tx, current, today, now } = context;
  const reservation = await lockReservationFor(tx, current.reservationId);
  refuseIf(staffRefusal('pay', { ...stayFacts(current), balance: Math.max(0, folioBalanceOf(reservation)) }, today));
  return receivePayment(deps, tx, reservation, input, by, { bookingId: current.id, now });
}

/** `POST /api/bookings/:id/payments`: money received at the desk (admin, staff), for the booking's room. */
export async function recordPayment(deps: BookingDeps, id: string, input: MoneyInput, by: string): Promise<{ booking: TBooking; message: string }> {
  return changeLockedBooking(deps, id, async (context) => {
    // The balance the payment left, as receivePayment worked it out (no second read).
    const left = Math.max(0, await addPayment(context, deps, input, by));
    return left === 0
      ? `Payment of ${formatAmount(input.amount)} recorded: ${context.current.transactionId} is Paid`
      : `Payment of ${formatAmount(input.amount)} recorded: ${formatAmount(left)} left to pay`;
  });
}
