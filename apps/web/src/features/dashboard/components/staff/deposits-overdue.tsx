import type { TOverdueDeposit } from '@residency/shared';
import { Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatNumber, formatShortDate, formatTaka } from '../../../../lib/format';
import { getSite } from '../../../../lib/site';
import { listLinkPath, type DeskArea } from '../../staff-today-api';

/**
 * The reservations whose deposit was not paid by its due time (issue 22), the longest overdue
 * first: reference, guest and phone, the deposit asked, paid and still due, and when it was due.
 * Each opens the reservations list on its reference, where the desk takes the payment.
 */
export function DepositsOverdue({ items, area = 'staff' }: { items: TOverdueDeposit[]; area?: DeskArea }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.resolvedLanguage ?? 'en';
  const taka = (value: number) => formatTaka(value, lng);
  const headingId = 'deposits-overdue-heading';

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4" aria-labelledby={headingId} data-testid="deposits-overdue">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="m-0 text-base font-semibold text-slate-900">
          {t('depositsOverdue.title')}
        </h3>
        {items.length > 0 && (
          <Tag color="red" className="!m-0 !text-red-800">
            {t('depositsOverdue.count', { count: items.length, n: formatNumber(items.length, lng) })}
          </Tag>
        )}
      </div>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('depositsOverdue.empty')} className="!my-2" />
      ) : (
        <ul className="m-0 flex list-none flex-col divide-y divide-slate-100 p-0">
          {items.map((item) => (
            <li key={item._id} className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-start sm:justify-between" data-testid={`deposit-overdue-${item.reference}`}>
              <div className="min-w-0">
                <Link
                  to={listLinkPath({ list: 'bookings', query: { q: item.reference } }, area)}
                  className="font-mono text-sm font-medium !text-brand-800 underline"
                  aria-label={t('depositsOverdue.open', { reference: item.reference })}
                >
                  {item.reference}
                </Link>
                <span className="block truncate font-medium text-slate-900">{item.guest.name}</span>
                <span className="block text-xs text-slate-600">
                  {item.guest.phone} · {t('depositsOverdue.checkIn', { date: formatShortDate(item.checkIn, lng) })}
                </span>
              </div>
              <dl className="m-0 grid shrink-0 grid-cols-2 gap-x-4 gap-y-0.5 text-sm sm:text-right">
                <dt className="text-slate-600">{t('depositsOverdue.deposit')}</dt>
                <dd className="m-0 tabular-nums">{taka(item.deposit)}</dd>
                <dt className="text-slate-600">{t('depositsOverdue.paid')}</dt>
                <dd className="m-0 tabular-nums">{taka(item.paid)}</dd>
                <dt className="font-semibold text-red-800">{t('depositsOverdue.due')}</dt>
                <dd className="m-0 font-semibold tabular-nums text-red-800">{taka(item.depositDue)}</dd>
                <dt className="text-slate-600">{t('depositsOverdue.dueBy')}</dt>
                <dd className="m-0">{formatDateTime(item.dueBy, lng, getSite().timeZone)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
