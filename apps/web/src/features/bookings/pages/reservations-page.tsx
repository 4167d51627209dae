import { CheckOutlined, CloseCircleOutlined, DollarOutlined, EyeOutlined, SearchOutlined } from '@ant-design/icons';
import type { TBooking } from '@residency/shared';
import { App, Button, Card, Empty, Grid, Input, List, Popconfirm, Table, Tag } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTaka } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCancelBookingMutation, useGetBookingsQuery, useUpdateBookingMutation } from '../api';
import { PAYMENT_TAG_COLORS, TAG_TEXT, bookingActions, paymentTag, type BookingAction } from '../booking-actions';
import { formatStay, formatStayDate } from '../booking-dates';
import { BookingDetailsModal } from '../components/booking-details-modal';
import { LoadError } from '../../../components/dashboard/load-error';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { useCategoryName } from '../../categories/use-category-name';

/**
 * Admin and staff › Reservation (spec section 2): every booking with a confirmed dot, ID, room
 * category, dates, amount, airport shuttle and payment tag; Details, Confirm, Pay and Cancel
 * (spec section 4 transitions); search and pagination. On phones the rows become cards.
 */
export default function ReservationsPage() {
  const { t, i18n } = useTranslation('reservations');
  const categoryName = useCategoryName();
  const errorText = useErrorText();
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const searchTerm = useDebouncedValue(search.trim());
  const { data, isLoading, isFetching, isError, error, refetch } = useGetBookingsQuery({ page, searchTerm });
  const [updateBooking] = useUpdateBookingMutation();
  const [cancelBooking] = useCancelBookingMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  // The row as last seen, so the modal keeps its content while the list refetches or pages.
  const [detailsSnapshot, setDetailsSnapshot] = useState<TBooking | null>(null);

  const bookings = data?.data ?? [];
  const details = detailsId ? (bookings.find((b) => b._id === detailsId) ?? detailsSnapshot) : null;

  const run = async (booking: TBooking, action: BookingAction) => {
    setBusy(`${booking._id}:${action}`);
    try {
      if (action === 'cancel') {
        await cancelBooking(booking._id).unwrap();
        message.success(t('messages.cancelled'), 3);
      } else if (action === 'confirm') {
        const res = await updateBooking({ id: booking._id, payload: { isConfirmed: true } }).unwrap();
        message.success(t('messages.confirmed', { transactionId: res.data.transactionId }));
      } else {
        const res = await updateBooking({ id: booking._id, payload: { paymentStatus: 'Paid' } }).unwrap();
        message.success(t('messages.paid', { transactionId: res.data.transactionId }));
      }
    } catch (err) {
      message.error(errorText(err, t('messages.somethingWentWrong')), 5);
    } finally {
      setBusy(null);
    }
  };

  const openDetails = (booking: TBooking) => {
    setDetailsSnapshot(booking);
    setDetailsId(booking._id);
  };

  const dot = (booking: TBooking) => (
    <span
      role="img"
      aria-label={booking.isConfirmed ? t('dot.confirmed') : t('dot.notConfirmed')}
      title={booking.isConfirmed ? t('dot.confirmed') : t('dot.notConfirmed')}
      className={`inline-block h-3 w-3 shrink-0 rounded-full ${booking.isConfirmed ? 'bg-green-500' : 'bg-slate-300'}`}
      data-testid="confirmed-dot"
      data-confirmed={booking.isConfirmed}
    />
  );

  const payment = (booking: TBooking) => {
    const tag = paymentTag(booking);
    return (
      <Tag color={PAYMENT_TAG_COLORS[tag]} className={`!m-0 ${TAG_TEXT[PAYMENT_TAG_COLORS[tag]]}`} data-testid="payment-tag">
        {t(`payment.${tag}`)}
      </Tag>
    );
  };

  const actions = (booking: TBooking, block = false) => {
    const offered = bookingActions(booking);
    const isBusy = (action: BookingAction) => busy === `${booking._id}:${action}`;
    const size = block ? 'middle' : 'small';
    return (
      // On cards: two buttons a row, an odd last one (Cancel) across the whole width.
      <div className={block ? 'grid grid-cols-2 gap-2 [&>*:last-child:nth-child(odd)]:col-span-2' : 'flex flex-nowrap items-center gap-2'}>
        <Button size={size} icon={<EyeOutlined aria-hidden />} onClick={() => openDetails(booking)}>
          {t('actions.details')}
        </Button>
        {offered.includes('confirm') && (
          <Button
            size={size}
            type="primary"
            icon={<CheckOutlined aria-hidden />}
            loading={isBusy('confirm')}
            disabled={busy !== null && !isBusy('confirm')}
            onClick={() => void run(booking, 'confirm')}
          >
            {t('actions.confirm')}
          </Button>
        )}
        {offered.includes('pay') && (
          <Button
            size={size}
            type="primary"
            className="enabled:!bg-green-700 enabled:hover:!bg-green-600"
            icon={<DollarOutlined aria-hidden />}
            loading={isBusy('pay')}
            disabled={busy !== null && !isBusy('pay')}
            onClick={() => void run(booking, 'pay')}
          >
            {t('actions.pay')}
          </Button>
        )}
        {offered.includes('cancel') && (
          <Popconfirm
            title={t('confirmCancel.title')}
            description={<span className="block max-w-64">{t('confirmCancel.text', { transactionId: booking.transactionId })}</span>}
            okText={t('confirmCancel.ok')}
            cancelText={t('confirmCancel.keep')}
            okButtonProps={{ danger: true }}
            onConfirm={() => run(booking, 'cancel')}
          >
            <Button size={size} danger className="enabled:!text-red-700" icon={<CloseCircleOutlined aria-hidden />} loading={isBusy('cancel')} disabled={busy !== null && !isBusy('cancel')}>
              {t('actions.cancel')}
            </Button>
          </Popconfirm>
        )}
      </div>
    );
  };

  const transaction = (booking: TBooking) => (
    <div className="min-w-0">
      <span className={`font-mono font-semibold whitespace-nowrap ${booking.status === 'cancelled' ? 'text-slate-600 line-through' : 'text-slate-900'}`}>
        {booking.transactionId}
      </span>
      <span className="block truncate text-xs text-slate-600">{booking.user.name}</span>
    </div>
  );

  const pagination = { ...listPagination(data?.meta, page, setPage), hideOnSinglePage: true };

  return (
    <Card size={phone ? 'small' : 'default'}>
      <div className="mb-5 flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search')}
          aria-label={t('search')}
          value={search}
          inputMode="search"
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          className="md:!max-w-sm"
          data-testid="reservations-search"
        />
      </div>

      {isError && (
        <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />
      )}

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
                  booking.status === 'cancelled' ? 'border-rose-200 bg-rose-50/60' : 'border-slate-200 bg-white'
                }`}
              >
                <div className="flex items-start justify-between gap-2">
                  <div className="flex min-w-0 items-start gap-2">
                    <span className="mt-1.5">{dot(booking)}</span>
                    {transaction(booking)}
                  </div>
                  {payment(booking)}
                </div>
                <div className="text-sm text-slate-700">
                  <div className="font-medium">{categoryName(booking.room.category)}</div>
                  <div>{formatStay(booking.startDate, booking.endDate, lng)}</div>
                </div>
                <div className="flex items-center justify-between text-sm">
                  <span className="text-base font-semibold text-slate-900">{formatTaka(booking.amount, lng)}</span>
                  <span className="text-slate-600">
                    {t('columns.shuttle')}: {booking.airportShuttle ? t('yes') : t('no')}
                  </span>
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
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty description={t('empty')} /> }}
          pagination={pagination}
          // A booking's `children` is a guest count, not nested rows: keep antd from reading it as a tree.
          expandable={{ childrenColumnName: 'noNestedRows' }}
          rowClassName={(booking) => (booking.status === 'cancelled' ? '[&>td]:!bg-rose-50/70' : '')}
          onRow={(booking) => ({ 'data-testid': `booking-${booking.transactionId}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: <span className="sr-only">{t('columns.confirmed')}</span>,
              key: 'dot',
              width: 44,
              align: 'center',
              render: (_: unknown, booking) => dot(booking),
            },
            { title: t('columns.id'), key: 'id', render: (_: unknown, booking) => transaction(booking) },
            { title: t('columns.category'), key: 'category', render: (_: unknown, booking) => categoryName(booking.room.category) },
            {
              title: t('columns.dates'),
              key: 'dates',
              render: (_: unknown, booking) => <StayDates booking={booking} lng={lng} />,
            },
            {
              title: t('columns.amount'),
              key: 'amount',
              align: 'right',
              render: (_: unknown, booking) => <span className="whitespace-nowrap font-medium">{formatTaka(booking.amount, lng)}</span>,
            },
            {
              title: t('columns.shuttle'),
              key: 'shuttle',
              render: (_: unknown, booking) => (booking.airportShuttle ? t('yes') : t('no')),
            },
            { title: t('columns.payment'), key: 'payment', render: (_: unknown, booking) => payment(booking) },
            { title: t('columns.actions'), key: 'actions', render: (_: unknown, booking) => actions(booking) },
          ]}
        />
      )}

      <BookingDetailsModal booking={details} onClose={() => setDetailsId(null)} />
    </Card>
  );
}

/** "start ~ end", allowed to break only at the tilde. */
function StayDates({ booking, lng }: { booking: TBooking; lng: string }) {
  return (
    <span>
      <span className="whitespace-nowrap">{formatStayDate(booking.startDate, lng)}</span> ~{' '}
      <span className="whitespace-nowrap">{formatStayDate(booking.endDate, lng)}</span>
    </span>
  );
}
