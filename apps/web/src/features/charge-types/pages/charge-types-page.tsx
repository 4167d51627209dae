import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TChargeType } from '@residency/shared';
import { Button, Card, Empty, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/dashboard/load-error';
import { CardActions, CardFields, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { formatNumber, formatTaka } from '../../../lib/format';
import { ChargeTypeModal } from '../components/charge-type-modal';
import { chargeTypeName, useGetChargeTypesQuery } from '../../../lib/charge-types-api';

/** The dialog, and the type it edits (null: a new one), kept while it closes so its title does not change. */
type Editing = { open: boolean; type: TChargeType | null };

/**
 * Admin › Charge types (issue 22): what the desk posts to a folio beside the rooms (laundry, room
 * service, the airport shuttle…), each with its names in English and Bengali, the price the
 * desk's form starts from, its service charge and VAT, and whether the desk may post it. Add and
 * edit in a dialog; a type is switched off, never deleted (folio lines name it).
 */
export default function ChargeTypesPage() {
  const { t, i18n } = useTranslation('folio');
  const lng = i18n.resolvedLanguage ?? 'en';
  const phone = usePhoneLayout();
  const { data, isLoading, isFetching, isError, error, refetch } = useGetChargeTypesQuery();
  const [editing, setEditing] = useState<Editing>({ open: false, type: null });
  const types = data?.data ?? [];

  const price = (type: TChargeType) =>
    type.defaultPrice === null ? <span className="text-slate-600">{t('types.typedEachTime')}</span> : formatTaka(type.defaultPrice, lng);
  const percent = (value: number) => t('types.percent', { value: formatNumber(value, lng) });
  const state = (type: TChargeType) =>
    type.active ? (
      <Tag color="green" className="!m-0">
        {t('types.activeTag')}
      </Tag>
    ) : (
      <Tag className="!m-0">{t('types.inactiveTag')}</Tag>
    );
  const names = (type: TChargeType) => (
    <div className="min-w-0">
      <span className="block font-semibold text-slate-900" lang="en">
        {type.nameEn}
      </span>
      <span className="block text-slate-700" lang="bn">
        {type.nameBn}
      </span>
    </div>
  );
  const edit = (type: TChargeType, block = false) => (
    <Button
      size={block ? 'middle' : 'small'}
      icon={<EditOutlined aria-hidden />}
      onClick={() => setEditing({ open: true, type })}
      aria-label={t('types.editLabel', { name: chargeTypeName(type, lng) })}
      data-testid={`edit-charge-type-${type.code}`}
    >
      {t('types.edit')}
    </Button>
  );

  return (
    <Card size={phone ? 'small' : undefined}>
      <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <ScreenHeading title={t('types.title')} subtitle={t('types.subtitle')} />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ open: true, type: null })} data-testid="add-charge-type" className="self-start">
          {t('types.add')}
        </Button>
      </div>

      {isError && <LoadError error={error} fallback={t('types.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      <ResponsiveList<TChargeType>
        phone={phone}
        rows={types}
        rowKey="code"
        loading={isFetching && !isLoading ? { delay: 200 } : isLoading}
        empty={<Empty description={t('types.empty')} />}
        pagination={false}
        rowTestId={(type) => `charge-type-${type.code}`}
        cardTone={(type) => (type.active ? undefined : 'muted')}
        card={(type) => (
          <>
            <div className="flex items-start justify-between gap-2">
              {names(type)}
              {state(type)}
            </div>
            <CardFields
              fields={[
                { label: t('types.columns.code'), value: <span className="font-mono">{type.code}</span> },
                { label: t('types.columns.defaultPrice'), value: price(type) },
                { label: t('types.columns.serviceCharge'), value: percent(type.serviceChargePercent) },
                { label: t('types.columns.vat'), value: percent(type.vatPercent) },
              ]}
            />
            <CardActions>{edit(type, true)}</CardActions>
          </>
        )}
        table={{
          size: 'middle',
          scroll: { x: 760 },
          columns: [
            { title: t('types.columns.name'), key: 'name', render: (_: unknown, type) => names(type) },
            { title: t('types.columns.code'), key: 'code', render: (_: unknown, type) => <span className="font-mono text-slate-700">{type.code}</span> },
            { title: t('types.columns.defaultPrice'), key: 'price', align: 'right', render: (_: unknown, type) => price(type) },
            { title: t('types.columns.serviceCharge'), key: 'service', align: 'right', render: (_: unknown, type) => percent(type.serviceChargePercent) },
            { title: t('types.columns.vat'), key: 'vat', align: 'right', render: (_: unknown, type) => percent(type.vatPercent) },
            { title: t('types.columns.state'), key: 'state', render: (_: unknown, type) => state(type) },
            { title: <span className="sr-only">{t('types.columns.actions')}</span>, key: 'actions', render: (_: unknown, type) => edit(type) },
          ],
        }}
      />

      <ChargeTypeModal
        open={editing.open}
        editing={editing.type}
        takenCodes={types.map((type) => type.code)}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </Card>
  );
}
