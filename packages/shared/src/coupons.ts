import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { zText } from './text.ts';

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;

/** Coupon codes are case-insensitive: kept and compared in capitals, without spaces. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, '');
}

/** The fields of a coupon as the admin writes them, with the spec's messages (section 5). */
const couponFields = {
  code: zText({ message: 'Please input the coupon code!' })
    .transform(normalizeCouponCode)
    .pipe(
      z
        .string()
        .min(1, 'Please input the coupon code!')
        .max(30, 'The coupon code is too long.')
        .regex(/^[A-Z0-9_-]+$/, 'Use letters, digits, - and _ only.'),
    ),
  discountType: z.enum(DISCOUNT_TYPES, { message: 'Please select a discount type!' }),
  discountValue: z
    .number({ message: 'Please input the discount value!' })
    .positive('The discount must be more than 0.')
    .max(10_000_000),
  expirationDate: zText({ message: 'Please select the expiration date!' }).refine(isIsoDate, 'Please select the expiration date!'),
  minimumPurchaseAmount: z.number().min(0).max(100_000_000),
  usageLimit: z.number().int().min(0).max(1_000_000),
  isActive: z.boolean(),
};

const PERCENT_OVER_100 = 'A percentage discount cannot be more than 100.';

/** `POST /api/coupons`. */
export const ZCouponCreate = z
  .object({
    ...couponFields,
    minimumPurchaseAmount: couponFields.minimumPurchaseAmount.default(0),
    usageLimit: couponFields.usageLimit.default(0),
    isActive: couponFields.isActive.default(true),
  })
  .refine((c) => c.discountType !== 'percentage' || c.discountValue <= 100, {
    message: PERCENT_OVER_100,
    path: ['discountValue'],
  });
export type TCouponCreate = z.input<typeof ZCouponCreate>;

/**
 * `PATCH /api/coupons/:id`: any of the fields; what is left out stays. The percentage rule is
 * checked on the coupon as it will be; a coupon already used keeps its code (409).
 */
export const ZCouponPatch = z.object(couponFields).partial().strict();
export type TCouponPatch = z.input<typeof ZCouponPatch>;

/** Whether a coupon as it will be is consistent: the message of the first rule it breaks. */
export function couponShapeProblem(coupon: { discountType: string; discountValue: number }): string | null {
  return coupon.discountType === 'percentage' && coupon.discountValue > 100 ? PERCENT_OVER_100 : null;
}

export const ZCoupon = z.object({
  _id: z.string(),
  code: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number(),
  expirationDate: z.string(),
  minimumPurchaseAmount: z.number(),
  usageLimit: z.number(),
  usedCount: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type TCoupon = z.infer<typeof ZCoupon>;

/** `GET /api/coupons/:code?amount=`: whether a code applies to a stay and why not. */
export const ZCouponCheck = z.object({
  code: z.string(),
  valid: z.boolean(),
  /** Why it does not apply, in words a guest understands (null when valid). */
  reason: z.string().nullable(),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  discountValue: z.number().nullable(),
  minimumPurchaseAmount: z.number().nullable(),
  /** The discount on `amount` when it was given and the code applies. */
  discount: z.number().nullable(),
});
export type TCouponCheck = z.infer<typeof ZCouponCheck>;

/** `amount`: the stay's subtotal in Taka (bounded like prices: a larger number is not a stay). */
export const ZCouponCheckQuery = z.object({ amount: z.coerce.number().min(0).max(1_000_000_000).optional() });
