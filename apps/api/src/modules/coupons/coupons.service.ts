import { couponDiscount, normalizeCouponCode, type TCoupon, type TCouponCheck, type ZCouponCreate } from '@residency/shared';
import { formatAmount } from '@residency/shared/display';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { deleteCouponRow, findCouponByCode, insertCoupon, listCoupons, type CouponRow } from './coupons.repository.ts';

export function presentCoupon(row: CouponRow): TCoupon {
  return {
    _id: row.id,
    code: row.code,
    discountType: row.discountType,
    discountValue: row.discountValue,
    expirationDate: row.expirationDate,
    minimumPurchaseAmount: row.minimumPurchaseAmount,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createCoupon(db: Database, input: z.output<typeof ZCouponCreate>): Promise<TCoupon> {
  try {
    return presentCoupon(await insertCoupon(db, input));
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(`The code ${input.code} already exists.`, 'COUPON_CODE_TAKEN');
    throw error;
  }
}

export async function getCoupons(db: Database, query: { page: number; limit: number }) {
  const { data, total } = await listCoupons(db, query);
  return { data: data.map(presentCoupon), meta: { page: query.page, limit: query.limit, total } };
}

export async function deleteCoupon(db: Database, id: string): Promise<void> {
  if (!(await deleteCouponRow(db, id))) throw AppError.notFound('This coupon does not exist.', 'COUPON_NOT_FOUND');
}

/**
 * Why a coupon does not apply to a stay of `subtotal` Taka on `today` (hotel date), or null:
 * it must be active, not past its last day, the stay must reach its minimum, and uses must
 * remain (a limit of 0 is unlimited).
 */
export function couponProblem(coupon: CouponRow, subtotal: number | undefined, today: string): string | null {
  if (!coupon.isActive) return 'This coupon is not active.';
  if (coupon.expirationDate < today) return 'This coupon has expired.';
  if (coupon.usageLimit > 0 && coupon.usedCount >= coupon.usageLimit) return 'This coupon has been fully used.';
  if (subtotal !== undefined && subtotal < coupon.minimumPurchaseAmount) {
    return `This coupon needs a stay of at least ${formatAmount(coupon.minimumPurchaseAmount)}.`;
  }
  return null;
}

/** `GET /api/coupons/:code`: whether the code applies (to `amount`, when given) and why not. */
export async function checkCoupon(db: Executor, code: string, amount: number | undefined, today: string): Promise<TCouponCheck> {
  const normalized = normalizeCouponCode(code);
  const coupon = await findCouponByCode(db, normalized);
  if (!coupon) {
    return {
      code: normalized,
      valid: false,
      reason: 'There is no coupon with this code.',
      discountType: null,
      discountValue: null,
      minimumPurchaseAmount: null,
      discount: null,
    };
  }
  const reason = couponProblem(coupon, amount, today);
  return {
    code: coupon.code,
    valid: reason === null,
    reason,
    discountType: coupon.discountType,
    discountValue: coupon.discountValue,
    minimumPurchaseAmount: coupon.minimumPurchaseAmount,
    discount:
      reason === null && amount !== undefined
        ? couponDiscount(amount, { type: coupon.discountType, value: coupon.discountValue })
        : null,
  };
}
