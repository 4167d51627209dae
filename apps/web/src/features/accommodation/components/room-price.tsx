import { formatAmount, formatWholeNumber } from '@residency/shared/display';
import { displayPrice } from '@residency/shared/room-rules';
import { useTranslation } from 'react-i18next';

/**
 * The spec's price display: the rack rate struck through when it is above the offer price,
 * then the offer price, per night, in Taka (Bengali digits in Bengali).
 */
export function RoomPrice({
  rackRate,
  offerPrice,
  from = false,
  minStay = null,
  className = '',
}: {
  rackRate: number;
  offerPrice: number;
  /** Prefix 'From': the lowest price bookable in the next 30 days (issue 21). */
  from?: boolean;
  /** That night's minimum stay, said when it is more than one night ("· min 2 nights"). */
  minStay?: number | null;
  className?: string;
}) {
  const { t, i18n } = useTranslation('accommodation');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { price, struck } = displayPrice({ rackRate, offerPrice });
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 gap-y-0.5 ${className}`} data-testid="room-price">
      {from && <span className="text-sm text-slate-600">{t('from')}</span>}
      {struck !== null && (
        <s className="text-base text-slate-500 decoration-red-700/70" data-testid="rack-rate">
          <span className="sr-only">{t('was')} </span>
          {formatAmount(struck, lng)}
        </s>
      )}
      <span className="font-display text-2xl leading-none font-semibold text-brand-800" data-testid="offer-price">
        {struck !== null && <span className="sr-only">{t('now')} </span>}
        {formatAmount(price, lng)}
      </span>
      <span className="text-sm text-slate-600">{t('perNight')}</span>
      {minStay !== null && minStay > 1 && (
        <span className="text-sm text-slate-600" data-testid="from-min-stay">
          · {t('minStay', { count: minStay, n: formatWholeNumber(minStay, lng) })}
        </span>
      )}
    </p>
  );
}
