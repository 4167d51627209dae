import { groupNights } from '@residency/shared/pricing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatShortDate, formatTaka } from '../../lib/format';
import { getSite } from '../../lib/site';

/** One night as sold or quoted: its room price and what it adds for extra guests and meals. */
export interface PriceNight {
  date: string;
  price: number;
  extraAdults: number;
  extraChildren: number;
  meals: number;
  /** Why the night costs what it does ("Eid season", "Friday and Saturday"), when a rule set it. */
  why?: string | null;
}

/** The stay's figures after the nights (a booking's, or a quote with the coupon applied). */
export interface PriceTotals {
  subtotal: number;
  discount: number;
  serviceCharge: number;
  vat: number;
  amount: number;
}

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

/**
 * "Why this price" (issue 21): the nights grouped where consecutive nights cost the same ("3
 * nights × ৳6,600", with their dates), then the extra guests and the meals of the whole stay,
 * the subtotal, the coupon, the service charge, VAT and the total. The booking page, the rates
 * page, the confirmation, My Bookings and the staff's details all show it so, from the server's
 * lines: the figures are never worked out again here, only added up for the extra lines.
 */
export function PriceLines({ nights, totals, couponCode, caption }: { nights: readonly PriceNight[]; totals: PriceTotals; couponCode?: string | null; caption?: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const taka = (value: number) => formatTaka(value, lng);
  const pct = (value: number) => `${formatNumber(value, lng)}%`;
  const extraAdults = sum(nights.map((n) => n.extraAdults));
  const extraChildren = sum(nights.map((n) => n.extraChildren));
  const meals = sum(nights.map((n) => n.meals));
  const row = (key: string, label: ReactNode, value: string, testId: string, strong = false) => (
    <div key={key} className={`flex justify-between gap-4 py-1.5 ${strong ? 'border-t border-slate-200 pt-3 text-lg font-semibold text-brand-900' : ''}`}>
      <dt className={strong ? '' : 'text-slate-600'}>{label}</dt>
      <dd className="m-0 text-right tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <dl className="m-0 text-sm" data-testid="price-breakdown">
      {caption}
      {groupNights(nights.map((n) => ({ date: n.date, price: n.price, key: n.why ?? '' }))).map((g) =>
        row(
          g.from,
          <>
            <span className="block" data-testid="price-night-group">
              {t('stayPrice.nights', { count: g.count, n: formatNumber(g.count, lng), price: taka(g.price) })}
            </span>
            <span className="block text-xs text-slate-600" data-testid="price-night-dates">
              {g.count === 1 ? formatShortDate(g.from, lng) : t('stayPrice.dates', { from: formatShortDate(g.from, lng), to: formatShortDate(g.to, lng) })}
              {g.key ? <span data-testid="price-night-why"> · {g.key}</span> : null}
            </span>
          </>,
          taka(Math.round(g.count * g.price * 100) / 100),
          'price-nights',
        ),
      )}
      {extraAdults > 0 && row('adults', t('stayPrice.extraAdults'), taka(extraAdults), 'price-extra-adults')}
      {extraChildren > 0 && row('children', t('stayPrice.extraChildren'), taka(extraChildren), 'price-extra-children')}
      {meals > 0 && row('meals', t('stayPrice.meals'), taka(meals), 'price-meals')}
      {row('subtotal', t('stayPrice.subtotal'), taka(totals.subtotal), 'price-subtotal')}
      {totals.discount > 0 &&
        row('discount', couponCode ? t('stayPrice.discountCode', { code: couponCode }) : t('stayPrice.discount'), taka(-totals.discount), 'price-discount')}
      {row('service', t('stayPrice.serviceCharge', { percent: pct(site.serviceChargePercent) }), taka(totals.serviceCharge), 'price-service')}
      {row('vat', t('stayPrice.vat', { percent: pct(site.vatPercent) }), taka(totals.vat), 'price-vat')}
      {row('total', t('stayPrice.total'), taka(totals.amount), 'price-total', true)}
    </dl>
  );
}
