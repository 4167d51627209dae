import { describe, expect, it } from 'vitest';
import { quoteStay } from '@residency/shared/pricing';
import { quoteForRoom, quotedStayPrice, stayPrice } from './stay-price';

const site = { serviceChargePercent: 10, vatPercent: 15 };

describe('the booking form’s price', () => {
  it('is nights × the room’s price, then service charge and VAT on top', () => {
    expect(stayPrice(2, 5000, null, site)).toEqual({
      nights: 2,
      perNightCost: 5000,
      subtotal: 10000,
      discount: 0,
      withOutVatAndService: 10000,
      serviceCharge: 1000,
      vat: 1650,
      amount: 12650,
    });
  });

  it('takes an applied coupon off before the service charge and VAT', () => {
    const price = stayPrice(2, 5000, { type: 'percentage', value: 10 }, site);
    expect(price).toMatchObject({ subtotal: 10000, discount: 1000, withOutVatAndService: 9000, serviceCharge: 900, vat: 1485, amount: 11385 });
    expect(stayPrice(2, 5000, { type: 'fixed', value: 1500 }, site)).toMatchObject({ discount: 1500, withOutVatAndService: 8500 });
  });
});

describe('the price of a stay on a rate plan (issue 21)', () => {
  it('adds the coupon, service charge and VAT to the quote exactly as the shared quoteStay does', () => {
    const nights = [
      { date: '2026-06-04', price: 6600.5, extraAdult: 1200, extraChild: 700 },
      { date: '2026-06-05', price: 7333.33, extraAdult: 1200, extraChild: 700 },
    ];
    const input = { nights, adults: 3, children: 1, includedAdults: 2, includedChildren: 0, mealPerPerson: 455.55, serviceChargePercent: 10, vatPercent: 15 };
    for (const discount of [null, { type: 'percentage' as const, value: 12.5 }, { type: 'fixed' as const, value: 999.99 }]) {
      const server = quoteStay({ ...input, discount });
      const { lines: _lines, ...expected } = server;
      expect(quotedStayPrice(quoteStay(input), discount, site)).toEqual(expected);
    }
  });
});

describe("a type's quote moved to a dearer room of the type", () => {
  it('adds the supplement difference to each night, and the subtotal follows', () => {
    const quote = {
      nights: 2,
      subtotal: 15600,
      lines: [
        { date: '2026-06-04', room: 6600, extraAdults: 500, extraChildren: 0, meals: 1000, total: 8100 },
        { date: '2026-06-05', room: 6000, extraAdults: 500, extraChildren: 0, meals: 1000, total: 7500 },
      ],
    };
    const moved = quoteForRoom(quote, 500);
    expect(moved.lines.map((l) => [l.room, l.total])).toEqual([
      [7100, 8600],
      [6500, 8000],
    ]);
    expect(moved.subtotal).toBe(16600);
    expect(quoteForRoom(quote, 0)).toBe(quote);
  });
});
