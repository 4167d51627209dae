import type { TBooking, TReservation } from '@residency/shared';
import type { BookingState, PaymentState } from '@residency/shared/booking-states';

/*
 * A reservation as the guest reads it (issue 31): one reference, its rooms inside. What its rooms
 * say together, for My Bookings' card, its details and the reservation's confirmation.
 */

/** What a reservation's money says as one booking's would: nothing, part or all of it paid. */
export const reservationPaymentState = (r: Pick<TReservation, 'paid' | 'balance'>): PaymentState =>
  r.paid <= 0 ? 'unpaid' : r.balance <= 0 ? 'paid' : 'partly_paid';

/** The state every room of the reservation is in, or null when they differ (each room then shows its own). */
export function sharedState(bookings: readonly Pick<TBooking, 'state'>[]): BookingState | null {
  const states = new Set(bookings.map((b) => b.state));
  return states.size === 1 ? bookings[0]!.state : null;
}

/**
 * The reservation as one stay for what reads a stay (its bill, its receipt): its guest, its first
 * and last day, over when every room is, else its first room's state.
 */
export function reservationAsStay(r: TReservation): Pick<TBooking, 'reservationId' | 'user' | 'startDate' | 'endDate' | 'state'> {
  const standing = r.bookings.find((b) => b.state !== 'cancelled' && b.state !== 'no_show');
  return { reservationId: r._id, user: r.user, startDate: r.checkIn, endDate: r.checkOut, state: (standing ?? r.bookings[0]!).state };
}
