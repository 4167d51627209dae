import type { Executor } from '../../../db/client.ts';
import { isExclusionViolation } from '../../../lib/database-errors.ts';
import { inTransaction } from '../../../lib/transactions.ts';
import { retakeCouponUse, returnCouponUse } from '../../coupons/coupons.service.ts';
import { lockReservationFor, postStay, restateStay, type ReservationRow } from '../folio/folio.service.ts';
import { holdEndedMail, enqueueBookingMails } from '../booking-mails.ts';
import type { BookingDeps } from '../bookings.service.ts';
import { bookingsOfReservation, couponStillUsed, nightsOf, updateBooking } from '../bookings.repository.ts';
import { updateReservation } from '../folio/folio.repository.ts';

/*
 * The rooms held while a guest pays online (issue 33). A booking that asks for online payment
 * takes its rooms at once under the one occupancy rule, with `hold_until` on its reservation.
 * Unpaid by then, the hold lapses: its rooms are let go (kept as cancelled, their lines reversed,
 * a coupon's use given back) and the guest is told. A payment the gateway confirms later books
 * them again when they are still free; otherwise its caller refunds it.
 */

const LAPSE_REASON = 'Online payment not completed in time';

/**
 * Lets the rooms of `reservationId` go when its hold has ended unpaid at `now`. Answers whether
 * it did; nothing happens to a reservation paid meanwhile or held for the gateway's review.
 */
export async function lapseHold(deps: BookingDeps, reservationId: string, now: Date, underReview: (tx: Executor) => Promise<boolean>): Promise<boolean> {
  const lapsed = await inTransaction(deps.db, async (tx) => {
    const reservation = await lockReservationFor(tx, reservationId);
    if (!reservation.holdUntil || reservation.holdUntil > now) return false;
    // Money kept (not a payment refused and given back) or a payment the gateway holds for review: the hold is done, the rooms stay.
    if (reservation.paid - reservation.refunded > 0 || (await underReview(tx))) {
      await updateReservation(tx, reservationId, { holdUntil: null });
      return false;
    }
    const rooms = (await bookingsOfReservation(tx, reservationId)).filter((r) => r.status === 'active' && r.stage === 'booked');
    for (const room of rooms) {
      await updateBooking(tx, room.id, { status: 'cancelled', cancelledAt: now, cancelledBy: null, cancellationFee: 0 });
      await restateStay(tx, { reservationId, bookingId: room.id }, LAPSE_REASON, null);
    }
    for (const couponId of new Set(rooms.flatMap((r) => (r.couponId ? [r.couponId] : [])))) {
      if (!(await couponStillUsed(tx, reservationId, couponId))) await returnCouponUse(tx, couponId);
    }
    await updateReservation(tx, reservationId, { holdUntil: null, holdLapsedAt: now });
    if (rooms.length > 0) await enqueueBookingMails(deps, tx, [await holdEndedMail(deps.config, tx, reservationId, rooms.map((r) => r.id))]);
    return rooms.length > 0;
  });
  if (lapsed) deps.mailer.kick();
  return lapsed;
}

/**
 * Books the rooms of a lapsed hold again, for a payment that came after it ended (the caller
 * holds the reservation's lock). Answers false, having changed nothing, when any of them was
 * taken meanwhile: the overlap rule refuses it inside a savepoint.
 */
export async function reviveLapsedHold(tx: Executor, reservation: ReservationRow): Promise<boolean> {
  if (!reservation.holdLapsedAt) return true;
  const lapsedAt = reservation.holdLapsedAt.getTime();
  const rooms = (await bookingsOfReservation(tx, reservation.id)).filter((r) => r.status === 'cancelled' && r.cancelledAt?.getTime() === lapsedAt && r.cancelledBy === null);
  const nights = await nightsOf(tx, rooms.map((r) => r.id));
  try {
    await tx.transaction(async (savepoint) => {
      for (const room of rooms) {
        await updateBooking(savepoint, room.id, { status: 'active', cancelledAt: null, cancellationFee: null });
        const sold = (nights.get(room.id) ?? []).map((n) => ({ date: n.night, room: n.roomPrice, extraAdults: n.extraAdults, extraChildren: n.extraChildren, meals: n.meals, total: n.roomPrice + n.extraAdults + n.extraChildren + n.meals }));
        await postStay(savepoint, { reservationId: reservation.id, bookingId: room.id }, sold, room, null);
      }
      for (const couponId of new Set(rooms.flatMap((r) => (r.couponId ? [r.couponId] : [])))) await retakeCouponUse(savepoint, couponId);
      await updateReservation(savepoint, reservation.id, { holdLapsedAt: null });
    });
  } catch (error) {
    if (isExclusionViolation(error)) return false;
    throw error;
  }
  return true;
}
