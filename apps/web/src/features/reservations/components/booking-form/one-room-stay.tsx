import type { TRoom } from '@residency/shared';
import { MAX_NIGHTS, lastCheckOut } from '@residency/shared/booking-rules';
import { nightsBetween } from '@residency/shared/pricing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { guestMaxima } from '../../../../components/stay/guest-rules';
import { StayFields } from '../../../../components/stay/stay-fields';
import type { Stay } from '../../../../components/stay/stay-query';
import { formatNumber, formatShortDate } from '../../../../lib/format';
import { BookingNotice } from './booking-notice';

/**
 * The stay of a one-room booking, editable with the booking bar's controls: a check-in moved
 * to today (an old link), a past check-in, a stay longer than one booking holds (with Shorten),
 * and a room not free for it (`unavailable`, with the other rooms as `children`) are said here.
 */
export function OneRoomStay({
  room,
  stay,
  today,
  moved,
  pastCheckIn,
  tooLong,
  unavailable,
  onCheckIn,
  onCheckOut,
  onGuests,
}: {
  room: TRoom;
  stay: Stay;
  today: string;
  moved: boolean;
  pastCheckIn: boolean;
  tooLong: boolean;
  /** The room is not free (or cannot take the guests), with what to offer instead. */
  unavailable: { fits: boolean; others: ReactNode } | null;
  onCheckIn: (iso: string) => void;
  onCheckOut: (iso: string) => void;
  onGuests: (guests: { adults: number; children: number }) => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const n = (value: number) => formatNumber(value, lng);
  const maxima = guestMaxima(room.beds_and_bedding);
  return (
    <>
      <StayFields
        variant="stacked"
        checkIn={stay.checkIn}
        checkOut={stay.checkOut}
        guests={{ adults: stay.adults, children: stay.children }}
        today={today}
        maxima={maxima}
        limitNote={t('stay.roomNote', { adults: n(maxima.adults), children: n(maxima.children), total: n(maxima.total) })}
        onCheckIn={onCheckIn}
        onCheckOut={onCheckOut}
        onGuests={onGuests}
      />
      {moved && !pastCheckIn && (
        <BookingNotice testId="stay-moved">
          {t('stay.moved', { checkIn: formatShortDate(stay.checkIn, lng), checkOut: formatShortDate(stay.checkOut, lng) })}
        </BookingNotice>
      )}
      {pastCheckIn ? (
        <BookingNotice testId="stay-notice">{t('stay.pastCheckIn')}</BookingNotice>
      ) : tooLong ? (
        <TooLong stay={stay} onCheckOut={onCheckOut} />
      ) : unavailable ? (
        <>
          <BookingNotice testId="stay-notice">{unavailable.fits ? t('stay.unavailable') : t('stay.tooManyGuests')}</BookingNotice>
          {unavailable.others}
        </>
      ) : null}
    </>
  );
}

function TooLong({ stay, onCheckOut }: { stay: Stay; onCheckOut: (iso: string) => void }) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const n = (value: number) => formatNumber(value, lng);
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  return (
    <BookingNotice testId="stay-notice">
      {t('stay.tooLong', {
        nights: t('stay.nights', { count: nights, n: n(nights) }),
        max: n(MAX_NIGHTS),
        date: formatShortDate(lastCheckOut(stay.checkIn), lng),
      })}{' '}
      <button type="button" className="font-semibold underline" onClick={() => onCheckOut(lastCheckOut(stay.checkIn))} data-testid="shorten-stay">
        {t('stay.shorten', { max: n(MAX_NIGHTS) })}
      </button>
    </BookingNotice>
  );
}
