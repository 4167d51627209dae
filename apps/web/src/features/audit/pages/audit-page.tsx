import { CloseOutlined, DownOutlined, RightOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, isIsoDate, type TAuditRecord } from '@residency/shared';
import { Button, Card, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { LoadError } from '../../../components/dashboard/load-error';
import { CardFields, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useGetAuditQuery, type AuditFilter } from '../api';
import { changedFields, shortId } from '../audit-values';
import { AuditFilters, type FilterChange } from '../components/audit-filters';
import { ChangesList } from '../components/changes-list';
import { ActionTag, EntityCell, useActorName, Who } from '../components/record-parts';
import { CsvButton, useChainCheck } from '../components/trail-actions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE_SIZE = 20;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined => (list as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The filters of the address (?actor=&entity=&entityId=&action=&from=&to=&page=), each dropped when it is not what the API takes. */
function filterOf(params: URLSearchParams): AuditFilter {
  const date = (key: string) => (isIsoDate(params.get(key) ?? '') ? params.get(key)! : undefined);
  const page = Number(params.get('page'));
  const entity = oneOf(AUDIT_ENTITIES, params.get('entity'));
  const entityId = params.get('entityId')?.slice(0, 200);
  const actor = params.get('actor') ?? '';
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    entity,
    // One record's history needs its kind: an id alone names nothing.
    entityId: entity && entityId ? entityId : undefined,
    actor: UUID.test(actor) ? actor : undefined,
    action: oneOf(AUDIT_ACTIONS, params.get('action')),
    from: date('from'),
    to: date('to'),
  };
}

/**
 * The audit trail (issue 35), for the admin: every change to the hotel's records and every
 * sign-in, newest first, with who made it (and the role they had then), from which address and
 * browser, the route, and each field before and after (opened per record). Filters by person,
 * kind of record (or one record's history), action and days, all in the address; the CSV takes
 * the same filters, and "Check the chain" asks the server whether any record was changed since it
 * was written.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation('audit');
  const lng = i18n.resolvedLanguage ?? 'en';
  const phone = usePhoneLayout();
  const actorName = useActorName();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetAuditQuery({ ...filter, limit: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const chain = useChainCheck();
  // The records whose changes are open (by number; the same on the table and on the cards).
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (seq: number) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(seq)) next.add(seq);
      return next;
    });

  const set = (changes: FilterChange & { page?: string }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  const rows = data?.data ?? [];
  // Narrowed to one person, every record is theirs: the first names them in the filter.
  const person = filter.actor ? rows.find((r) => r.actor._id === filter.actor)?.actor : undefined;

  const who = (row: TAuditRecord) => <Who actor={row.actor} onPerson={(actor) => set({ actor })} />;
  const entity = (row: TAuditRecord) => (
    <EntityCell record={row} onRecord={row.entityId ? () => set({ entity: row.entity, entityId: row.entityId ?? undefined }) : undefined} />
  );
  // Routes and browsers are long words: broken where they must be, not at every letter.
  const route = (row: TAuditRecord) => <span className="font-mono text-xs wrap-anywhere text-slate-700">{row.route ?? '—'}</span>;
  const from = (row: TAuditRecord) => (
    <span className="flex flex-col">
      <span className="font-mono text-sm wrap-anywhere">{row.ip ?? '—'}</span>
      {row.userAgent && (
        <span className="line-clamp-2 text-xs break-all text-slate-600" title={row.userAgent}>
          {row.userAgent}
        </span>
      )}
    </span>
  );
  // The changed fields named, and a button that opens their values before and after.
  const changes = (row: TAuditRecord) => {
    const fields = changedFields(row.changes).map((f) => f.field);
    if (fields.length === 0) return <span className="text-slate-500">—</span>;
    const shown = open.has(row.seq);
    return (
      <Button
        type="link"
        size="small"
        className="!h-auto self-start !justify-start !p-0 text-left !whitespace-normal"
        icon={shown ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
        aria-expanded={shown}
        onClick={() => toggle(row.seq)}
        data-testid="audit-changes-toggle"
      >
        <span className="text-left wrap-anywhere">
          {t('changes.fields', { count: fields.length, n: formatNumber(fields.length, lng) })}: {fields.slice(0, 2).join(', ')}
          {fields.length > 2 && ` ${t('changes.more', { n: formatNumber(fields.length - 2, lng) })}`}
        </span>
      </Button>
    );
  };

  return (
    <Card size={phone ? 'small' : undefined}>
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap lg:shrink-0">
          <CsvButton filter={filter} />
          {chain.button}
        </div>
      </div>
      {chain.result}
      <AuditFilters filter={filter} personName={person && actorName(person)} onChange={set} />
      {filter.entity && filter.entityId && (
        <div className="mb-3" data-testid="audit-record-filter">
          <Button size="small" icon={<CloseOutlined aria-hidden />} onClick={() => set({ entityId: undefined })} className="!h-auto !whitespace-normal">
            {t('filters.record', { entity: t(`entities.${filter.entity}`), id: shortId(filter.entityId) })}
          </Button>
        </div>
      )}
      {data && (
        <p className="mt-0 mb-3 text-sm text-slate-600" data-testid="audit-total">
          {t('total', { count: data.meta.total, n: formatNumber(data.meta.total, lng) })}
        </p>
      )}

      {isError && <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      <ResponsiveList<TAuditRecord>
        phone={phone}
        rows={rows}
        rowKey={(row) => String(row.seq)}
        loading={isFetching && !isLoading ? { delay: 200 } : isLoading}
        empty={<Empty description={t('empty')} />}
        pagination={listPagination(data?.meta, filter.page, (page) => set({ page: String(page) }))}
        rowTestId={() => 'audit-row'}
        card={(row) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <ActionTag action={row.action} />
              <span className="shrink-0 text-sm text-slate-700">{formatDateTime(row.at, lng)}</span>
            </div>
            <Who actor={row.actor} onPerson={(actor) => set({ actor })} line />
            <CardFields
              fields={[
                { label: t('columns.entity'), value: <span className="flex justify-end [&>span]:items-end">{entity(row)}</span> },
                { label: t('columns.route'), value: route(row) },
                { label: t('columns.fromShort'), value: from(row) },
              ]}
            />
            {changes(row)}
            {open.has(row.seq) && <ChangesList changes={row.changes} />}
          </>
        )}
        table={{
          size: 'middle',
          // The columns fit the card at 1280 px (1280 − 250 menu − 2 × 48 padding): no sideways scroll there.
          scroll: { x: 934 },
          expandable: {
            // Opened by the Changes column's button, which names the fields: no second control.
            showExpandColumn: false,
            expandedRowKeys: [...open].map(String),
            rowExpandable: (row) => changedFields(row.changes).length > 0,
            expandedRowRender: (row) => <ChangesList changes={row.changes} />,
          },
          columns: [
            { title: t('columns.at'), key: 'at', width: 120, render: (_: unknown, row) => formatDateTime(row.at, lng) },
            { title: t('columns.who'), key: 'who', width: 180, render: (_: unknown, row) => who(row) },
            { title: t('columns.action'), key: 'action', width: 120, render: (_: unknown, row) => <ActionTag action={row.action} /> },
            { title: t('columns.entity'), key: 'entity', width: 130, render: (_: unknown, row) => entity(row) },
            { title: t('columns.changes'), key: 'changes', render: (_: unknown, row) => changes(row) },
            {
              title: t('columns.routeFrom'),
              key: 'from',
              width: 200,
              render: (_: unknown, row) => (
                <span className="flex flex-col gap-1">
                  {route(row)}
                  {from(row)}
                </span>
              ),
            },
          ],
        }}
      />
    </Card>
  );
}
