import type { TBooking } from '@residency/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { getSite } from '../../../lib/site';
import { BookingForm } from '../components/booking-form';
import { BookingReceipt } from '../components/booking-receipt';
import { PageHeading } from '../components/page-heading';

/**
 * `/guest/booking/:id` (staff and admins): book room {id} for a guest at the front desk, with
 * the guest's name, e-mail and phone. The transaction ID is shown once it is made.
 */
export default function WalkInBookingPage() {
  const { t } = useTranslation(['booking', 'stay-search']);
  const { id = '' } = useParams();
  const site = getSite();

  useEffect(() => {
    document.title = `${t('booking:walkIn.title')} | ${site.name}`;
  }, [t, site.name]);

  return (
    <>
      <PageHeading eyebrow={t('booking:walkIn.eyebrow')} title={t('booking:walkIn.title')}>
        <p className="mt-3 max-w-2xl text-brand-50">{t('booking:walkIn.intro')}</p>
      </PageHeading>
      <div className="container-page py-6 sm:py-10">
        <WalkIn key={id} roomId={id} />
      </div>
    </>
  );
}

function WalkIn({ roomId }: { roomId: string }) {
  const { t } = useTranslation('booking');
  const [made, setMade] = useState<TBooking | null>(null);
  const role = useAppSelector((state) => state.auth.user?.role);

  if (!made) return <BookingForm roomId={roomId} walkIn onBooked={setMade} />;
  return (
    <section className="card mx-auto max-w-3xl" data-testid="walk-in-done" aria-labelledby="walk-in-done-heading">
      <h2 id="walk-in-done-heading" className="font-display text-2xl text-brand-800">
        {t('walkIn.done', { name: made.user.name })}
      </h2>
      <p className="mt-2 text-slate-700">{t('walkIn.doneText', { email: made.user.email })}</p>
      <div className="mt-6">
        <BookingReceipt booking={made} />
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        {(role === 'staff' || role === 'admin') && (
          <Link to={`/${role}/reservation`} className="btn-primary">
            {t('walkIn.reservations')}
          </Link>
        )}
        <Link to="/" className="btn-outline">
          {t('confirmation.home')}
        </Link>
      </div>
    </section>
  );
}
