import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { TCategory } from '@residency/shared';
import { capacityOf } from '@residency/shared/room-rules';
import { App, Button, Card, Input, Popconfirm, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatNumber, formatTaka } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetCategoriesQuery } from '../../../lib/categories-api';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { CardActions, CardFields, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { useDeleteCategoryMutation } from '../api';

const DELETE_TOAST = 'delete-category';

/**
 * Admin › Categories (spec section 2): the room templates, sorted by name, searchable, editable.
 * On phones the rows become cards.
 */
export default function CategoriesPage() {
  const { t, i18n } = useTranslation('categories');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const phone = usePhoneLayout();
  const lng = i18n.resolvedLanguage ?? 'en';
  const [search, setSearch] = useState('');
  // The spec's search debounce (400 ms), as on the other list screens: the table does not
  // re-filter on every key press.
  const term = useDebouncedValue(search.trim().toLowerCase());
  const { data, isFetching, isError, error, refetch } = useGetCategoriesQuery();
  const [deleteCategory] = useDeleteCategoryMutation();

  const rows = useMemo(
    () =>
      [...(data?.data ?? [])]
        .filter((c) => !term || c.name.toLowerCase().includes(term))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [data, term],
  );

  const remove = async (row: TCategory) => {
    message.open({ key: DELETE_TOAST, type: 'loading', content: t('messages.deleting'), duration: 0 });
    try {
      await deleteCategory(row.name).unwrap();
      message.open({ key: DELETE_TOAST, type: 'success', content: t('messages.deleted'), duration: 3 });
    } catch (err) {
      // A category with rooms is refused with the reason (409 CATEGORY_HAS_ROOMS).
      message.open({ key: DELETE_TOAST, type: 'error', content: errorText(err, t('messages.deleteFailed')), duration: 3 });
    }
  };

  const capacity = (row: TCategory) => {
    const value = capacityOf(row.beds_and_bedding as Parameters<typeof capacityOf>[0]);
    return value === '-' ? '-' : formatNumber(value, lng);
  };

  // A rack rate of 0 is none: no "৳0" (the public pages then show only the offer price).
  const rack = (value: number) => (value > 0 ? formatTaka(value, lng) : '—');

  const nameCell = (row: TCategory) => (
    <div className="min-w-0">
      <div className="font-semibold break-words">{row.name}</div>
      <div className="text-xs text-slate-500">{t('roomCount', { count: row.roomCount, n: formatNumber(row.roomCount, lng) })}</div>
      {row.hiddenReason && (
        // The public pages list only categories with a bookable room: say so, and why.
        <div className="mt-1" data-testid={`category-hidden-${row.name}`}>
          {/* Darker than antd's warning text, which fails contrast on its own tint. */}
          <Tag color="warning" className="!me-0 !text-amber-800">
            {t('hidden.tag')}
          </Tag>
          <div className="mt-0.5 text-xs text-slate-600">{t(`hidden.${row.hiddenReason}`)}</div>
        </div>
      )}
    </div>
  );

  const actions = (row: TCategory) => (
    <>
      <Button
        icon={<EditOutlined />}
        onClick={() => navigate(`/admin/edit-category/${encodeURIComponent(row.name)}`)}
        data-testid={`update-category-${row.name}`}
      >
        {t('update')}
      </Button>
      <Popconfirm
        title={t('confirmDelete.title')}
        description={<span className="block max-w-64">{t('confirmDelete.text', { name: row.name })}</span>}
        okText={t('confirmDelete.ok')}
        cancelText={t('confirmDelete.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove(row)}
      >
        <Button danger icon={<DeleteOutlined />} data-testid={`delete-category-${row.name}`}>
          {t('delete')}
        </Button>
      </Popconfirm>
    </>
  );

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
            onChange={(e) => setSearch(e.target.value)}
            className="w-full md:!w-72"
            data-testid="categories-search"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/add-category')}>
            {t('addCategory')}
          </Button>
        </div>
      </div>
      {isError && <LoadError error={error} fallback={t('messages.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}
      <ResponsiveList<TCategory>
        phone={phone}
        rows={rows}
        rowKey="_id"
        loading={isFetching}
        empty={t('empty')}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        rowTestId={(row) => `category-${row.name}`}
        card={(row) => (
          <>
            {nameCell(row)}
            <CardFields
              fields={[
                { label: t('columns.capacity'), value: capacity(row) },
                { label: t('columns.offer'), value: formatTaka(row.offerPrice, lng) },
                { label: t('columns.rack'), value: rack(row.rackRate) },
              ]}
            />
            <CardActions>{actions(row)}</CardActions>
          </>
        )}
        table={{
          size: 'middle',
          scroll: { x: 640 },
          columns: [
            { title: t('columns.name'), dataIndex: 'name', render: (_: string, row) => nameCell(row) },
            { title: t('columns.capacity'), key: 'capacity', render: (_: unknown, row) => capacity(row) },
            { title: t('columns.offer'), dataIndex: 'offerPrice', render: (v: number) => formatTaka(v, lng) },
            { title: t('columns.rack'), dataIndex: 'rackRate', render: (v: number) => rack(v) },
            {
              title: t('columns.action'),
              key: 'action',
              render: (_: unknown, row) => <div className="flex flex-wrap items-center gap-2">{actions(row)}</div>,
            },
          ],
        }}
      />
    </Card>
  );
}
