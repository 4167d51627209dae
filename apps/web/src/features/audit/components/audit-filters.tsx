import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@residency/shared';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetAuditPeopleQuery, type AuditFilter } from '../api';

/** A change of the filters: a value to set, or undefined to drop it. */
export type FilterChange = Partial<Record<Exclude<keyof AuditFilter, 'page'>, string | undefined>>;

/**
 * The person filter: a search over the accounts by name or e-mail (the server's users list, so a
 * hotel with thousands of guests is not loaded whole). The person chosen keeps their name
 * (`chosenName`, read from the records shown) while the list holds other names.
 */
function PersonSelect({ value, chosenName, onChange }: { value?: string; chosenName?: string; onChange: (id: string | undefined) => void }) {
  const { t } = useTranslation('audit');
  const [typed, setTyped] = useState('');
  const searchTerm = useDebouncedValue(typed.trim());
  const { data, isFetching } = useGetAuditPeopleQuery(searchTerm);
  const found = (data?.data ?? []).map((u) => ({ value: u._id, label: u.email ? `${u.name} · ${u.email}` : u.name }));
  const options = value && !found.some((o) => o.value === value) ? [{ value, label: chosenName ?? t('filters.onePerson') }, ...found] : found;
  return (
    <Select
      allowClear
      value={value}
      options={options}
      loading={isFetching}
      onChange={(id?: string) => onChange(id)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder={t('filters.whoSearch')}
      aria-label={t('filters.who')}
      popupMatchSelectWidth={false}
      className="col-span-2 w-full md:!w-56"
      data-testid="audit-filter-person"
    />
  );
}

/**
 * The trail's filters: the person, the kind of record, the action, and the first and last day
 * (the hotel's days). Each change is written to the address by the screen.
 */
export function AuditFilters({ filter, personName, onChange }: { filter: AuditFilter; personName?: string; onChange: (change: FilterChange) => void }) {
  const { t } = useTranslation('audit');
  const picker = (which: 'from' | 'to') => (
    <DatePicker
      value={filter[which] ? dayjs(filter[which]) : null}
      onChange={(value: Dayjs | null) => onChange({ [which]: value ? value.format('YYYY-MM-DD') : undefined })}
      format="DD-MM-YYYY"
      inputReadOnly
      aria-label={t(`filters.${which}`)}
      placeholder={t(`filters.${which}`)}
      className="w-full md:!w-36"
      data-testid={`audit-filter-${which}`}
    />
  );
  return (
    <div className="mb-3 grid grid-cols-2 gap-2 md:flex md:flex-wrap md:items-center" data-testid="audit-filters">
      <PersonSelect value={filter.actor} chosenName={personName} onChange={(actor) => onChange({ actor })} />
      <Select
        allowClear
        value={filter.entity}
        // A new kind of record changes the record whose history is shown: that one is dropped.
        onChange={(entity?: string) => onChange({ entity, entityId: undefined })}
        options={AUDIT_ENTITIES.map((e) => ({ value: e, label: t(`entities.${e}`) }))}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('filters.entity')}
        aria-label={t('filters.entity')}
        popupMatchSelectWidth={false}
        className="w-full md:!w-48"
        data-testid="audit-filter-entity"
      />
      <Select
        allowClear
        value={filter.action}
        onChange={(action?: string) => onChange({ action })}
        options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`actions.${a}`) }))}
        placeholder={t('filters.action')}
        aria-label={t('filters.action')}
        popupMatchSelectWidth={false}
        className="w-full md:!w-40"
        data-testid="audit-filter-action"
      />
      {picker('from')}
      {picker('to')}
    </div>
  );
}
