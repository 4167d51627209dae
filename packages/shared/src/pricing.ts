/**
 * The price of a stay (docs/decisions/0004-stay-price.md): nights × room price = subtotal; a coupon takes a
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

/** A stay of `nights` nights all at one price (a channel's stay, the search's estimate before rates load). */
export function priceStay(input: PriceInput): PriceBreakdown {
  const nights = Array.from({ length: input.nights }, (_, i) => ({ date: String(i), price: input.perNightCost, extraAdult: 0, extraChild: 0 }));
  const { lines: _lines, ...breakdown } = quoteStay({ ...input, nights, adults: 1, children: 0, includedAdults: 1, includedChildren: 0, mealPerPerson: 0 });
  return { ...breakdown, perNightCost: input.perNightCost };
}

/** One night's rate as the calendar gives it (the room's supplement included in `price`). */
interface NightRate {
  date: string;
  price: number;
  extraAdult: number;
  extraChild: number;
}

/** One night of a stay as sold: each part rounded to the paisa, the night's total their sum. */
export interface NightLine {
  date: string;
  room: number;
  extraAdults: number;
  extraChildren: number;
  meals: number;
  total: number;
}

export interface QuoteInput {
  nights: readonly NightRate[];
  adults: number;
  children: number;
  /** Guests the rate includes (the room type's); each one beyond pays the night's extra price. */
  includedAdults: number;
  includedChildren: number;
  /** The plan's meal, per person and night (0 without one). */
  mealPerPerson: number;
  discount?: { type: DiscountType; value: number } | null;
  serviceChargePercent: number;
  vatPercent: number;
}

export interface StayQuote extends PriceBreakdown {
  lines: NightLine[];
}

/**
 * The price of a stay from its nightly rates (issue 21, decision 0004): per night the room, the
 * guests beyond those included and the meals, each line rounded to the paisa; the subtotal is the
 * sum of the lines; then the coupon, the service charge and VAT, each rounded; the amount is the
 * sum of those rounded figures, as a tax invoice adds them up.
 */
export function quoteStay(input: QuoteInput): StayQuote {
  const extraAdults = Math.max(0, input.adults - input.includedAdults);
  const extraChildren = Math.max(0, input.children - input.includedChildren);
  const persons = input.adults + input.children;
  const lines = input.nights.map((night): NightLine => {
    const room = round(Math.max(0, night.price));
    const adults = round(extraAdults * night.extraAdult);
    const children = round(extraChildren * night.extraChild);
    const meals = round(persons * input.mealPerPerson);
    return { date: night.date, room, extraAdults: adults, extraChildren: children, meals, total: round(room + adults + children + meals) };
  });
  const subtotal = round(lines.reduce((sum, line) => sum + line.total, 0));
  const discount = couponDiscount(subtotal, input.discount);
  const withOutVatAndService = round(subtotal - discount);
  const serviceCharge = round((withOutVatAndService * input.serviceChargePercent) / 100);
  const vat = round(((withOutVatAndService + serviceCharge) * input.vatPercent) / 100);
  const count = lines.length;
  return {
    nights: count,
    // The average night (the booking's per-night column and the list screens); the lines are the truth.
    perNightCost: count ? round(subtotal / count) : 0,
    subtotal,
    discount,
    withOutVatAndService,
    serviceCharge,
    vat,
    amount: round(withOutVatAndService + serviceCharge + vat),
    lines,
  };
}

/** Consecutive nights at the same price, as "3 nights × ৳6,600" says them. */
export interface NightGroup {
  /** The first and last night of the group. */
  from: string;
  to: string;
  count: number;
  price: number;
  /** What the group's nights share beside their price (the rule that set it), as given. */
  key?: string;
}

/** Groups identical consecutive nights by their room price (and `key`, when the nights carry one: the rule that set the price). */
export function groupNights(nights: readonly { date: string; price: number; key?: string }[]): NightGroup[] {
  const groups: NightGroup[] = [];
  for (const night of nights) {
    const last = groups.at(-1);
    if (last && last.price === night.price && last.key === night.key) {
      last.to = night.date;
      last.count += 1;
    } else groups.push({ from: night.date, to: night.date, count: 1, price: night.price, ...(night.key !== undefined ? { key: night.key } : {}) });
  }
  return groups;
}

/** Nights between two ISO dates (YYYY-MM-DD). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  const ms = Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}
