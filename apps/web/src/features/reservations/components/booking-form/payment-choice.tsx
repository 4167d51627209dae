import type { OnlineGateway } from '@residency/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatTaka } from '../../../../lib/format';
import { GatewayChoice } from '../online-payment/gateway-choice';

/** How the guest pays a new booking: online now (its deposit, or all of it), or at the hotel. */
export type PayWay = 'hotel' | 'deposit' | 'full';

/**
 * The booking page's "How would you like to pay?" (issue 33): the deposit the plans ask (when
 * they ask one) or the whole stay now, online, or at the hotel (not offered when a plan is paid
 * online when booked); then the gateway. Paying now holds the rooms for `holdMinutes` while the
 * guest is on the gateway's page.
 */
export function PaymentChoice({
  gateways,
  holdMinutes,
  deposit,
  total,
  required,
  way,
  gateway,
  onWay,
  onGateway,
}: {
  gateways: readonly OnlineGateway[];
  holdMinutes: number;
  deposit: number;
  total: number;
  /** A plan of the stay is paid online when booked. */
  required: boolean;
  way: PayWay;
  gateway: OnlineGateway;
  onWay: (way: PayWay) => void;
  onGateway: (gateway: OnlineGateway) => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const ways: { value: PayWay; label: string; hint: string }[] = [
    ...(deposit > 0 && deposit < total ? [{ value: 'deposit' as const, label: t('payment.deposit'), hint: formatTaka(deposit, lng) }] : []),
    { value: 'full', label: t('payment.full'), hint: formatTaka(total, lng) },
    ...(required ? [] : [{ value: 'hotel' as const, label: t('payment.hotel'), hint: t('payment.hotelHint') }]),
  ];
  return (
    <fieldset className="space-y-3" data-testid="payment-choice">
      <legend className="mb-2 font-semibold text-brand-900">{t('payment.title')}</legend>
      {required && <p className="text-sm text-slate-700" data-testid="payment-required">{t('payment.required')}</p>}
      <div className="grid gap-2 sm:grid-cols-3">
        {ways.map((w) => (
          <label
            key={w.value}
            className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${way === w.value ? 'bg-brand-50 ring-brand-600' : 'bg-white ring-slate-200'}`}
          >
            <input type="radio" name="payWay" value={w.value} className="mt-1 h-4 w-4 accent-brand-800" checked={way === w.value} onChange={() => onWay(w.value)} />
            <span>
              <span className="block font-medium text-brand-900">{w.label}</span>
              <span className="block text-sm text-slate-600 tabular-nums">{w.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {way !== 'hotel' && (
        <>
          <GatewayChoice gateways={gateways} value={gateway} onChange={onGateway} />
          <p className="text-sm text-slate-700" data-testid="payment-hold-note">
            {t('payment.holdNote', { minutes: formatNumber(holdMinutes, lng) })}
          </p>
        </>
      )}
    </fieldset>
  );
}
