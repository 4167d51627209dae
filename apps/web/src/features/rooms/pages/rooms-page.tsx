import { DeleteOutlined, DownOutlined, EditOutlined, EyeOutlined, FilterFilled, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { RoomStatus, TRoom } from '@residency/shared';
import { todayAt } from '@residency/shared/dates';
import { ROOM_MENU_STATUSES } from '@residency/shared/room-rules';
import { App, Button, Card, Dropdown, Input, Popconfirm, Radio, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/server-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetCategoriesQuery } from '../../../lib/categories-api';
import { useGetRoomQuery, useGetRoomsQuery } from '../../../lib/rooms-api';
import { RoomDetailsModal } from '../components/room-details-modal';
import { StatusTag } from '../components/status-tag';
import { UpdateRoomModal } from '../components/update-room-modal';
import { LoadError } from '../../../components/dashboard/load-error';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { CardActions, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { useDeleteRoomMutation, useUpdateRoomMutation } from '../api';
import { getSite } from '../../../lib/site';
import { RoomBlocks, useRoomBlocks } from '../../blocks';

const ALL = '__all__';

/** The panel of a column filter: a title and one choice at a time. */
function FilterPanel({
  title,
  value,
  options,
  onChange,
  testId,
}: {
  title: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <div className="p-3" style={{ minWidth: 200 }} data-testid={testId}>
      <Typography.Text strong className="mb-2 block">
        {title}
      </Typography.Text>
      <Radio.Group
        aria-label={title}
        orientation="vertical"
        value={value}
        onChange={(e) => onChange(e.target.value as string)}
        options={options}
        style={{ maxHeight: 280, overflowY: 'auto', width: '100%' }}
      />
    </div>
  );
}

/**
 * Admin › Rooms (spec section 2): search, filters by category and status, status changes, update,
 * delete. On phones the rows become cards and the column filters two drop-downs above them.
 */
export default function RoomsPage() {
  const { t } = useTranslation('rooms');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const phone = usePhoneLayout();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const [status, setStatus] = useState<RoomStatus | undefined>();
  const [details, setDetails] = useState<TRoom | null>(null);
  const [editing, setEditing] = useState<TRoom | null>(null);
  // A link to one room's Update (the audit trail's, issue 35): ?edit=<id> opens it once the room has loaded.
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('edit');
  const { data: linked } = useGetRoomQuery(linkedId ?? '', { skip: !linkedId });
  const linkedRoom = linkedId && linked?.data._id === linkedId ? linked.data : null;
  const closeEditing = () => {
    setEditing(null);
    if (linkedId) setParams({}, { replace: true });
  };
  const searchTerm = useDebouncedValue(search.trim());
  const { data, isFetching, isError, error, refetch } = useGetRoomsQuery({
    page,
    searchTerm: searchTerm || undefined,
    categories: category,
    status,
  });
  // A room sold on a channel or closed by the desk shows it beside its status (issue 20), so the
  // admin never mistakes a blocked room for a free one.
  const blocksOf = useRoomBlocks(todayAt(getSite().timeZone));
  const { data: categoryData } = useGetCategoriesQuery();
  const categoryNames = useMemo(
    () => (categoryData?.data ?? []).map((c) => c.name).sort((a, b) => a.localeCompare(b)),
    [categoryData],
  );
  const offerPrices = useMemo(() => Object.fromEntries((categoryData?.data ?? []).map((c) => [c.name, c.offerPrice])), [categoryData]);
  const [updateRoom] = useUpdateRoomMutation();
  const [deleteRoom] = useDeleteRoomMutation();

  const changeStatus = async (row: TRoom, next: RoomStatus) => {
    const key = `status-${row._id}`;
    message.open({ key, type: 'loading', content: t('messages.pleaseWait'), duration: 0 });
    try {
      await updateRoom({ id: row._id, payload: { status: next } }).unwrap();
      message.open({ key, type: 'success', content: t('messages.statusUpdated'), duration: 3 });
    } catch (err) {
      message.open({ key, type: 'error', content: errorText(err, t('messages.somethingWentWrong')), duration: 3 });
    }
  };

  const remove = async (row: TRoom) => {
    try {
      await deleteRoom(row._id).unwrap();
      message.success(t('messages.deleted'), 3);
    } catch (err) {
      // A 409 carries the reason (e.g. a current or future booking).
      message.error(errorText(err, t('messages.somethingWentWrong')), 3);
    }
  };

  const categoryOptions = [{ value: ALL, label: t('filters.all') }, ...categoryNames.map((name) => ({ value: name, label: name }))];
  const statusOptions = [...ROOM_MENU_STATUSES.map((s) => ({ value: s as string, label: t(`status.${s}`) })), { value: ALL, label: t('filters.all') }];

  const numberCell = (row: TRoom) => (
    <div className="min-w-0">
      <div className="font-semibold">{row.room_overview.room_number}</div>
      {row.room_overview.name !== row.category && <div className="text-xs text-slate-500">{row.room_overview.name}</div>}
    </div>
  );

  const detailsButton = (row: TRoom) => (
    <Button icon={<EyeOutlined />} onClick={() => setDetails(row)} aria-label={t('actions.detailsOf', { number: row.room_overview.room_number })}>
      {t('actions.details')}
    </Button>
  );

  // Update, Update Status and Delete; on a card the status menu opens across the card's width.
  const actionButtons = (row: TRoom, card = false) => (
    <>
      {!card && statusMenu(row)}
      <Button icon={<EditOutlined />} onClick={() => setEditing(row)} data-testid={`update-${row.room_overview.room_number}`}>
        {t('actions.update')}
      </Button>
      {card && statusMenu(row)}
      <Popconfirm
        title={t('confirmDelete.title')}
        description={<span className="block max-w-64">{t('confirmDelete.text', { number: row.room_overview.room_number })}</span>}
        okText={t('confirmDelete.ok')}
        cancelText={t('confirmDelete.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove(row)}
      >
        <Button danger icon={<DeleteOutlined />} data-testid={`delete-${row.room_overview.room_number}`}>
          {t('actions.delete')}
        </Button>
      </Popconfirm>
    </>
  );

  const statusMenu = (row: TRoom) => (
    <Dropdown
      trigger={['click']}
      menu={{
        items: ROOM_MENU_STATUSES.map((s) => ({ key: s, label: t(`status.${s}`) })),
        selectable: true,
        selectedKeys: [row.status],
        onClick: ({ key }) => void changeStatus(row, key as RoomStatus),
      }}
    >
      <Button data-testid={`status-menu-${row.room_overview.room_number}`}>
        {t('actions.updateStatus')} <DownOutlined />
      </Button>
    </Dropdown>
  );

  const filterIcon = (label: string, testId: string) =>
    function Icon(filtered: boolean) {
      return <FilterFilled aria-label={label} data-testid={testId} style={{ color: filtered ? '#14504f' : undefined }} />;
    };

  return (
    <Card classNames={{ body: '!p-3 sm:!p-6' }}>
      <div className="mb-5 flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className="w-full md:!w-80"
            data-testid="rooms-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/add-room')}>
            {t('addRoom')}
          </Button>
        </div>
      </div>
      {isError && <LoadError error={error} fallback={t('messages.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}
      {phone && (
        // The table's column filters, as two drop-downs above the cards.
        <div className="mb-3 grid grid-cols-1 gap-2 min-[420px]:grid-cols-2" data-testid="rooms-phone-filters">
          <Select<string>
            value={category ?? ALL}
            onChange={(value) => {
              setCategory(value === ALL ? undefined : value);
              setPage(1);
            }}
            aria-label={t('filters.category')}
            prefix={<span className="text-slate-600">{t('columns.category')}:</span>}
            options={categoryOptions}
            // A hotel may have many categories: typing narrows the list.
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="rooms-filter-category"
          />
          <Select<string>
            value={status ?? ALL}
            onChange={(value) => {
              setStatus(value === ALL ? undefined : (value as RoomStatus));
              setPage(1);
            }}
            aria-label={t('filters.status')}
            prefix={<span className="text-slate-600">{t('columns.status')}:</span>}
            options={statusOptions}
            data-testid="rooms-filter-status"
          />
        </div>
      )}
      <ResponsiveList<TRoom>
        phone={phone}
        rows={data?.data ?? []}
        rowKey="_id"
        loading={isFetching}
        empty={t('empty')}
        pagination={listPagination(data?.meta, page, setPage)}
        rowTestId={(row) => `room-${row.room_overview.room_number}`}
        card={(row) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <span className="block text-lg leading-tight font-semibold text-slate-900">{row.room_overview.room_number}</span>
                <span className="block text-sm break-words text-slate-700">{row.category}</span>
                {row.room_overview.name !== row.category && <span className="block text-xs break-words text-slate-600">{row.room_overview.name}</span>}
              </div>
              <StatusTag status={row.status} />
            </div>
            <RoomBlocks blocks={blocksOf(row._id)} />
            <CardActions>
              {detailsButton(row)}
              {actionButtons(row, true)}
            </CardActions>
          </>
        )}
        table={{
          size: 'middle',
          scroll: { x: 720 },
          columns: [
            { title: t('columns.number'), key: 'number', render: (_: unknown, row) => numberCell(row) },
            {
              title: t('columns.category'),
              dataIndex: 'category',
              filteredValue: category ? [category] : null,
              filterIcon: filterIcon(t('filters.category'), 'filter-category'),
              filterDropdown: ({ close }) => (
                <FilterPanel
                  title={t('filters.category')}
                  testId="filter-category-panel"
                  value={category ?? ALL}
                  options={categoryOptions}
                  onChange={(value) => {
                    setCategory(value === ALL ? undefined : value);
                    setPage(1);
                    close();
                  }}
                />
              ),
            },
            {
              title: t('columns.status'),
              dataIndex: 'status',
              filteredValue: status ? [status] : null,
              filterIcon: filterIcon(t('filters.status'), 'filter-status'),
              filterDropdown: ({ close }) => (
                <FilterPanel
                  title={t('filters.status')}
                  testId="filter-status-panel"
                  value={status ?? ALL}
                  options={statusOptions}
                  onChange={(value) => {
                    setStatus(value === ALL ? undefined : (value as RoomStatus));
                    setPage(1);
                    close();
                  }}
                />
              ),
              render: (value: string, row) => (
                <div className="flex flex-col items-start gap-1">
                  <StatusTag status={value} />
                  <RoomBlocks blocks={blocksOf(row._id)} />
                </div>
              ),
            },
            { title: t('columns.details'), key: 'details', render: (_: unknown, row) => detailsButton(row) },
            {
              title: t('columns.action'),
              key: 'action',
              render: (_: unknown, row) => <div className="flex flex-wrap items-center gap-2">{actionButtons(row)}</div>,
            },
          ],
        }}
      />
      <RoomDetailsModal room={details} blocks={details ? <RoomBlocks blocks={blocksOf(details._id)} /> : null} onClose={() => setDetails(null)} />
      <UpdateRoomModal room={editing ?? linkedRoom} categories={categoryNames} offerPrices={offerPrices} onClose={closeEditing} />
    </Card>
  );
}
