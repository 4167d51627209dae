import type { TBooking } from '@residency/shared';
import { dashboardPath } from '@residency/shared/roles';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { getSite } from '../../../lib/site';
import { useGetBookingQuery } from '../api';
import { BookingReceipt } from '../components/booking-receipt';
import { PageHeading } from '../components/page-heading';

/**
 * `/booking/confirmation/:bookingId`: the booking just made (handed over by the booking page,
 * or read again from the API after a reload), with links to the guest's bookings and home.
 */
export default function BookingConfirmationPage() {
  const { t } = useTranslation(['booking', 'stay-search']);
  const { bookingId = '' } = useParams();
  const location = useLocation();
  const token = useAppSelector((state) => state.auth.token);
  const handed = (location.state as { booking?: TBooking } | null)?.booking;
  const fresh = handed?._id === bookingId ? handed : undefined;
  const query = useGetBookingQuery(bookingId, { skip: !token || Boolean(fresh) });
  const booking = fresh ?? query.data?.data;
  const site = getSite();
  const role = useAppSelector((state) => state.auth.user?.role);

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
            <div className="mt-6">
              <BookingReceipt booking={booking} />
            </div>
            <div className="mt-8 flex flex-wrap gap-3">
              {role === 'user' ? (
                <Link to="/user/my-bookings" className="btn-primary" data-testid="my-bookings-link">
                  {t('booking:confirmation.myBookings')}
                </Link>
              ) : role ? (
                <Link to={dashboardPath(role)} className="btn-primary">
                  {t('booking:confirmation.dashboard')}
                </Link>
              ) : null}
              <Link to="/" className="btn-outline" data-testid="home-link">
                {t('booking:confirmation.home')}
              </Link>
            </div>
          </section>
        ) : query.isError ? (
          <div className="card text-center" role="alert">
            <p className="text-slate-700">{t('booking:confirmation.error')}</p>
            <Link to="/" className="btn-outline mt-4">
              {t('booking:confirmation.home')}
            </Link>
          </div>
        ) : (
          <p className="card text-center text-slate-600" role="status">
            {t('booking:confirmation.loading')}
          </p>
        )}
      </div>
    </>
  );
}
