import { checkOutDay, folioBalance, repriceNights, staffRefusal, type TBooking } from '@residency/shared';
import { formatAmount } from '@residency/shared/display';
import { AppError } from '../../../lib/app-error.ts';
import { findReservation, lockReservationFor, postPenalty, restateStay, roomsOf, sendToCityLedger, takePayment, type MoneyInput } from '../folio/folio.service.ts';
import { issueInvoiceIfDone } from '../../invoices/invoices.service.ts';
import { lockRoomOfStay, setRoomStatus } from '../../rooms/rooms.service.ts';
import { stayFacts } from '../booking-presenter.ts';
import type { BookingDeps } from '../bookings.service.ts';
import { nightsOf, updateBooking, type BookingRow } from '../bookings.repository.ts';
import { cancellationQuote } from './cancellation.ts';
import { changeLockedBooking, refuseIf } from '../locked-booking.ts';
import { requireRegistration } from '../../guest-register/guest-register.service.ts';

/*
 * The front desk's transitions (admin, staff): check-in, check-out, no-show. The rules are
 * booking-states.ts's, at the hotel's date; none of them mails the guest.
 */

type Answer = Promise<{ booking: TBooking; message: string }>;

/** Statuses the desk leaves alone: a room taken out of service stays out until someone puts it back. */
const OUT_OF_SERVICE = new Set(['maintenance', 'unavailable']);

/**
 * Confirmed → checked in, from the check-in day until the day before check-out. The room is
 * occupied from now on: its status becomes `booked` (housekeeping's "occupied"). The room's
 * registration cards must be complete (issue 34), or the desk says why not in `registrationNote`.
 */
export function checkIn(deps: BookingDeps, id: string, by: string, options: { registrationNote?: string } = {}): Answer {
  return changeLockedBooking(deps, id, async ({ tx, current, today, now }) => {
    refuseIf(staffRefusal('check_in', stayFacts(current), today));
    await requireRegistration(tx, current, options.registrationNote, by, now);
    const room = await lockRoomOfStay(tx, current.roomId);
    await updateBooking(tx, id, { stage: 'checked_in', checkedInAt: now, checkedInBy: by });
    if (room && !OUT_OF_SERVICE.has(room.status)) await setRoomStatus(tx, room.id, 'booked');
    return `Booking: ${current.transactionId} is checked in`;
  });
}

/**
 * Checked in → checked out, any day. Leaving before the booked check-out day ends the stay
 * today (at least one night), so the nights after it can be booked again; the booked day is
 * kept in `booked_check_out`, and the folio charges the nights stayed (issue 22: the nights not
 * stayed are reversed, the rest posted again at the prices they were sold at). The room goes
 * to `cleaning` for housekeeping.
 *
 * The reservation's last room out settles the folio: with a balance due the desk takes the
 * payment first, or confirms that it goes to the company's account (`cityLedger`, recorded with
 * who and when); then the VAT invoice is issued and mailed. `settle.payment` takes the payment
 * and checks out in one go.
 */
export function checkOut(deps: BookingDeps, id: string, by: string, settle: { cityLedger?: boolean; note?: string; payment?: MoneyInput } = {}): Answer {
  return changeLockedBooking(deps, id, async ({ tx, current, today, now }) => {
    refuseIf(staffRefusal('check_out', stayFacts(current), today));
    await lockReservationFor(tx, current.reservationId);
    const room = await lockRoomOfStay(tx, current.roomId);
    const lastDay = checkOutDay({ startDate: current.checkIn, endDate: current.checkOut }, today);
    const early = lastDay !== current.checkOut;
    let restated: Partial<BookingRow> = {};
    if (early) {
      const stayed = ((await nightsOf(tx, [id])).get(id) ?? [])
        .filter((n) => n.night < lastDay)
        .map((n) => ({ date: n.night, room: n.roomPrice, extraAdults: n.extraAdults, extraChildren: n.extraChildren, meals: n.meals, total: n.roomPrice + n.extraAdults + n.extraChildren + n.meals }));
      const totals = repriceNights(stayed, current);
      await restateStay(tx, { reservationId: current.reservationId, bookingId: id }, 'Early departure', by, { nights: stayed, totals });
      // The stay's price as it now stands, the same totals the folio posts (issue 31: lists, cards
      // and mails showed the nights booked after the guest had left); `bookedCheckOut` keeps what was booked.
      restated = { ...totals, nights: stayed.length, perNightCost: stayed.length ? Math.round((totals.subtotal / stayed.length) * 100) / 100 : 0 };
    }
    await updateBooking(tx, id, {
      stage: 'checked_out',
      checkedOutAt: now,
      checkedOutBy: by,
      ...(early ? { checkOut: lastDay, bookedCheckOut: current.bookedCheckOut ?? current.checkOut, ...restated } : {}),
    });
    // Money taken with the check-out (issue 31): against the balance as the check-out left it,
    // in this transaction, so the desk never sees a balance between the two, and a refused
    // check-out records no money.
    let dueBeforePayment: number | null = null;
    if (settle.payment) {
      const before = (await findReservation(tx, current.reservationId))!;
      dueBeforePayment = folioBalance(before.charged, before.paid, before.refunded);
      await takePayment(tx, before, settle.payment, by, id, now);
    }
    const rooms = await roomsOf(tx, current.reservationId);
    const lastOut = rooms.every((r) => r.id === id || r.stage === 'checked_out' || r.status !== 'active');
    if (lastOut) {
      const after = (await findReservation(tx, current.reservationId))!;
      const balance = folioBalance(after.charged, after.paid, after.refunded);
      if (balance > 0 && !settle.cityLedger) {
        if (dueBeforePayment !== null) {
          // Nothing of this request is kept: the balance named is the one still due.
          throw AppError.conflict(
            `${formatAmount(dueBeforePayment)} is due at check-out and ${formatAmount(settle.payment!.amount)} does not cover it; nothing was recorded. Take the whole balance, or confirm that it goes to the company's account.`,
            'BALANCE_DUE',
          ).with({ balance: dueBeforePayment });
        }
        throw AppError.conflict(
          `${formatAmount(balance)} is still due: take the payment, or confirm that it goes to the company's account.`,
          'BALANCE_DUE',
        ).with({ balance });
      }
      if (balance > 0) await sendToCityLedger(tx, current.reservationId, by, settle.note ?? null, now);
    }
    if (room && !OUT_OF_SERVICE.has(room.status)) await setRoomStatus(tx, room.id, 'cleaning');
    if (lastOut) await issueInvoiceIfDone(tx, deps, current.reservationId, by, now);
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
    await lockReservationFor(tx, current.reservationId);
    // The folio charges the plan's penalty for a stay not taken up (as a late cancellation would), not the stay.
    const { fee } = cancellationQuote(current, (await nightsOf(tx, [id])).get(id) ?? [], deps.config, now);
    await updateBooking(tx, id, { status: 'no_show', noShowAt: now, noShowBy: by });
    const target = { reservationId: current.reservationId, bookingId: id };
    await restateStay(tx, target, 'No-show', by);
    await postPenalty(tx, target, fee, 'No-show', today, by);
    await issueInvoiceIfDone(tx, deps, current.reservationId, by, now);
    return `Booking: ${current.transactionId} is marked as a no-show`;
  });
}
