import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../../lib/format';
import { useNow } from '../../../../lib/use-now';

/**
 * The time a guest has left to pay before the held rooms are let go (issue 33), at the hotel's
 * clock, counted down each 15 s; once it has run out, that the rooms were released.
 */
export function HoldCountdown({ until }: { until: string }) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const now = useNow(15_000);
  const left = Math.ceil((Date.parse(until) - now.getTime()) / 60_000);
  if (left <= 0) {
    return (
      <p className="mt-5 rounded-xl bg-red-50 px-4 py-3 text-red-900 ring-1 ring-red-200" role="alert" data-testid="hold-countdown" data-left="0">
        {t('payment.holdEnded')}
      </p>
    );
  }
  return (
    <p className="mt-5 rounded-xl bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200" data-testid="hold-countdown" data-left={left}>
      {t('payment.hold', { time: formatDateTime(until, lng) })} <span className="font-semibold">{t('payment.holdLeft', { count: left, n: formatNumber(left, lng) })}</span>
    </p>
  );
}
