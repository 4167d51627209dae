import { IdcardOutlined } from '@ant-design/icons';
import type { TBooking } from '@residency/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The online check-in's address for a room (the pre-arrival mail links the same). */
const onlineCheckInPath = (bookingId: string) => `/user/my-bookings/${bookingId}/check-in`;

/**
 * "Online check-in" for a confirmed room not checked in yet (issue 34): the guest fills the
 * registration cards before arrival. `room` names the room for a reader of several.
 */
export function OnlineCheckInLink({ booking, room }: { booking: Pick<TBooking, '_id' | 'state' | 'registration'>; room: string }) {
  const { t } = useTranslation('guest-register');
  if (booking.state !== 'confirmed') return null;
  return (
    <Link
      to={onlineCheckInPath(booking._id)}
      aria-label={t('link.label', { room })}
      className="inline-flex min-h-8 items-center gap-1.5 rounded-md border border-brand-700 px-3 text-sm font-medium !text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      data-testid="online-check-in"
    >
      <IdcardOutlined aria-hidden />
      {t('link.onlineCheckIn')}
      {booking.registration.complete && <span className="text-xs font-normal text-green-800">· {t('tag.ready')}</span>}
    </Link>
  );
}
