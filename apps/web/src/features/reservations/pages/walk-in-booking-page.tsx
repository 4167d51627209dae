import { STANDARD_PLAN, type TReservation } from '@residency/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { stayFromQuery } from '../../../components/stay/stay-query';
import { useAppSelector } from '../../../lib/store-hooks';
import { getSite } from '../../../lib/site';
import { PageHeading } from '../components/page-heading';
import { ReservationForm } from '../components/booking-form/reservation-form';
import { WalkInReservationDone } from '../components/confirmation/walk-in-reservation-done';
import { WalkInReservationForm } from '../components/front-desk/walk-in-reservation-form';
import { newWalkInRoom, type WalkInRoom } from '../components/front-desk/walk-in-rooms';

/**
 * `/guest/booking/:id` (staff and admins): book room {id} for a guest at the front desk with the
 * booking form of the guests' booking page (reservation-form.tsx, `walkIn`: the guest's name,
 * phone and, when they have one, e-mail; the desk's plans), as a reservation of that room
 * (`POST /api/reservations/walk-in`). "Add a room" turns it into the desk's walk-in of several
 * rooms for the same dates (walk-in-reservation-form.tsx), booked as one reservation too. Either
 * way a walk-in taken by staff is confirmed at once (the API does it), and the page says what was
 * booked (walk-in-reservation-done.tsx): the booking ID, no mail when no e-mail was given, Check
 * in now when a one-room stay starts today, and the way to it in the reservation list.
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
  const role = useAppSelector((state) => state.auth.user?.role);
  const [params] = useSearchParams();
  const [rows, setRows] = useState<WalkInRoom[] | null>(null);
  const [reservation, setReservation] = useState<TReservation | null>(null);
  const deskPath = role === 'staff' || role === 'admin' ? `/${role}/reservation` : null;
  // The booking form keeps the stay in the URL: the rooms added are for those dates.
  const stay = stayFromQuery(params);

  if (reservation) return <WalkInReservationDone reservation={reservation} deskPath={deskPath} onChange={setReservation} />;
  if (rows && stay) {
    return <WalkInReservationForm stay={stay} rows={rows} onRows={(update) => setRows((prev) => update(prev ?? []))} onBooked={setReservation} />;
  }
  const addRoom = () => {
    if (!stay) return;
    const plan = (params.get('ratePlan') ?? STANDARD_PLAN).trim().toUpperCase() || STANDARD_PLAN;
    setRows([newWalkInRoom(roomId, { adults: stay.adults, children: stay.children }, plan), newWalkInRoom()]);
  };
  return (
    <div className="space-y-6">
      <section className="card flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5" aria-labelledby="walk-in-several-title" data-testid="walk-in-several">
        <div className="min-w-0">
          <h2 id="walk-in-several-title" className="font-semibold text-brand-900">
            {t('walkInRooms.severalTitle')}
          </h2>
          <p className="text-sm text-slate-600">{t('walkInRooms.severalText')}</p>
        </div>
        <button type="button" className="btn-outline" onClick={addRoom} disabled={!stay} data-testid="walk-in-start-rooms">
          + {t('walkInRooms.add')}
        </button>
      </section>
      <ReservationForm roomId={roomId} walkIn onBooked={setReservation} />
    </div>
  );
}
