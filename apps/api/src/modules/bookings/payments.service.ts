import { paymentRefusal, type PaymentMethod, type TBooking } from '@residency/shared';
import { formatAmount } from '@residency/shared/display';
import { AppError } from '../../lib/app-error.ts';
import { folioBalanceOf, lockReservationFor, takePayment } from '../folio/folio.service.ts';
import { enqueueBookingMails, statusUpdateMail } from './booking-mails.ts';
import { stayFacts } from './booking-presenter.ts';
import type { BookingDeps } from './bookings.service.ts';
import { findBooking } from './bookings.repository.ts';
import { changeLockedBooking, refuseIf, type ChangeContext } from './locked-booking.ts';

/**
 * How long before a booking was made (or its stay began) a payment for it may be dated: a deposit
 * taken before the desk keyed the booking in, or a past stay entered later with its payments.
 */
const DEPOSIT_BEFORE_BOOKING_MS = 30 * 24 * 60 * 60_000;

export interface PaymentInput {
  amount: number;
  method: PaymentMethod;
  /** ISO date-time; now when left out. */
  paidAt?: string;
  note?: string;
  /** The transaction's reference (a bKash TrxID…). */
  reference?: string;
}

/**
 * Records a payment inside a booking change (its row locked): to the booking's reservation
 * (issue 22), whose row is locked too, under the rules of booking-states.ts read against the
 * reservation's balance (not more than it). The triggers keep the totals; the guest is mailed
 * the status update when this payment settles the reservation.
 */
export async function addPayment(context: ChangeContext, deps: BookingDeps, input: PaymentInput, by: string): Promise<void> {
  const { tx, current, today, now } = context;
  const reservation = await lockReservationFor(tx, current.reservationId);
  refuseIf(paymentRefusal({ ...stayFacts(current), balance: Math.max(0, folioBalanceOf(reservation)) }, input.amount, today));
  // Within the booking's life: not in the future (the contract), and not before the booking was
  // made or its stay began, less 30 days (a payment dated 0001-01-01 was stored as given).
  const lifeBegan = Math.min(current.createdAt.getTime(), Date.parse(`${current.checkIn}T00:00:00Z`));
  if (input.paidAt && Date.parse(input.paidAt) < lifeBegan - DEPOSIT_BEFORE_BOOKING_MS) {
    const message = 'The payment time cannot be more than 30 days before the booking was made or its stay began.';
    throw new AppError('VALIDATION_ERROR', message, 400, [{ path: 'paidAt', message }]);
  }
  const left = await takePayment(tx, reservation, input, by, current.id, now);
  if (left <= 0) {
    // The mail names the payment that completed it: its method and reference.
    const payment = { method: input.method, reference: input.reference || null };
    await enqueueBookingMails(deps, tx, [await statusUpdateMail(tx, current.reservationId, payment)]);
  }
}

/** `POST /api/bookings/:id/payments`: money received at the desk (admin, staff), posted to the booking's reservation. */
export async function recordPayment(
  deps: BookingDeps,
  id: string,
  input: PaymentInput,
  by: string,
): Promise<{ booking: TBooking; message: string }> {
  return changeLockedBooking(deps, id, async (context) => {
    await addPayment(context, deps, input, by);
    const after = (await findBooking(context.tx, id))!;
    const reservation = await lockReservationFor(context.tx, after.reservationId);
    const left = Math.max(0, folioBalanceOf(reservation));
    return left === 0
      ? `Payment of ${formatAmount(input.amount)} recorded: ${after.transactionId} is Paid`
      : `Payment of ${formatAmount(input.amount)} recorded: ${formatAmount(left)} left to pay`;
  });
}
