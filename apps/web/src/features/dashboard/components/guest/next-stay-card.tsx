import { CalendarOutlined, HomeOutlined } from '@ant-design/icons';
import type { TGuestStay } from '@residency/shared';
import { Button, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatLongDate, formatNumber, formatStay } from '../../../../lib/format';
import { getSite } from '../../../../lib/site';
import { checkInInstant, clockText } from '../../../../lib/hotel-clock';
import { PaymentStateTag, StayStateTag } from '../../../../components/dashboard/stay-tags';
import { useCategoryName } from '../../../../lib/use-category-name';
import { Countdown } from './countdown';

/**
 * The guest's stay under way or the next one, with the time left until check-in (moving while
 * the page is open); without one, an invitation to book.
 */
export function NextStayCard({ stay, now }: { stay: TGuestStay | null; now: Date }) {
  const { t, i18n } = useTranslation('my-stays');
  const { t: tr } = useTranslation('reservations');
  const lng = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const categoryName = useCategoryName();
  const site = getSite();

  if (!stay) {
    const toRooms = (event: React.MouseEvent) => {
      event.preventDefault();
      navigate('/accommodation');
    };
    return (
      <Card title={<h2 className="m-0 text-base font-semibold">{t('dashboard.next.title')}</h2>} data-testid="next-stay-empty">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span className="block">
              <span className="block text-base font-medium text-slate-800">{t('dashboard.next.empty')}</span>
              <span className="mt-1 block text-slate-600">{t('dashboard.next.emptyHint')}</span>
            </span>
          }
        >
          <Button type="primary" size="large" icon={<HomeOutlined aria-hidden />} href="/accommodation" onClick={toRooms}>
            {t('dashboard.next.book')}
          </Button>
        </Empty>
      </Card>
    );
  }

  const checkIn = checkInInstant(stay.startDate, site);
  const inHouse = stay.state === 'checked_in';
  return (
    <Card
      title={<h2 className="m-0 text-base font-semibold">{inHouse ? t('dashboard.next.current') : t('dashboard.next.title')}</h2>}
      data-testid="next-stay"
    >
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-lg font-semibold text-slate-900">{categoryName(stay.room.category)}</span>
            <span className="text-sm text-slate-600">{tr('mine.room', { number: roomNumberText(stay.room.roomNumber, lng) })}</span>
          </div>
          <div className="flex items-start gap-2 text-sm text-slate-700">
            <CalendarOutlined className="mt-1 text-slate-500" aria-hidden />
            <span>
              {formatStay(stay.startDate, stay.endDate, lng)}{' '}
              <span className="text-slate-600">({tr('nights', { count: stay.nights, n: formatNumber(stay.nights, lng) })})</span>
            </span>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <StayStateTag state={stay.state} />
            <PaymentStateTag state={stay.paymentState} />
          </div>
          {/* The booking ID the guest quotes: the reservation's (issue 31), whatever room this is of it. */}
          <span className="font-mono text-sm text-slate-600" data-testid="next-stay-reference">
            {stay.reservationReference}
          </span>
        </div>
        <div className="flex flex-col gap-2 md:items-end">
          {inHouse ? (
            <p className="m-0 text-base font-medium text-brand-800">{t('dashboard.next.inHouse')}</p>
          ) : now >= checkIn ? (
            <p className="m-0 text-base font-medium text-brand-800">{t('dashboard.next.begun')}</p>
          ) : (
            <Countdown target={checkIn} now={now} />
          )}
          {!inHouse && (
            <span className="text-sm text-slate-600">
              {t('dashboard.next.checkInAt', { date: formatLongDate(stay.startDate, lng), time: clockText(site.checkInTime, lng) })}
            </span>
          )}
        </div>
      </div>
      <div className="mt-4 border-t border-slate-100 pt-3">
        <Link to={`/user/my-bookings?reservation=${stay.reservationId}`} className="text-sm font-medium !text-brand-700 hover:underline" data-testid="next-stay-details">
          {t('dashboard.next.view')} →
        </Link>
      </div>
    </Card>
  );
}
