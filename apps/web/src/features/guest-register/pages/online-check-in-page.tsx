import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { roomNumberText } from '../../../lib/category-texts';
import { formatStay } from '../../../lib/format';
import { useCategoryName } from '../../../lib/use-category-name';
import { useGetCheckInStayQuery } from '../api';
import { GuestRegisterForm } from '../components/guest-register-form';

/**
 * User › My bookings › Online check-in (issue 34): the guest fills the registration cards of
 * their room before arrival, photos from the phone included, so the desk only checks the
 * documents against the person. The pre-arrival mail links here (a fresh load: the route guard
 * signs the guest in and comes back). After check-in the cards are shown as the desk keeps them.
 */
export default function OnlineCheckInPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('guest-register');
  const lng = i18n.resolvedLanguage ?? 'en';
  const categoryName = useCategoryName();
  const { data } = useGetCheckInStayQuery(id, { skip: !id });
  const stay = data?.data._id === id ? data.data : undefined;
  const subtitle = stay
    ? t('page.subtitle', {
        room: t('page.room', { category: categoryName(stay.room.category), number: roomNumberText(stay.room.roomNumber, lng) }),
        dates: formatStay(stay.startDate, stay.endDate, lng),
        reference: stay.reservationReference,
      })
    : undefined;
  const lockedNote = (
    <Alert type="info" showIcon title={stay?.state === 'checked_in' || stay?.state === 'checked_out' ? t('page.checkedIn') : t('page.closed')} data-testid="check-in-locked" />
  );

  return (
    <div className="flex flex-col gap-4">
      <Card size="small" className="!px-1 sm:!px-3">
        <div className="flex flex-col gap-2 py-1">
          <Link to="/user/my-bookings" className="flex w-fit items-center gap-1 text-sm font-medium !text-brand-700 hover:underline">
            <ArrowLeftOutlined aria-hidden /> {t('page.back')}
          </Link>
          <ScreenHeading title={t('page.title')} subtitle={subtitle} />
        </div>
      </Card>
      <Card size="small" className="!px-0 sm:!px-2">
        <p className="m-0 mb-4 text-sm text-slate-700">{t('page.intro')}</p>
        <GuestRegisterForm
          bookingId={id}
          audience="guest"
          lockedNote={lockedNote}
          footer={(state) =>
            state.complete && !state.dirty ? (
              <Alert type="success" showIcon role="status" title={t('page.ready')} description={t('page.readyText')} data-testid="check-in-ready" />
            ) : null
          }
        />
      </Card>
    </div>
  );
}
