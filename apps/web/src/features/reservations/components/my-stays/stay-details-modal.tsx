import type { TBooking, TReservation } from '@residency/shared';
import { Button, Descriptions, Grid, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { depositDueText } from '../../../../components/stay-price/plan-texts';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatDateTime, formatLongDate, formatNumber, formatTaka } from '../../../../lib/format';
import { getSite } from '../../../../lib/site';
import { useCategoryName } from '../../../../lib/use-category-name';
import { guestsText } from '../../booking-labels';
import { bookingNights, PriceBreakdownList } from '../price-breakdown';
import { clockText } from '../../../../lib/hotel-clock';
import { GuestCancelSection } from './guest-cancel-section';
import { PaymentStateTag, StayStateTag } from '../../../../components/dashboard/stay-tags';
import { useNow } from '../../../../lib/use-now';
import { useLastShown } from '../../../../lib/use-last-shown';
import { reservationsApi } from '../../reservations-api';
import { reservationAsStay, reservationPaymentState, sharedState } from './reservation-summary';
import { StayFolioSection } from './stay-folio-section';
import { OnlineCheckInLink } from '../../../../components/dashboard/online-check-in-link';

/**
 * A reservation of the guest's own, in full (issue 31: one reference, its rooms inside): each
 * room with its dates, guests, price line by line and the guest's own cancellation of it; what
 * is paid and what is left of the whole; the bill (the folio), the invoice and the receipt.
 * `listed` (My Bookings' copy) shows while the reservation is read again.
 */
export function ReservationDetailsModal({ id, listed, onClose }: { id: string | null; listed?: TReservation; onClose: () => void }) {
  const { t, i18n } = useTranslation('my-stays');
  const { t: tc } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const screens = Grid.useBreakpoint();
  const { data, isError } = reservationsApi.useGetReservationQuery(id ?? '', { skip: !id });
  const reservation = data?.data._id === id ? data?.data : listed?._id === id ? listed : undefined;
  const titled = useLastShown(reservation ?? null);
  const taka = (value: number) => formatTaka(value, lng);
  const rooms = reservation?.bookings ?? [];
  const shared = sharedState(rooms);
  // The plans' deposit still to pay and by when, until it is (issue 22).
  const depositDue = reservation ? depositDueText(tc, reservation, lng, site.timeZone) : null;
  const over = shared === 'cancelled';

  return (
    <Modal
      open={Boolean(id)}
      onCancel={onClose}
      title={titled ? t('details.title', { transactionId: titled.reference }) : ''}
      width={screens.md ? 720 : undefined}
      footer={<Button onClick={onClose}>{t('details.close')}</Button>}
      destroyOnHidden
    >
      {!reservation ? (
        isError ? <p className="m-0 text-red-700">{t('details.loadFailed')}</p> : <Skeleton active />
      ) : (
        <div className="flex flex-col gap-4" data-testid="stay-details">
          <div className="flex flex-wrap gap-1.5">
            {shared && <StayStateTag state={shared} />}
            {!(over && reservation.paid === 0) && <PaymentStateTag state={reservationPaymentState(reservation)} />}
          </div>

          {rooms.length > 1 && (
            <p className="m-0 text-sm text-slate-700" data-testid="reservation-rooms">
              {t('reservation.intro', { count: rooms.length, n: formatNumber(rooms.length, lng) })}
            </p>
          )}

          {rooms.map((booking) => (
            <RoomOfReservation key={booking._id} booking={booking} reference={reservation.reference} several={rooms.length > 1} showState={!shared} />
          ))}

          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('details.bookedOn')}>{formatDateTime(reservation.createdAt, lng, site.timeZone)}</Descriptions.Item>
          </Descriptions>

          {!over && (
            <section className="rounded-lg bg-slate-50 p-3" data-testid="stay-payments">
              <dl className="m-0 grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-slate-600">{t('details.paid')}</dt>
                  <dd className="m-0 text-base font-semibold text-slate-900" data-testid="stay-paid">{taka(reservation.paid)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t('details.balance')}</dt>
                  <dd className="m-0 text-base font-semibold text-slate-900" data-testid="stay-balance">{taka(reservation.balance)}</dd>
                </div>
              </dl>
              {depositDue && (
                <p className="m-0 mt-2 text-sm font-semibold text-amber-800" data-testid="deposit-due">
                  {depositDue}
                </p>
              )}
            </section>
          )}

          <StayFolioSection stay={reservationAsStay(reservation)} roomCount={rooms.length} />
        </div>
      )}
    </Modal>
  );
}

/**
 * One room of the reservation: what and when, its guests, its price line by line, and the
 * guest's cancellation of that room (the others stay booked).
 */
function RoomOfReservation({ booking, reference, several, showState }: { booking: TBooking; reference: string; several: boolean; showState: boolean }) {
  const { t, i18n } = useTranslation('my-stays');
  const { t: tr } = useTranslation('reservations');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const now = useNow();
  const categoryName = useCategoryName();
  const room = t('details.roomValue', { category: categoryName(booking.room.category), number: roomNumberText(booking.room.roomNumber, lng) });
  return (
    <section className={several ? 'flex flex-col gap-3 rounded-lg border border-slate-200 p-3' : 'flex flex-col gap-3'} aria-label={room} data-testid="stay-room">
      {showState && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="m-0 text-base font-semibold text-slate-900">{room}</h3>
          <StayStateTag state={booking.state} />
        </div>
      )}
      <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
        <Descriptions.Item label={t('details.room')} span={{ xs: 1, sm: 2 }}>
          {room}
        </Descriptions.Item>
        <Descriptions.Item label={t('details.checkIn')}>
          {t('details.checkInValue', { date: formatLongDate(booking.startDate, lng), time: clockText(site.checkInTime, lng) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('details.checkOut')}>{formatLongDate(booking.endDate, lng)}</Descriptions.Item>
        <Descriptions.Item label={t('details.nights')}>{formatNumber(booking.nights, lng)}</Descriptions.Item>
        <Descriptions.Item label={t('details.guests')}>{guestsText(tr, booking.adults, booking.children, lng)}</Descriptions.Item>
        {booking.airportShuttle && <Descriptions.Item label={t('details.shuttle')}>{t('details.shuttleYes')}</Descriptions.Item>}
      </Descriptions>
      <section aria-label={t('details.price')}>
        <h4 className="m-0 mb-1 text-sm font-semibold text-slate-900">{t('details.price')}</h4>
        <PriceBreakdownList price={booking} nights={bookingNights(booking)} couponCode={booking.couponCode} />
      </section>
      {/* Before arrival the guest fills the registration cards online (issue 34). */}
      <div className="empty:hidden">
        <OnlineCheckInLink booking={booking} room={room} />
      </div>
      <GuestCancelSection stay={booking} site={site} now={now} reference={reference} room={several ? room : undefined} />
    </section>
  );
}
