import { CalendarOutlined, CarOutlined, HomeOutlined, ProfileOutlined, TeamOutlined } from '@ant-design/icons';
import type { TBooking } from '@residency/shared';
import { Button, Card, Empty, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { depositDueText } from '../../../components/stay-price/plan-texts';
import { roomNumberText } from '../../../lib/category-texts';
import { useCategoryName } from '../../../lib/use-category-name';
import { formatNumber, formatStay, formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useGetMyBookingsQuery } from '../../../lib/guest-bookings-api';
import { guestsText } from '../booking-labels';
import { deadlineText, guestCancelVerdict } from '../components/my-stays/guest-cancel';
import { StayDetailsModal } from '../components/my-stays/stay-details-modal';
import { PaymentStateTag, StayStateTag } from '../../../components/dashboard/stay-tags';
import { useNow } from '../../../lib/use-now';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';

/**
 * User › My bookings (spec section 2, user area): the guest's own stays, newest first, with
 * where each one stands and its payment. Details open a stay in full, where the guest can
 * cancel it until the cut-off; `?stay=<id>` (from the dashboard) opens one at once.
 */
export default function MyBookingsPage() {
  const { t, i18n } = useTranslation('reservations');
  const lng = i18n.resolvedLanguage ?? 'en';
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetMyBookingsQuery({ page });
  const bookings = data?.data ?? [];
  const categoryName = useCategoryName();
  const navigate = useNavigate();
  const now = useNow();
  const [search, setSearch] = useSearchParams();
  const openId = search.get('stay');
  const openStay = (id: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('stay', id);
        else next.delete('stay');
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
          {bookings.length > 0 && bookStay}
        </div>
      </Card>

      {isError && (
        <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />
      )}

      {isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : bookings.length === 0 && !isError ? (
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
          {bookings.map((booking) => (
            <li key={booking._id}>
              <StayCard
                booking={booking}
                lng={lng}
                now={now}
                categoryName={categoryName(booking.room.category)}
                onDetails={() => openStay(booking._id)}
              />
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

      <StayDetailsModal id={openId} listed={bookings.find((b) => b._id === openId)} onClose={() => openStay(null)} />
    </div>
  );
}

interface StayCardProps {
  booking: TBooking;
  lng: string;
  now: Date;
  categoryName: string;
  onDetails: () => void;
}

function StayCard({ booking, lng, now, categoryName, onDetails }: StayCardProps) {
  const { t } = useTranslation('reservations');
  const { t: ts } = useTranslation('my-stays');
  const { t: tc } = useTranslation('common');
  const state = booking.state;
  const cancelled = state === 'cancelled';
  const site = getSite();
  const cancellable = guestCancelVerdict(booking, now, site) === null;
  // The plan's deposit still to pay, until it is (issue 22): the API keeps it 0 once paid or cancelled.
  const depositDue = depositDueText(tc, booking, lng, site.timeZone);

  return (
    <Card
      size="small"
      className={`h-full ${cancelled ? '!border-rose-200 !bg-rose-50/40' : ''}`}
      data-testid={`my-booking-${booking.transactionId}`}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, height: '100%' } }}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <span className="block text-xs tracking-wide text-slate-600 uppercase">{t('mine.bookingId')}</span>
          <span className={`font-mono text-base font-semibold ${cancelled ? 'text-slate-600 line-through' : 'text-slate-900'}`}>
            {booking.transactionId}
          </span>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <StayStateTag state={state} />
          {/* Nothing is due on a cancelled stay with nothing paid: its payment tag would only confuse. */}
          {!(cancelled && booking.paid === 0) && <PaymentStateTag state={booking.paymentState} />}
        </div>
      </div>

      {/* One room of several: the reservation's reference is what the guest quotes. */}
      {booking.reservationReference && booking.reservationReference !== booking.transactionId && (
        <p className="m-0 text-sm font-medium text-brand-800" data-testid="stay-reservation">
          {ts('reservation.card', { reference: booking.reservationReference })}
        </p>
      )}

      <div>
        <div className="text-lg font-semibold text-slate-900">{categoryName}</div>
        <div className="text-sm text-slate-600">{t('mine.room', { number: roomNumberText(booking.room.roomNumber, lng) })}</div>
      </div>

      <dl className="m-0 grid grid-cols-1 gap-2 text-sm text-slate-700 sm:grid-cols-2">
        <div className="flex items-start gap-2 sm:col-span-2">
          <dt>
            <CalendarOutlined className="text-slate-400" aria-hidden />
            <span className="sr-only">{t('mine.dates')}</span>
          </dt>
          <dd className="m-0">
            {formatStay(booking.startDate, booking.endDate, lng)}{' '}
            <span className="text-slate-600">({t('nights', { count: booking.nights, n: formatNumber(booking.nights, lng) })})</span>
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <TeamOutlined className="text-slate-400" aria-hidden />
            <span className="sr-only">{t('mine.guests')}</span>
          </dt>
          <dd className="m-0">{guestsText(t, booking.adults, booking.children, lng)}</dd>
        </div>
        {booking.airportShuttle && (
          <div className="flex items-start gap-2">
            <dt>
              <CarOutlined className="text-slate-400" aria-hidden />
              <span className="sr-only">{t('mine.shuttleLabel')}</span>
            </dt>
            <dd className="m-0">{t('mine.shuttle')}</dd>
          </div>
        )}
      </dl>

      {state === 'unconfirmed' && <p className="m-0 text-sm text-amber-800">{t('mine.awaitingHint')}</p>}
      {/* What applies now (issue 31): a deadline already past is no promise, the fee is. */}
      {cancellable && now.getTime() < Date.parse(booking.guestCancelUntil) ? (
        <p className="m-0 text-sm text-slate-600" data-testid="card-cancel">
          {ts('card.cancelUntil', { deadline: deadlineText(new Date(booking.guestCancelUntil), site.timeZone, lng) })}
        </p>
      ) : (
        cancellable &&
        booking.cancellationFeeNow > 0 && (
          <p className="m-0 text-sm text-slate-600" data-testid="card-cancel">
            {tc('stayPrice.cancel.now', { fee: formatTaka(booking.cancellationFeeNow, lng) })}
          </p>
        )
      )}

      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 border-t border-slate-100 pt-3">
        <div className="min-w-0">
          <span className="block text-xs text-slate-600">{t('mine.amount')}</span>
          <span className="text-xl font-semibold text-slate-900">{formatTaka(booking.charged, lng)}</span>
          {depositDue && (
            <span className="block text-sm font-medium text-amber-800" data-testid="deposit-due">
              {depositDue}
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={`/view-rates?category=${encodeURIComponent(booking.room.category)}`} className="text-sm font-medium !text-brand-700 hover:underline">
            {t('mine.bookAgain')} →
          </Link>
          <Button
            icon={<ProfileOutlined aria-hidden />}
            onClick={onDetails}
            aria-label={ts('card.detailsLabel', { transactionId: booking.transactionId })}
            data-testid="stay-details-button"
          >
            {ts('card.details')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
