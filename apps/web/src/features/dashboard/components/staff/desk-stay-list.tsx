import type { TBlock, TDeskStay } from '@residency/shared';
import { staffActions } from '@residency/shared/booking-states';
import { Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatNumber, formatTaka } from '../../../../lib/format';
import { DeskActionButtons, factsOfState, type DeskStayRef, type ImmediateAction } from '../../../reservations';
import { useCategoryName } from '../../../../lib/use-category-name';
import { ChannelStayRow } from './channel-stay-row';

interface Props {
  kind: 'arrivals' | 'departures';
  stays: TDeskStay[];
  /** The hotel's date, from the server. */
  today: string;
  /** The full list (reservations, filtered). */
  allLink: string;
  run: (stay: DeskStayRef, action: ImmediateAction) => Promise<void>;
  busy: string | null;
  /** Stays sold on a channel that start (or end) today: listed apart, as the channel's stays. */
  blocks?: TBlock[];
  /** An arrival's "Guest arrived: make reservation". */
  onArrived?: (block: TBlock) => void;
}

/**
 * Today's arrivals or departures, room by room, each with its quick action (Check in, Check out)
 * when the shared rules allow it today. Late arrivals and overdue departures are marked.
 */
export function DeskStayList({ kind, stays, today, allLink, run, busy, blocks = [], onArrived }: Props) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const categoryName = useCategoryName();
  const quick = kind === 'arrivals' ? 'check_in' : 'check_out';
  const headingId = `desk-${kind}-heading`;

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4" aria-labelledby={headingId} data-testid={`desk-${kind}`}>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h3 id={headingId} className="m-0 text-base font-semibold text-slate-900">
          {t(`today.lists.${kind}`)}
        </h3>
        <Link to={allLink} className="text-sm font-medium !text-brand-800 underline">
          {t('today.lists.all')}
        </Link>
      </div>
      {stays.length === 0 && blocks.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`today.lists.${kind}Empty`)} className="!my-2" />
      ) : (
        <ul className="m-0 flex list-none flex-col divide-y divide-slate-100 p-0">
          {stays.map((stay) => {
            // The day's list sends the state; the shared rules read the facts behind it.
            const allowed = staffActions({ ...factsOfState(stay.state), ...stay }, today).filter((a) => a === quick);
            return (
              <li
                key={stay._id}
                className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:justify-between"
                data-testid={`desk-stay-${stay.transactionId}`}
              >
                <div className="flex min-w-0 items-start gap-3">
                  <span className="min-w-12 rounded-lg bg-slate-100 px-2 py-1 text-center text-lg font-semibold text-slate-900">
                    {roomNumberText(stay.room.roomNumber, lng)}
                  </span>
                  <div className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{stay.guest.name}</span>
                    <span className="block text-xs text-slate-600">
                      {categoryName(stay.room.category)} · {t('nights', { count: stay.nights, n: formatNumber(stay.nights, lng) })} ·{' '}
                      <span className="font-mono">{stay.transactionId}</span>
                    </span>
                    <span className="mt-1 flex flex-wrap gap-1">
                      {stay.overdue && (
                        <Tag color="red" className="!m-0 !text-red-800" data-testid="overdue">
                          {t(`today.overdue.${kind}`)}
                        </Tag>
                      )}
                      {stay.balance > 0 && (
                        <Tag color="gold" className="!m-0 !text-amber-800">
                          {t('today.due', { amount: formatTaka(stay.balance, lng) })}
                        </Tag>
                      )}
                    </span>
                  </div>
                </div>
                <DeskActionButtons stay={stay} actions={allowed} run={run} busy={busy} today={today} size="middle" className="flex shrink-0 gap-2" />
              </li>
            );
          })}
          {blocks.map((block) => (
            <ChannelStayRow key={block._id} block={block} onArrived={kind === 'arrivals' ? onArrived : undefined} />
          ))}
        </ul>
      )}
    </section>
  );
}
