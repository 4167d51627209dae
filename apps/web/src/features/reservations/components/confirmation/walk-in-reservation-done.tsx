import type { TBooking, TReservation } from '@residency/shared';
import { staffActions } from '@residency/shared/booking-states';
import { todayAt } from '@residency/shared/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { guestSummary } from '../../../../components/stay/guest-picker';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatLongDate, formatNumber, formatTaka } from '../../../../lib/format';
import { useErrorText } from '../../../../lib/server-error';
import { getSite } from '../../../../lib/site';
import { useCategoryName } from '../../../../lib/use-category-name';
import { useDeskTransitionMutation } from '../../api';
import { BookingReceipt } from './booking-receipt';

/**
 * A walk-in booked (confirmed at once by the API). One room: its state, Check in now when the
 * stay starts today, and its receipt with the booking ID. Several: the reservation's reference
 * for the guest, each room with its own booking ID, guests and price, and the total. Then the way
 * to the desk's list (one room by the booking ID shown; several by the guest's phone, which finds every
 * room of it).
 */
export function WalkInReservationDone({
  reservation,
  deskPath,
  onChange,
}: {
  reservation: TReservation;
  deskPath: string | null;
  /** The reservation after a room was checked in here. */
  onChange: (reservation: TReservation) => void;
}) {
  const { t, i18n } = useTranslation(['booking', 'front-desk']);
  const { t: ts } = useTranslation('stay-search');
  const lng = i18n.resolvedLanguage ?? 'en';
  const categoryName = useCategoryName();
  const first = reservation.bookings[0];
  const phone = first?.phone ?? '';
  if (reservation.bookings.length === 1 && first) {
    return <OneRoomDone reservation={reservation} booking={first} deskPath={deskPath} onChange={(booking) => onChange({ ...reservation, bookings: [booking] })} />;
  }
  return (
    <section className="card mx-auto max-w-3xl" data-testid="walk-in-done" aria-labelledby="walk-in-done-heading">
      <DoneHeading reservation={reservation} />
      <div className="mt-6 rounded-2xl bg-brand-50 p-4 text-center ring-1 ring-brand-100">
        <p className="text-sm text-slate-600">{t('booking:walkInRooms.reference')}</p>
        <p className="mt-1 font-mono text-2xl font-semibold tracking-wider text-brand-900 select-all" data-testid="reservation-reference">
          {reservation.reference}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {formatLongDate(reservation.checkIn, lng)} → {formatLongDate(reservation.checkOut, lng)}
        </p>
      </div>
      <ul className="mt-5 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="walk-in-done-rooms">
        {reservation.bookings.map((b) => (
          <li key={b._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span>
              <span className="block font-semibold text-brand-900">
                {categoryName(b.room.category)} · {t('booking:room.number', { number: roomNumberText(b.room.roomNumber, lng) })}
              </span>
              <span className="block text-sm text-slate-600">
                {guestSummary(ts, { adults: b.adults, children: b.children }, lng)} · <span className="font-mono">{b.transactionId}</span>
              </span>
            </span>
            <span className="font-semibold text-brand-900 tabular-nums">{formatTaka(b.amount, lng)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 flex justify-between text-lg font-semibold text-brand-900">
        <span>{t('booking:walkInRooms.total')}</span>
        <span className="tabular-nums" data-testid="walk-in-done-total">
          {formatTaka(reservation.amount, lng)}
        </span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {t('booking:walkInRooms.doneCheckIn', { count: reservation.bookings.length, n: formatNumber(reservation.bookings.length, lng) })}
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        {deskPath && (
          <Link to={`${deskPath}?q=${encodeURIComponent(phone || first?.transactionId || '')}`} className="btn-primary" data-testid="walk-in-reservation">
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

/** A one-room walk-in booked: its state (Check in now when it starts today) and its receipt. */
function OneRoomDone({
  reservation,
  booking,
  deskPath,
  onChange,
}: {
  reservation: TReservation;
  booking: TBooking;
  deskPath: string | null;
  onChange: (booking: TBooking) => void;
}) {
  const { t, i18n } = useTranslation(['booking', 'front-desk']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const [transition, { isLoading }] = useDeskTransitionMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const errorText = useErrorText();
  const canCheckIn = staffActions(booking, todayAt(getSite().timeZone)).includes('check_in');
  const room = roomNumberText(booking.room.roomNumber, lng);

  const checkIn = async () => {
    setProblem(null);
    try {
      onChange((await transition({ id: booking._id, action: 'check-in' }).unwrap()).data);
    } catch (err) {
      setProblem(errorText(err, t('front-desk:walkIn.checkInFailed')));
    }
  };

  return (
    <section className="card mx-auto max-w-3xl" data-testid="walk-in-done" aria-labelledby="walk-in-done-heading">
      <DoneHeading reservation={reservation} />
      <p
        className={`mt-4 rounded-xl px-4 py-3 font-medium ring-1 ${
          booking.state === 'checked_in' ? 'bg-green-50 text-green-900 ring-green-200' : 'bg-blue-50 text-blue-900 ring-blue-200'
        }`}
        data-testid="walk-in-state"
        data-state={booking.state}
        role="status"
      >
        {booking.state === 'checked_in'
          ? t('front-desk:walkIn.checkedIn', { room })
          : booking.state === 'confirmed'
            ? canCheckIn
              ? t('front-desk:walkIn.confirmedToday')
              : t('front-desk:walkIn.confirmedLater', { date: formatLongDate(booking.startDate, lng) })
            : t(`front-desk:states.${booking.state}`)}
      </p>
      {problem && (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-800" role="alert">
          {problem}
        </p>
      )}
      <div className="mt-6">
        <BookingReceipt booking={booking} />
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        {canCheckIn && (
          <button type="button" className="btn-primary" onClick={() => void checkIn()} disabled={isLoading} data-testid="walk-in-check-in">
            {isLoading ? t('front-desk:walkIn.checkingIn') : t('front-desk:walkIn.checkInNow')}
          </button>
        )}
        {deskPath && (
          <Link
            to={`${deskPath}?q=${encodeURIComponent(booking.reservationReference)}`}
            className={canCheckIn ? 'btn-outline' : 'btn-primary'}
            data-testid="walk-in-reservation"
          >
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

/** Who was booked, and how the confirmation went to them (a guest without an e-mail gets it by SMS, issue 34). */
function DoneHeading({ reservation }: { reservation: TReservation }) {
  const { t } = useTranslation('booking');
  return (
    <>
      <h2 id="walk-in-done-heading" className="font-display text-2xl text-brand-800">
        {t('walkIn.done', { name: reservation.user.name })}
      </h2>
      <p className="mt-2 text-slate-700" data-testid="walk-in-mail">
        {reservation.user.email ? t('walkIn.doneText', { email: reservation.user.email }) : t('walkIn.doneNoEmail', { phone: reservation.bookings[0]?.phone ?? '' })}
      </p>
    </>
  );
}
