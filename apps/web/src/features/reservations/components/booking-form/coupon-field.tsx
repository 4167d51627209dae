import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatTaka } from '../../../../lib/format';
import type { AppliedCoupon, CouponNote } from './use-coupon';

/**
 * The booking form's coupon: the code, Apply (Enter too, without sending the booking) or Remove,
 * and under it the discount of the applied coupon or why the code was refused.
 */
export function CouponField({
  value,
  onChange,
  applied,
  discount,
  checking,
  note,
  onApply,
  onRemove,
}: {
  value: string;
  onChange: (value: string) => void;
  applied: AppliedCoupon | null;
  discount: number;
  checking: boolean;
  note: CouponNote;
  onApply: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const id = useId();
  const off = applied
    ? applied.type === 'percentage'
      ? t('coupon.percent', { value: formatNumber(applied.value, lng) })
      : t('coupon.fixed', { value: formatTaka(applied.value, lng) })
    : '';
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t('form.coupon')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="couponCode"
          className="field-input uppercase"
          autoComplete="off"
          value={value}
          readOnly={Boolean(applied)}
          aria-describedby={`${id}-note`}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            // Enter here checks the coupon; it does not send the booking.
            if (e.key === 'Enter') {
              e.preventDefault();
              if (!applied) onApply();
            }
          }}
        />
        {applied ? (
          <button type="button" className="btn-outline shrink-0 px-4" onClick={onRemove} data-testid="remove-coupon">
            {t('form.removeCoupon')}
          </button>
        ) : (
          <button type="button" className="btn-outline shrink-0 px-4" onClick={onApply} disabled={checking} data-testid="apply-coupon">
            {checking ? t('form.applying') : t('form.apply')}
          </button>
        )}
      </div>
      <p id={`${id}-note`} aria-live="polite" className="mt-1 min-h-5 text-sm" data-testid="coupon-note">
        {applied ? (
          <span className="text-emerald-800">{t('coupon.applied', { code: applied.code, off, discount: formatTaka(discount, lng) })}</span>
        ) : note ? (
          <span className={note.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}>{note.text}</span>
        ) : null}
      </p>
    </div>
  );
}
