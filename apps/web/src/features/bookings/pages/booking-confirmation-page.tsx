import type { TBooking } from '@residency/shared';
import type { BookingState } from '@residency/shared/booking-states';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { depositDueText } from '../../../components/stay-price/plan-texts';
import { useAppSelector } from '../../../lib/store-hooks';
import { formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useNow } from '../../../lib/use-now';
import { deadlineText } from '../components/my-stays/guest-cancel';
import { useGetBookingQuery } from '../api';
import { BookingReceipt } from '../components/booking-receipt';
import { ConfirmationLinks, ConfirmationPending } from '../components/confirmation-parts';
import { PageHeading } from '../components/page-heading';

/**
 * `/booking/confirmation/:bookingId`: the booking as it stands now, with links to the guest's
 * bookings and home. The booking page hands over the booking just made, shown at once; the page
 * still reads it again from the API (`GET /api/bookings/:id`, its owner's), on every visit, so a
 * guest who comes back after staff confirmed it or took a payment reads that, not what was true
 * when it was made.
 */
export default function BookingConfirmationPage() {
  const { t, i18n } = useTranslation(['booking', 'stay-search']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const { bookingId = '' } = useParams();
  const location = useLocation();
  const token = useAppSelector((state) => state.auth.token);
  const handed = (location.state as { booking?: TBooking } | null)?.booking;
  const fresh = handed?._id === bookingId ? handed : undefined;
  const query = useGetBookingQuery(bookingId, { skip: !token, refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const booking = query.data?.data ?? fresh;
  const site = getSite();

  useEffect(() => {
    document.title = `${t('booking:confirmation.metaTitle')} | ${site.name}`;
  }, [t, site.name]);

  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;

  return (
    <>
      <PageHeading eyebrow={t('booking:page.eyebrow')} title={t('booking:confirmation.title')} />
      <div className="container-page max-w-3xl py-6 sm:py-10">
        {booking ? (
          <section className="card" data-testid="booking-confirmation" aria-labelledby="confirmation-heading">
            <h2 id="confirmation-heading" className="font-display text-2xl text-brand-800">
              {t('booking:confirmation.heading', { name: booking.user.name })}
            </h2>
            <p className="mt-2 text-slate-700">{t('booking:confirmation.text', { email: booking.user.email })}</p>
            <BookingNow booking={booking} lng={lng} />
            <div className="mt-6">
              <BookingReceipt booking={booking} />
            </div>
            <ConfirmationLinks />
          </section>
        ) : (
          <ConfirmationPending failed={query.isError} />
        )}
      </div>
    </>
  );
}

/** The tone of each state: waiting, done well, or stopped. */
const STATE_TONE: Record<BookingState, string> = {
  unconfirmed: 'bg-amber-50 text-amber-900 ring-amber-200',
  confirmed: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  checked_in: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  checked_out: 'bg-slate-50 text-slate-800 ring-slate-200',
  cancelled: 'bg-red-50 text-red-900 ring-red-200',
  no_show: 'bg-red-50 text-red-900 ring-red-200',
};

/**
 * Where the booking stands now (its `state`) and what is paid (its `paymentState`, with the
 * amounts). A cancelled stay or a no-show with nothing paid has nothing to pay, so no payment line.
 * Below it, the deposit the plan asks that is still to pay and by when, at the hotel's clock
 * (issue 22; none once paid). A reservation of several rooms says the same of all its rooms
 * (reservation-confirmation-page.tsx).
 */
export function BookingNow({
  booking,
  lng,
}: {
  booking: Pick<TBooking, 'state' | 'paymentState' | 'charged' | 'paid' | 'balance' | 'depositDue' | 'depositDueBy' | 'guestCancelUntil' | 'cancellationFeeNow'>;
  lng: string;
}) {
  const { t } = useTranslation('booking');
  const { t: tc } = useTranslation('common');
  const money = (value: number) => formatTaka(value, lng);
  const stopped = booking.state === 'cancelled' || booking.state === 'no_show';
  const showPayment = !(stopped && booking.paid === 0);
  const site = getSite();
  const depositDue = depositDueText(tc, booking, lng, site.timeZone);
  const now = useNow();
  // What cancelling costs now (issue 31): until when it is free, or, once that has passed (a stay
  // booked for tonight), the fee; nothing once the stay is under way or over.
  const cancelText =
    booking.state === 'unconfirmed' || booking.state === 'confirmed'
      ? now.getTime() < Date.parse(booking.guestCancelUntil)
        ? t('confirmation.cancelUntil', { deadline: deadlineText(new Date(booking.guestCancelUntil), site.timeZone, lng) })
        : booking.cancellationFeeNow > 0
          ? tc('stayPrice.cancel.now', { fee: money(booking.cancellationFeeNow) })
          : null
      : null;
  return (
    <div className={`mt-5 rounded-xl px-4 py-3 ring-1 ${STATE_TONE[booking.state]}`} data-testid="booking-now" data-state={booking.state}>
      <p className="font-semibold" data-testid="confirmation-state">
        {t(`confirmation.state.${booking.state}`)}
      </p>
      {showPayment && (
        <p className="mt-1 text-sm" data-testid="confirmation-payment">
          {t(`confirmation.payment.${booking.paymentState}`, {
            // What the stay costs now (its folio), as paid and balance are: not the price it was sold at.
            amount: money(booking.charged),
            paid: money(booking.paid),
            balance: money(booking.balance),
          })}
        </p>
      )}
      {depositDue && (
        <p className="mt-1 text-sm font-semibold" data-testid="deposit-due">
          {depositDue}
        </p>
      )}
      {cancelText && (
        <p className="mt-1 text-sm" data-testid="confirmation-cancel">
          {cancelText}
        </p>
      )}
    </div>
  );
}
