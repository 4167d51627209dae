import { formatLongDate } from '../../lib/format';
import type { TCoupon } from '@residency/shared';
import { formatNumber, formatTaka } from '../../lib/format';

type Coupon = Pick<TCoupon, 'discountType' | 'discountValue' | 'minimumPurchaseAmount' | 'usageLimit' | 'usedCount' | 'expirationDate'>;

/** "20%" or "৳500": one currency everywhere (the spec's `$` on fixed discounts is a slip). */
export function couponDiscountText(coupon: Pick<Coupon, 'discountType' | 'discountValue'>, lng = 'en'): string {
  return coupon.discountType === 'percentage'
    ? `${formatNumber(coupon.discountValue, lng)}%`
    : formatTaka(coupon.discountValue, lng);
}

/** The minimum purchase in Taka, or null when there is none (shown as "None"). */
export function couponMinimumText(coupon: Pick<Coupon, 'minimumPurchaseAmount'>, lng = 'en'): string | null {
  return coupon.minimumPurchaseAmount > 0 ? formatTaka(coupon.minimumPurchaseAmount, lng) : null;
}

/** The usage limit, or null when it is 0 (unlimited). */
export function couponLimitText(coupon: Pick<Coupon, 'usageLimit'>, lng = 'en'): string | null {
  return coupon.usageLimit > 0 ? formatNumber(coupon.usageLimit, lng) : null;
}

/**
 * Where a coupon's expiry stands on `today` (the hotel's date, YYYY-MM-DD): none, still valid
 * (the expiration date is its last valid day), or expired.
 */
export function couponExpiry(coupon: Pick<Coupon, 'expirationDate'>, today: string): 'none' | 'valid' | 'expired' {
  if (!coupon.expirationDate) return 'none';
  return coupon.expirationDate < today ? 'expired' : 'valid';
}

/** Whether a limited coupon has been used as many times as it may be. */
export function couponUsedUp(coupon: Pick<Coupon, 'usageLimit' | 'usedCount'>): boolean {
  return coupon.usageLimit > 0 && coupon.usedCount >= coupon.usageLimit;
}

/** An expiry date with its year: "Thu, Dec 31, 2026" (in Bengali, Bengali words and digits). */
export function formatCouponDate(iso: string, lng = 'en'): string {
  return formatLongDate(iso, lng);
}
