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
