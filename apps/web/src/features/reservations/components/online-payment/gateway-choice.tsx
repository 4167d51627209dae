import type { OnlineGateway } from '@residency/shared';
import { useTranslation } from 'react-i18next';

/** SSLCommerz (cards and mobile banking) or bKash's own checkout, as radio buttons with what each takes. */
export function GatewayChoice({ gateways, value, onChange, name = 'gateway' }: { gateways: readonly OnlineGateway[]; value: OnlineGateway; onChange: (gateway: OnlineGateway) => void; name?: string }) {
  const { t } = useTranslation('booking');
  return (
    <div role="radiogroup" aria-label={t('payment.gateway')} className="grid gap-2 sm:grid-cols-2" data-testid="gateway-choice">
      {gateways.map((g) => (
        <label
          key={g}
          className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${value === g ? 'bg-brand-50 ring-brand-600' : 'bg-white ring-slate-200'}`}
        >
          <input type="radio" name={name} value={g} className="mt-1 h-4 w-4 accent-brand-800" checked={value === g} onChange={() => onChange(g)} />
          <span>
            <span className="block font-medium text-brand-900">{t(`payment.gateways.${g}.name`)}</span>
            <span className="block text-sm text-slate-600">{t(`payment.gateways.${g}.hint`)}</span>
          </span>
        </label>
      ))}
    </div>
  );
}
