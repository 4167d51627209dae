import { CheckOutlined, DeleteOutlined, EyeOutlined, FileDoneOutlined, PlusCircleOutlined } from '@ant-design/icons';
import type { TServiceRequest } from '@residency/shared/services';
import { SERVICE_TYPE_LABELS, labelOf } from '@residency/shared/request-labels';
import { App, Button, Card, Empty, Popconfirm, Segmented } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { LoadError } from '../../../components/dashboard/load-error';
import { ListHeading } from '../../../components/dashboard/list-heading';
import { ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { roomNumberText } from '../../../lib/category-texts';
import { formatDateTime } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { getSite } from '../../../lib/site';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCategoryName } from '../../../lib/use-category-name';
import { ChargeRequestModal } from '../../reservations';
import { useCompleteServiceRequestMutation, useDeleteServiceRequestMutation, useGetServiceRequestsQuery, type ServiceStateFilter } from '../api';
import { ServiceDetailsModal } from '../components/service-details-modal';

type StateFilter = ServiceStateFilter | 'all';

/**
 * Staff › Service requests (spec section 2): a completed dot, the guest (and phone), the room,
 * the service and when it was asked; Mark as Complete (a completed one shows a disabled
 * Completed), Details and Delete. Pending first, newest first; search, a state filter and
 * pagination. On phones the rows become cards. A completed request can be charged to its stay's
 * folio once (issue 22): Charge to folio, then a state that says it is on the folio.
 */
export default function ServiceRequestsPage() {
  const { t, i18n } = useTranslation('services');
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useErrorText();
  const categoryName = useCategoryName();
  const { message } = App.useApp();
  const phone = usePhoneLayout();
  const timeZone = getSite().timeZone;
  const [page, setPage] = useState(1);
  // The staff dashboard links here with ?status=pending.
  const [params] = useSearchParams();
  const [state, setState] = useState<StateFilter>(() => {
    const linked = params.get('status');
    return linked === 'pending' || linked === 'completed' ? linked : 'all';
  });
  const [search, setSearch] = useState('');
  const searchTerm = useDebouncedValue(search.trim());
  const { data, isLoading, isFetching, isError, error, refetch } = useGetServiceRequestsQuery({
    page,
    searchTerm: searchTerm || undefined,
    status: state === 'all' ? undefined : state,
  });
  const [complete] = useCompleteServiceRequestMutation();
  const [deleteRequest] = useDeleteServiceRequestMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [detailsSnapshot, setDetailsSnapshot] = useState<TServiceRequest | null>(null);
  // The request being charged stays while its dialog closes, so the dialog's title does not change.
  const [charging, setCharging] = useState<{ open: boolean; request: TServiceRequest | null }>({ open: false, request: null });

  const requests = data?.data ?? [];
  const details = detailsId ? (requests.find((r) => r._id === detailsId) ?? detailsSnapshot) : null;
  const service = (request: TServiceRequest) => labelOf(SERVICE_TYPE_LABELS, request.service, lng);
  const room = (request: TServiceRequest) =>
    t('roomValue', { category: categoryName(request.room.category), number: roomNumberText(request.room.roomNumber, lng) });

  const markComplete = async (request: TServiceRequest) => {
    setBusy(`${request._id}:complete`);
    try {
      await complete(request._id).unwrap();
      message.success(t('staff.messages.completed', { service: service(request), room: room(request) }), 3);
    } catch (err) {
      message.error(errorText(err, t('staff.messages.failed')), 5);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (request: TServiceRequest) => {
    setBusy(`${request._id}:delete`);
    try {
      await deleteRequest(request._id).unwrap();
      message.success(t('staff.messages.deleted'), 3);
      if (requests.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      message.error(errorText(err, t('staff.messages.deleteFailed')), 3);
    } finally {
      setBusy(null);
    }
  };

  const dot = (request: TServiceRequest) => (
    <span
      role="img"
      aria-label={request.isCompleted ? t('state.completed') : t('state.pending')}
      title={request.isCompleted ? t('state.completed') : t('state.pending')}
      className={`inline-block h-3 w-3 shrink-0 rounded-full ${request.isCompleted ? 'bg-green-500' : 'bg-slate-300'}`}
      data-testid="completed-dot"
      data-completed={request.isCompleted}
    />
  );

  const guest = (request: TServiceRequest) => (
    <div className="min-w-0">
      <span className="block font-semibold text-slate-900">{request.user.name}</span>
      {request.user.phone && <span className="block text-xs whitespace-nowrap text-slate-600">{request.user.phone}</span>}
    </div>
  );

  const what = (request: TServiceRequest) => (
    <div className="min-w-0">
      <span className="block font-medium text-slate-900">{service(request)}</span>
      {request.description && <span className="line-clamp-2 block text-xs text-slate-600">{request.description}</span>}
    </div>
  );

  // Icons only on the phone cards' wide buttons: in the table three labelled buttons must fit beside five columns.
  const actions = (request: TServiceRequest, block = false) => {
    const size = block ? 'middle' : 'small';
    const icon = (node: ReactNode) => (block ? node : undefined);
    const isBusy = (action: string) => busy === `${request._id}:${action}`;
    // A completed request's card puts its state and its charge side by side; a pending one's Complete takes the whole row.
    const grid = request.isCompleted ? 'grid grid-cols-2 gap-2' : 'grid grid-cols-2 gap-2 [&>*:first-child]:col-span-2';
    return (
      <div className={block ? grid : 'flex flex-nowrap items-center gap-1.5'}>
        {request.isCompleted ? (
          // A state, not an action: disabled, but in readable green (antd's disabled grey is too faint to read).
          <Button
            size={size}
            disabled
            icon={<CheckOutlined aria-hidden />}
            className="disabled:!border-green-200 disabled:!bg-green-50 disabled:!text-green-800"
            data-testid="completed-label"
          >
            {t('staff.actions.completed')}
          </Button>
        ) : (
          <Button
            size={size}
            type="primary"
            className="enabled:!bg-green-700 enabled:hover:!bg-green-600"
            icon={icon(<CheckOutlined aria-hidden />)}
            loading={isBusy('complete')}
            disabled={busy !== null && !isBusy('complete')}
            onClick={() => void markComplete(request)}
          >
            {t('staff.actions.complete')}
          </Button>
        )}
        {request.isCompleted &&
          (request.chargedToFolio ? (
            <Button
              size={size}
              disabled
              icon={<FileDoneOutlined aria-hidden />}
              className="disabled:!border-sky-200 disabled:!bg-sky-50 disabled:!text-sky-900"
              data-testid="charged-label"
            >
              {t('staff.actions.charged')}
            </Button>
          ) : (
            <Button
              size={size}
              icon={icon(<PlusCircleOutlined aria-hidden />)}
              disabled={busy !== null}
              onClick={() => setCharging({ open: true, request })}
              data-testid="charge-to-folio"
            >
              {t('staff.actions.charge')}
            </Button>
          ))}
        <Button
          size={size}
          icon={icon(<EyeOutlined aria-hidden />)}
          onClick={() => {
            setDetailsSnapshot(request);
            setDetailsId(request._id);
          }}
        >
          {t('staff.actions.details')}
        </Button>
        <Popconfirm
          title={t('staff.confirmDelete.title')}
          description={<span className="block max-w-64">{t('staff.confirmDelete.text', { service: service(request), name: request.user.name })}</span>}
          okText={t('staff.confirmDelete.ok')}
          cancelText={t('staff.confirmDelete.keep')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(request)}
        >
          <Button
            size={size}
            danger
            className="enabled:!text-red-700"
            icon={icon(<DeleteOutlined aria-hidden />)}
            loading={isBusy('delete')}
            disabled={busy !== null && !isBusy('delete')}
          >
            {t('staff.actions.delete')}
          </Button>
        </Popconfirm>
      </div>
    );
  };

  const pagination = { ...listPagination(data?.meta, page, setPage), hideOnSinglePage: true };
  const empty = <Empty description={state !== 'all' || searchTerm ? t('staff.emptyFiltered') : t('staff.empty')} />;

  return (
    <Card size={phone ? 'small' : 'default'}>
      <ListHeading
        title={t('staff.title')}
        subtitle={t('staff.subtitle')}
        searchLabel={t('staff.search')}
        search={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        searchTestId="service-search"
      />
      <div className="mb-5">
        <Segmented<StateFilter>
          value={state}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('staff.filters.all') },
            { value: 'pending', label: t('staff.filters.pending') },
            { value: 'completed', label: t('staff.filters.completed') },
          ]}
          aria-label={t('staff.filters.label')}
          data-testid="service-state-filter"
        />
      </div>

      {isError && <LoadError error={error} fallback={t('staff.loadFailed')} retryLabel={t('staff.retry')} onRetry={refetch} />}

      <ResponsiveList<TServiceRequest>
        phone={phone}
        rows={requests}
        rowKey="_id"
        // The cards' list shows its spinner at once; the table waits 200 ms, so a quick refetch does not flash.
        loading={phone ? isFetching : isFetching && !isLoading ? { delay: 200 } : isLoading}
        empty={empty}
        pagination={pagination}
        rowTestId={(request) => `service-request-${request._id}`}
        card={(request) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <div className="flex min-w-0 items-start gap-2">
                <span className="mt-1.5">{dot(request)}</span>
                {what(request)}
              </div>
              <span className="shrink-0 text-xs text-slate-600">{formatDateTime(request.createdAt, lng, timeZone)}</span>
            </div>
            <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1 text-sm">
              {guest(request)}
              <span className="font-medium text-slate-800">{room(request)}</span>
            </div>
            {actions(request, true)}
          </>
        )}
        table={{
          size: 'middle',
          // Fits the content area beside the sidebar at 1280 px; narrower windows scroll the table sideways.
          scroll: { x: 860 },
          columns: [
            {
              title: <span className="sr-only">{t('staff.columns.completed')}</span>,
              key: 'dot',
              width: 44,
              align: 'center',
              render: (_: unknown, request) => dot(request),
            },
            { title: t('staff.columns.guest'), key: 'guest', render: (_: unknown, request) => guest(request) },
            {
              title: t('staff.columns.room'),
              key: 'room',
              render: (_: unknown, request) => (
                <div>
                  <span className="block">{categoryName(request.room.category)}</span>
                  <span className="block text-xs whitespace-nowrap text-slate-600">
                    {t('roomNumber', { number: roomNumberText(request.room.roomNumber, lng) })}
                  </span>
                </div>
              ),
            },
            { title: t('staff.columns.service'), key: 'service', render: (_: unknown, request) => what(request) },
            {
              title: t('staff.columns.asked'),
              key: 'asked',
              render: (_: unknown, request) => formatDateTime(request.createdAt, lng, timeZone),
            },
            { title: t('staff.columns.actions'), key: 'actions', render: (_: unknown, request) => actions(request) },
          ],
        }}
      />

      <ServiceDetailsModal request={details} onClose={() => setDetailsId(null)} />
      <ChargeRequestModal
        open={charging.open}
        request={charging.request}
        serviceName={charging.request ? service(charging.request) : ''}
        onClose={() => setCharging((c) => ({ ...c, open: false }))}
        onCharged={() => void refetch()}
      />
    </Card>
  );
}
