import type { TBooking } from '@residency/shared';
import { Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTaka } from '../../../../lib/format';
import { getSite } from '../../../../lib/site';

const heading = (text: string) => (
  <Typography.Title level={3} style={{ fontSize: 16, marginTop: 8, marginBottom: 8 }}>
    {text}
  </Typography.Title>
);

/** The payments received for a stay, oldest first: amount, method, its reference (a bKash TrxID), when (hotel time) and who recorded it. */
export function PaymentsList({ booking, loading }: { booking: TBooking; loading: boolean }) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const timeZone = getSite().timeZone;
  const payments = booking.payments ?? [];
  return (
    <section aria-label={t('history.payments')} data-testid="details-payments">
      {heading(t('history.payments'))}
      {loading ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : payments.length === 0 ? (
        <p className="m-0 text-sm text-slate-600">{t('history.noPayments')}</p>
      ) : (
        <ul className="m-0 flex list-none flex-col gap-2 p-0">
          {payments.map((payment) => (
            <li
              key={payment._id}
              className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 rounded-lg border border-slate-200 px-3 py-2 text-sm"
              data-testid="payment-row"
            >
              <span className="font-semibold text-slate-900">{formatTaka(payment.amount, lng)}</span>
              <span className="text-right text-slate-700" data-testid="payment-method">
                {t(`methods.${payment.method}`)}
              </span>
              <span className="text-slate-600">{formatDateTime(payment.paidAt, lng, timeZone)}</span>
              <span className="text-right text-slate-600">
                {payment.recordedBy ? t('history.recordedBy', { name: payment.recordedBy.name }) : t('history.carriedOver')}
              </span>
              {payment.reference && (
                <span className="col-span-2 font-mono text-slate-800" data-testid="payment-reference">
                  {t('history.reference', { reference: payment.reference })}
                </span>
              )}
              {payment.note && <span className="col-span-2 text-slate-700 italic">{payment.note}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Step = { key: string; at: string; color: string };

/** How the stay came to us: online, at the desk, or a channel's stay the desk took over on arrival. */
const BOOKED_STEP: Record<TBooking['source'], string> = { online: 'bookedOnline', 'walk-in': 'bookedAtDesk', channel: 'bookedOnChannel' };

/** When the stay was booked, confirmed, checked in and out, marked a no-show or cancelled, in order. */
function stayHistory(booking: TBooking): Step[] {
  const steps: (Step | null)[] = [
    { key: BOOKED_STEP[booking.source], at: booking.createdAt, color: 'gray' },
    booking.confirmedAt ? { key: 'confirmed', at: booking.confirmedAt, color: 'blue' } : null,
    booking.checkedInAt ? { key: 'checkedIn', at: booking.checkedInAt, color: 'green' } : null,
    booking.checkedOutAt ? { key: 'checkedOut', at: booking.checkedOutAt, color: 'gray' } : null,
    booking.noShowAt ? { key: 'noShow', at: booking.noShowAt, color: 'purple' } : null,
    booking.cancelledAt ? { key: 'cancelled', at: booking.cancelledAt, color: 'red' } : null,
  ];
  return steps.filter((s): s is Step => s !== null).sort((a, b) => a.at.localeCompare(b.at));
}

export function StayHistory({ booking }: { booking: TBooking }) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const timeZone = getSite().timeZone;
  return (
    <section aria-label={t('history.title')} data-testid="details-history">
      {heading(t('history.title'))}
      <Timeline
        className="!mt-3"
        items={stayHistory(booking).map((step) => ({
          key: step.key,
          color: step.color,
          content: (
            <span data-testid={`history-${step.key}`}>
              <span className="font-medium text-slate-900">{t(`history.steps.${step.key}`)}</span>
              <span className="ml-2 text-sm text-slate-600">{formatDateTime(step.at, lng, timeZone)}</span>
            </span>
          ),
        }))}
      />
    </section>
  );
}
