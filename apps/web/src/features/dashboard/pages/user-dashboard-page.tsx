import { Button, Card, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { useNow } from '../../../lib/use-now';
import { useGetGuestDashboardQuery } from '../guest-dashboard-api';
import { NextStayCard } from '../components/guest/next-stay-card';
import { OpenRequestsCard } from '../components/guest/open-requests-card';
import { PastStaysCard } from '../components/guest/past-stays-card';
import { WelcomeCard } from '../components/welcome-card';

/**
 * User › Dashboard: who you are and your membership; your next stay with the time left until
 * check-in, your past stays and your open service requests.
 */
export default function UserDashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: ts } = useTranslation('my-stays');
  const navigate = useNavigate();
  const now = useNow();
  const { data, isLoading, isError, error, refetch } = useGetGuestDashboardQuery();
  const dashboard = data?.data;
  return (
    <div className="flex flex-col gap-4">
      <WelcomeCard>
        <Typography.Paragraph className="!mt-4">{t('user.intro')}</Typography.Paragraph>
        <Space wrap>
          <Button type="primary" onClick={() => navigate('/profile')}>
            {t('user.editProfile')}
          </Button>
          <Button onClick={() => navigate('/membership-benefits')}>{t('user.benefits')}</Button>
          <Button onClick={() => navigate('/contact')}>{t('user.contact')}</Button>
        </Space>
      </WelcomeCard>

      {isError && <LoadError error={error} fallback={ts('dashboard.loadFailed')} retryLabel={ts('dashboard.retry')} onRetry={refetch} />}

      {isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        dashboard && (
          <>
            <NextStayCard stay={dashboard.nextStay} now={now} />
            <div className="grid gap-4 lg:grid-cols-2">
              <PastStaysCard past={dashboard.pastStays} />
              <OpenRequestsCard requests={dashboard.openServiceRequests} />
            </div>
          </>
        )
      )}
    </div>
  );
}
