import type { TBooking } from '@residency/shared';
import { Button, Descriptions, Grid, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { depositDueText } from '../../../../components/stay-price/plan-texts';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatDateTime, formatLongDate, formatNumber, formatTaka } from '../../../../lib/format';
import { getSite } from '../../../../lib/site';
import { useCategoryName } from '../../../../lib/use-category-name';
import { useGetBookingQuery } from '../../api';
import { guestsText } from '../../booking-labels';
import { bookingNights, PriceBreakdownList } from '../price-breakdown';
import { clockText } from '../../../../lib/hotel-clock';
import { GuestCancelSection } from './guest-cancel-section';
import { PaymentStateTag, StayStateTag } from '../../../../components/dashboard/stay-tags';
import { useNow } from '../../../../lib/use-now';
import { useLastShown } from '../../../../lib/use-last-shown';
import { reservationsApi } from '../../reservations-api';
import { ReservationRooms } from './reservation-rooms';
import { StayFolioSection } from './stay-folio-section';

/**
 * A stay of the guest's own, in full: dates, room, guests, the price line by line, where it
 * stands, what is paid and what is left, and the guest's own cancellation.
 */
export function StayDetailsModal({ id, listed, onClose }: { id: string | null; listed?: TBooking; onClose: () => void }) {
  const { t, i18n } = useTranslation('my-stays');
  const { t: tr } = useTranslation('reservations');
  const { t: tc } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const now = useNow();
  const categoryName = useCategoryName();
  const screens = Grid.useBreakpoint();
  // The full booking (with its payments); the list's copy shows meanwhile.
  const { data, isError } = useGetBookingQuery(id ?? '', { skip: !id });
  const booking = data?.data._id === id ? data?.data : listed?._id === id ? listed : undefined;
  const titled = useLastShown(booking ?? null);
  const taka = (value: number) => formatTaka(value, lng);
  // The reservation tells whether this room was booked with others (and which).
  const reservationId = booking?.reservationId ?? '';
  const { data: reservationData } = reservationsApi.useGetReservationQuery(reservationId, { skip: !reservationId });
  const reservation = reservationData?.data._id === reservationId ? reservationData.data : undefined;
  const roomCount = reservation?.bookings.length ?? 1;
  const { data: folioData } = reservationsApi.useGetFolioQuery(reservationId, { skip: !reservationId });
  const folioShown = Boolean(folioData);
  // The plan's deposit still to pay for this room and by when, until it is (issue 22).
  const depositDue = booking ? depositDueText(tc, booking, lng, site.timeZone) : null;

  return (
    <Modal
      open={Boolean(id)}
      onCancel={onClose}
      title={titled ? t('details.title', { transactionId: titled.transactionId }) : ''}
      width={screens.md ? 720 : undefined}
      footer={<Button onClick={onClose}>{t('details.close')}</Button>}
      destroyOnHidden
    >
      {!booking ? (
        isError ? <p className="m-0 text-red-700">{t('details.loadFailed')}</p> : <Skeleton active />
      ) : (
        <div className="flex flex-col gap-4" data-testid="stay-details">
          <div className="flex flex-wrap gap-1.5">
            <StayStateTag state={booking.state} />
            {!(booking.state === 'cancelled' && booking.paid === 0) && <PaymentStateTag state={booking.paymentState} />}
          </div>

          {reservation && roomCount > 1 && <ReservationRooms reservation={reservation} currentId={booking._id} />}

          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
            <Descriptions.Item label={t('details.room')} span={{ xs: 1, sm: 2 }}>
              {t('details.roomValue', { category: categoryName(booking.room.category), number: roomNumberText(booking.room.roomNumber, lng) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.checkIn')}>
              {t('details.checkInValue', { date: formatLongDate(booking.startDate, lng), time: clockText(site.checkInTime, lng) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.checkOut')}>{formatLongDate(booking.endDate, lng)}</Descriptions.Item>
            <Descriptions.Item label={t('details.nights')}>{formatNumber(booking.nights, lng)}</Descriptions.Item>
            <Descriptions.Item label={t('details.guests')}>{guestsText(tr, booking.adults, booking.children, lng)}</Descriptions.Item>
            {booking.airportShuttle && <Descriptions.Item label={t('details.shuttle')}>{t('details.shuttleYes')}</Descriptions.Item>}
            <Descriptions.Item label={t('details.bookedOn')}>{formatDateTime(booking.createdAt, lng, site.timeZone)}</Descriptions.Item>
          </Descriptions>

          <section aria-labelledby="stay-price-heading">
            <h3 id="stay-price-heading" className="m-0 mb-1 text-base font-semibold text-slate-900">
              {t('details.price')}
            </h3>
            <PriceBreakdownList price={booking} nights={bookingNights(booking)} couponCode={booking.couponCode} />
          </section>

          {booking.state !== 'cancelled' && (
            <section className="rounded-lg bg-slate-50 p-3" data-testid="stay-payments">
              <dl className="m-0 grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-slate-600">{t('details.paid')}</dt>
                  <dd className="m-0 text-base font-semibold text-slate-900" data-testid="stay-paid">{taka(booking.paid)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t('details.balance')}</dt>
                  <dd className="m-0 text-base font-semibold text-slate-900" data-testid="stay-balance">{taka(booking.balance)}</dd>
                </div>
              </dl>
              {depositDue && (
                <p className="m-0 mt-2 text-sm font-semibold text-amber-800" data-testid="deposit-due">
                  {depositDue}
                </p>
              )}
              {/* The folio below lists the reservation's payments and refunds once it is loaded. */}
              {folioShown ? null : booking.payments && booking.payments.length > 0 ? (
                <>
                  <h3 className="m-0 mt-3 text-sm font-semibold text-slate-800">{t('details.payments')}</h3>
                  <ul className="m-0 mt-1 list-none p-0 text-sm text-slate-700">
                    {booking.payments.map((payment) => (
                      <li key={payment._id} className="flex flex-wrap justify-between gap-x-3">
                        <span>{t('details.paymentLine', { amount: taka(payment.amount), method: t(`methods.${payment.method}`) })}</span>
                        <span className="text-slate-600">{formatDateTime(payment.paidAt, lng, site.timeZone)}</span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                booking.paid === 0 && <p className="m-0 mt-2 text-sm text-slate-600">{t('details.noPayments')}</p>
              )}
            </section>
          )}

          {booking.reservationId && <StayFolioSection stay={booking} roomCount={roomCount} />}

          <GuestCancelSection stay={booking} site={site} now={now} />
        </div>
      )}
    </Modal>
  );
}
