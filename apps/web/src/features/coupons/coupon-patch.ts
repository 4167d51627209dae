import type { TCoupon, TCouponCreate, TCouponPatch } from '@residency/shared';

const FIELDS = ['code', 'discountType', 'discountValue', 'expirationDate', 'minimumPurchaseAmount', 'usageLimit', 'isActive'] as const;

/**
 * What an edit changes: only the fields whose value differs from the coupon as it is, so a
 * used coupon's unchanged code is never sent (the server refuses a new code for it) and an
 * untouched form sends nothing.
 */
export function couponPatch(coupon: TCoupon, next: Required<TCouponCreate>): TCouponPatch {
  const patch: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (next[field] !== coupon[field]) patch[field] = next[field];
  }
  return patch as TCouponPatch;
}

/**
 * Whether a coupon's code can no longer change: a booking was made with it. The list knows
 * the uses still counted; a use given back by a cancelled booking is caught by the server (409).
 */
export function couponCodeLocked(coupon: Pick<TCoupon, 'usedCount'> | null | undefined): boolean {
  return (coupon?.usedCount ?? 0) > 0;
}
