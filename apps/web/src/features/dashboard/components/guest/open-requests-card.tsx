import type { TGuestDashboard } from '@residency/shared';
import { SERVICE_TYPE_LABELS, labelOf } from '@residency/shared/request-labels';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatDateTime, formatNumber } from '../../../../lib/format';
import { getSite } from '../../../../lib/site';

/** The guest's service requests the staff have not completed yet, and the way to My Requests. */
export function OpenRequestsCard({ requests }: { requests: TGuestDashboard['openServiceRequests'] }) {
  const { t, i18n } = useTranslation('my-stays');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { timeZone } = getSite();
  return (
    <Card
      title={<h2 className="m-0 text-base font-semibold">{t('dashboard.requests.title')}</h2>}
      extra={
        requests.count > 0 && (
          <span className="text-sm text-slate-600" data-testid="open-requests-count">
            {t('dashboard.requests.count', { count: requests.count, n: formatNumber(requests.count, lng) })}
          </span>
        )
      }
      className="h-full"
      data-testid="open-requests"
    >
      {requests.items.length === 0 ? (
        <p className="m-0 text-slate-600">{t('dashboard.requests.empty')}</p>
      ) : (
        <ul className="m-0 flex list-none flex-col divide-y divide-slate-100 p-0">
          {requests.items.map((request) => (
            <li key={request._id} className="py-2 first:pt-0" data-testid="open-request">
              <span className="block font-medium text-slate-900">{labelOf(SERVICE_TYPE_LABELS, request.service, lng)}</span>
              {request.description && <span className="block text-sm break-words text-slate-700">{request.description}</span>}
              <span className="block text-xs text-slate-600">
                {t('dashboard.requests.askedAt', { room: roomNumberText(request.roomNumber, lng), time: formatDateTime(request.createdAt, lng, timeZone) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 border-t border-slate-100 pt-3">
        <Link to="/user/my-request" className="text-sm font-medium !text-brand-700 hover:underline">
          {t('dashboard.requests.all')} →
        </Link>
      </div>
    </Card>
  );
}
