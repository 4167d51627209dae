import { DeleteOutlined, DownOutlined, EditOutlined, EyeOutlined, FilterFilled, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { RoomStatus, TRoom } from '@residency/shared';
import { ROOM_MENU_STATUSES } from '@residency/shared/room-rules';
import { App, Button, Card, Dropdown, Grid, Input, Popconfirm, Radio, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../lib/server-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetCategoriesQuery } from '../../categories/api';
import { useDeleteRoomMutation, useGetRoomsQuery, useUpdateRoomMutation } from '../api';
import { RoomDetailsModal } from '../components/room-details-modal';
import { StatusTag } from '../components/status-tag';
import { UpdateRoomModal } from '../components/update-room-modal';
import { LoadError } from '../../../components/dashboard/load-error';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';

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

/** Admin › Rooms (spec section 2): search, filters by category and status, status changes, update, delete. */
export default function RoomsPage() {
  const { t } = useTranslation('rooms');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const [status, setStatus] = useState<RoomStatus | undefined>();
  const [details, setDetails] = useState<TRoom | null>(null);
  const [editing, setEditing] = useState<TRoom | null>(null);
  const searchTerm = useDebouncedValue(search.trim());
  const { data, isFetching, isError, error, refetch } = useGetRoomsQuery({
    page,
    searchTerm: searchTerm || undefined,
    categories: category,
    status,
  });
  const { data: categoryData } = useGetCategoriesQuery();
  const categoryNames = useMemo(
    () => (categoryData?.data ?? []).map((c) => c.name).sort((a, b) => a.localeCompare(b)),
    [categoryData],
  );
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
      <Table<TRoom>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data ?? []}
        size={screens.md ? 'middle' : 'small'}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('empty') }}
        pagination={listPagination(data?.meta, page, setPage)}
        columns={[
          {
            title: t('columns.number'),
            key: 'number',
            render: (_: unknown, row) => (
              <div>
                <div className="font-semibold">{row.room_overview.room_number}</div>
                {row.room_overview.name !== row.category && (
                  <div className="text-xs text-slate-500">{row.room_overview.name}</div>
                )}
              </div>
            ),
          },
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
                options={[{ value: ALL, label: t('filters.all') }, ...categoryNames.map((name) => ({ value: name, label: name }))]}
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
                options={[
                  ...ROOM_MENU_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
                  { value: ALL, label: t('filters.all') },
                ]}
                onChange={(value) => {
                  setStatus(value === ALL ? undefined : (value as RoomStatus));
                  setPage(1);
                  close();
                }}
              />
            ),
            render: (value: string) => <StatusTag status={value} />,
          },
          {
            title: t('columns.details'),
            key: 'details',
            render: (_: unknown, row) => (
              <Button
                icon={<EyeOutlined />}
                onClick={() => setDetails(row)}
                aria-label={t('actions.detailsOf', { number: row.room_overview.room_number })}
              >
                {t('actions.details')}
              </Button>
            ),
          },
          {
            title: t('columns.action'),
            key: 'action',
            render: (_: unknown, row) => (
              <div className="flex flex-wrap items-center gap-2">
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
                <Button icon={<EditOutlined />} onClick={() => setEditing(row)} data-testid={`update-${row.room_overview.room_number}`}>
                  {t('actions.update')}
                </Button>
                <Popconfirm
                  title={t('confirmDelete.title')}
                  description={t('confirmDelete.text', { number: row.room_overview.room_number })}
                  okText={t('confirmDelete.ok')}
                  cancelText={t('confirmDelete.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(row)}
                >
                  <Button danger icon={<DeleteOutlined />} data-testid={`delete-${row.room_overview.room_number}`}>
                    {t('actions.delete')}
                  </Button>
                </Popconfirm>
              </div>
            ),
          },
        ]}
      />
      <RoomDetailsModal room={details} onClose={() => setDetails(null)} />
      <UpdateRoomModal room={editing} categories={categoryNames} onClose={() => setEditing(null)} />
    </Card>
  );
}
