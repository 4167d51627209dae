import { todayAt } from '@residency/shared/dates';
import { Alert, Button, Col, Grid, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getSite } from '../../../lib/site';
import { useErrorText } from '../../../lib/server-error';
import { periodDay } from '../admin-chart-format';
import { periodFromSearch, searchOfPeriod, type AdminPeriod } from '../admin-period';
import { useGetDashboardStatsQuery } from '../api';
import { OverviewCard, RoomTypesCard, ServiceRequestsCard } from '../components/admin/chart-cards';
import { ConflictsNotice } from '../components/admin/conflicts-notice';
import { CsvDownloadButton } from '../components/admin/csv-download-button';
import { PeriodPicker } from '../components/admin/period-picker';
import { StatCards } from '../components/admin/stat-cards';

/**
 * Admin › Dashboard: the hotel's figures over a period kept in the URL (so a view can be
 * linked), the monthly overview and the two distributions (charts in a lazy chunk), and the
 * period's bookings as CSV.
 */
export default function AdminDashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.resolvedLanguage ?? 'en';
  const phone = !Grid.useBreakpoint().sm;
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const today = todayAt(getSite().timeZone);
  const period = useMemo(() => periodFromSearch(params, today), [params, today]);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetDashboardStatsQuery({ from: period.from, to: period.to });
  // While another period loads, the last figures stay on screen, dimmed, instead of blinking away.
  const stats = data?.data;
  const stale = isFetching && !isLoading;

  const changePeriod = (next: AdminPeriod) => {
    const resolved = next.choice === 'custom' ? next : periodFromSearch(new URLSearchParams(searchOfPeriod(next)), today);
    setParams(searchOfPeriod(resolved), { replace: false });
  };

  return (
    <div className="flex flex-col gap-4">
      <ConflictsNotice />
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <p className="m-0 text-slate-600">{t('admin.intro')}</p>
          <p className="m-0 mt-1 text-sm font-medium text-slate-800" data-testid="period-shown">
            {t('period.showing', { from: periodDay(period.from, lng), to: periodDay(period.to, lng) })}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <PeriodPicker period={period} onChange={changePeriod} />
          <CsvDownloadButton period={period} block={phone} />
        </div>
      </div>

      {isError && (
        <Alert
          type="error"
          showIcon
          title={errorText(error, t('loadFailed'))}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          }
          data-testid="dashboard-error"
        />
      )}

      {!isError && (
        <div className={stale ? 'opacity-60 transition-opacity' : 'transition-opacity'} aria-busy={isFetching} data-testid="dashboard-figures">
          <StatCards stats={stats} loading={isLoading} />
          <div className="mt-4">
            <OverviewCard stats={stats} loading={isLoading} />
          </div>
          <Row gutter={[16, 16]} className="mt-4">
            <Col xs={24} lg={12}>
              <RoomTypesCard stats={stats} loading={isLoading} />
            </Col>
            <Col xs={24} lg={12}>
              <ServiceRequestsCard stats={stats} loading={isLoading} />
            </Col>
          </Row>
        </div>
      )}
      <Typography.Text type="secondary" className="text-xs">
        {t('admin.notes')}
      </Typography.Text>
    </div>
  );
}
