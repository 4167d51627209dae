import { checkOutDay, staffRefusal, type TBooking } from '@residency/shared';
import { lockRoomOfStay, setRoomStatus } from '../rooms/rooms.service.ts';
import { stayFacts } from './booking-presenter.ts';
import type { BookingDeps } from './bookings.service.ts';
import { updateBooking } from './bookings.repository.ts';
import { changeLockedBooking, refuseIf } from './locked-booking.ts';

/*
 * The front desk's transitions (admin, staff): check-in, check-out, no-show. The rules are
 * booking-states.ts's, at the hotel's date; none of them mails the guest.
 */

type Answer = Promise<{ booking: TBooking; message: string }>;

/** Statuses the desk leaves alone: a room taken out of service stays out until someone puts it back. */
const OUT_OF_SERVICE = new Set(['maintenance', 'unavailable']);

/**
 * Confirmed → checked in, from the check-in day until the day before check-out. The room is
 * occupied from now on: its status becomes `booked` (housekeeping's "occupied").
 */
export function checkIn(deps: BookingDeps, id: string, by: string): Answer {
  return changeLockedBooking(deps, id, async ({ tx, current, today, now }) => {
    refuseIf(staffRefusal('check_in', stayFacts(current), today));
    const room = await lockRoomOfStay(tx, current.roomId);
    await updateBooking(tx, id, { stage: 'checked_in', checkedInAt: now, checkedInBy: by });
    if (room && !OUT_OF_SERVICE.has(room.status)) await setRoomStatus(tx, room.id, 'booked');
    return `Booking: ${current.transactionId} is checked in`;
  });
}

/**
 * Checked in → checked out, any day. Leaving before the booked check-out day ends the stay
 * today (at least one night), so the nights after it can be booked again; the booked day is
 * kept in `booked_check_out`. What was sold (nights, amount) does not change. The room goes
 * to `cleaning` for housekeeping.
 */
export function checkOut(deps: BookingDeps, id: string, by: string): Answer {
  return changeLockedBooking(deps, id, async ({ tx, current, today, now }) => {
    refuseIf(staffRefusal('check_out', stayFacts(current), today));
    const room = await lockRoomOfStay(tx, current.roomId);
    const lastDay = checkOutDay({ startDate: current.checkIn, endDate: current.checkOut }, today);
    await updateBooking(tx, id, {
      stage: 'checked_out',
      checkedOutAt: now,
      checkedOutBy: by,
      ...(lastDay !== current.checkOut ? { checkOut: lastDay, bookedCheckOut: current.bookedCheckOut ?? current.checkOut } : {}),
    });
    if (room && !OUT_OF_SERVICE.has(room.status)) await setRoomStatus(tx, room.id, 'cleaning');
    return `Booking: ${current.transactionId} is checked out`;
  });
}

/**
 * Unconfirmed or confirmed, never checked in, from the day after check-in: a no-show. Its
 * status leaves `active`, so its nights are free again. The coupon's use is kept: unlike a
 * cancellation, the offer held the room.
 */
export function markNoShow(deps: BookingDeps, id: string, by: string): Answer {
  return changeLockedBooking(deps, id, async ({ tx, current, today, now }) => {
    refuseIf(staffRefusal('no_show', stayFacts(current), today));
    await updateBooking(tx, id, { status: 'no_show', noShowAt: now, noShowBy: by });
    return `Booking: ${current.transactionId} is marked as a no-show`;
  });
}
