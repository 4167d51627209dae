import type { TSiteInfo } from '@residency/shared';
import { couponDiscount, type DiscountType, type PriceBreakdown } from '@residency/shared/pricing';

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

/**
 * folio.ts's spreadInProportion, repeated so the public pages do not carry zod with it: `total`
 * over parts in proportion to `weights`, each share rounded to the paisa, the rest on the last.
 */
function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  const shares = weights.map((w) => (sum === 0 ? 0 : round((total * w) / sum)));
  if (shares.length > 0) shares[shares.length - 1] = round(total - shares.slice(0, -1).reduce((s, v) => s + v, 0));
  return shares;
}

/** The rooms of a reservation priced, each on its plan, and their sum. */
export interface RoomsPrice {
  rooms: PriceBreakdown[];
  /** Their lines added up (nights and the price a night are each room's own). */
  total: Omit<PriceBreakdown, 'nights' | 'perNightCost'>;
}

/**
 * Each room of a reservation on its plan, as POST /api/reservations prices it: a coupon is
 * checked once against the rooms' subtotal; a percentage comes off each room, a fixed amount is
 * shared among the rooms in proportion to their subtotals. The total is the sum of the rooms'
 * rounded amounts: the reservation's `expectedAmount`.
 */
export function priceRooms(
  quotes: readonly { nights: number; subtotal: number }[],
  coupon: { type: DiscountType; value: number } | null,
  site: Pick<TSiteInfo, 'serviceChargePercent' | 'vatPercent'>,
): RoomsPrice {
  const subtotals = quotes.map((q) => q.subtotal);
  const all = subtotals.reduce((s, v) => s + v, 0);
  const shares = coupon?.type === 'fixed' ? spread(Math.min(coupon.value, all), subtotals) : [];
  const rooms = quotes.map((q, i) =>
    quotedStayPrice(q, !coupon ? null : coupon.type === 'fixed' ? { type: 'fixed', value: shares[i]! } : coupon, site),
  );
  const sum = (key: keyof PriceBreakdown) => round(rooms.reduce((s, r) => s + r[key], 0));
  return {
    rooms,
    total: {
      subtotal: sum('subtotal'),
      discount: sum('discount'),
      withOutVatAndService: sum('withOutVatAndService'),
      serviceCharge: sum('serviceCharge'),
      vat: sum('vat'),
      amount: sum('amount'),
    },
  };
}
