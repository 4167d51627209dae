import { SafetyCertificateOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { useGetDashboardStatsQuery } from '../api';

/** Admin › Dashboard: the figures that exist so far (bookings and revenue join with their features). */
export default function AdminDashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { data, isLoading, isError, error } = useGetDashboardStatsQuery();
  const errorText = useErrorText();
  const stats = data?.data;
  const lng = i18n.resolvedLanguage ?? 'en';
  const format = (value: number | string) => formatNumber(Number(value), lng);

  if (isError) return <Alert type="error" showIcon title={errorText(error, t('loadFailed'))} />;
  return (
    <div>
      <p className="mb-4 text-slate-600">{t('admin.intro')}</p>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={8}>
          <Card>
            {isLoading || !stats ? (
              <Skeleton active paragraph={{ rows: 1 }} />
            ) : (
              <>
                <Statistic title={t('cards.totalUsers')} value={stats.totalUsers} formatter={format} prefix={<TeamOutlined />} />
                <Typography.Text type="secondary" data-testid="new-users-week">
                  <UserAddOutlined /> {t('cards.newUsersThisWeek', { count: stats.newUsersThisWeek, formatted: format(stats.newUsersThisWeek) })}
                </Typography.Text>
              </>
            )}
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={8}>
          <Card>
            {isLoading || !stats ? (
              <Skeleton active paragraph={{ rows: 1 }} />
            ) : (
              <Statistic title={t('cards.totalStaff')} value={stats.totalStaffs} formatter={format} prefix={<SafetyCertificateOutlined />} />
            )}
          </Card>
        </Col>
        <Col xs={24} sm={12} xl={8}>
          <Card>
            {isLoading || !stats ? (
              <Skeleton active paragraph={{ rows: 1 }} />
            ) : (
              <Statistic title={t('cards.totalAdmins')} value={stats.totalAdmins} formatter={format} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
