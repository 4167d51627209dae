import type { PriceBreakdown } from '@residency/shared/pricing';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';

/**
 * The price of the stay, line by line: nights × per night, subtotal, discount, service charge,
 * VAT and the total, in Taka (Bengali digits in bn). The same arithmetic as the server's.
 */
export function PriceBreakdownList({ price, couponCode }: { price: PriceBreakdown; couponCode?: string | null }) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const taka = (value: number) => formatTaka(value, lng);
  const pct = (value: number) => `${formatNumber(value, lng)}%`;
  const row = (label: string, value: string, testId: string, strong = false) => (
    <div className={`flex justify-between gap-4 py-1.5 ${strong ? 'border-t border-slate-200 pt-3 text-lg font-semibold text-brand-900' : ''}`}>
      <dt className={strong ? '' : 'text-slate-600'}>{label}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <dl className="text-sm" data-testid="price-breakdown">
      {row(
        t('price.nights', { count: price.nights, n: formatNumber(price.nights, lng), price: taka(price.perNightCost) }),
        taka(price.subtotal),
        'price-nights',
      )}
      {row(t('price.subtotal'), taka(price.subtotal), 'price-subtotal')}
      {price.discount > 0 &&
        row(couponCode ? t('price.discountCode', { code: couponCode }) : t('price.discount'), `−${taka(price.discount)}`, 'price-discount')}
      {row(t('price.serviceCharge', { percent: pct(site.serviceChargePercent) }), taka(price.serviceCharge), 'price-service')}
      {row(t('price.vat', { percent: pct(site.vatPercent) }), taka(price.vat), 'price-vat')}
      {row(t('price.total'), taka(price.amount), 'price-total', true)}
    </dl>
  );
}
