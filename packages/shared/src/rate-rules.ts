/**
 * How a plan's day is found and what a stay's rules allow (decision 0012): one set of functions
 * for the server's booking transaction, the search that explains a closed room type, and the
 * tests. Pure: the caller brings the rows.
 */
import { addDays } from './dates.ts';
import { nightsBetween } from './pricing.ts';
import type { StayRuleRefusal, StoredRateDay, TCancellationPolicy, TRateDay } from './rates.ts';

/** A plan as the resolution needs it. */
export interface PlanForRates {
  /** Set when the plan follows another: that plan's days, and the change applied to its price. */
  parent?: { days: ReadonlyMap<string, Partial<StoredRateDay>>; percent: number; amount: number } | null;
  days: ReadonlyMap<string, Partial<StoredRateDay>>;
}

/** What a day is when nobody set anything: the room type's offer price and extra adult charge. */
export interface RateDefaults {
  offerPrice: number;
  extraAdult: number;
}

/** Taka, whole: derived prices and percentage changes are rounded so (decision 0012). */
const wholeTaka = (value: number) => Math.max(0, Math.round(value));

/**
 * A price changed by a percentage and an amount, in whole Taka, rounded once, at the end. Worked
 * in integers: paisa × (10,000 + hundredths of a percent) + paisa × 10,000 is exact (at most
 * 10^9 × 60,000, below 2^53), where 1 + 15/100 in binary is not (1,290 × 1.15 came to
 * 1,483.4999…, so ৳1,483 instead of ৳1,484). Prices and amounts are whole paisa and percentages
 * hundredths (the contracts refuse more, money.ts).
 */
export function changedPrice(price: number, percent: number, amount: number): number {
  const millionths = Math.round(price * 100) * (10_000 + Math.round(percent * 100)) + Math.round(amount * 100) * 10_000;
  return wholeTaka(millionths / 1_000_000);
}

const pick = <T>(...values: (T | null | undefined)[]): T | undefined => values.find((v) => v !== null && v !== undefined) ?? undefined;

/** One day of a plan, every value resolved: its own, else its parent's, else the default. */
function resolveDay(plan: PlanForRates, defaults: RateDefaults, date: string): TRateDay {
  const own = plan.days.get(date) ?? {};
  const parent = plan.parent ? (plan.parent.days.get(date) ?? {}) : {};
  const parentPrice = (pick(parent.price) as number | undefined) ?? defaults.offerPrice;
  const ownPrice = pick(own.price) as number | undefined;
  const price = ownPrice ?? (plan.parent ? changedPrice(parentPrice, plan.parent.percent, plan.parent.amount) : defaults.offerPrice);
  // Why the night costs this: the edit that set the plan's own price, else its parent's (a derived
  // plan's price moves with its parent's season); the room type's price has no rule to name.
  const priceRule = ownPrice !== undefined ? (own.priceRule ?? null) : pick(parent.price) !== undefined ? (parent.priceRule ?? null) : null;
  return {
    date,
    price,
    extraAdult: (pick(own.extraAdult, parent.extraAdult) as number | undefined) ?? defaults.extraAdult,
    extraChild: (pick(own.extraChild, parent.extraChild) as number | undefined) ?? 0,
    minStay: (pick(own.minStay, parent.minStay) as number | undefined) ?? 1,
    maxStay: (pick(own.maxStay, parent.maxStay) as number | undefined) ?? null,
    closedToArrival: (pick(own.closedToArrival, parent.closedToArrival) as boolean | undefined) ?? false,
    closedToDeparture: (pick(own.closedToDeparture, parent.closedToDeparture) as boolean | undefined) ?? false,
    stopSell: (pick(own.stopSell, parent.stopSell) as boolean | undefined) ?? false,
    own: Object.values(own).some((v) => v !== null && v !== undefined),
    priceRule,
  };
}

/** Every day from `from` to `to`, inclusive, resolved. */
export function resolveDays(plan: PlanForRates, defaults: RateDefaults, from: string, to: string): TRateDay[] {
  const days: TRateDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(resolveDay(plan, defaults, day));
  return days;
}

/**
 * Whether the rules let a stay be sold: `days` are the stay's nights and its check-out day
 * (resolved), in order. Null when allowed; else the first rule that refuses it, in the order a
 * guest would fix it: stop-sell, arrival, departure, then the length.
 */
export function stayRuleRefusal(days: readonly TRateDay[], checkIn: string, checkOut: string): StayRuleRefusal | null {
  const nights = nightsBetween(checkIn, checkOut);
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (let i = 0; i < nights; i += 1) {
    const date = addDays(checkIn, i);
    if (byDate.get(date)?.stopSell) return { rule: 'stopSell', date };
  }
  const arrival = byDate.get(checkIn);
  if (arrival?.closedToArrival) return { rule: 'closedToArrival', date: checkIn };
  if (byDate.get(checkOut)?.closedToDeparture) return { rule: 'closedToDeparture', date: checkOut };
  if (arrival && nights < arrival.minStay) return { rule: 'minStay', date: checkIn, minStay: arrival.minStay };
  if (arrival && arrival.maxStay !== null && nights > arrival.maxStay) return { rule: 'maxStay', date: checkIn, maxStay: arrival.maxStay };
  return null;
}

/** A refusal in English, as the API's `message` says it (the web app words it from the code and values). */
export function stayRuleMessage(refusal: StayRuleRefusal): string {
  switch (refusal.rule) {
    case 'minStay':
      return `Stays arriving on ${refusal.date} must be at least ${refusal.minStay} nights.`;
    case 'maxStay':
      return `Stays arriving on ${refusal.date} can be at most ${refusal.maxStay} nights.`;
    case 'closedToArrival':
      return `No arrivals on ${refusal.date} for this room type and plan.`;
    case 'closedToDeparture':
      return `No departures on ${refusal.date} for this room type and plan.`;
    case 'stopSell':
      return `This room type and plan are not for sale on the night of ${refusal.date}.`;
  }
}

/**
 * What cancelling costs under a policy: nothing before the cut-off (free hours before the check-in
 * time), else the penalty; a non-refundable plan costs the whole stay at any time. `roomNights`
 * are the stay's room-night amounts (the first is the first night), `amount` what the guest pays
 * in all; the fee is never more than `amount`.
 */
export function cancellationFee(
  policy: TCancellationPolicy,
  options: { now: Date; checkInAt: Date; defaultFreeHours: number; roomNights: readonly number[]; amount: number },
): { fee: number; free: boolean; deadline: Date | null } {
  if (policy.penalty === 'non_refundable') return { fee: options.amount, free: false, deadline: null };
  const hours = policy.freeHours ?? options.defaultFreeHours;
  const deadline = new Date(options.checkInAt.getTime() - hours * 3_600_000);
  if (options.now < deadline) return { fee: 0, free: true, deadline };
  const roomCharge = options.roomNights.reduce((sum, n) => sum + n, 0);
  const raw =
    policy.penalty === 'first_night'
      ? (options.roomNights[0] ?? 0)
      : policy.penalty === 'percent'
        ? (roomCharge * (policy.penaltyPercent ?? 100)) / 100
        : options.amount;
  return { fee: Math.min(Math.round(raw * 100) / 100, options.amount), free: false, deadline };
}
