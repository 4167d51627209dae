import {
  couponDiscount,
  couponShapeProblem,
  normalizeCouponCode,
  type TCoupon,
  type TCouponCheck,
  type ZCouponCreate,
  type ZCouponPatch,
} from '@residency/shared';
import { formatAmount } from '@residency/shared/display';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import {
  couponWasUsed,
  deleteCouponRow,
  findCouponByCode,
  findCouponForUpdate,
  insertCoupon,
  listCoupons,
  releaseCouponUse,
  retakeCouponUseRow,
  takeCouponUse,
  updateCoupon,
  type CouponRow,
} from './coupons.repository.ts';
import { inTransaction } from '../../lib/transactions.ts';

function presentCoupon(row: CouponRow): TCoupon {
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

const couponNotFound = () => AppError.notFound('This coupon does not exist.', 'COUPON_NOT_FOUND');

/**
 * Changes a coupon, or switches it on or off. A coupon a booking was made with keeps its code
 * (the booking's bill names it), and its limit cannot drop below the uses it already has.
 */
export async function changeCoupon(db: Database, id: string, patch: z.output<typeof ZCouponPatch>): Promise<TCoupon> {
  try {
    return await inTransaction(db, async (tx) => {
      const current = await findCouponForUpdate(tx, id);
      if (!current) throw couponNotFound();
      if (patch.code !== undefined && patch.code !== current.code && (await couponWasUsed(tx, id))) {
        throw AppError.conflict(`Bookings were made with ${current.code}: its code cannot change. Create a new coupon instead.`, 'COUPON_CODE_LOCKED');
      }
      const next = { ...current, ...patch };
      const shape = couponShapeProblem(next);
      if (shape) throw new AppError('VALIDATION_ERROR', shape, 400, [{ path: 'discountValue', message: shape }]);
      if (next.usageLimit !== 0 && next.usageLimit < current.usedCount) {
        const message = `This coupon has been used ${current.usedCount} times: its limit cannot be lower than that (0 is unlimited).`;
        throw new AppError('VALIDATION_ERROR', message, 400, [{ path: 'usageLimit', message }]);
      }
      // Only what the request sets; a patch that sets nothing changes nothing (and answers the coupon).
      const values = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      return presentCoupon(Object.keys(values).length > 0 ? await updateCoupon(tx, id, values) : current);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(`The code ${patch.code} already exists.`, 'COUPON_CODE_TAKEN');
    throw error;
  }
}

export async function getCoupons(db: Database, query: { page: number; limit: number }) {
  const { data, total } = await listCoupons(db, query);
  return { data: data.map(presentCoupon), meta: { page: query.page, limit: query.limit, total } };
}

export async function deleteCoupon(db: Database, id: string): Promise<void> {
  if (!(await deleteCouponRow(db, id))) throw couponNotFound();
}

/**
 * Why a coupon does not apply to a stay of `subtotal` Taka on `today` (hotel date), or null:
 * it must be active, not past its last day, the stay must reach its minimum, and uses must
 * remain (a limit of 0 is unlimited).
 */
function couponProblem(coupon: CouponRow, subtotal: number | undefined, today: string): string | null {
  if (!coupon.isActive) return 'This coupon is not active.';
  if (coupon.expirationDate < today) return 'This coupon has expired.';
  if (coupon.usageLimit > 0 && coupon.usedCount >= coupon.usageLimit) return 'This coupon has been fully used.';
  if (subtotal !== undefined && subtotal < coupon.minimumPurchaseAmount) {
    return `This coupon needs a stay of at least ${formatAmount(coupon.minimumPurchaseAmount)}.`;
  }
  return null;
}

/**
 * A booking's coupon, in the booking's transaction: the coupon of `code` if it applies to
 * `subtotal` today, with one of its uses taken (atomically, so concurrent bookings never push
 * it past its limit). Throws the guest's reason when it does not apply.
 */
export async function redeemCoupon(tx: Executor, code: string, subtotal: number, today: string): Promise<CouponRow> {
  const coupon = await findCouponByCode(tx, normalizeCouponCode(code));
  if (!coupon) throw AppError.badRequest('There is no coupon with this code.', 'COUPON_INVALID');
  const problem = couponProblem(coupon, subtotal, today);
  if (problem) throw AppError.badRequest(problem, 'COUPON_INVALID');
  if (!(await takeCouponUse(tx, coupon.id))) {
    throw AppError.conflict('This coupon has been fully used.', 'COUPON_USED_UP');
  }
  return coupon;
}

/** A booking's coupon terms (percentage or fixed, and its value), to price the booking again; undefined when it is gone. */
export async function couponTerms(tx: Executor, id: string): Promise<{ type: CouponRow['discountType']; value: number } | undefined> {
  const coupon = await findCouponForUpdate(tx, id);
  return coupon ? { type: coupon.discountType, value: coupon.discountValue } : undefined;
}

/** Gives back the use a cancelled booking took (in the booking's transaction). */
export function returnCouponUse(tx: Executor, id: string): Promise<void> {
  return releaseCouponUse(tx, id);
}

/** Takes back the use of a booking booked again after its payment hold lapsed (it keeps the price it was sold at). */
export function retakeCouponUse(tx: Executor, id: string): Promise<void> {
  return retakeCouponUseRow(tx, id);
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
