import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import { groupNights, quoteStay } from './pricing.ts';
import { AMOUNT_BELOW_PAISA_MESSAGE, AMOUNT_DECIMALS_MESSAGE, MINUS_ZERO_MESSAGE, zTaka } from './money.ts';
import { cancellationFee, changedPrice, resolveDays, stayRuleRefusal, type PlanForRates } from './rate-rules.ts';
import type { RateDayValues } from './rates.ts';

const START = '2027-01-01';
const cents = (n: number) => Math.round(n * 100);

/** A random calendar of one plan (some days set, some not) and a stay inside it. */
const calendarAndStay = fc
  .record({
    offerPrice: fc.integer({ min: 0, max: 50_000 }),
    extraAdult: fc.integer({ min: 0, max: 5_000 }),
    set: fc.array(
      fc.record({
        offset: fc.integer({ min: 0, max: 40 }),
        price: fc.option(fc.double({ min: 0, max: 100_000, noNaN: true }), { nil: null }),
        extraChild: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
      }),
      { maxLength: 30 },
    ),
    derived: fc.option(fc.record({ percent: fc.integer({ min: -90, max: 500 }), amount: fc.integer({ min: -5_000, max: 5_000 }) }), { nil: null }),
    start: fc.integer({ min: 0, max: 30 }),
    nights: fc.integer({ min: 1, max: 10 }),
    adults: fc.integer({ min: 1, max: 3 }),
    children: fc.integer({ min: 0, max: 2 }),
    meal: fc.integer({ min: 0, max: 2_000 }),
    coupon: fc.option(fc.record({ type: fc.constantFrom('percentage' as const, 'fixed' as const), value: fc.double({ min: 0, max: 200_000, noNaN: true }) }), { nil: null }),
  })
  .map((c) => {
    const days = new Map<string, Partial<RateDayValues>>(c.set.map((d) => [addDays(START, d.offset), { price: d.price, extraChild: d.extraChild }]));
    const plan: PlanForRates = c.derived ? { days: new Map(), parent: { days, percent: c.derived.percent, amount: c.derived.amount } } : { days };
    return { ...c, plan, checkIn: addDays(START, c.start), checkOut: addDays(START, c.start + c.nights) };
  });

describe('quoteStay on any calendar', () => {
  it('has one line per night, no negative line, and a total that is the sum of its rounded parts', () => {
    fc.assert(
      fc.property(calendarAndStay, (c) => {
        const days = resolveDays(c.plan, { offerPrice: c.offerPrice, extraAdult: c.extraAdult }, c.checkIn, addDays(c.checkOut, -1));
        const quote = quoteStay({
          nights: days.map((d) => ({ date: d.date, price: d.price, extraAdult: d.extraAdult, extraChild: d.extraChild })),
          adults: c.adults,
          children: c.children,
          includedAdults: 2,
          includedChildren: 0,
          mealPerPerson: c.meal,
          discount: c.coupon,
          serviceChargePercent: 10,
          vatPercent: 15,
        });
        expect(quote.lines.map((l) => l.date)).toEqual(days.map((d) => d.date));
        expect(quote.nights).toBe(c.nights);
        for (const line of quote.lines) {
          for (const part of [line.room, line.extraAdults, line.extraChildren, line.meals]) expect(part).toBeGreaterThanOrEqual(0);
          expect(cents(line.total)).toBe(cents(line.room) + cents(line.extraAdults) + cents(line.extraChildren) + cents(line.meals));
        }
        expect(cents(quote.subtotal)).toBe(quote.lines.reduce((sum, l) => sum + cents(l.total), 0));
        expect(quote.discount).toBeGreaterThanOrEqual(0);
        expect(quote.discount).toBeLessThanOrEqual(quote.subtotal);
        expect(cents(quote.amount)).toBe(cents(quote.withOutVatAndService) + cents(quote.serviceCharge) + cents(quote.vat));
        expect(cents(quote.withOutVatAndService)).toBe(cents(quote.subtotal) - cents(quote.discount));
      }),
      { numRuns: 300 },
    );
  });
});

describe('stayRuleRefusal', () => {
  const plan = (values: Record<string, Partial<RateDayValues>>): PlanForRates => ({ days: new Map(Object.entries(values)) });
  const check = (p: PlanForRates, checkIn: string, checkOut: string) =>
    stayRuleRefusal(resolveDays(p, { offerPrice: 5000, extraAdult: 0 }, checkIn, checkOut), checkIn, checkOut);

  it('says the first rule a guest would have to fix: stop-sell, arrival, departure, length', () => {
    const p = plan({ '2027-01-02': { stopSell: true, closedToArrival: true }, '2027-01-05': { closedToDeparture: true, minStay: 3 } });
    expect(check(p, '2027-01-01', '2027-01-03')).toEqual({ rule: 'stopSell', date: '2027-01-02' });
    expect(check(p, '2027-01-02', '2027-01-04')).toEqual({ rule: 'stopSell', date: '2027-01-02' });
    expect(check(p, '2027-01-03', '2027-01-05')).toEqual({ rule: 'closedToDeparture', date: '2027-01-05' });
    expect(check(p, '2027-01-05', '2027-01-07')).toEqual({ rule: 'minStay', date: '2027-01-05', minStay: 3 });
    expect(check(p, '2027-01-05', '2027-01-08')).toBeNull();
    // Leaving on the stop-sell day: its night is not stayed.
    expect(check(p, '2027-01-01', '2027-01-02')).toBeNull();
  });
});

describe('cancellationFee', () => {
  const checkInAt = new Date('2027-01-10T08:00:00Z');
  const hour = 3_600_000;
  const base = { checkInAt, defaultFreeHours: 48, roomNights: [6000, 7000, 7000], amount: 25_000 };
  const at = (hoursBefore: number) => new Date(checkInAt.getTime() - hoursBefore * hour);

  it('is free before the cut-off and charges the penalty from it on, for each kind', () => {
    const kinds = [
      [{ freeHours: null, penalty: 'first_night' as const, penaltyPercent: null }, 6000],
      [{ freeHours: 24, penalty: 'percent' as const, penaltyPercent: 50 }, 10_000],
      [{ freeHours: 72, penalty: 'whole_stay' as const, penaltyPercent: null }, 25_000],
    ] as const;
    for (const [policy, fee] of kinds) {
      const hours = policy.freeHours ?? 48;
      expect(cancellationFee(policy, { ...base, now: at(hours + 0.01) })).toMatchObject({ fee: 0, free: true });
      expect(cancellationFee(policy, { ...base, now: at(hours) })).toMatchObject({ fee, free: false });
    }
  });

  it('non-refundable costs the whole stay at any time', () => {
    expect(cancellationFee({ freeHours: null, penalty: 'non_refundable', penaltyPercent: null }, { ...base, now: at(1000) })).toMatchObject({ fee: 25_000, free: false });
  });
});

describe('groupNights', () => {
  it('says identical consecutive nights once', () => {
    expect(
      groupNights([
        { date: 'a', price: 6600 },
        { date: 'b', price: 6600 },
        { date: 'c', price: 6600 },
        { date: 'd', price: 8000 },
        { date: 'e', price: 6600 },
      ]),
    ).toEqual([
      { from: 'a', to: 'c', count: 3, price: 6600 },
      { from: 'd', to: 'd', count: 1, price: 8000 },
      { from: 'e', to: 'e', count: 1, price: 6600 },
    ]);
  });
});

describe('changedPrice', () => {
  it('rounds once, at the end: the same whole Taka as exact arithmetic, for any price in paisa and percentage in hundredths', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: -9_000, max: 50_000 }),
        fc.integer({ min: -100_000_000, max: 100_000_000 }),
        (paisa, hundredths, amountPaisa) => {
          // price × (1 + percent/100) + amount, in millionths of a Taka, rounded half up, not below 0.
          const exact = BigInt(paisa) * BigInt(10_000 + hundredths) + BigInt(amountPaisa) * 10_000n;
          const expected = exact <= 0n ? 0 : Number((2n * exact + 1_000_000n) / 2_000_000n);
          expect(changedPrice(paisa / 100, hundredths / 100, amountPaisa / 100)).toBe(expected);
        },
      ),
    );
    expect(changedPrice(1290, 15, 0)).toBe(1484);
  });
});

describe('zTaka: the folio rule for amounts', () => {
  const price = zTaka({ message: 'Enter a price.', min: 0, max: 10_000_000 });
  it('takes none, paisa and whole Taka; refuses a fraction of a paisa, more decimals and −0', () => {
    for (const ok of [0, 0.01, 7500.25, 10_000_000, 0.1 + 0.2]) expect(price.safeParse(ok).success, String(ok)).toBe(true);
    for (const [bad, message] of [
      [1e-9, AMOUNT_BELOW_PAISA_MESSAGE],
      [5e-324, AMOUNT_BELOW_PAISA_MESSAGE],
      [0.005, AMOUNT_BELOW_PAISA_MESSAGE],
      [12.345, AMOUNT_DECIMALS_MESSAGE],
      [-0, MINUS_ZERO_MESSAGE],
    ] as const) {
      const result = price.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
    }
  });
});
