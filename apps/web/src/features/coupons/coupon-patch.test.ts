import type { TCoupon } from '@residency/shared';
import { describe, expect, it } from 'vitest';
import { couponCodeLocked, couponPatch } from './coupon-patch';

const coupon: TCoupon = {
  _id: 'c1',
  code: 'WINTER25',
  discountType: 'percentage',
  discountValue: 25,
  expirationDate: '2030-12-31',
  minimumPurchaseAmount: 0,
  usageLimit: 0,
  usedCount: 0,
  isActive: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};
/** The form's values for the coupon as it is. */
const same = {
  code: coupon.code,
  discountType: coupon.discountType,
  discountValue: coupon.discountValue,
  expirationDate: coupon.expirationDate,
  minimumPurchaseAmount: coupon.minimumPurchaseAmount,
  usageLimit: coupon.usageLimit,
  isActive: coupon.isActive,
};

describe('couponPatch', () => {
  it('sends nothing for an untouched form', () => {
    expect(couponPatch(coupon, same)).toEqual({});
  });

  it('sends only the fields that changed', () => {
    expect(couponPatch(coupon, { ...same, discountValue: 30, isActive: false })).toEqual({ discountValue: 30, isActive: false });
    expect(couponPatch(coupon, { ...same, code: 'SPRING30', expirationDate: '2031-03-31' })).toEqual({ code: 'SPRING30', expirationDate: '2031-03-31' });
  });
});

describe('couponCodeLocked', () => {
  it('locks the code once a booking used the coupon', () => {
    expect(couponCodeLocked(coupon)).toBe(false);
    expect(couponCodeLocked({ usedCount: 1 })).toBe(true);
    expect(couponCodeLocked(null)).toBe(false);
  });
});
