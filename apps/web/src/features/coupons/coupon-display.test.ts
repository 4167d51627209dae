import { describe, expect, it } from 'vitest';
import { couponDiscountText, couponExpiry, couponLimitText, couponMinimumText, couponUsedUp, formatCouponDate } from './coupon-display';

describe('coupon display', () => {
  it('shows a percentage with % and a fixed amount in Taka', () => {
    expect(couponDiscountText({ discountType: 'percentage', discountValue: 15 })).toBe('15%');
    expect(couponDiscountText({ discountType: 'fixed', discountValue: 1500 })).toBe('৳1,500');
    expect(couponDiscountText({ discountType: 'fixed', discountValue: 1500 }, 'bn')).toBe('৳১,৫০০');
  });
  it('has no minimum (None) at 0 and no limit (Unlimited) at 0', () => {
    expect(couponMinimumText({ minimumPurchaseAmount: 0 })).toBeNull();
    expect(couponMinimumText({ minimumPurchaseAmount: 10000 })).toBe('৳10,000');
    expect(couponLimitText({ usageLimit: 0 })).toBeNull();
    expect(couponLimitText({ usageLimit: 50 })).toBe('50');
  });
  it('is expired only after its last day', () => {
    expect(couponExpiry({ expirationDate: '2026-11-22' }, '2026-11-22')).toBe('valid');
    expect(couponExpiry({ expirationDate: '2026-11-21' }, '2026-11-22')).toBe('expired');
    expect(couponExpiry({ expirationDate: '' }, '2026-11-22')).toBe('none');
  });
  it('is used up when a limited coupon reached its limit', () => {
    expect(couponUsedUp({ usageLimit: 0, usedCount: 999 })).toBe(false);
    expect(couponUsedUp({ usageLimit: 2, usedCount: 1 })).toBe(false);
    expect(couponUsedUp({ usageLimit: 2, usedCount: 2 })).toBe(true);
  });
});

describe('formatCouponDate', () => {
  it('writes the day with its year, in either language', () => {
    expect(formatCouponDate('2026-12-31')).toBe('Thu, Dec 31, 2026');
    expect(formatCouponDate('2026-12-31', 'bn')).toContain('২০২৬');
  });
});
