import type { TBooking } from '@residency/shared';
import { Button, Descriptions, Grid, Modal, Skeleton, Tabs, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { depositDueText } from '../../../../components/stay-price/plan-texts';
import { formatLongDate, formatShortDate, formatTaka } from '../../../../lib/format';
import { getSite } from '../../../../lib/site';
import { useGetBookingQuery } from '../../api';
import { guestsText } from '../../booking-labels';
import { useCategoryName } from '../../../../lib/use-category-name';
import { roomNumberText } from '../../../../lib/category-texts';
import { PaymentStateTag, StateTag } from './desk-tags';
import { PaymentsList, StayHistory } from './booking-history';
import { useLastShown } from '../../../../lib/use-last-shown';
import { bookingNights, PriceBreakdownList } from '../price-breakdown';
import { NightPricesModal } from './night-prices-modal';
import { StayChange } from './stay-change-modal';
import { FolioTab } from './folio/folio-tab';
import { ReservationRooms } from './folio/reservation-rooms';
import { reservationsApi } from '../../reservations-api';
import { GuestRegisterForm, RegistrationTag } from '../../../guest-register';
import { HistoryPanel } from '../../../audit';

interface Props {
  booking: TBooking | null;
  onClose: () => void;
}

/**
 * The details of one booking (spec section 2, Reservation): guest, room, amount, shuttle,
 * transaction ID, payment and booking status, check-in and check-out, plus the guests and the
 * price breakdown the server stored with it, the payments received and the stay's history
 * (read from `GET /api/bookings/:id`, which lists the payments; the list's row shows meanwhile).
 * Beside them, the reservation's folio (issue 22); a room of a reservation of several names the
 * reservation and its other rooms, and the folio is the reservation's. The registration cards
 * of the room (issue 34) have their tab, for any stay: filled, corrected, photos taken.
 */
export function BookingDetailsModal({ booking: row, onClose }: Props) {
  const { t, i18n } = useTranslation(['reservations', 'front-desk', 'guest-register']);
  const { t: tc } = useTranslation('common');
  const { data: full, isFetching } = useGetBookingQuery(row?._id ?? '', { skip: row === null });
  const booking = row && full?.data._id === row._id ? full.data : row;
  const titled = useLastShown(booking);
  const categoryName = useCategoryName();
  const lng = i18n.resolvedLanguage ?? 'en';
  const screens = Grid.useBreakpoint();
  const taka = (n: number) => formatTaka(n, lng);
  const [pricing, setPricing] = useState<TBooking | null>(null);
  // The tab shown, for the booking it was chosen on (another booking opens on its details).
  const [tab, setTab] = useState<{ id: string; key: string } | null>(null);
  const activeTab = booking && tab?.id === booking._id ? tab.key : 'details';
  const { data: reservation } = reservationsApi.useGetReservationQuery(booking?.reservationId ?? '', { skip: !booking?.reservationId });
  // The reservation as the server answered for this room (a list's row may show meanwhile).
  const shown = reservation && booking && reservation.data._id === booking.reservationId ? reservation.data : null;
  const rooms = shown
    ? shown.bookings.map((b) => ({ bookingId: b._id, roomNumber: b.room.roomNumber }))
    : booking
      ? [{ bookingId: booking._id, roomNumber: booking.room.roomNumber }]
      : [];
  // The desk prices nights of a stay still to come or in the house (the server says the same).
  // The plan's deposit still to pay and by when, for the desk to ask for (issue 22); none once paid.
  const depositDue = booking ? depositDueText(tc, booking, lng, getSite().timeZone) : null;
  const priceable = booking !== null && ['unconfirmed', 'confirmed', 'checked_in'].includes(booking.state) && booking.nightlyLines.length > 0;

  return (
    <Modal
      open={booking !== null}
      onCancel={onClose}
      title={titled ? t('details.title', { transactionId: titled.reservationReference }) : ''}
      width={760}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('details.close')}</Button>}
    >
      {booking && (
        <Tabs
          key={booking._id}
          activeKey={activeTab}
          onChange={(key) => setTab({ id: booking._id, key })}
          items={[
            {
              key: 'details',
              label: t('front-desk:folio.detailsTab'),
              children: (
                <div className="flex flex-col gap-4" data-testid="booking-details">
                  {shown && shown.bookings.length > 1 && <ReservationRooms reservation={shown} current={booking._id} />}
                  <Descriptions
                    bordered
                    size="small"
                    column={screens.sm ? 2 : 1}
                    items={[
                      { key: 'name', label: t('details.userName'), children: booking.user.name },
                      {
                        key: 'email',
                        label: t('details.email'),
                        children: booking.user.email ? (
                          <span className="break-all">{booking.user.email}</span>
                        ) : (
                          <span className="text-slate-600" data-testid="no-email">
                            {t('details.noEmail')}
                          </span>
                        ),
                      },
                      { key: 'phone', label: t('details.phone'), children: booking.phone },
                      ...(booking.address ? [{ key: 'address', label: t('details.address'), children: booking.address }] : []),
                      {
                        key: 'room',
                        label: t('details.room'),
                        children: t('details.roomValue', { category: categoryName(booking.room.category), number: roomNumberText(booking.room.roomNumber, lng) }),
                      },
                      {
                        key: 'guests',
                        label: t('details.guests'),
                        children: guestsText(t, booking.adults, booking.children, lng),
                      },
                      { key: 'checkIn', label: t('details.checkIn'), children: formatLongDate(booking.startDate, lng) },
                      {
                        key: 'checkOut',
                        label: t('details.checkOut'),
                        children: formatLongDate(booking.endDate, lng),
                      },
                      ...(booking.bookedEndDate !== booking.endDate
                        ? [{ key: 'booked', label: t('front-desk:history.bookedUntil'), children: formatLongDate(booking.bookedEndDate, lng) }]
                        : []),
                      { key: 'amount', label: t('details.amount'), children: <strong data-testid="details-amount">{taka(booking.charged)}</strong> },
                      { key: 'shuttle', label: t('details.shuttle'), children: booking.airportShuttle ? t('yes') : t('no') },
                      // The booking ID the guest quotes (the reservation's, issue 31); a room of several has its own line.
                      {
                        key: 'transactionId',
                        label: t('details.transactionId'),
                        children: (
                          <Typography.Text copyable className="font-mono" data-testid="details-reference">
                            {booking.reservationReference}
                          </Typography.Text>
                        ),
                      },
                      ...(booking.reservationReference !== booking.transactionId
                        ? [
                            {
                              key: 'roomLine',
                              label: t('details.roomLine'),
                              children: (
                                <Typography.Text copyable className="font-mono" data-testid="details-room-line">
                                  {booking.transactionId}
                                </Typography.Text>
                              ),
                            },
                          ]
                        : []),
                      {
                        key: 'payment',
                        label: t('details.paymentStatus'),
                        children: <PaymentStateTag booking={booking} />,
                      },
                      {
                        key: 'paid',
                        label: t('front-desk:money.paid'),
                        children: (
                          <span data-testid="details-paid">
                            {taka(booking.paid)}
                            {booking.balance > 0 && booking.status !== 'cancelled' && (
                              <span className="ml-2 text-amber-800">{t('front-desk:money.balanceLine', { amount: taka(booking.balance) })}</span>
                            )}
                            {depositDue && (
                              <span className="block font-semibold text-amber-800" data-testid="deposit-due">
                                {depositDue}
                              </span>
                            )}
                          </span>
                        ),
                      },
                      {
                        key: 'state',
                        label: t('details.bookingStatus'),
                        children: <StateTag state={booking.state} />,
                      },
                      {
                        key: 'registration',
                        label: t('guest-register:tag.label'),
                        children: (
                          <span className="flex flex-wrap items-center gap-2">
                            <RegistrationTag registration={booking.registration} />
                            {booking.registration.note && (
                              <span className="text-sm text-slate-700" data-testid="registration-note-shown">
                                {t('guest-register:tag.note', { note: booking.registration.note })}
                              </span>
                            )}
                            <Button size="small" onClick={() => setTab({ id: booking._id, key: 'register' })} data-testid="open-registration">
                              {t('guest-register:tag.open')}
                            </Button>
                          </span>
                        ),
                      },
                      {
                        key: 'source',
                        label: t('details.source'),
                        children: `${t(`details.sources.${booking.source}`)} · ${formatLongDate(booking.createdAt, lng)}`,
                      },
                    ]}
                  />
                  <PaymentsList booking={booking} loading={isFetching && !booking.payments} />
                  <StayHistory booking={booking} />
                  <div>
                    <Typography.Title level={3} style={{ fontSize: 16, marginTop: 8, marginBottom: 8 }}>
                      {t('details.price')}
                    </Typography.Title>
                    {/* The nights as sold, grouped by price, as the guest saw them (issue 21's "Why this price"). */}
                    <div className="rounded-lg bg-slate-50 p-3" data-testid="details-price">
                      <PriceBreakdownList price={booking} nights={bookingNights(booking)} couponCode={booking.couponCode} />
                    </div>
                    {booking.nightlyLines
                      .filter((n) => n.overrideReason)
                      .map((n) => (
                        <p key={n.date} className="mt-2 mb-0 text-sm text-slate-700" data-testid="night-override">
                          {t('front-desk:nightPrices.overridden', { date: formatShortDate(n.date, lng), reason: n.overrideReason })}
                        </p>
                      ))}
                    {priceable && (
                      <Button className="mt-3" onClick={() => setPricing(booking)} data-testid="open-night-prices">
                        {t('front-desk:nightPrices.open')}
                      </Button>
                    )}
                    <StayChange booking={booking} />
                  </div>
                  {/* Who changed what on the reservation, its rooms and its money: the admin's only (issue 35). */}
                  <HistoryPanel entity="reservation" entityId={booking.reservationId} />
                </div>
              ),
            },
            {
              key: 'register',
              label: t('guest-register:tag.open'),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <GuestRegisterForm bookingId={booking._id} audience="desk" />
                </Suspense>
              ),
            },
            {
              key: 'folio',
              label: t('front-desk:folio.tab'),
              children: booking.reservationId ? <FolioTab reservationId={booking.reservationId} bookingId={booking._id} rooms={rooms} /> : null,
            },
          ]}
        />
      )}
      <NightPricesModal booking={pricing} onClose={() => setPricing(null)} />
    </Modal>
  );
}
