import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dmyToIso, isIsoDate, isoToDmy, todayAt } from './dates.ts';
import { guestsFit } from './guests.ts';
import { couponDiscount, nightsBetween, priceStay } from './pricing.ts';
import { normalizeCouponCode } from './coupons.ts';
import { fillTemplate, unknownVariables } from './email-templates.ts';

describe('priceStay', () => {
  it('adds a 10 % service charge, then 15 % VAT on room and service', () => {
    expect(priceStay({ nights: 2, perNightCost: 7500, serviceChargePercent: 10, vatPercent: 15 })).toEqual({
      nights: 2,
      perNightCost: 7500,
      subtotal: 15000,
      discount: 0,
      withOutVatAndService: 15000,
      serviceCharge: 1500,
      vat: 2475,
      amount: 18975,
    });
  });
  it('applies the discount before the charges and rounds to the paisa', () => {
    const p = priceStay({ nights: 3, perNightCost: 3333.33, discount: { type: 'percentage', value: 12.5 }, serviceChargePercent: 10, vatPercent: 15 });
    expect(p.subtotal).toBe(9999.99);
    expect(p.discount).toBe(1250);
    expect(p.withOutVatAndService).toBe(8749.99);
    expect(p.serviceCharge).toBe(875);
    expect(p.vat).toBe(1443.75);
    expect(p.amount).toBe(11068.74);
  });
});

describe('couponDiscount', () => {
  it('caps a fixed discount at the subtotal and a percentage at 100', () => {
    expect(couponDiscount(5000, { type: 'fixed', value: 8000 })).toBe(5000);
    expect(couponDiscount(5000, { type: 'percentage', value: 150 })).toBe(5000);
    expect(couponDiscount(5000, null)).toBe(0);
  });
});

describe('dates', () => {
  it('counts nights and moves between DD-MM-YYYY and ISO', () => {
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(dmyToIso('22-11-2026')).toBe('2026-11-22');
    expect(dmyToIso('31-02-2026')).toBeNull();
    expect(isoToDmy('2026-11-22')).toBe('22-11-2026');
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('adds days as the calendar does, across months, leap years and centuries (against Date)', () => {
    const byDate = (iso: string, days: number) => {
      const d = new Date(`${iso}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1) / 86_400_000, max: Date.UTC(2399, 11, 31) / 86_400_000 }), fc.integer({ min: -5000, max: 5000 }), (day, days) => {
        const iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
        expect(addDays(iso, days)).toBe(byDate(iso, days));
      }),
      { numRuns: 5000 },
    );
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
  });
  it("knows today at the hotel: Dhaka is already on the 23rd at 19:00 UTC on the 22nd", () => {
    expect(todayAt('Asia/Dhaka', new Date('2026-11-22T19:00:00Z'))).toBe('2026-11-23');
    expect(todayAt('UTC', new Date('2026-11-22T19:00:00Z'))).toBe('2026-11-22');
  });
});

describe('guestsFit', () => {
  it('keeps to 3 per room and to the room maximums', () => {
    const beds = { maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 };
    expect(guestsFit({ adults: 2, children: 1 }, beds)).toBe(true);
    expect(guestsFit({ adults: 3, children: 0 }, beds)).toBe(false);
    expect(guestsFit({ adults: 1, children: 2 }, beds)).toBe(false);
    expect(guestsFit({ adults: 2, children: 2 }, { maximum_adults: 3, maximum_children: 2, maximum_occupancy: 5 })).toBe(false);
    expect(guestsFit({ adults: 0, children: 1 }, beds)).toBe(false);
  });
});

describe('coupon codes and e-mail variables', () => {
  it('compares codes without case or spaces', () => {
    expect(normalizeCouponCode(' winter 10 ')).toBe('WINTER10');
  });
  it('finds variables a template type does not support', () => {
    expect(unknownVariables('BOOKING_CANCELLATION', 'Hi {{name}}', '{{ cancellationDate }} {{discountCode}}')).toEqual(['discountCode']);
    expect(unknownVariables('BOOKING_CONFIRMATION_ADMIN', '{{admin_email}}')).toEqual([]);
    expect(unknownVariables('BOOKING_CONFIRMATION_USER', '{{admin_email}}')).toEqual(['admin_email']);
  });
  it('fills variables, escaping values when asked', () => {
    expect(fillTemplate('Dear {{ name }}', { name: '<b>A</b>' }, (v) => v.replace(/</g, '&lt;'))).toBe('Dear &lt;b>A&lt;/b>');
  });
});
