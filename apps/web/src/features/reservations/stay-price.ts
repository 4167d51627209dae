import type { TSiteInfo } from '@residency/shared';
import { priceStay, type DiscountType, type PriceBreakdown } from '@residency/shared/pricing';

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

// The price on a plan and a quote moved to another room live with the rates page, which prices
// the rooms of a reservation of several the same way (features/stay-search/room-price.ts).
export { quoteForRoom, quotedStayPrice } from '../stay-search';
