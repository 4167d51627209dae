import {
  BarChartOutlined,
  CalendarOutlined,
  HomeOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { TDashboardStats } from '@residency/shared';
import { Card, Col, Grid, Row, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatTaka } from '../../../../lib/format';
import { percentText } from '../../admin-chart-format';


/** Closer cards on phones, where two share a row. */
const GUTTER: [Partial<Record<'xs' | 'sm', number>>, Partial<Record<'xs' | 'sm', number>>] = [
  { xs: 8, sm: 16 },
  { xs: 8, sm: 16 },
];

function StatCard({
  loading,
  title,
  value,
  icon,
  testId,
  hint,
}: {
  loading: boolean;
  title: string;
  value?: string;
  icon: ReactNode;
  testId: string;
  hint?: ReactNode;
}) {
  const phone = !Grid.useBreakpoint().sm;
  return (
    <Card className="h-full" classNames={{ body: '!p-3 sm:!p-5' }}>
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Statistic
            title={title}
            value={value}
            // No icon on phones: two cards share a row there, and the figure needs the room.
            prefix={phone ? undefined : <span aria-hidden="true" className="mr-1 text-[#14504f]">{icon}</span>}
            valueRender={() => (
              <span className="text-lg font-semibold [overflow-wrap:anywhere] sm:text-2xl" data-testid={testId}>
                {value}
              </span>
            )}
          />
          {hint && (
            <Typography.Text type="secondary" className="mt-1 block text-sm">
              {hint}
            </Typography.Text>
          )}
        </>
      )}
    </Card>
  );
}

/**
 * The figures of spec section 2 (revenue, bookings, users with this week's new ones, staff),
 * then the period's ADR, RevPAR and occupancy.
 */
export function StatCards({ stats, loading }: { stats?: TDashboardStats; loading: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.resolvedLanguage ?? 'en';
  const busy = loading || !stats;
  const num = (value: number | undefined) => (value === undefined ? undefined : formatNumber(value, lng));
  const taka = (value: number | undefined) => (value === undefined ? undefined : formatTaka(value, lng));
  return (
    <>
      <Row gutter={GUTTER}>
        <Col xs={12} sm={12} xl={6}>
          <StatCard loading={busy} title={t('cards.totalRevenue')} value={taka(stats?.totalIncome)} icon={<WalletOutlined />} testId="card-revenue" />
        </Col>
        <Col xs={12} sm={12} xl={6}>
          <StatCard loading={busy} title={t('cards.totalBookings')} value={num(stats?.totalBookings)} icon={<CalendarOutlined />} testId="card-bookings" />
        </Col>
        <Col xs={12} sm={12} xl={6}>
          <StatCard
            loading={busy}
            title={t('cards.totalUsers')}
            value={num(stats?.totalUsers)}
            icon={<TeamOutlined />}
            testId="card-users"
            hint={
              stats && (
                <span data-testid="new-users-week">
                  <UserAddOutlined /> {t('cards.newUsersThisWeek', { count: stats.newUsersThisWeek, formatted: num(stats.newUsersThisWeek) })}
                </span>
              )
            }
          />
        </Col>
        <Col xs={12} sm={12} xl={6}>
          <StatCard loading={busy} title={t('cards.totalStaff')} value={num(stats?.totalStaffs)} icon={<SafetyCertificateOutlined />} testId="card-staff" />
        </Col>
      </Row>
      <Row gutter={GUTTER} className="mt-2 sm:mt-4">
        <Col xs={24} sm={8}>
          <StatCard loading={busy} title={t('cards.adr')} value={taka(stats?.adr)} icon={<HomeOutlined />} testId="card-adr" hint={t('cards.adrHint')} />
        </Col>
        <Col xs={24} sm={8}>
          <StatCard loading={busy} title={t('cards.revpar')} value={taka(stats?.revpar)} icon={<RiseOutlined />} testId="card-revpar" hint={t('cards.revparHint')} />
        </Col>
        <Col xs={24} sm={8}>
          <StatCard
            loading={busy}
            title={t('cards.occupancy')}
            value={stats ? percentText(stats.occupancy, lng) : undefined}
            icon={<BarChartOutlined />}
            testId="card-occupancy"
            hint={
              stats &&
              // Nights a channel sold count as occupied, and are named apart from the hotel's own.
              (stats.channelNightsSold > 0
                ? t('cards.occupancyHintChannels', {
                    sold: num(stats.roomNightsSold),
                    channel: num(stats.channelNightsSold),
                    available: num(stats.roomNightsAvailable),
                  })
                : t('cards.occupancyHint', { sold: num(stats.roomNightsSold), available: num(stats.roomNightsAvailable) }))
            }
          />
        </Col>
      </Row>
    </>
  );
}
