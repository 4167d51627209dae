import { CalendarOutlined, CarOutlined, HomeOutlined, ProfileOutlined, TeamOutlined } from '@ant-design/icons';
import type { TBooking, TReservation } from '@residency/shared';
import { nightsBetween } from '@residency/shared/pricing';
import { Button, Card, Empty, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PayOnline } from '../components/online-payment/pay-online';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { depositDueText } from '../../../components/stay-price/plan-texts';
import { roomNumberText } from '../../../lib/category-texts';
import { useCategoryName } from '../../../lib/use-category-name';
import { formatNumber, formatStay, formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useGetMyReservationsQuery } from '../../../lib/guest-bookings-api';
import { useGetBookingQuery } from '../api';
import { guestsText } from '../booking-labels';
import { deadlineText, guestCancelVerdict } from '../components/my-stays/guest-cancel';
import { reservationPaymentState, sharedState } from '../components/my-stays/reservation-summary';
import { ReservationDetailsModal } from '../components/my-stays/stay-details-modal';
import { PaymentStateTag, StayStateTag } from '../../../components/dashboard/stay-tags';
import { useNow } from '../../../lib/use-now';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { OnlineCheckInLink } from '../../../components/dashboard/online-check-in-link';

/**
 * User › My bookings (spec section 2, user area): the guest's own reservations, newest first,
 * one card each under the reference they quote (issue 31), its rooms inside, with where it
 * stands and its payment. Details open the reservation in full: each room, the bill, and the
 * guest's own cancellation of a room until the cut-off. `?reservation=<id>` opens one at once;
 * `?stay=<booking id>` (older links) opens the reservation that room belongs to.
 */
export default function MyBookingsPage() {
  const { t, i18n } = useTranslation('reservations');
  const lng = i18n.resolvedLanguage ?? 'en';
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetMyReservationsQuery({ page });
  const reservations = data?.data ?? [];
  const navigate = useNavigate();
  const now = useNow();
  const [search, setSearch] = useSearchParams();
  // A room's id (the dashboard's older link): its reservation, from this page or from the room itself.
  const stayId = search.get('stay');
  const listedOf = (bookingId: string) => reservations.find((r) => r.bookings.some((b) => b._id === bookingId));
  const { data: stay } = useGetBookingQuery(stayId ?? '', { skip: !stayId || Boolean(listedOf(stayId)) });
  const openId = search.get('reservation') ?? (stayId ? (listedOf(stayId)?._id ?? stay?.data.reservationId ?? null) : null);
  const openReservation = (id: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('stay');
        if (id) next.set('reservation', id);
        else next.delete('reservation');
        return next;
      },
      { replace: true },
    );
  // Buttons that are real links (right-click, open in a new tab) but navigate inside the app.
  const toRooms = (event: React.MouseEvent) => {
    event.preventDefault();
    navigate('/accommodation');
  };
  const bookStay = (
    <Button type="primary" icon={<HomeOutlined aria-hidden />} href="/accommodation" onClick={toRooms}>
      {t('mine.bookStay')}
    </Button>
  );

  return (
    <div className="flex flex-col gap-4">
      <Card size="small" className="!px-1 sm:!px-3">
        <div className="flex flex-wrap items-center justify-between gap-3 py-1">
          <ScreenHeading title={t('mine.title')} subtitle={t('mine.subtitle')} />
          {reservations.length > 0 && bookStay}
        </div>
      </Card>

      {isError && (
        <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />
      )}

      {isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : reservations.length === 0 && !isError ? (
        <Card>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <span className="block">
                <span className="block text-base font-medium text-slate-800">{t('mine.empty')}</span>
                <span className="mt-1 block text-slate-600">{t('mine.emptyHint')}</span>
              </span>
            }
          >
            <Button type="primary" size="large" icon={<HomeOutlined aria-hidden />} href="/accommodation" onClick={toRooms}>
              {t('mine.findRoom')}
            </Button>
          </Empty>
        </Card>
      ) : (
        <ul className={`m-0 grid list-none gap-4 p-0 lg:grid-cols-2 ${isFetching ? 'opacity-70' : ''}`} aria-busy={isFetching}>
          {reservations.map((reservation) => (
            <li key={reservation._id}>
              <ReservationCard reservation={reservation} lng={lng} now={now} onDetails={() => openReservation(reservation._id)} />
            </li>
          ))}
        </ul>
      )}

      {data && data.meta.total > data.meta.limit && (
        <Pagination
          align="center"
          current={data.meta.page}
          pageSize={data.meta.limit}
          total={data.meta.total}
          showSizeChanger={false}
          onChange={(next) => {
            setPage(next);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      )}

      <ReservationDetailsModal id={openId} listed={reservations.find((r) => r._id === openId)} onClose={() => openReservation(null)} />
    </div>
  );
}

interface ReservationCardProps {
  reservation: TReservation;
  lng: string;
  now: Date;
  onDetails: () => void;
}

/** A stay's dates when they are not the reservation's (a room moved or shortened by the desk). */
const ownDates = (booking: TBooking, reservation: TReservation) =>
  booking.startDate !== reservation.checkIn || booking.endDate !== reservation.checkOut;

/**
 * One reservation: the reference the guest quotes, where it stands, its stay, each of its rooms
 * (its own state when the rooms differ), what it costs and the deposit still due.
 */
function ReservationCard({ reservation, lng, now, onDetails }: ReservationCardProps) {
  const { t } = useTranslation('reservations');
  const { t: ts } = useTranslation('my-stays');
  const { t: tc } = useTranslation('common');
  const categoryName = useCategoryName();
  const rooms = reservation.bookings;
  const shared = sharedState(rooms);
  const cancelled = shared === 'cancelled';
  const site = getSite();
  // Until when a room can still be cancelled free online: the earliest of the rooms that can be.
  const cancellable = rooms.filter((b) => guestCancelVerdict(b, now, site) === null);
  const cancelUntil = cancellable
    .map((b) => b.guestCancelUntil)
    .filter((until) => now.getTime() < Date.parse(until))
    .sort()[0];
  // Once no room is free to cancel any more: what cancelling them all costs now.
  const feeNow = cancellable.reduce((sum, b) => sum + (b.cancellationFeeNow ?? 0), 0);
  // The plans' deposit still to pay, until it is (issue 22): the API keeps it 0 once paid or cancelled.
  const depositDue = depositDueText(tc, reservation, lng, site.timeZone);
  const nights = nightsBetween(reservation.checkIn, reservation.checkOut);
  const shuttle = rooms.some((b) => b.airportShuttle && b.state !== 'cancelled');
  const roomName = (booking: TBooking) =>
    ts('details.roomValue', { category: categoryName(booking.room.category), number: roomNumberText(booking.room.roomNumber, lng) });

  return (
    <Card
      size="small"
      className={`h-full ${cancelled ? '!border-rose-200 !bg-rose-50/40' : ''}`}
      data-testid={`my-booking-${reservation.reference}`}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, height: '100%' } }}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <span className="block text-xs tracking-wide text-slate-600 uppercase">{t('mine.bookingId')}</span>
          <span
            className={`font-mono text-base font-semibold ${cancelled ? 'text-slate-600 line-through' : 'text-slate-900'}`}
            data-testid="booking-card-reference"
          >
            {reservation.reference}
          </span>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {shared && <StayStateTag state={shared} />}
          {/* Nothing is due on a cancelled stay with nothing paid: its payment tag would only confuse. */}
          {!(cancelled && reservation.paid === 0) && <PaymentStateTag state={reservationPaymentState(reservation)} />}
        </div>
      </div>

      <div className="flex items-start gap-2 text-sm text-slate-700">
        <CalendarOutlined className="mt-1 text-slate-400" aria-hidden />
        <span className="sr-only">{t('mine.dates')}</span>
        <span>
          {formatStay(reservation.checkIn, reservation.checkOut, lng)}{' '}
          <span className="text-slate-600">({t('nights', { count: nights, n: formatNumber(nights, lng) })})</span>
        </span>
      </div>

      <ul className="m-0 flex list-none flex-col gap-2 p-0" aria-label={ts('rooms.label', { count: rooms.length, n: formatNumber(rooms.length, lng) })}>
        {rooms.map((booking) => (
          <li key={booking._id} className="flex flex-wrap items-start justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2" data-testid="booking-card-room">
            <div className="min-w-0">
              <span className={`block font-semibold ${booking.state === 'cancelled' ? 'text-slate-600 line-through' : 'text-slate-900'}`}>
                {roomName(booking)}
              </span>
              <span className="flex items-center gap-1.5 text-sm text-slate-700">
                <TeamOutlined className="text-slate-400" aria-hidden />
                <span className="sr-only">{t('mine.guests')}</span>
                {guestsText(t, booking.adults, booking.children, lng)}
              </span>
              {ownDates(booking, reservation) && <span className="block text-sm text-slate-600">{formatStay(booking.startDate, booking.endDate, lng)}</span>}
            </div>
            {!shared && <StayStateTag state={booking.state} />}
            {/* Before arrival the guest fills the registration cards online (issue 34). */}
            <div className="basis-full empty:hidden">
              <OnlineCheckInLink booking={booking} room={roomName(booking)} />
            </div>
          </li>
        ))}
      </ul>

      {shuttle && (
        <p className="m-0 flex items-center gap-2 text-sm text-slate-700">
          <CarOutlined className="text-slate-400" aria-hidden />
          {t('mine.shuttle')}
        </p>
      )}
      {rooms.some((b) => b.state === 'unconfirmed') && <p className="m-0 text-sm text-amber-800">{t('mine.awaitingHint')}</p>}
      {/* What applies now (issue 31): a deadline already past is no promise, the fee is. */}
      {cancelUntil ? (
        <p className="m-0 text-sm text-slate-600" data-testid="card-cancel">
          {ts('card.cancelUntil', { deadline: deadlineText(new Date(cancelUntil), site.timeZone, lng) })}
        </p>
      ) : (
        feeNow > 0 && (
          <p className="m-0 text-sm text-slate-600" data-testid="card-cancel">
            {tc('stayPrice.cancel.now', { fee: formatTaka(feeNow, lng) })}
          </p>
        )
      )}

      {/* Pay online until check-in (issue 33): the deposit, or the balance. */}
      <PayOnline reservation={reservation} compact />

      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 border-t border-slate-100 pt-3">
        <div className="min-w-0">
          <span className="block text-xs text-slate-600">{t('mine.amount')}</span>
          {/* What the stay costs now: the folio's charge (issue 31), beside paid and due. */}
          <span className="text-xl font-semibold text-slate-900" data-testid="booking-card-amount">
            {formatTaka(reservation.charged, lng)}
          </span>
          {depositDue && (
            <span className="block text-sm font-medium text-amber-800" data-testid="deposit-due">
              {depositDue}
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={`/view-rates?category=${encodeURIComponent(rooms[0]!.room.category)}`} className="text-sm font-medium !text-brand-700 hover:underline">
            {t('mine.bookAgain')} →
          </Link>
          <Button
            icon={<ProfileOutlined aria-hidden />}
            onClick={onDetails}
            aria-label={ts('card.detailsLabel', { transactionId: reservation.reference })}
            data-testid="stay-details-button"
          >
            {ts('card.details')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
