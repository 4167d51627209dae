import { staffRefusal, type TBooking } from '@residency/shared';
import { formatAmount } from '@residency/shared/display';
import type { Tx } from '../../../db/client.ts';
import { folioBalanceOf, lockReservationFor, takePayment, type MoneyInput, type ReservationRow } from './folio.service.ts';
import { enqueueBookingMails, statusUpdateMail } from '../booking-mails.ts';
import { stayFacts } from '../booking-presenter.ts';
import type { BookingDeps } from '../bookings.service.ts';
import { changeLockedBooking, refuseIf, type ChangeContext } from '../locked-booking.ts';

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
