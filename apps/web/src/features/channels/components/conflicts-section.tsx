import { WarningOutlined } from '@ant-design/icons';
import type { TConflict } from '@residency/shared';
import { Button, Card, Pagination, Tag } from 'antd';
import { useState } from 'react';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { formatNumber, formatStay } from '../../../lib/format';
import { useCategoryName } from '../../../lib/use-category-name';
import { LoadError } from '../../../components/dashboard/load-error';
import { useGetConflictsQuery } from '../api';
import { useChannelTexts } from '../channel-texts';
import { ResolveConflictModal } from './resolve-conflict-modal';

/**
 * The open conflicts, first on the screen: each with the channel's stay, the nights held for its
 * guest and the nights that clash, beside what already holds them (a reservation, another block,
 * or nothing any more), and "Mark resolved", which asks what was done. A page at a time (a feed
 * can bring thousands), on Channels and on the staff's day alike. Nothing is shown when there are none.
 */
export function ConflictsSection() {
  const { t, lng } = useChannelTexts();
  const [page, setPage] = useState(1);
  const { data, isError, error, refetch } = useGetConflictsQuery({ status: 'open', page });
  const [resolving, setResolving] = useState<TConflict | null>(null);
  const conflicts = data?.data ?? [];
  const count = data?.meta.total ?? 0;

  if (isError) return <LoadError error={error} fallback={t('conflictsLoadFailed')} retryLabel={t('retry')} onRetry={refetch} />;
  if (conflicts.length === 0) return null;
  return (
    <Card
      size="small"
      className="!border-rose-300"
      title={
        <h2 className="m-0 flex items-center gap-2 text-base font-semibold text-rose-800">
          <WarningOutlined aria-hidden />
          {t('conflicts.title')}
          <Tag color="red" className="!m-0 !text-red-800">
            {t('conflicts.count', { n: formatNumber(count, lng) })}
          </Tag>
        </h2>
      }
      data-testid="channel-conflicts"
    >
      <p className="mt-0 mb-3 text-sm text-slate-700">{t('conflicts.intro')}</p>
      <ul className="m-0 flex list-none flex-col gap-3 p-0" aria-label={t('conflicts.listLabel')}>
        {conflicts.map((conflict) => (
          <li key={conflict._id}>
            <ConflictItem conflict={conflict} onResolve={() => setResolving(conflict)} />
          </li>
        ))}
      </ul>
      {data && (
        <nav aria-label={t('conflicts.pages')} className="mt-3 flex justify-end">
          <Pagination size="small" hideOnSinglePage {...listPagination(data.meta, page, setPage)} />
        </nav>
      )}
      <ResolveConflictModal conflict={resolving} onClose={() => setResolving(null)} />
    </Card>
  );
}

function ConflictItem({ conflict, onResolve }: { conflict: TConflict; onResolve: () => void }) {
  const { t, lng, channelName, roomNo } = useChannelTexts();
  const categoryName = useCategoryName();
  const channel = channelName(conflict.channel);
  const held = conflict.heldBy;
  const nightRuns = (runs: TConflict['heldNights']) => runs.map((run) => formatStay(run.checkIn, run.checkOut, lng)).join(', ');
  return (
    <div className="flex min-w-0 flex-col gap-3 rounded-lg border border-rose-200 bg-rose-50/60 p-3" data-testid={`conflict-${conflict._id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Tag color="red" className="!m-0 !text-red-800">
          {channel}
        </Tag>
        <span className="font-medium text-slate-900">
          {t('conflicts.room', { number: roomNo(conflict.room.roomNumber) })} · {categoryName(conflict.room.category)}
        </span>
      </div>
      <div className="grid min-w-0 gap-3 sm:grid-cols-2">
        <section className="min-w-0" data-testid="conflict-channel-side">
          <h3 className="m-0 text-xs font-semibold text-slate-600">{t('conflicts.channelNights', { channel })}</h3>
          <p className="m-0 text-sm font-medium text-slate-900">{t('conflicts.stay', { dates: formatStay(conflict.checkIn, conflict.checkOut, lng) })}</p>
          <p className="m-0 text-sm font-medium text-rose-800" data-testid="conflict-clashing">
            {t('conflicts.clashing', { nights: nightRuns(conflict.clashingNights) })}
          </p>
          <p className="m-0 text-sm text-slate-800" data-testid="conflict-held">
            {conflict.heldNights.length > 0 ? t('conflicts.held', { channel, nights: nightRuns(conflict.heldNights) }) : t('conflicts.heldNone', { channel })}
          </p>
          <p className="m-0 text-sm break-words text-slate-700 italic">{conflict.summary}</p>
        </section>
        <section className="min-w-0" data-testid="conflict-held-by">
          <h3 className="m-0 text-xs font-semibold text-slate-600">{t('conflicts.heldBy')}</h3>
          {held.kind === 'gone' ? (
            <p className="m-0 text-sm text-slate-700">{t('conflicts.gone')}</p>
          ) : (
            <>
              <p className="m-0 text-sm font-medium text-slate-900">{formatStay(held.checkIn, held.checkOut, lng)}</p>
              <p className="m-0 text-sm break-words text-slate-700">
                {held.kind === 'booking'
                  ? t('conflicts.reservation', { id: held.transactionId, guest: held.guestName })
                  : t('conflicts.block', { source: held.channel ? channelName(held.channel) : t('conflicts.deskBlock'), summary: held.summary })}
              </p>
            </>
          )}
        </section>
      </div>
      <div className="flex justify-end">
        <Button type="primary" onClick={onResolve} aria-label={t('conflicts.resolveLabel', { number: roomNo(conflict.room.roomNumber), channel })}>
          {t('conflicts.resolve')}
        </Button>
      </div>
    </div>
  );
}
