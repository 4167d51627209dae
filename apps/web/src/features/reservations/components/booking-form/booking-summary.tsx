import type { PriceNight, PriceTotals } from '../../../../components/stay-price/price-lines';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PriceBreakdownList } from '../price-breakdown';

/**
 * The booking page's price column: the price line by line, then `children` (why Confirm did not
 * book, the rooms still free when one was taken) and Confirm, the submit button
 * of the form `formId`. A reservation of several rooms lists each room's price (`rooms`) above
 * their sum, whose lines then start at the subtotal (no `nights`).
 */
export function BookingSummary({
  price,
  nights,
  plan,
  rooms,
  couponCode,
  formId,
  confirmLabel,
  confirmDisabled,
  children,
}: {
  price: PriceTotals;
  /** The nights as quoted, grouped by price in the breakdown. */
  nights: readonly PriceNight[];
  /** The rate plan's name and terms, above the price. */
  plan?: ReactNode;
  /** Several rooms: each one's price, above the total. */
  rooms?: ReactNode;
  couponCode?: string;
  formId: string;
  confirmLabel: string;
  confirmDisabled: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('booking');
  return (
    <aside aria-labelledby="price-title" className="card p-5 sm:p-6 lg:sticky lg:top-24" data-testid="booking-summary">
      <h2 id="price-title" className="mb-3 font-display text-xl text-brand-800">
        {t('price.title')}
      </h2>
      {plan}
      {rooms}
      <PriceBreakdownList price={price} nights={nights} couponCode={couponCode} />
      {children}
      <button type="submit" form={formId} className="btn-primary mt-5 w-full py-3 text-base" disabled={confirmDisabled} data-testid="confirm-booking">
        {confirmLabel}
      </button>
    </aside>
  );
}
