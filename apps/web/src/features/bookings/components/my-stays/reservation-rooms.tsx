import type { TReservation } from '@residency/shared';
import { useTranslation } from 'react-i18next';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatNumber } from '../../../../lib/format';
import { useCategoryName } from '../../../../lib/use-category-name';
import { StayStateTag } from '../../../../components/dashboard/stay-tags';
import { guestsText } from '../../booking-labels';

/**
 * A stay that is one room of a reservation of several: the reservation's reference (what the
 * guest quotes to the hotel) and the other rooms booked with it, each with its guests and state.
 */
export function ReservationRooms({ reservation, currentId }: { reservation: TReservation; currentId: string }) {
  const { t, i18n } = useTranslation('my-stays');
  const { t: tr } = useTranslation('reservations');
  const lng = i18n.resolvedLanguage ?? 'en';
  const categoryName = useCategoryName();
  const others = reservation.bookings.filter((b) => b._id !== currentId);
  const count = reservation.bookings.length;
  return (
    <section className="rounded-lg border border-brand-100 bg-brand-50/40 p-3" aria-labelledby="reservation-rooms-heading" data-testid="reservation-rooms">
      <h3 id="reservation-rooms-heading" className="m-0 text-sm font-semibold text-slate-900">
        {t('reservation.title', { reference: reservation.reference })}
      </h3>
      <p className="m-0 mt-1 text-sm text-slate-700">{t('reservation.intro', { count, n: formatNumber(count, lng) })}</p>
      <ul className="m-0 mt-2 list-none space-y-1 p-0 text-sm">
        {others.map((b) => (
          <li key={b._id} className="flex flex-wrap items-center justify-between gap-2" data-testid="reservation-room">
            <span>
              <span className="font-medium text-slate-900">
                {t('details.roomValue', { category: categoryName(b.room.category), number: roomNumberText(b.room.roomNumber, lng) })}
              </span>
              <span className="text-slate-600"> · {guestsText(tr, b.adults, b.children, lng)}</span>
            </span>
            <StayStateTag state={b.state} />
          </li>
        ))}
      </ul>
    </section>
  );
}
