import type { TOnlinePaymentSession, TReservation } from '@residency/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { guestSummary } from '../../../components/stay/guest-picker';
import { roomNumberText } from '../../../lib/category-texts';
import { formatDateTime, formatLongDate, formatNumber, formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useAppSelector } from '../../../lib/store-hooks';
import { useCategoryName } from '../../../lib/use-category-name';
import { BookingNow } from '../components/confirmation/booking-now';
import { BookingReceipt } from '../components/confirmation/booking-receipt';
import { ConfirmationLinks, ConfirmationPending } from '../components/confirmation/confirmation-parts';
import { reservationPaymentState } from '../components/my-stays/reservation-summary';
import { PageHeading } from '../components/page-heading';
import { PriceBreakdownList } from '../components/price-breakdown';
import { reservationsApi } from '../reservations-api';
import { HoldCountdown } from '../components/online-payment/hold-countdown';
import { PayOnline } from '../components/online-payment/pay-online';
import { PaymentStatus } from '../components/online-payment/payment-status';

/**
 * `/booking/reservation/:reservationId`, the one confirmation of the booking page (issue 22): the
 * reservation as it stands now (its state, what is paid, the deposit due, what cancelling costs),
 * one reference (RSV-…, the booking ID the guest quotes everywhere: issue 31), and links to the
 * guest's bookings and home. One room: its receipt (room, stay, guests, shuttle, the nights as
 * sold); several: the stay, each room with its guests and price, and one total. The rooms' own
 * ids are the desk's, not shown. The booking page hands the reservation over, shown at once; it
 * is read again from the API (`GET /api/reservations/:id`, its owner's) on every visit, so a guest
 * who comes back after staff confirmed it or took a payment reads that.
 */
export default function ReservationConfirmationPage() {
  const { t, i18n } = useTranslation(['booking', 'stay-search']);
  const { t: ts } = useTranslation('stay-search');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { reservationId = '' } = useParams();
  const location = useLocation();
  const token = useAppSelector((state) => state.auth.token);
  const handed = (location.state as { reservation?: TReservation } | null)?.reservation;
  const query = reservationsApi.useGetReservationQuery(reservationId, { skip: !token, refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const reservation = query.data?.data ?? (handed?._id === reservationId ? handed : undefined);
  const category = useCategoryName();
  const site = getSite();
  // Back from the gateway (issue 33): how the payment went, then the reservation as it now stands.
  const [params] = useSearchParams();
  const sessionId = params.get('payment');
  const [payment, setPayment] = useState<TOnlinePaymentSession | null>(null);
  const { refetch } = query;
  const onSettled = useCallback(
    (session: TOnlinePaymentSession) => {
      setPayment(session);
      if (token) void refetch();
    },
    [refetch, token],
  );
  // A booking whose payment could not be started: held, and said why (the ways to pay are below).
  const startFailed = handed?._id === reservationId ? handed.onlinePayment?.error : null;

  useEffect(() => {
    document.title = `${t('booking:confirmation.metaTitle')} | ${site.name}`;
  }, [t, site.name]);

  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;

  const bookings = reservation?.bookings ?? [];
  const sum = (key: 'subtotal' | 'discount' | 'serviceCharge' | 'vat') => Math.round(bookings.reduce((s, b) => s + b[key], 0) * 100) / 100;

  return (
    <>
      <PageHeading eyebrow={t('booking:page.eyebrow')} title={t('booking:confirmation.title')} />
      <div className="container-page max-w-3xl py-6 sm:py-10">
        {reservation ? (
          <section className="card" data-testid="reservation-confirmation" aria-labelledby="confirmation-heading">
            <h2 id="confirmation-heading" className="font-display text-2xl text-brand-800">
              {t('booking:confirmation.heading', { name: reservation.user.name })}
            </h2>
            <p className="mt-2 text-slate-700">
              {t(bookings.length === 1 ? 'booking:confirmation.text' : 'booking:rooms.confirmationText', { email: reservation.user.email })}
            </p>
            <BookingNow
              booking={{
                // The rooms are made together: they stand alike until the desk handles one.
                state: bookings[0]?.state ?? 'unconfirmed',
                paymentState: reservationPaymentState(reservation),
                charged: reservation.charged,
                paid: reservation.paid,
                balance: reservation.balance,
                depositDue: reservation.depositDue,
                depositDueBy: reservation.depositDueBy,
                // The first room's cut-off comes first; cancelling the reservation costs its rooms' fees together.
                guestCancelUntil: bookings.map((b) => b.guestCancelUntil).sort()[0] ?? reservation.createdAt,
                cancellationFeeNow: Math.round(bookings.reduce((sum, b) => sum + b.cancellationFeeNow, 0) * 100) / 100,
              }}
              lng={lng}
            />
            {sessionId && <PaymentStatus sessionId={sessionId} onSettled={onSettled} />}
            {startFailed && reservation.holdUntil && (
              <p className="mt-5 rounded-xl bg-red-50 px-4 py-3 text-red-900 ring-1 ring-red-200" role="alert" data-testid="payment-start-failed">
                {t('booking:payment.startFailed', { time: formatDateTime(reservation.holdUntil, lng), reason: startFailed })}
              </p>
            )}
            {reservation.holdUntil && reservation.balance > 0 && <HoldCountdown until={reservation.holdUntil} />}
            {reservation.holdEndedAt && (
              <p className="mt-5 rounded-xl bg-red-50 px-4 py-3 text-red-900 ring-1 ring-red-200" role="alert" data-testid="hold-ended">
                {t('booking:payment.holdEnded')}{' '}
                <Link to="/view-rates" className="font-semibold underline">
                  {t('booking:payment.bookAgain')}
                </Link>
              </p>
            )}
            {(!sessionId || (payment && payment.status !== 'paid' && payment.status !== 'review')) && <PayOnline reservation={reservation} />}
            {bookings.length === 1 ? (
              <div className="mt-6">
                <BookingReceipt booking={bookings[0]!} />
              </div>
            ) : (
              <>
                <div className="mt-6 rounded-2xl bg-brand-50 p-4 text-center ring-1 ring-brand-100">
                  <p className="text-sm text-slate-600">{t('booking:rooms.reference')}</p>
                  <p className="mt-1 font-mono text-2xl font-semibold tracking-wider text-brand-900 select-all" data-testid="reservation-reference">
                    {reservation.reference}
                  </p>
                </div>
                <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-3">
                  <div>
                    <dt className="text-sm text-slate-600">{t('booking:receipt.checkIn')}</dt>
                    <dd className="font-semibold text-brand-900">{formatLongDate(reservation.checkIn, lng)}</dd>
                  </div>
                  <div>
                    <dt className="text-sm text-slate-600">{t('booking:receipt.checkOut')}</dt>
                    <dd className="font-semibold text-brand-900">{formatLongDate(reservation.checkOut, lng)}</dd>
                  </div>
                </dl>
                <h3 className="mt-6 font-semibold text-brand-900">{t('stay-search:rooms.count', { count: bookings.length, n: formatNumber(bookings.length, lng) })}</h3>
                <ol className="mt-2 divide-y divide-slate-100 border-y border-slate-100">
                  {bookings.map((b, i) => (
                    <li key={b._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3" data-testid="reservation-room">
                      <div className="min-w-0">
                        <p className="font-semibold text-brand-900" data-testid="reservation-room-name">
                          {t('stay-search:rooms.roomName', { n: formatNumber(i + 1, lng), name: category(b.room.category) })} ·{' '}
                          {t('booking:room.number', { number: roomNumberText(b.room.roomNumber, lng) })}
                        </p>
                        <p className="text-sm text-slate-700">
                          {guestSummary(ts, { adults: b.adults, children: b.children }, lng)} ·{' '}
                          {t('booking:stay.nights', { count: b.nights, n: formatNumber(b.nights, lng) })}
                        </p>
                      </div>
                      <p className="font-semibold text-brand-900 tabular-nums" data-testid="reservation-room-amount">
                        {formatTaka(b.amount, lng)}
                      </p>
                    </li>
                  ))}
                </ol>
                <div className="mt-4">
                  <PriceBreakdownList
                    price={{ subtotal: sum('subtotal'), discount: sum('discount'), serviceCharge: sum('serviceCharge'), vat: sum('vat'), amount: reservation.amount }}
                    nights={[]}
                    couponCode={bookings[0]?.couponCode}
                  />
                </div>
              </>
            )}
            <ConfirmationLinks />
          </section>
        ) : (
          <ConfirmationPending failed={query.isError} />
        )}
      </div>
    </>
  );
}
