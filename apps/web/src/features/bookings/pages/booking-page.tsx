import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useAppSelector } from '../../../lib/store-hooks';
import { getSite } from '../../../lib/site';
import { BookingForm } from '../components/booking-form';
import { PageHeading } from '../components/page-heading';

/**
 * `/booking/:id`: a signed-in guest books room {id} for the chosen stay. Signed out, the guest
 * goes to /login and comes back here: the stay travels in this page's URL.
 */
export default function BookingPage() {
  const { t } = useTranslation(['booking', 'stay-search']);
  const { id = '' } = useParams();
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
      <PageHeading eyebrow={t('booking:page.eyebrow')} title={t('booking:page.title')} />
      <div className="container-page py-6 sm:py-10">
        <BookingForm
          roomId={id}
          walkIn={false}
          onBooked={(booking) => navigate(`/booking/confirmation/${booking._id}`, { state: { booking } })}
        />
      </div>
    </>
  );
}
