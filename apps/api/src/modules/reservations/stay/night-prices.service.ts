import { bookingState, quoteStay, type TBooking, type TNightPriceOverride } from '@residency/shared';
import { AppError } from '../../../lib/app-error.ts';
import { couponTerms } from '../../coupons/coupons.service.ts';
import { lockReservationFor, restateStay } from '../folio/folio.service.ts';
import type { BookingDeps } from '../bookings.service.ts';
import { nightsOf, setNightPrices, updateBooking } from '../bookings.repository.ts';
import { changeLockedBooking } from '../locked-booking.ts';

/**
 * `POST /api/bookings/:id/night-prices`: the desk prices some nights of a stay itself (a regular
 * guest's rate, a complaint), with a reason each night keeps (issue 21). The stay's amounts are
 * priced again from its nights as they now stand: the same extra guests and meals, its coupon
 * on the new subtotal, the service charge and VAT. Only a stay still to come or in the house;
 * never a night the stay does not have.
 */
export function overrideNightPrices(deps: BookingDeps, id: string, change: TNightPriceOverride, by: { id: string; name: string }): Promise<{ booking: TBooking; message: string }> {
  return changeLockedBooking(deps, id, async ({ tx, current }) => {
    const state = bookingState(current);
    if (state !== 'unconfirmed' && state !== 'confirmed' && state !== 'checked_in') {
      throw AppError.conflict('Only a stay still to come or in the house can be priced again.', 'STAY_CLOSED');
    }
    const nights = (await nightsOf(tx, [id])).get(id) ?? [];
    const byDate = new Map(nights.map((n) => [n.night, n]));
    const missing = change.nights.find((n) => !byDate.has(n.date) || n.date >= current.checkOut);
    if (missing) throw AppError.badRequest(`The night of ${missing.date} is not a night of this stay.`, 'NIGHT_NOT_IN_STAY');
    await setNightPrices(tx, id, change.nights, `${change.reason} (by ${by.name})`);

    const prices = new Map(change.nights.map((n) => [n.date, n.price]));
    const coupon = current.couponId ? await couponTerms(tx, current.couponId) : undefined;
    // Each night as it now stands, its extra guests and meals as sold: those are amounts already,
    // so each goes in as one "guest" at that amount (none included), the meals with the room.
    const priced = quoteStay({
      nights: nights.map((n) => ({ date: n.night, price: (prices.get(n.night) ?? n.roomPrice) + n.meals, extraAdult: n.extraAdults, extraChild: n.extraChildren })),
      adults: 1,
      children: 1,
      includedAdults: 0,
      includedChildren: 0,
      mealPerPerson: 0,
      discount: coupon ?? null,
      serviceChargePercent: deps.config.serviceChargePercent,
      vatPercent: deps.config.vatPercent,
    });
    await updateBooking(tx, id, {
      perNightCost: priced.perNightCost,
      subtotal: priced.subtotal,
      discount: priced.discount,
      withOutVatAndService: priced.withOutVatAndService,
      serviceCharge: priced.serviceCharge,
      vat: priced.vat,
      amount: priced.amount,
    });
    // The folio follows (issue 22): the stay's lines reversed with the reason and posted again as
    // now priced; the payment status follows from the folio (its triggers).
    await lockReservationFor(tx, current.reservationId);
    const resold = nights.map((n) => {
      const room = prices.get(n.night) ?? n.roomPrice;
      return { date: n.night, room, extraAdults: n.extraAdults, extraChildren: n.extraChildren, meals: n.meals, total: room + n.extraAdults + n.extraChildren + n.meals };
    });
    await restateStay(tx, { reservationId: current.reservationId, bookingId: id }, change.reason, by.id, { nights: resold, totals: priced });
    return 'Night prices changed';
  });
}
