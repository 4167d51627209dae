import type { DiscountType } from '@residency/shared/pricing';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTaka } from '../../../../lib/format';
import { useLazyCheckCouponQuery } from '../../../coupons';
import { couponReason, readApiFailure } from '../../booking-rules';

/** A coupon the server accepted for the stay. */
export interface AppliedCoupon {
  code: string;
  type: DiscountType;
  value: number;
  /** The subtotal it was checked against: a different stay checks it again. */
  subtotal: number;
}

/** What the coupon field says under the code (besides an applied coupon's discount). */
export type CouponNote = { tone: 'ok' | 'error'; text: string } | null;

/**
 * The coupon of a booking: the code typed, the coupon the server accepted for the stay's
 * subtotal, and why one was refused (in the reader's language). An applied coupon is checked
 * again when the subtotal changes (another stay), once the room is known (`ready`).
 */
export function useCoupon(subtotal: number, ready: boolean) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const [checkCoupon, couponCheck] = useLazyCheckCouponQuery();
  const [input, setInput] = useState('');
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [note, setNote] = useState<CouponNote>(null);

  const refusal = (check: { reason: string | null }, reason: ReturnType<typeof couponReason>, minimum: number | null) =>
    lng === 'bn' && reason
      ? t(`coupon.reasons.${reason}`, { amount: formatTaka(minimum ?? 0, lng) })
      : (check.reason ?? t('coupon.error'));

  const apply = async (code: string) => {
    const trimmed = code.trim();
    if (!trimmed) {
      setNote({ tone: 'error', text: t('coupon.empty') });
      return;
    }
    const result = await checkCoupon({ code: trimmed, amount: subtotal });
    const check = result.data?.data;
    if (!check) {
      setApplied(null);
      setNote({ tone: 'error', text: lng === 'bn' ? t('coupon.error') : (readApiFailure(result.error).message ?? t('coupon.error')) });
      return;
    }
    if (check.valid && check.discountType && check.discountValue !== null) {
      setApplied({ code: check.code, type: check.discountType, value: check.discountValue, subtotal });
      setInput(check.code);
      setNote(null);
    } else {
      setApplied(null);
      setNote({ tone: 'error', text: refusal(check, couponReason(check, subtotal), check.minimumPurchaseAmount) });
    }
  };

  // A coupon is checked against the subtotal: when the stay changes, it is checked again.
  useEffect(() => {
    if (applied && ready && applied.subtotal !== subtotal) void apply(applied.code);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subtotal, ready]);

  return {
    input,
    applied,
    note,
    checking: couponCheck.isFetching,
    /** The guest edits the code: an earlier note no longer applies. */
    change(value: string) {
      setInput(value);
      setNote(null);
    },
    apply: () => void apply(input),
    remove() {
      setApplied(null);
      setInput('');
      setNote(null);
    },
  };
}
