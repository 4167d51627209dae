/**
 * The price of a stay (ARCHITECTURE.md): nights × room price = subtotal; a coupon takes a
 * percentage or a fixed amount off; then the service charge is added, and VAT on the room and
 * the service charge (as Bangladeshi hotels bill it). Amounts are Taka, rounded to the paisa.
 * The server computes every amount; the browser uses the same function to show the breakdown.
 */

export type DiscountType = 'percentage' | 'fixed';

export interface PriceInput {
  nights: number;
  perNightCost: number;
  discount?: { type: DiscountType; value: number } | null;
  serviceChargePercent: number;
  vatPercent: number;
}

export interface PriceBreakdown {
  nights: number;
  perNightCost: number;
  /** nights × per-night cost, before any discount */
  subtotal: number;
  discount: number;
  /** the room charge after the discount: the amount without VAT and service charge */
  withOutVatAndService: number;
  serviceCharge: number;
  vat: number;
  /** what the guest pays */
  amount: number;
}

const round = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** The discount a coupon gives on a subtotal: a percentage of it, or a fixed amount, never more than it. */
export function couponDiscount(subtotal: number, discount: { type: DiscountType; value: number } | null | undefined): number {
  if (!discount) return 0;
  const raw = discount.type === 'percentage' ? (subtotal * Math.min(Math.max(discount.value, 0), 100)) / 100 : discount.value;
  return round(Math.min(Math.max(raw, 0), subtotal));
}

export function priceStay(input: PriceInput): PriceBreakdown {
  const subtotal = round(input.nights * input.perNightCost);
  const discount = couponDiscount(subtotal, input.discount);
  const withOutVatAndService = round(subtotal - discount);
  const serviceCharge = round((withOutVatAndService * input.serviceChargePercent) / 100);
  const vat = round(((withOutVatAndService + serviceCharge) * input.vatPercent) / 100);
  return {
    nights: input.nights,
    perNightCost: input.perNightCost,
    subtotal,
    discount,
    withOutVatAndService,
    serviceCharge,
    vat,
    amount: round(withOutVatAndService + serviceCharge + vat),
  };
}

/** Nights between two ISO dates (YYYY-MM-DD). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  const ms = Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}
