import type { TBooking } from '@residency/shared';
import { Button, Descriptions, Grid, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatTaka } from '../../../lib/format';
import { BOOKING_STATE_COLORS, PAYMENT_TAG_COLORS, TAG_TEXT, bookingState } from '../booking-actions';
import { formatLongDate } from '../booking-dates';
import { guestsText } from '../booking-labels';
import { useCategoryName } from '../../categories/use-category-name';

interface Props {
  booking: TBooking | null;
  onClose: () => void;
}

/**
 * The details of one booking (spec section 2, Reservation): guest, room, amount, shuttle,
 * transaction ID, payment and booking status, check-in and check-out, plus the guests and the
 * price breakdown the server stored with it.
 */
export function BookingDetailsModal({ booking, onClose }: Props) {
  const { t, i18n } = useTranslation('reservations');
  const categoryName = useCategoryName();
  const lng = i18n.resolvedLanguage ?? 'en';
  const screens = Grid.useBreakpoint();
  const taka = (n: number) => formatTaka(n, lng);

  return (
    <Modal
      open={booking !== null}
      onCancel={onClose}
      title={booking ? t('details.title', { transactionId: booking.transactionId }) : ''}
      width={760}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('details.close')}</Button>}
    >
      {booking && (
        <div className="flex flex-col gap-4" data-testid="booking-details">
          <Descriptions
            bordered
            size="small"
            column={screens.sm ? 2 : 1}
            items={[
              { key: 'name', label: t('details.userName'), children: booking.user.name },
              { key: 'email', label: t('details.email'), children: <span className="break-all">{booking.user.email}</span> },
              { key: 'phone', label: t('details.phone'), children: booking.phone },
              ...(booking.address ? [{ key: 'address', label: t('details.address'), children: booking.address }] : []),
              {
                key: 'room',
                label: t('details.room'),
                children: t('details.roomValue', { category: categoryName(booking.room.category), number: booking.room.roomNumber }),
              },
              {
                key: 'guests',
                label: t('details.guests'),
                children: guestsText(t, booking.adults, booking.children, lng),
              },
              { key: 'checkIn', label: t('details.checkIn'), children: formatLongDate(booking.startDate, lng) },
              { key: 'checkOut', label: t('details.checkOut'), children: formatLongDate(booking.endDate, lng) },
              { key: 'amount', label: t('details.amount'), children: <strong>{taka(booking.amount)}</strong> },
              { key: 'shuttle', label: t('details.shuttle'), children: booking.airportShuttle ? t('yes') : t('no') },
              {
                key: 'transactionId',
                label: t('details.transactionId'),
                children: (
                  <Typography.Text copyable className="font-mono">
                    {booking.transactionId}
                  </Typography.Text>
                ),
              },
              {
                key: 'payment',
                label: t('details.paymentStatus'),
                children: <Tag color={PAYMENT_TAG_COLORS[booking.paymentStatus]} className={TAG_TEXT[PAYMENT_TAG_COLORS[booking.paymentStatus]]}>{t(`payment.${booking.paymentStatus}`)}</Tag>,
              },
              {
                key: 'state',
                label: t('details.bookingStatus'),
                children: <Tag color={BOOKING_STATE_COLORS[bookingState(booking)]} className={TAG_TEXT[BOOKING_STATE_COLORS[bookingState(booking)]]}>{t(`state.${bookingState(booking)}`)}</Tag>,
              },
              {
                key: 'source',
                label: t('details.source'),
                children: `${t(`details.sources.${booking.source}`)} · ${formatLongDate(booking.createdAt, lng)}`,
              },
              ...(booking.cancelledAt
                ? [{ key: 'cancelledAt', label: t('details.cancelledOn'), children: formatLongDate(booking.cancelledAt, lng) }]
                : []),
            ]}
          />
          <div>
            <Typography.Title level={3} style={{ fontSize: 16, marginTop: 8, marginBottom: 8 }}>
              {t('details.price')}
            </Typography.Title>
            <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 rounded-lg bg-slate-50 p-3 text-sm">
              <dt className="text-slate-600">
                {t('details.nightsLine', {
                  nights: t('nights', { count: booking.nights, n: formatNumber(booking.nights, lng) }),
                  perNight: taka(booking.perNightCost),
                })}
              </dt>
              <dd className="m-0 text-right">{taka(booking.subtotal)}</dd>
              {booking.discount > 0 && (
                <>
                  <dt className="text-slate-600">{t('details.discount', { code: booking.couponCode ?? '' })}</dt>
                  <dd className="m-0 text-right text-green-700">−{taka(booking.discount)}</dd>
                </>
              )}
              <dt className="text-slate-600">{t('details.beforeCharges')}</dt>
              <dd className="m-0 text-right">{taka(booking.withOutVatAndService)}</dd>
              <dt className="text-slate-600">{t('details.serviceCharge')}</dt>
              <dd className="m-0 text-right">{taka(booking.serviceCharge)}</dd>
              <dt className="text-slate-600">{t('details.vat')}</dt>
              <dd className="m-0 text-right">{taka(booking.vat)}</dd>
              <div className="col-span-2 flex justify-between gap-4 border-t border-slate-200 pt-1.5 font-semibold">
                <dt>{t('details.total')}</dt>
                <dd className="m-0">{taka(booking.amount)}</dd>
              </div>
            </dl>
          </div>
        </div>
      )}
    </Modal>
  );
}
