import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { EVENT_STATUSES, type TEventRequest, type TEventStatus } from '@residency/shared/events';
import { EVENT_LAYOUT_LABELS, EVENT_STATUS_LABELS, EVENT_TYPE_LABELS, labelOf } from '@residency/shared/request-labels';
import { App, Button, Card, DatePicker, Empty, Popconfirm, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { LoadError } from '../../../components/dashboard/load-error';
import { ListHeading } from '../../../components/dashboard/list-heading';
import { ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { TAG_TEXT } from '../../../components/dashboard/tag-text';
import { formatNumber } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteEventRequestMutation, useGetEventRequestsQuery } from '../api';
import { EventDetailsModal } from '../components/event-details-modal';
import { EventUpdateModal } from '../components/event-update-modal';
import { EVENT_STATUS_COLORS, formatEventDate, formatEventTimes } from '../event-display';

type StatusFilter = TEventStatus | 'all';

/**
 * Admin and staff › Event requests (spec section 2): status tag, name, type, layout, date and
 * time, guests; Details (width 800), Update (width 600) and Delete; filters by status, event
 * date range and search; pagination from meta. On phones the rows become cards.
 */
export default function EventRequestsPage() {
  const { t, i18n } = useTranslation('events');
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useErrorText();
  const { message } = App.useApp();
  const phone = usePhoneLayout();
  const [page, setPage] = useState(1);
  // The staff dashboard links here with ?status=pending.
  const [params] = useSearchParams();
  const [status, setStatus] = useState<StatusFilter>(() => {
    const linked = params.get('status');
    return (EVENT_STATUSES as readonly string[]).includes(linked ?? '') ? (linked as StatusFilter) : 'all';
  });
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(null);
  const [search, setSearch] = useState('');
  const searchTerm = useDebouncedValue(search.trim());
  const { data, isLoading, isFetching, isError, error, refetch } = useGetEventRequestsQuery({
    page,
    status: status === 'all' ? undefined : status,
    from: from?.format('YYYY-MM-DD'),
    to: to?.format('YYYY-MM-DD'),
    searchTerm: searchTerm || undefined,
  });
  const [deleteRequest] = useDeleteEventRequestMutation();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  // The row as last seen, so a modal keeps its content while the list refetches or pages.
  const [detailsSnapshot, setDetailsSnapshot] = useState<TEventRequest | null>(null);
  const [editing, setEditing] = useState<TEventRequest | null>(null);

  const requests = data?.data ?? [];
  const details = detailsId ? (requests.find((r) => r._id === detailsId) ?? detailsSnapshot) : null;
  const filtered = status !== 'all' || from !== null || to !== null || searchTerm !== '';

  const openDetails = (request: TEventRequest) => {
    setDetailsSnapshot(request);
    setDetailsId(request._id);
  };
  const openUpdate = (request: TEventRequest) => {
    setDetailsId(null);
    setEditing(request);
  };

  const remove = async (request: TEventRequest) => {
    setDeleting(request._id);
    try {
      await deleteRequest(request._id).unwrap();
      message.success(t('admin.messages.deleted', { reference: request.reference }), 3);
      // The last row of a page that is not the first: go back a page rather than show an empty one.
      if (requests.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      message.error(errorText(err, t('admin.messages.deleteFailed')), 3);
    } finally {
      setDeleting(null);
    }
  };

  const statusTag = (request: TEventRequest) => (
    <Tag color={EVENT_STATUS_COLORS[request.status]} className={`!m-0 ${TAG_TEXT[EVENT_STATUS_COLORS[request.status]]}`} data-testid="event-status">
      {labelOf(EVENT_STATUS_LABELS, request.status, lng)}
    </Tag>
  );

  const who = (request: TEventRequest) => (
    <div className="min-w-0">
      <span className="block font-semibold text-slate-900">{request.name}</span>
      {request.company && <span className="block truncate text-xs text-slate-700">{request.company}</span>}
      <span className="block truncate text-xs text-slate-600">{request.email}</span>
    </div>
  );

  const when = (request: TEventRequest) => (
    <div>
      <span className="block whitespace-nowrap">{formatEventDate(request.date, lng)}</span>
      <span className="block text-xs whitespace-nowrap text-slate-600">{formatEventTimes(request.startTime, request.endTime, lng)}</span>
    </div>
  );

  // Icons only on the phone cards' wide buttons: in the table three labelled buttons must fit beside six columns.
  const actions = (request: TEventRequest, block = false) => {
    const size = block ? 'middle' : 'small';
    const icon = (node: ReactNode) => (block ? node : undefined);
    return (
      <div className={block ? 'grid grid-cols-3 gap-2' : 'flex flex-nowrap items-center gap-1.5'}>
        <Button size={size} icon={icon(<EyeOutlined aria-hidden />)} onClick={() => openDetails(request)}>
          {t('admin.actions.details')}
        </Button>
        <Button size={size} type="primary" icon={icon(<EditOutlined aria-hidden />)} onClick={() => openUpdate(request)}>
          {t('admin.actions.update')}
        </Button>
        <Popconfirm
          title={t('admin.confirmDelete.title')}
          description={<span className="block max-w-64">{t('admin.confirmDelete.text', { name: request.name, reference: request.reference })}</span>}
          okText={t('admin.confirmDelete.ok')}
          cancelText={t('admin.confirmDelete.keep')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(request)}
        >
          <Button
            size={size}
            danger
            className="enabled:!text-red-700"
            icon={icon(<DeleteOutlined aria-hidden />)}
            loading={deleting === request._id}
            aria-label={t('admin.actions.deleteOf', { name: request.name })}
          >
            {t('admin.actions.delete')}
          </Button>
        </Popconfirm>
      </div>
    );
  };

  const pagination = { ...listPagination(data?.meta, page, setPage), hideOnSinglePage: true };
  const empty = <Empty description={filtered ? t('admin.emptyFiltered') : t('admin.empty')} />;

  return (
    <Card size={phone ? 'small' : 'default'}>
      <ListHeading
        title={t('admin.title')}
        subtitle={t('admin.subtitle')}
        searchLabel={t('admin.search')}
        search={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        searchTestId="event-search"
      />

      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <Select<StatusFilter>
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          aria-label={t('admin.filters.status')}
          className="sm:!w-48"
          options={[
            { value: 'all', label: t('admin.filters.allStatuses') },
            ...EVENT_STATUSES.map((s) => ({ value: s, label: labelOf(EVENT_STATUS_LABELS, s, lng) })),
          ]}
          data-testid="event-status-filter"
        />
        {phone ? (
          // The range picker's two months are wider than a phone: one picker per end there.
          <div className="grid grid-cols-2 gap-2" role="group" aria-label={t('admin.filters.dates')}>
            <DatePicker
              value={from}
              onChange={(date) => {
                setFrom(date);
                setPage(1);
              }}
              disabledDate={(date) => to !== null && date.isAfter(to, 'day')}
              format="DD-MM-YYYY"
              placeholder={t('admin.filters.from')}
              aria-label={t('admin.filters.from')}
              inputReadOnly
              data-testid="event-date-from"
            />
            <DatePicker
              value={to}
              onChange={(date) => {
                setTo(date);
                setPage(1);
              }}
              disabledDate={(date) => from !== null && date.isBefore(from, 'day')}
              format="DD-MM-YYYY"
              placeholder={t('admin.filters.to')}
              aria-label={t('admin.filters.to')}
              inputReadOnly
              placement="bottomRight"
              data-testid="event-date-to"
            />
          </div>
        ) : (
          <DatePicker.RangePicker
            value={[from, to]}
            allowEmpty={[true, true]}
            onChange={(dates) => {
              setFrom(dates?.[0] ?? null);
              setTo(dates?.[1] ?? null);
              setPage(1);
            }}
            format="DD-MM-YYYY"
            placeholder={[t('admin.filters.from'), t('admin.filters.to')]}
            aria-label={t('admin.filters.dates')}
            className="sm:!w-72"
            data-testid="event-date-filter"
          />
        )}
        {filtered && (
          <Button
            type="link"
            className="!px-0 sm:!px-2"
            onClick={() => {
              setStatus('all');
              setFrom(null);
              setTo(null);
              setSearch('');
              setPage(1);
            }}
          >
            {t('admin.filters.clear')}
          </Button>
        )}
      </div>

      {isError && <LoadError error={error} fallback={t('admin.loadFailed')} retryLabel={t('admin.retry')} onRetry={refetch} />}

      <ResponsiveList<TEventRequest>
        phone={phone}
        rows={requests}
        rowKey="_id"
        // The cards' list shows its spinner at once; the table waits 200 ms, so a quick refetch does not flash.
        loading={phone ? isFetching : isFetching && !isLoading ? { delay: 200 } : isLoading}
        empty={empty}
        pagination={pagination}
        rowTestId={(request) => `event-${request.reference}`}
        cardTone={(request) => (request.status === 'cancelled' ? 'alert' : undefined)}
        card={(request) => (
          <>
            <div className="flex items-start justify-between gap-2">
              {who(request)}
              {statusTag(request)}
            </div>
            <dl className="m-0 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">{t('admin.columns.type')}</dt>
              <dd className="m-0 text-slate-800">{labelOf(EVENT_TYPE_LABELS, request.eventType, lng)}</dd>
              <dt className="text-slate-600">{t('admin.columns.layout')}</dt>
              <dd className="m-0 text-slate-800">{labelOf(EVENT_LAYOUT_LABELS, request.layout, lng)}</dd>
              <dt className="text-slate-600">{t('admin.columns.when')}</dt>
              <dd className="m-0 text-slate-800">
                {formatEventDate(request.date, lng)} · {formatEventTimes(request.startTime, request.endTime, lng)}
              </dd>
              <dt className="text-slate-600">{t('admin.columns.guests')}</dt>
              <dd className="m-0 text-slate-800">{formatNumber(request.guestCount, lng)}</dd>
            </dl>
            {actions(request, true)}
          </>
        )}
        table={{
          size: 'middle',
          // Fits the content area beside the sidebar at 1280 px; narrower windows scroll the table sideways.
          scroll: { x: 880 },
          rowClassName: (request) => (request.status === 'cancelled' ? '[&>td]:!bg-rose-50/70' : ''),
          columns: [
            { title: t('admin.columns.status'), key: 'status', render: (_: unknown, request) => statusTag(request) },
            { title: t('admin.columns.name'), key: 'name', render: (_: unknown, request) => who(request) },
            { title: t('admin.columns.type'), key: 'type', render: (_: unknown, request) => labelOf(EVENT_TYPE_LABELS, request.eventType, lng) },
            { title: t('admin.columns.layout'), key: 'layout', render: (_: unknown, request) => labelOf(EVENT_LAYOUT_LABELS, request.layout, lng) },
            { title: t('admin.columns.when'), key: 'when', render: (_: unknown, request) => when(request) },
            {
              title: t('admin.columns.guests'),
              key: 'guests',
              align: 'right',
              render: (_: unknown, request) => formatNumber(request.guestCount, lng),
            },
            { title: t('admin.columns.actions'), key: 'actions', render: (_: unknown, request) => actions(request) },
          ],
        }}
      />

      <EventDetailsModal request={details} onClose={() => setDetailsId(null)} onUpdate={openUpdate} />
      <EventUpdateModal request={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
