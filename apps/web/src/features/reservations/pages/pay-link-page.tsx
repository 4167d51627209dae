import type { TOnlinePaymentSession } from '@residency/shared';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { roomNumberText } from '../../../lib/category-texts';
import { formatLongDate, formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useCategoryName } from '../../../lib/use-category-name';
import { HoldCountdown } from '../components/online-payment/hold-countdown';
import { PayOnline } from '../components/online-payment/pay-online';
import { PaymentStatus } from '../components/online-payment/payment-status';
import { PageHeading } from '../components/page-heading';
import { reservationsApi } from '../reservations-api';

/**
 * `/pay/:token`, the confirmation mail's "Pay online" (issue 33): a signed link that lets the
 * guest pay the deposit or the balance without signing in, until check-in. Shows the stay and
 * what is left to pay; after the gateway, how the payment went. An unknown or expired link says
 * so and points to My Bookings.
 */
export default function PayLinkPage() {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const sessionId = params.get('payment');
  const query = reservationsApi.useGetPayLinkQuery(token);
  const link = query.data?.data;
  const category = useCategoryName();
  const { refetch } = query;
  const onSettled = useCallback((_session: TOnlinePaymentSession) => void refetch(), [refetch]);

  useEffect(() => {
    document.title = `${t('payLink.title')} | ${getSite().name}`;
  }, [t]);

  return (
    <>
      <PageHeading eyebrow={t('page.eyebrow')} title={t('payLink.title')} />
      <div className="container-page max-w-3xl py-6 sm:py-10">
        {link ? (
          <section className="card" data-testid="pay-link" aria-labelledby="pay-link-heading">
            <h2 id="pay-link-heading" className="font-display text-2xl text-brand-800">
              {t('payLink.heading', { name: link.guestName })}
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3">
              <div className="col-span-2">
                <dt className="text-sm text-slate-600">{t('rooms.reference')}</dt>
                <dd className="font-mono text-lg font-semibold text-brand-900" data-testid="pay-link-reference">
                  {link.reference}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{t('receipt.checkIn')}</dt>
                <dd className="font-semibold text-brand-900">{formatLongDate(link.checkIn, lng)}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{t('receipt.checkOut')}</dt>
                <dd className="font-semibold text-brand-900">{formatLongDate(link.checkOut, lng)}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-sm text-slate-600">{t('payLink.rooms')}</dt>
                <dd className="text-brand-900">
                  {link.rooms.map((r) => `${category(r.category)} ${roomNumberText(r.roomNumber, lng)}`).join(', ')}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{t('payLink.amount')}</dt>
                <dd className="font-semibold text-brand-900 tabular-nums">{formatTaka(link.amount, lng)}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{t('payLink.balance')}</dt>
                <dd className="font-semibold text-brand-900 tabular-nums" data-testid="pay-link-balance">
                  {formatTaka(link.balance, lng)}
                </dd>
              </div>
            </dl>
            {sessionId && <PaymentStatus sessionId={sessionId} payLink={token} onSettled={onSettled} />}
            {link.holdUntil && link.balance > 0 && <HoldCountdown until={link.holdUntil} />}
            {link.balance <= 0 ? (
              <p className="mt-5 rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900 ring-1 ring-emerald-200" data-testid="pay-link-paid">
                {t('payLink.nothingLeft')}
              </p>
            ) : (
              <PayOnline reservation={{ _id: link.reservationId, balance: link.balance, depositDue: link.depositDue, bookings: link.rooms }} payLink={token} />
            )}
          </section>
        ) : query.isError ? (
          <div className="card text-center" role="alert" data-testid="pay-link-invalid">
            <p className="text-slate-700">{t('payLink.invalid')}</p>
            <Link to="/my-bookings" className="btn-primary mt-4">
              {t('payLink.myBookings')}
            </Link>
          </div>
        ) : (
          <p className="card text-center text-slate-600" role="status">
            {t('payLink.loading')}
          </p>
        )}
      </div>
    </>
  );
}
