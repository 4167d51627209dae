import type { TSiteInfo } from '@residency/shared';
import { couponDiscount, priceStay, type DiscountType, type PriceBreakdown } from '@residency/shared/pricing';

/**
 * The price of a stay as the booking form shows it, computed exactly as the server will: nights
 * × the room's price, less the applied coupon's discount, plus the hotel's service charge and VAT.
 */
export function stayPrice(
  nights: number,
  perNight: number,
  coupon: { type: DiscountType; value: number } | null,
  site: Pick<TSiteInfo, 'serviceChargePercent' | 'vatPercent'>,
): PriceBreakdown {
  return priceStay({
    nights,
    perNightCost: perNight,
    discount: coupon ? { type: coupon.type, value: coupon.value } : null,
    serviceChargePercent: site.serviceChargePercent,
    vatPercent: site.vatPercent,
  });
}

const round = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/**
 * The price of a stay on a rate plan (issue 21): the quote's subtotal (the server's nightly lines,
 * each rounded), less the coupon as pricing.ts's couponDiscount takes it off the subtotal, then
 * the service charge and VAT rounded as quoteStay rounds them. The Confirm button sends the
 * amount as `expectedAmount`: the server books only at this price.
 */
export function quotedStayPrice(
  quote: { nights: number; subtotal: number },
  coupon: { type: DiscountType; value: number } | null,
  site: Pick<TSiteInfo, 'serviceChargePercent' | 'vatPercent'>,
): PriceBreakdown {
  const discount = couponDiscount(quote.subtotal, coupon);
  const withOutVatAndService = round(quote.subtotal - discount);
  const serviceCharge = round((withOutVatAndService * site.serviceChargePercent) / 100);
  const vat = round(((withOutVatAndService + serviceCharge) * site.vatPercent) / 100);
  return {
    nights: quote.nights,
    perNightCost: quote.nights ? round(quote.subtotal / quote.nights) : 0,
    subtotal: quote.subtotal,
    discount,
    withOutVatAndService,
    serviceCharge,
    vat,
    amount: round(withOutVatAndService + serviceCharge + vat),
  };
}

type PlanQuote = { lines: { date: string; room: number; extraAdults: number; extraChildren: number; meals: number; total: number }[]; nights: number; subtotal: number };

/**
 * A type's quote moved to another room of the type: the quote prices the type's cheapest free room
 * (its supplement in each night), and a room booked from another link (Other rooms, Book again,
 * the desk's walk-in) carries its own supplement, `delta` more a night (the two rooms' prices
 * differ by their supplements: a room's price is the type's offer price plus its supplement). The
 * server prices the booked room, so the page shows that room's price, not the cheapest one's.
 */
export function quoteForRoom<Q extends PlanQuote>(quote: Q, delta: number): Q {
  if (!delta) return quote;
  const lines = quote.lines.map((l) => ({ ...l, room: round(Math.max(0, l.room + delta)), total: round(l.total - l.room + Math.max(0, l.room + delta)) }));
  return { ...quote, lines, subtotal: round(lines.reduce((sum, l) => sum + l.total, 0)) };
}
