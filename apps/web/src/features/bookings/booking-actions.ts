import type { TBooking } from '@residency/shared';

/** What staff and admins can do to a booking from the reservation list (spec section 4). */
export type BookingAction = 'confirm' | 'pay' | 'cancel';

/** Where a stay stands, for the guest and the desk alike. */
export type BookingState = 'cancelled' | 'awaiting' | 'confirmed';

/** The payment tag: a cancelled booking shows Cancelled whatever was paid. */
export type PaymentTag = 'Pending' | 'Paid' | 'Cancelled';

type BookingFlags = Pick<TBooking, 'isConfirmed' | 'paymentStatus' | 'status'>;

/**
 * The actions a booking offers, in the order they are shown: Confirm while it is not
 * confirmed, Pay once confirmed and still pending, Cancel until it is cancelled. A confirmed,
 * paid booking offers only Cancel; a cancelled one offers nothing (it stays on record).
 */
export function bookingActions(booking: BookingFlags): BookingAction[] {
  if (booking.status === 'cancelled') return [];
  const actions: BookingAction[] = [];
  if (!booking.isConfirmed) actions.push('confirm');
  else if (booking.paymentStatus === 'Pending') actions.push('pay');
  actions.push('cancel');
  return actions;
}

/** Awaiting confirmation, Confirmed or Cancelled. */
export function bookingState(booking: BookingFlags): BookingState {
  if (booking.status === 'cancelled') return 'cancelled';
  return booking.isConfirmed ? 'confirmed' : 'awaiting';
}

/** The payment tag of the reservation list. */
export function paymentTag(booking: BookingFlags): PaymentTag {
  return booking.status === 'cancelled' ? 'Cancelled' : booking.paymentStatus;
}

/** Tag colours: pending gold, paid green, cancelled red. */
export const PAYMENT_TAG_COLORS: Record<PaymentTag, string> = { Pending: 'gold', Paid: 'green', Cancelled: 'red' };

/** Darker text for the pale tags (shared by every dashboard screen). */
export { TAG_TEXT } from '../../components/dashboard/tag-text';

/** Tag colours of the booking state. */
export const BOOKING_STATE_COLORS: Record<BookingState, string> = { awaiting: 'gold', confirmed: 'green', cancelled: 'red' };
