import type { TGuestDashboard } from '@residency/shared';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatNumber, formatStay, formatTaka } from '../../../../lib/format';
import { StayStateTag } from '../../../../components/dashboard/stay-tags';
import { useCategoryName } from '../../../../lib/use-category-name';

/** The guest's latest stays that are over, with how many there are in all. */
export function PastStaysCard({ past }: { past: TGuestDashboard['pastStays'] }) {
  const { t, i18n } = useTranslation('my-stays');
  const { t: tr } = useTranslation('reservations');
  const lng = i18n.resolvedLanguage ?? 'en';
  const categoryName = useCategoryName();
  return (
    <Card
      title={<h2 className="m-0 text-base font-semibold">{t('dashboard.past.title')}</h2>}
      extra={past.count > 0 && <span className="text-sm text-slate-600">{t('dashboard.past.count', { count: past.count, n: formatNumber(past.count, lng) })}</span>}
      className="h-full"
      data-testid="past-stays"
    >
      {past.recent.length === 0 ? (
        <p className="m-0 text-slate-600">{t('dashboard.past.empty')}</p>
      ) : (
        <ul className="m-0 flex list-none flex-col divide-y divide-slate-100 p-0">
          {past.recent.map((stay) => (
            <li key={stay._id} className="flex flex-wrap items-start justify-between gap-2 py-2 first:pt-0" data-testid={`past-stay-${stay.transactionId}`}>
              <div className="min-w-0">
                <span className="block font-medium text-slate-900">
                  {categoryName(stay.room.category)} · {tr('mine.room', { number: roomNumberText(stay.room.roomNumber, lng) })}
                </span>
                <span className="block text-sm text-slate-600">{formatStay(stay.startDate, stay.endDate, lng)}</span>
              </div>
              <div className="flex flex-col items-end gap-1">
                <StayStateTag state={stay.state} />
                <span className="text-sm font-medium text-slate-800">{formatTaka(stay.amount, lng)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 border-t border-slate-100 pt-3">
        <Link to="/user/my-bookings" className="text-sm font-medium !text-brand-700 hover:underline">
          {t('dashboard.past.all')} →
        </Link>
      </div>
    </Card>
  );
}
