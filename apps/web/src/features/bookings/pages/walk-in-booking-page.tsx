import { STANDARD_PLAN, type TBooking, type TReservation } from '@residency/shared';
import { staffActions } from '@residency/shared/booking-states';
import { todayAt } from '@residency/shared/dates';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { stayFromQuery } from '../../../components/stay/stay-query';
import { useAppSelector } from '../../../lib/store-hooks';
import { roomNumberText } from '../../../lib/category-texts';
import { useErrorText } from '../../../lib/server-error';
import { getSite } from '../../../lib/site';
import { useDeskTransitionMutation } from '../api';
import { formatLongDate } from '../../../lib/format';
import { BookingForm } from '../components/booking-form';
import { BookingReceipt } from '../components/booking-receipt';
import { PageHeading } from '../components/page-heading';
import { WalkInReservationDone } from '../components/walk-in-reservation-done';
import { WalkInReservationForm } from '../components/walk-in-reservation-form';
import { newWalkInRoom, type WalkInRoom } from '../components/walk-in-rooms';

/**
 * `/guest/booking/:id` (staff and admins): book room {id} for a guest at the front desk, with
 * the guest's name, phone and, when they have one, e-mail (the page then says no mail was sent). A walk-in taken by staff is confirmed at once (the API does
 * it): the page says so, shows the transaction ID, offers Check in now when the stay starts
 * today, and leads to the booking in the reservation list. "Add a room" turns it into a walk-in of
 * several rooms for the same dates (walk-in-reservation-form.tsx), booked as one reservation.
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
  const { t, i18n } = useTranslation(['booking', 'front-desk']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const [made, setMade] = useState<TBooking | null>(null);
  const role = useAppSelector((state) => state.auth.user?.role);
  const [transition, { isLoading }] = useDeskTransitionMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const [rows, setRows] = useState<WalkInRoom[] | null>(null);
  const [reservation, setReservation] = useState<TReservation | null>(null);
  const deskPath = role === 'staff' || role === 'admin' ? `/${role}/reservation` : null;
  // The booking form keeps the stay in the URL: the rooms added are for those dates.
  const stay = stayFromQuery(params);

  if (reservation) return <WalkInReservationDone reservation={reservation} deskPath={deskPath} />;
  if (rows && stay) {
    return <WalkInReservationForm stay={stay} rows={rows} onRows={(update) => setRows((prev) => update(prev ?? []))} onBooked={setReservation} />;
  }
  if (!made) {
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
              {t('booking:walkInRooms.severalTitle')}
            </h2>
            <p className="text-sm text-slate-600">{t('booking:walkInRooms.severalText')}</p>
          </div>
          <button type="button" className="btn-outline" onClick={addRoom} disabled={!stay} data-testid="walk-in-start-rooms">
            + {t('booking:walkInRooms.add')}
          </button>
        </section>
        <BookingForm roomId={roomId} walkIn onBooked={setMade} />
      </div>
    );
  }
  const today = todayAt(getSite().timeZone);
  const canCheckIn = staffActions(made, today).includes('check_in');
  const desk = role === 'staff' || role === 'admin' ? `/${role}/reservation?q=${encodeURIComponent(made.transactionId)}` : null;
  const room = roomNumberText(made.room.roomNumber, lng);

  const checkIn = async () => {
    setProblem(null);
    try {
      setMade((await transition({ id: made._id, action: 'check-in' }).unwrap()).data);
    } catch (err) {
      setProblem(errorText(err, t('front-desk:walkIn.checkInFailed')));
    }
  };

  return (
    <section className="card mx-auto max-w-3xl" data-testid="walk-in-done" aria-labelledby="walk-in-done-heading">
      <h2 id="walk-in-done-heading" className="font-display text-2xl text-brand-800">
        {t('booking:walkIn.done', { name: made.user.name })}
      </h2>
      <p className="mt-2 text-slate-700" data-testid="walk-in-mail">
        {made.user.email ? t('booking:walkIn.doneText', { email: made.user.email }) : t('booking:walkIn.doneNoEmail')}
      </p>
      <p
        className={`mt-4 rounded-xl px-4 py-3 font-medium ring-1 ${
          made.state === 'checked_in' ? 'bg-green-50 text-green-900 ring-green-200' : 'bg-blue-50 text-blue-900 ring-blue-200'
        }`}
        data-testid="walk-in-state"
        data-state={made.state}
        role="status"
      >
        {made.state === 'checked_in'
          ? t('front-desk:walkIn.checkedIn', { room })
          : made.state === 'confirmed'
            ? canCheckIn
              ? t('front-desk:walkIn.confirmedToday')
              : t('front-desk:walkIn.confirmedLater', { date: formatLongDate(made.startDate, lng) })
            : t(`front-desk:states.${made.state}`)}
      </p>
      {problem && (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-800" role="alert">
          {problem}
        </p>
      )}
      <div className="mt-6">
        <BookingReceipt booking={made} />
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        {canCheckIn && (
          <button type="button" className="btn-primary" onClick={() => void checkIn()} disabled={isLoading} data-testid="walk-in-check-in">
            {isLoading ? t('front-desk:walkIn.checkingIn') : t('front-desk:walkIn.checkInNow')}
          </button>
        )}
        {desk && (
          <Link to={desk} className={canCheckIn ? 'btn-outline' : 'btn-primary'} data-testid="walk-in-reservation">
            {t('front-desk:walkIn.openReservation')}
          </Link>
        )}
        <Link to="/" className="btn-outline">
          {t('booking:confirmation.home')}
        </Link>
      </div>
    </section>
  );
}
