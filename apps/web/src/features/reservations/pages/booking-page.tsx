import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useAppSelector } from '../../../lib/store-hooks';
import { getSite } from '../../../lib/site';
import { PageHeading } from '../components/page-heading';
import { ReservationForm } from '../components/booking-form/reservation-form';

/**
 * The booking page of a signed-in guest: `/booking/:id` books room {id} for the stay of its URL;
 * `/booking/rooms?checkIn=…&checkOut=…&room=…` books the rooms chosen on /view-rates (issue 22).
 * Both are one reservation (reservation-form.tsx), confirmed on `/booking/reservation/:id`.
 * Signed out, the guest goes to /login and comes back here: the stay travels in the URL.
 */
export default function BookingPage() {
  const { t } = useTranslation(['booking', 'stay-search']);
  const { id } = useParams();
  const token = useAppSelector((state) => state.auth.token);
  const location = useLocation();
  const navigate = useNavigate();
  const site = getSite();

  useEffect(() => {
    document.title = `${t('booking:meta.title')} | ${site.name}`;
  }, [t, site.name]);

  if (!token) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;

  return (
    <>
      <PageHeading eyebrow={t('booking:page.eyebrow')} title={id ? t('booking:page.title') : t('booking:rooms.pageTitle')} />
      <div className="container-page py-6 sm:py-10">
        <ReservationForm
          roomId={id}
          onBooked={(reservation) => navigate(`/booking/reservation/${reservation._id}`, { state: { reservation } })}
        />
      </div>
    </>
  );
}
