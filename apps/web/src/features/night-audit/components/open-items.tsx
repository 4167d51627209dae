import { OPEN_ITEM_KINDS, type OpenItemKind, type TOpenItem } from '@residency/shared';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roomNumberText } from '../../../lib/category-texts';
import { formatNumber, formatTaka } from '../../../lib/format';
import { DeskActionButtons, useDeskActions } from '../../reservations';

/** Each kind's colour in the list's headings. */
const KIND_COLORS: Record<OpenItemKind, string> = {
  arrival: 'gold',
  departure: 'orange',
  'balance-due': 'red',
  'payment-review': 'purple',
  'channel-conflict': 'magenta',
  registration: 'blue',
};

interface Props {
  items: TOpenItem[];
  /** `/admin` or `/staff`: where the links go. */
  area: string;
  /** Whether the desk may act on the items (an ended, open day): the arrivals' No-show. */
  actionable: boolean;
  /** The hotel's date (the desk's buttons read it). */
  today: string;
  /** Said when nothing is in the list. */
  empty: string;
  testId: string;
}

/**
 * What a day left open, grouped by kind in the order the API lists them: each item's room, guest,
 * booking ID and amount, with a link to where it is dealt with; an arrival of an ended day has
 * the desk's own No-show button (the reservations feature's, with its question and its message).
 */
export function OpenItems({ items, area, actionable, today, empty, testId }: Props) {
  const { t, i18n } = useTranslation('night-audit');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { run, busy } = useDeskActions();

  if (items.length === 0) {
    return (
      <p className="mt-0 mb-4 text-sm text-slate-700" data-testid={`${testId}-none`}>
        {empty}
      </p>
    );
  }

  const reservationLink = (item: TOpenItem) =>
    item.reference ? (
      <Link to={`/${area}/reservation?q=${encodeURIComponent(item.reference)}&booking=${encodeURIComponent(item.id)}`} className="text-sm">
        {t('items.reservation')}
      </Link>
    ) : null;

  const actionsOf = (item: TOpenItem): ReactNode => {
    switch (item.kind) {
      case 'arrival':
        return actionable && item.reference && item.roomNumber ? (
          <DeskActionButtons
            stay={{ _id: item.id, transactionId: item.reference, endDate: today, room: { roomNumber: item.roomNumber } }}
            actions={['no_show']}
            run={run}
            busy={busy}
            today={today}
            leading={reservationLink(item)}
            className="flex flex-wrap items-center gap-3"
          />
        ) : (
          reservationLink(item)
        );
      case 'payment-review':
        return (
          <Link to={`/${area}/payments-review`} className="text-sm">
            {t('items.review')}
          </Link>
        );
      case 'channel-conflict':
        // The channels screen is the admin's.
        return area === 'admin' ? (
          <Link to="/admin/channels" className="text-sm">
            {t('items.channels')}
          </Link>
        ) : null;
      default:
        return reservationLink(item);
    }
  };

  const groups = OPEN_ITEM_KINDS.map((kind) => ({ kind, items: items.filter((item) => item.kind === kind) })).filter((g) => g.items.length > 0);

  return (
    <div className="mb-4 flex flex-col gap-4" data-testid={testId}>
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`${testId}-${group.kind}`} data-testid={`${testId}-${group.kind}`}>
          <h4 id={`${testId}-${group.kind}`} className="mt-0 mb-2 flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
            <span>{t(`items.kinds.${group.kind}`)}</span>
            <Tag color={KIND_COLORS[group.kind]} className="!m-0">
              {t('items.count', { count: group.items.length, n: formatNumber(group.items.length, lng) })}
            </Tag>
          </h4>
          {group.kind === 'arrival' && actionable && <p className="mt-0 mb-2 text-sm text-slate-600">{t('items.noShowHint')}</p>}
          <ul className="m-0 flex list-none flex-col gap-2 p-0">
            {group.items.map((item) => (
              <li
                key={`${item.kind}-${item.id}`}
                className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 md:flex-row md:items-center md:justify-between"
                data-testid={`open-item-${item.kind}`}
                data-item={item.id}
              >
                <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="font-semibold text-slate-900">{item.roomNumber ? t('items.room', { number: roomNumberText(item.roomNumber, lng) }) : t('items.noRoom')}</span>
                  <span className="min-w-0 break-words text-slate-800">{item.guestName ?? t('items.noGuest')}</span>
                  {item.reference && <span className="font-mono text-sm break-all text-slate-600">{item.reference}</span>}
                  {item.amount !== null && <span className="font-semibold text-amber-800">{formatTaka(item.amount, lng)}</span>}
                </div>
                <div className="shrink-0">{actionsOf(item)}</div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

