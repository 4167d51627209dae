import type { TBooking } from '@residency/shared';
import { PriceLines, type PriceNight, type PriceTotals } from '../../../components/stay-price/price-lines';

/**
 * The price of the stay, line by line (issue 21's "Why this price"): the nights grouped by price,
 * extra guests and meals, subtotal, discount, service charge, VAT and the total, in Taka (Bengali
 * digits in bn). The figures are the server's (a booking) or the quote's with the coupon applied
 * exactly as the server will (the booking form, stay-price.ts).
 */
export function PriceBreakdownList({ price, nights, couponCode }: { price: PriceTotals; nights: readonly PriceNight[]; couponCode?: string | null }) {
  return <PriceLines nights={nights} totals={price} couponCode={couponCode} />;
}

/** A booking's nights as sold, as the price lines read them. */
export const bookingNights = (booking: Pick<TBooking, 'nightlyLines'>): PriceNight[] =>
  booking.nightlyLines.map((line) => ({
    date: line.date,
    price: line.price,
    extraAdults: line.extraAdults,
    extraChildren: line.extraChildren,
    meals: line.meals,
  }));
