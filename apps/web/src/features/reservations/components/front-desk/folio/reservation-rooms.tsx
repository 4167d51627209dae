import type { TReservation } from '@residency/shared';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { roomNumberText } from '../../../../../lib/category-texts';
import { formatStay } from '../../../../../lib/format';
import { useCategoryName } from '../../../../../lib/use-category-name';
import { StateTag } from '../desk-tags';

/**
 * A room of a reservation of several: the reservation's reference (what the guest quotes) and
 * its other rooms, each with its state and dates, so the desk sees the whole stay from any room.
 */
export function ReservationRooms({ reservation, current }: { reservation: TReservation; current: string }) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const categoryName = useCategoryName();
  const others = reservation.bookings.filter((b) => b._id !== current);
  return (
    <section className="rounded-lg border border-blue-200 bg-blue-50/60 p-3" aria-labelledby="reservation-rooms-heading" data-testid="reservation-rooms">
      <p className="m-0 text-sm text-slate-700">
        {t('folio.reservation')}{' '}
        <Typography.Text copyable strong className="font-mono">
          {reservation.reference}
        </Typography.Text>
      </p>
      <h4 id="reservation-rooms-heading" className="mt-2 mb-1 text-sm font-semibold text-slate-900">
        {t('folio.otherRooms')}
      </h4>
      <ul className="m-0 flex list-none flex-col gap-1 p-0">
        {others.map((b) => (
          <li key={b._id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="reservation-other-room">
            <span className="font-medium text-slate-900">{t('room', { number: roomNumberText(b.room.roomNumber, lng) })}</span>
            <span className="text-slate-700">{categoryName(b.room.category)}</span>
            <span className="text-slate-600">{formatStay(b.startDate, b.endDate, lng)}</span>
            <StateTag state={b.state} />
          </li>
        ))}
      </ul>
    </section>
  );
}
