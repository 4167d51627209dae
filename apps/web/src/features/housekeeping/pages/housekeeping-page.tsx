import { LockOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { RoomStatus, TRoom } from '@residency/shared';
import { CATEGORY_ROOM_LIST_LIMIT, ROOM_MENU_STATUSES, ROOM_STATUSES, normalizeRoomNumber } from '@residency/shared/room-rules';
import { Alert, App, Button, Card, Empty, Grid, Input, List, Select, Table, Tag } from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/server-error';
import { statusFilterOf, type StatusFilter } from '../status-filter';
import { categoryName, roomNumberText } from '../../../lib/category-texts';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useGetCategoriesQuery } from '../../../lib/categories-api';
import { useGetRoomsQuery } from '../../../lib/rooms-api';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { useUpdateRoomMutation } from '../../rooms';
import { CloseRoomModal, RoomBlocks, useRoomBlocks, type RoomToClose } from '../../blocks';
import { todayAt } from '@residency/shared/dates';
import { getSite } from '../../../lib/site';

/** Tag colours of spec section 2: available green, booked blue, maintenance red, cleaning orange, any other gray. */
const STATUS_COLORS: Record<string, string> = { available: 'green', booked: 'blue', maintenance: 'red', cleaning: 'orange' };
/** The dot beside each count in the summary, the same colours. */
const STATUS_DOTS: Record<string, string> = {
  available: 'bg-green-500',
  booked: 'bg-blue-500',
  maintenance: 'bg-red-500',
  cleaning: 'bg-orange-400',
  unavailable: 'bg-slate-400',
};

/**
 * Staff › Housekeeping (spec section 2, staff area): every room with its status of today, a
 * count per status, filters by status and category, search by room number, and a status menu
 * on each room (PATCH {status}). The status filter lives in the URL (`?status=cleaning`), so the
 * staff dashboard's "rooms to clean" opens the rooms to clean. A check-out at the desk sets its
 * room to cleaning and makes this list stale (the Room LIST tag). On phones, compact cards.
 */
export default function HousekeepingPage() {
  const { t, i18n } = useTranslation(['housekeeping', 'blocks']);
  const errorText = useErrorText();
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;
  const [params, setParams] = useSearchParams();
  const status = statusFilterOf(params);
  const [category, setCategory] = useState('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // Every room at once: the counts need them all, and a hotel has far fewer than the limit.
  const { data, isLoading, isFetching, isError, error, refetch } = useGetRoomsQuery({ limit: CATEGORY_ROOM_LIST_LIMIT });
  const { data: categories } = useGetCategoriesQuery();
  const [updateRoom] = useUpdateRoomMutation();
  const [saving, setSaving] = useState<string | null>(null);
  // Tonight's and the coming nights' blocks, one request for the screen.
  const today = todayAt(getSite().timeZone);
  const blocksOf = useRoomBlocks(today);
  const [closing, setClosing] = useState<RoomToClose | null>(null);

  const rooms = useMemo(() => data?.data ?? [], [data]);
  const counts = useMemo(() => {
    const result = Object.fromEntries(ROOM_STATUSES.map((s) => [s, 0])) as Record<RoomStatus, number>;
    for (const room of rooms) result[room.status] = (result[room.status] ?? 0) + 1;
    return result;
  }, [rooms]);
  const needle = normalizeRoomNumber(search);
  const shown = useMemo(
    () =>
      rooms.filter(
        (room) =>
          (status === 'all' || room.status === status) &&
          (category === 'all' || room.category === category) &&
          (!needle || room.room_overview.room_number.includes(needle)),
      ),
    [rooms, status, category, needle],
  );
  const summaryStatuses = ROOM_STATUSES.filter((s) => (ROOM_MENU_STATUSES as readonly string[]).includes(s) || counts[s] > 0);
  const statusLabel = (s: string) => t(`status.${s}`, { defaultValue: s });
  // Categories are named in English; in Bengali their own Bengali name is shown when there is one.
  const bnNames = useMemo(
    () => new Map((categories?.data ?? []).map((c) => [c.name, categoryName(c, 'bn')])),
    [categories],
  );
  const categoryLabel = (name: string) => (lng === 'bn' ? (bnNames.get(name) ?? name) : name);
  const n = (value: number) => formatNumber(value, lng);

  const changeStatus = async (room: TRoom, next: RoomStatus) => {
    const key = `room-status-${room._id}`;
    setSaving(room._id);
    message.open({ key, type: 'loading', content: t('messages.wait'), duration: 0 });
    try {
      await updateRoom({ id: room._id, payload: { status: next } }).unwrap();
      message.open({ key, type: 'success', content: t('messages.updated'), duration: 3 });
    } catch (err) {
      message.open({ key, type: 'error', content: errorText(err, t('messages.failed')), duration: 5 });
    } finally {
      setSaving(null);
    }
  };

  const filterBy = (next: StatusFilter) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete('status');
        else updated.set('status', next);
        return updated;
      },
      { replace: true },
    );
    setPage(1);
  };

  const statusTag = (s: string) => (
    <Tag color={STATUS_COLORS[s] ?? 'default'} className="!m-0" data-testid="room-status">
      {statusLabel(s).toLocaleUpperCase(lng)}
    </Tag>
  );

  // A guest at the desk: book this room for them (the walk-in booking page).
  const walkInLink = (room: TRoom) => (
    <Link to={`/guest/booking/${room._id}`} className="text-sm font-medium whitespace-nowrap text-brand-700 underline">
      {t('walkIn')}
    </Link>
  );

  const statusSelect = (room: TRoom, block = false) => (
    <Select<RoomStatus>
      value={room.status}
      onChange={(next) => void changeStatus(room, next)}
      loading={saving === room._id}
      disabled={saving === room._id}
      size={block ? 'large' : 'middle'}
      style={{ width: block ? '100%' : 150 }}
      aria-label={t('changeStatus', { number: room.room_overview.room_number })}
      data-testid={`status-select-${room.room_overview.room_number}`}
      options={ROOM_MENU_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
      // An unavailable room shows its state; the menu offers the four daily ones (spec section 4).
      labelRender={({ value }) => statusLabel(String(value))}
    />
  );

  const updated = (iso: string) => formatDateTime(iso, lng);

  // The desk closes a room for some nights (out of order…): a block, as a channel's are.
  const closeButton = (room: TRoom, block = false) => (
    <Button
      icon={<LockOutlined aria-hidden />}
      size={block ? 'middle' : 'small'}
      block={block}
      onClick={() => setClosing({ id: room._id, number: room.room_overview.room_number })}
      aria-label={t('blocks:close.label', { room: roomNumberText(room.room_overview.room_number, lng) })}
      data-testid={`close-room-${room.room_overview.room_number}`}
    >
      {t('blocks:close.button')}
    </Button>
  );

  return (
    <div className="space-y-4">
      <Card size={phone ? 'small' : 'default'}>
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
          <Button icon={<ReloadOutlined />} onClick={() => refetch()} loading={isFetching && !isLoading}>
            {t('refresh')}
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="group" aria-label={t('summary.label')}>
          {summaryStatuses.map((s) => (
            <button
              key={s}
              type="button"
              onClick={() => filterBy(status === s ? 'all' : s)}
              aria-pressed={status === s}
              className={`rounded-xl border px-3 py-2.5 text-left transition-colors ${
                status === s ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-white hover:border-brand-200'
              }`}
              data-testid={`summary-${s}`}
            >
              <span className="block text-2xl leading-tight font-semibold text-slate-900" data-testid={`count-${s}`}>
                {n(counts[s])}
              </span>
              <span className="flex items-center gap-1.5 text-sm text-slate-600">
                <span className={`h-2.5 w-2.5 rounded-full ${STATUS_DOTS[s]}`} aria-hidden="true" />
                {statusLabel(s)}
              </span>
            </button>
          ))}
        </div>
        <p className="mt-2 text-sm text-slate-500">{t('summary.total', { count: rooms.length, n: n(rooms.length) })}</p>
      </Card>

      <Card size={phone ? 'small' : 'default'}>
        <div className="mb-4 grid gap-2 sm:grid-cols-[minmax(0,1fr)_200px_220px]">
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
            data-testid="housekeeping-search"
          />
          <Select<StatusFilter>
            value={status}
            onChange={filterBy}
            aria-label={t('filters.status')}
            data-testid="filter-status"
            options={[
              ...ROOM_MENU_STATUSES.map((s) => ({ value: s as StatusFilter, label: statusLabel(s) })),
              ...(counts.unavailable > 0 || status === 'unavailable' ? [{ value: 'unavailable' as StatusFilter, label: statusLabel('unavailable') }] : []),
              { value: 'all', label: t('filters.all') },
            ]}
            prefix={<span className="text-slate-500">{t('filters.statusShort')}</span>}
          />
          <Select<string>
            value={category}
            onChange={(next) => {
              setCategory(next);
              setPage(1);
            }}
            aria-label={t('filters.category')}
            data-testid="filter-category"
            options={[{ value: 'all', label: t('filters.all') }, ...(categories?.data ?? []).map((c) => ({ value: c.name, label: categoryLabel(c.name) }))]}
            prefix={<span className="text-slate-500">{t('filters.categoryShort')}</span>}
          />
        </div>

        {isError && (
          <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />
        )}
        {data && data.meta.total > rooms.length && (
          <Alert type="info" showIcon className="!mb-4" message={t('truncated', { shown: n(rooms.length), total: n(data.meta.total) })} />
        )}

        {phone ? (
          <List<TRoom>
            loading={isLoading}
            dataSource={shown}
            rowKey="_id"
            locale={{ emptyText: <Empty description={t('empty')} /> }}
            pagination={shown.length > 12 ? { current: page, pageSize: 12, onChange: setPage, size: 'small', showSizeChanger: false, align: 'center' } : false}
            renderItem={(room) => (
              <List.Item className="!px-0" data-testid={`room-${room.room_overview.room_number}`}>
                <div className="grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2">
                  <div className="min-w-0">
                    <div className="flex items-baseline gap-2">
                      <span className="text-xl font-semibold text-slate-900">{room.room_overview.room_number}</span>
                      <span className="truncate text-sm text-slate-500">{categoryLabel(room.category)}</span>
                    </div>
                  </div>
                  {statusTag(room.status)}
                  {/* The table's Last change column, so the card leaves no field out. */}
                  <span className="col-span-2 text-xs text-slate-600" data-testid="room-updated">
                    {t('columns.updated')}: {updated(room.updatedAt)}
                  </span>
                  <div className="col-span-2 empty:hidden">
                    <RoomBlocks blocks={blocksOf(room._id)} />
                  </div>
                  <div className="col-span-2">{statusSelect(room, true)}</div>
                  <div className="col-span-2 flex flex-wrap items-center justify-between gap-2">
                    {walkInLink(room)}
                    {closeButton(room)}
                  </div>
                </div>
              </List.Item>
            )}
          />
        ) : (
          <Table<TRoom>
            rowKey="_id"
            loading={isLoading}
            dataSource={shown}
            size="middle"
            locale={{ emptyText: <Empty description={t('empty')} /> }}
            pagination={{ current: page, pageSize: 20, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
            onRow={(room) => ({ 'data-testid': `room-${room.room_overview.room_number}` }) as HTMLAttributes<HTMLElement>}
            columns={[
              {
                title: t('columns.number'),
                key: 'number',
                render: (_: unknown, room) => (
                  <div className="min-w-0 max-w-72">
                    <span className="text-base font-semibold">{room.room_overview.room_number}</span>
                    <RoomBlocks blocks={blocksOf(room._id)} />
                  </div>
                ),
              },
              { title: t('columns.category'), dataIndex: 'category', render: (name: string) => categoryLabel(name) },
              { title: t('columns.status'), dataIndex: 'status', render: (s: string) => statusTag(s) },
              { title: t('columns.updated'), dataIndex: 'updatedAt', render: (iso: string) => <span className="text-slate-500">{updated(iso)}</span> },
              {
                title: t('columns.action'),
                key: 'action',
                render: (_: unknown, room) => (
                  <div className="flex flex-wrap items-center gap-2">
                    {statusSelect(room)}
                    {walkInLink(room)}
                    {closeButton(room)}
                  </div>
                ),
              },
            ]}
          />
        )}
      </Card>
      <CloseRoomModal room={closing} today={today} onClose={() => setClosing(null)} />
    </div>
  );
}
