import { CarOutlined, EyeOutlined } from '@ant-design/icons';
import type { TBooking } from '@residency/shared';
import { todayAt } from '@residency/shared/dates';
import { Button, Card, Empty, Grid, List, Table } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { roomNumberText } from '../../../lib/category-texts';
import { formatStayDate, formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetBookingQuery, useGetBookingsQuery } from '../api';
import { reservationsApi } from '../reservations-api';
import { deskActions, listQuery, readFilters, writeFilters, type ReservationFilters } from '../booking-actions';
import { BookingDetailsModal } from '../components/front-desk/booking-details-modal';
import { DeskActionButtons, useDeskActions } from '../components/front-desk/desk-actions';
import { PaymentStateTag, StateTag } from '../components/front-desk/desk-tags';
import { PayModal } from '../components/front-desk/pay-modal';
import { ReservationFilterBar } from '../components/front-desk/reservation-filters';
import { LoadError } from '../../../components/dashboard/load-error';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { useCategoryName } from '../../../lib/use-category-name';
import { BlocksSection } from '../../blocks';

/** The table's columns (px): see `scroll` below for why they add up to what they do. */
const COLUMN_WIDTHS = { id: 165, state: 120, dates: 120, room: 140, amount: 115, actions: 230 } as const;
const TABLE_WIDTH = Object.values(COLUMN_WIDTHS).reduce((sum, width) => sum + width, 0);

/**
 * The booking a link opens the details of (the audit trail's, issue 35): `?booking=<id>`, or
 * `?reservation=<id>` (its first room); null until the server has answered, or without a link.
 */
function useLinkedBooking(params: URLSearchParams): TBooking | null {
  const bookingId = params.get('booking');
  const reservationId = bookingId ? null : params.get('reservation');
  const { data: booking } = useGetBookingQuery(bookingId ?? '', { skip: !bookingId });
  const { data: reservation } = reservationsApi.useGetReservationQuery(reservationId ?? '', { skip: !reservationId });
  if (bookingId) return booking?.data._id === bookingId ? booking.data : null;
  return reservation?.data._id === reservationId ? (reservation.data.bookings[0] ?? null) : null;
}

/**
 * Admin and staff › Reservation (spec section 2, the front desk of issue 12): every booking with
 * its ID, guest, room, check-in and check-out, its state and its payment state side by side, and
 * what was paid; the actions the shared rules allow today (Confirm, Check in, Check out, Pay,
 * No-show, Cancel) besides Details. Search and filters (state, payment, dates) live in the URL,
 * so the staff dashboard links to a filtered list and a reload keeps it. Cards on phones.
 */
export default function ReservationsPage() {
  const { t, i18n } = useTranslation(['reservations', 'front-desk']);
  const categoryName = useCategoryName();
  const lng = i18n.resolvedLanguage ?? 'en';
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  // The search box writes the URL as one types; the list asks the server once typing pauses.
  const typed = useDebouncedValue(filters.q ?? '');
  const { data, isLoading, isFetching, isError, error, refetch } = useGetBookingsQuery(listQuery({ ...filters, q: typed }));
  const { run, busy } = useDeskActions();
  const today = todayAt(getSite().timeZone);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [payId, setPayId] = useState<string | null>(null);
  // The row as last seen, so a modal keeps its content while the list refetches or pages.
  const [snapshot, setSnapshot] = useState<TBooking | null>(null);

  const bookings = data?.data ?? [];
  const current = (id: string | null) => (id ? (bookings.find((b) => b._id === id) ?? (snapshot?._id === id ? snapshot : null)) : null);
  const linked = useLinkedBooking(params);
  const details = current(detailsId) ?? (detailsId === null ? linked : null);
  const closeDetails = () => {
    setDetailsId(null);
    // A link's booking stays shut once closed: the address forgets it.
    if (linked) setParams(writeFilters(filters), { replace: true });
  };
  const paying = current(payId);

  const update = (next: Partial<ReservationFilters>, typing = false) =>
    setParams(writeFilters({ ...filters, ...next, page: next.page ?? 1 }), { replace: typing });
  const open = (booking: TBooking, modal: 'details' | 'pay') => {
    setSnapshot(booking);
    if (modal === 'details') setDetailsId(booking._id);
    else setPayId(booking._id);
  };
  const taka = (n: number) => formatTaka(n, lng);
  const cancelled = (booking: TBooking) => booking.status === 'cancelled';

  // A cancelled or no-show booking's dot says so in its own colour: it was confirmed once, it
  // holds no nights now.
  const dot = (booking: TBooking) => {
    const ended = booking.status === 'no_show' ? 'noShow' : cancelled(booking) ? 'cancelled' : null;
    const label = ended ? t(`dot.${ended}`) : booking.isConfirmed ? t('dot.confirmed') : t('dot.notConfirmed');
    const colour = ended === 'cancelled' ? 'bg-rose-600' : ended === 'noShow' ? 'bg-purple-500' : booking.isConfirmed ? 'bg-green-500' : 'bg-slate-300';
    return (
      <span
        role="img"
        aria-label={label}
        title={label}
        className={`inline-block h-3 w-3 shrink-0 rounded-full ${colour}`}
        data-testid="confirmed-dot"
        data-confirmed={booking.isConfirmed && !ended}
        data-cancelled={cancelled(booking)}
      />
    );
  };

  const actions = (booking: TBooking, block = false) => (
    <DeskActionButtons
      stay={booking}
      actions={deskActions(booking, today)}
      run={run}
      busy={busy}
      today={today}
      onPay={() => open(booking, 'pay')}
      size={block ? 'middle' : 'small'}
      // On cards: two buttons a row, an odd last one across the whole width.
      className={block ? 'grid grid-cols-2 gap-2 [&>*:last-child:nth-child(odd)]:col-span-2' : 'flex flex-wrap items-center gap-1.5'}
      leading={
        <Button
          size={block ? 'middle' : 'small'}
          icon={<EyeOutlined aria-hidden />}
          onClick={() => open(booking, 'details')}
          data-testid="action-details"
        >
          {t('actions.details')}
        </Button>
      }
    />
  );

  // The booking ID the guest quotes (the reservation's reference, issue 31) first; a room of
  // several has its own id below it, the room's line of the reservation.
  const transaction = (booking: TBooking) => (
    <span className="block">
      <span className="flex items-center gap-2">
        {dot(booking)}
        <span
          className={`font-mono font-semibold whitespace-nowrap ${cancelled(booking) ? 'text-slate-600 line-through' : 'text-slate-900'}`}
          data-testid="booking-reference"
        >
          {booking.reservationReference}
        </span>
      </span>
      {booking.reservationReference !== booking.transactionId && (
        // In the narrow column the label may wrap; the id stays whole.
        <span className="block text-xs leading-snug text-slate-600" data-testid="room-line">
          {t('front-desk:roomLine')} <span className="font-mono whitespace-nowrap">{booking.transactionId}</span>
        </span>
      )}
    </span>
  );

  const guest = (booking: TBooking) => (
    <div className="min-w-0">
      <span className="block truncate font-medium text-slate-900">{booking.user.name}</span>
      <span className="block truncate text-xs text-slate-600">{booking.phone}</span>
    </div>
  );

  const room = (booking: TBooking) => (
    <div className="min-w-0">
      <span className="block">{categoryName(booking.room.category)}</span>
      <span className="block text-xs text-slate-600">
        {t('front-desk:room', { number: roomNumberText(booking.room.roomNumber, lng) })}
        {booking.airportShuttle && (
          <span className="ml-2 whitespace-nowrap text-slate-700" title={t('columns.shuttle')}>
            <CarOutlined aria-hidden /> {t('front-desk:shuttle')}
          </span>
        )}
      </span>
    </div>
  );

  const checkOut = (booking: TBooking) => (
    <span>
      {/* A date of another year may wrap after its comma rather than run into the Room column. */}
      <span className="block">{formatStayDate(booking.endDate, lng)}</span>
      {booking.bookedEndDate !== booking.endDate && (
        <span className="block text-xs text-slate-600" data-testid="left-early">
          {t('front-desk:leftEarly', { date: formatStayDate(booking.bookedEndDate, lng) })}
        </span>
      )}
    </span>
  );

  const money = (booking: TBooking) => (
    <div className="text-right whitespace-nowrap" data-testid="money">
      {/* The folio's figures as they are now (issue 31): what the room costs after an early departure, extras or a penalty. */}
      <span className="block font-medium text-slate-900" data-testid="money-charged">
        {taka(booking.charged)}
      </span>
      {booking.paid > 0 && (
        <span className="block text-xs text-slate-600" data-testid="money-paid">
          {t('front-desk:money.paidLine', { amount: taka(booking.paid) })}
        </span>
      )}
      {booking.balance > 0 && !cancelled(booking) && booking.paid > 0 && (
        <span className="block text-xs font-medium text-amber-800" data-testid="money-balance">
          {t('front-desk:money.balanceLine', { amount: taka(booking.balance) })}
        </span>
      )}
    </div>
  );

  const pagination = { ...listPagination(data?.meta, filters.page, (page: number) => update({ page })), hideOnSinglePage: true };

  return (
    <Card size={phone ? 'small' : 'default'}>
      <div className="mb-4">
        <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
      </div>
      <ReservationFilterBar
        filters={filters}
        onChange={update}
        onClear={() => setParams(new URLSearchParams())}
        phone={phone}
      />

      {/* Nights held without a guest of ours (a channel's stays, rooms the desk closed): what they are, never rows of guests. */}
      <BlocksSection query={filters.from || filters.to ? { ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) } : { from: today }} />

      {isError && <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      {phone ? (
        <List<TBooking>
          loading={isFetching}
          dataSource={bookings}
          rowKey="_id"
          split={false}
          locale={{ emptyText: <Empty description={t('empty')} /> }}
          pagination={{ ...pagination, size: 'small', align: 'center' }}
          renderItem={(booking) => (
            <List.Item className="!block !px-0" data-testid={`booking-${booking.transactionId}`}>
              <div
                className={`flex flex-col gap-2 rounded-lg border p-3 ${
                  cancelled(booking) ? 'border-rose-200 bg-rose-50/60' : 'border-slate-200 bg-white'
                }`}
              >
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    {transaction(booking)}
                    <span className="mt-0.5 block truncate text-sm text-slate-700">{booking.user.name}</span>
                  </div>
                  <StateTag state={booking.state} />
                </div>
                <div className="text-sm text-slate-700">
                  {room(booking)}
                  <div className="mt-1">
                    {formatStayDate(booking.startDate, lng)} ~ {formatStayDate(booking.endDate, lng)}
                  </div>
                </div>
                <div className="flex items-center justify-between gap-2 text-sm">
                  <PaymentStateTag booking={booking} />
                  {money(booking)}
                </div>
                {actions(booking, true)}
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Table<TBooking>
          rowKey="_id"
          loading={isFetching && !isLoading ? { delay: 200 } : isLoading}
          dataSource={bookings}
          size="middle"
          // Each column has its width (a table that scrolls lays out its columns fixed: without
          // widths they share the width evenly and long IDs run into the next cell). Their sum
          // (TABLE_WIDTH, 890 px) fits the card at 1280 px beside the 250 px menu (1280 − 250 −
          // 2 × 24 page padding − 2 × 24 card padding − a 15 px scrollbar ≈ 919 px), so there
          // nothing scrolls and nothing sits under the pinned Actions column; narrower screens
          // scroll sideways, the actions pinned. State and payment share a column, as do the
          // check-in and check-out days (eight columns needed 1,140 px: Room was cut and
          // Amount hidden under Actions at 1280 px).
          // Sideways scrolling only with rows (whose buttons take the keyboard there): an empty
          // table that scrolls would be a region the keyboard cannot reach.
          scroll={bookings.length > 0 ? { x: TABLE_WIDTH } : undefined}
          locale={{ emptyText: <Empty description={t('empty')} /> }}
          pagination={pagination}
          // A booking's `children` is a guest count, not nested rows: keep antd from reading it as a tree.
          expandable={{ childrenColumnName: 'noNestedRows' }}
          // Opaque, hovered or not: the pinned Actions cell must hide what scrolls under it (a
          // see-through rose let the amount show through behind the buttons).
          rowClassName={(booking) => (cancelled(booking) ? 'reservation-cancelled [&>td]:!bg-rose-50 [&:hover>td]:!bg-rose-100' : '')}
          onRow={(booking) => ({ 'data-testid': `booking-${booking.transactionId}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            // At 1280 px what the desk decides by (who, the state, the payment, the dates) stays
            // in view beside the pinned actions; the room and the amount follow when it scrolls.
            {
              title: t('front-desk:columns.id'),
              key: 'id',
              width: COLUMN_WIDTHS.id,
              render: (_: unknown, booking) => (
                <div className="min-w-0 space-y-1" data-testid="booking-cell">
                  {transaction(booking)}
                  {guest(booking)}
                </div>
              ),
            },
            {
              title: `${t('front-desk:columns.state')} / ${t('front-desk:columns.payment')}`,
              key: 'state',
              width: COLUMN_WIDTHS.state,
              render: (_: unknown, booking) => (
                <div className="flex flex-col items-start gap-1">
                  <StateTag state={booking.state} />
                  <PaymentStateTag booking={booking} />
                </div>
              ),
            },
            {
              title: `${t('front-desk:columns.checkIn')} / ${t('front-desk:columns.checkOut')}`,
              key: 'dates',
              width: COLUMN_WIDTHS.dates,
              render: (_: unknown, booking) => (
                <div>
                  <span className="block">{formatStayDate(booking.startDate, lng)}</span>
                  {checkOut(booking)}
                </div>
              ),
            },
            { title: t('front-desk:columns.room'), key: 'room', width: COLUMN_WIDTHS.room, render: (_: unknown, booking) => room(booking) },
            { title: t('front-desk:columns.amount'), key: 'amount', width: COLUMN_WIDTHS.amount, align: 'right', render: (_: unknown, booking) => money(booking) },
            // Kept in view while a narrower table scrolls: the desk's buttons are what the screen is for.
            { title: t('columns.actions'), key: 'actions', width: COLUMN_WIDTHS.actions, fixed: 'right', render: (_: unknown, booking) => actions(booking) },
          ]}
        />
      )}

      <BookingDetailsModal booking={details} onClose={closeDetails} />
      <PayModal booking={paying} onClose={() => setPayId(null)} />
    </Card>
  );
}
