import type { TPayLink } from '@residency/shared';
import { getReservation } from '../reservations/reservations.service.ts';
import { payLinkReservation, type OnlinePaymentDeps } from './online-payments.service.ts';

/** A pay link's reservation as its page shows it: what paying needs, none of the guest's contact details. */
export async function presentPayLink(deps: OnlinePaymentDeps, token: string): Promise<TPayLink> {
  const { reservation, expiresAt } = await payLinkReservation(deps, token);
  const full = await getReservation(deps, reservation.id);
  return {
    reservationId: full._id,
    reference: full.reference,
    guestName: full.user.name,
    checkIn: full.checkIn,
    checkOut: full.checkOut,
    rooms: full.bookings.map((b) => ({ category: b.room.category, roomNumber: b.room.roomNumber, state: b.state })),
    amount: full.amount,
    balance: full.balance,
    depositDue: full.depositDue,
    holdUntil: full.holdUntil ?? null,
    expiresAt: expiresAt.toISOString(),
  };
}
