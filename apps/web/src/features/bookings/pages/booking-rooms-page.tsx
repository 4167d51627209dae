import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../../lib/store-hooks';
import { getSite } from '../../../lib/site';
import { PageHeading } from '../components/page-heading';
import { RoomsBookingForm } from '../components/rooms-booking-form';

/**
 * `/booking/rooms?checkIn=…&checkOut=…&room=…`: a signed-in guest books the rooms chosen on
 * /view-rates in one reservation (issue 22). Signed out, the guest goes to /login and comes back
 * here: the rooms travel in this page's URL.
 */
export default function BookingRoomsPage() {
  const { t } = useTranslation(['booking', 'stay-search']);
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
      <PageHeading eyebrow={t('booking:page.eyebrow')} title={t('booking:rooms.pageTitle')} />
      <div className="container-page py-6 sm:py-10">
        <RoomsBookingForm onBooked={(reservation) => navigate(`/booking/reservation/${reservation._id}`, { state: { reservation } })} />
      </div>
    </>
  );
}
