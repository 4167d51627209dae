import type { AuditEntity, TAuditRecord } from '@residency/shared';
import { Button, Pagination, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useGetAuditQuery } from '../api';
import { changedFields } from '../audit-values';
import { ChangesList } from './changes-list';
import { ActionTag, useActorName } from './record-parts';

const PAGE_SIZE = 10;
/** An update of this many fields or fewer shows them at once; more (a creation's every field) wait for a click. */
const INLINE_FIELDS = 3;

/** One record of a history: when, who (role then), what, on which of the record's parts, and the fields. */
function HistoryItem({ record, entity }: { record: TAuditRecord; entity: AuditEntity }) {
  const { t, i18n } = useTranslation('audit');
  const lng = i18n.resolvedLanguage ?? 'en';
  const name = useActorName()(record.actor);
  const count = changedFields(record.changes).length;
  const [open, setOpen] = useState(count <= INLINE_FIELDS);
  return (
    <li className="flex flex-col gap-1 border-b border-slate-100 py-2 last:border-b-0" data-testid="history-row">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <ActionTag action={record.action} />
        {/* A reservation's history holds its payments and rooms too: the part each record is about. */}
        {record.entity !== entity && <Tag className="!m-0">{t(`entities.${record.entity}`, { defaultValue: record.entity })}</Tag>}
        <span className="text-slate-700">{formatDateTime(record.at, lng)}</span>
        <span className="min-w-0 break-words text-slate-900">
          {name} <span className="text-slate-600">· {t(`roles.${record.actor.role}`, { defaultValue: record.actor.role })}</span>
        </span>
      </span>
      {count > 0 &&
        (open ? (
          <ChangesList changes={record.changes} />
        ) : (
          <Button type="link" size="small" className="!h-auto self-start !p-0" onClick={() => setOpen(true)} aria-expanded={false}>
            {t('changes.fields', { count, n: formatNumber(count, lng) })}: {t('changes.show')}
          </Button>
        ))}
    </li>
  );
}

/**
 * The history of one record (a reservation with its rooms, payments and folio; a room with its
 * blocks; an account), newest first, ten at a time, and the way to the whole trail filtered to it.
 */
function HistoryList({ entity, entityId }: { entity: AuditEntity; entityId: string }) {
  const { t } = useTranslation('audit');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, error, refetch } = useGetAuditQuery({ page, entity, entityId, limit: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (isError) return <LoadError error={error} fallback={t('history.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />;
  const rows = data?.data ?? [];
  return (
    <div className="flex flex-col gap-2">
      {rows.length === 0 ? (
        <p className="m-0 text-sm text-slate-600">{t('history.empty')}</p>
      ) : (
        <ul className="m-0 list-none p-0">
          {rows.map((record) => (
            <HistoryItem key={record.seq} record={record} entity={entity} />
          ))}
        </ul>
      )}
      {data && data.meta.total > PAGE_SIZE && (
        <Pagination {...listPagination(data.meta, page, setPage)} size="small" simple className="self-start" />
      )}
      <Link to={`/admin/audit?entity=${entity}&entityId=${encodeURIComponent(entityId)}`} className="text-sm" data-testid="history-all">
        {t('history.all')}
      </Link>
    </div>
  );
}

/** The history under its heading, as the admin's screens of one record show it (loaded lazily by HistoryPanel). */
export default function HistorySection({ entity, entityId }: { entity: AuditEntity; entityId: string }) {
  const { t } = useTranslation('audit');
  return (
    <section aria-label={t('history.title')} data-testid="history-panel">
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 8, marginBottom: 8 }}>
        {t('history.title')}
      </Typography.Title>
      <HistoryList entity={entity} entityId={entityId} />
    </section>
  );
}
