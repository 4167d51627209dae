import type { TDashboardStats } from '@residency/shared';
import { Card, Empty, Grid, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatTaka } from '../../../../lib/format';
import { useCategoryName } from '../../../../lib/use-category-name';
import { monthLabels, monthTitle } from '../../admin-chart-format';
import type { OverviewPoint, PieSlice } from './admin-charts';

// Recharts stays out of every other route: both charts come from one lazy chunk.
const OverviewChart = lazy(() => import('./admin-charts').then((m) => ({ default: m.OverviewChart })));
const DistributionPie = lazy(() => import('./admin-charts').then((m) => ({ default: m.DistributionPie })));
/** The pies' colours, repeated here so the legend does not wait for the chart chunk. */
const SLICE_COLORS = ['#14504f', '#e9c46a', '#2a9d8f', '#e76f51', '#457b9d', '#8d6a9f', '#f4a261', '#6b705c'];
const SERVICE_COLORS = { completed: '#2a9d8f', pending: '#e9c46a' };

function useChartHeight(): number {
  const screens = Grid.useBreakpoint();
  return screens.md ? 320 : 240;
}

const ChartSkeleton = ({ height }: { height: number }) => (
  <div style={{ height }} className="flex items-center" data-testid="chart-loading">
    <Skeleton.Node active style={{ width: '100%', height: height - 16 }} />
  </div>
);

type Metric = 'revenue' | 'bookings';

/** 'Revenue & Bookings Overview': a tab per figure, each drawn with the month's occupancy. */
export function OverviewCard({ stats, loading }: { stats?: TDashboardStats; loading: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.resolvedLanguage ?? 'en';
  const [metric, setMetric] = useState<Metric>('revenue');
  const height = useChartHeight();
  const title = t('charts.overview');

  let body;
  if (loading || !stats) body = <ChartSkeleton height={height} />;
  else if (stats.monthlyData.every((m) => m.revenue === 0 && m.bookings === 0 && m.roomNightsSold === 0)) {
    body = (
      <div style={{ minHeight: height }} className="flex items-center justify-center">
        <Empty description={t('empty.period')} data-testid="overview-empty" />
      </div>
    );
  } else {
    const labels = monthLabels(
      stats.monthlyData.map((m) => m.month),
      lng,
    );
    const points: OverviewPoint[] = stats.monthlyData.map((m, i) => ({
      month: m.month,
      label: labels[i]!,
      title: monthTitle(m.month, lng),
      value: metric === 'revenue' ? m.revenue : m.bookings,
      occupancy: m.occupancy,
    }));
    body = (
      <Suspense fallback={<ChartSkeleton height={height} />}>
        <div data-testid="overview-chart">
          <OverviewChart
            points={points}
            lng={lng}
            height={height}
            title={`${title}: ${t(`charts.${metric}`)}`}
            valueName={t(`charts.${metric}`)}
            occupancyName={t('charts.occupancy')}
            formatValue={(value) => (metric === 'revenue' ? formatTaka(value, lng) : formatNumber(value, lng))}
          />
        </div>
      </Suspense>
    );
  }

  return (
    <Card title={<h2 className="m-0 text-base font-semibold">{title}</h2>} styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        activeKey={metric}
        onChange={(key) => setMetric(key as Metric)}
        items={[
          { key: 'revenue', label: t('charts.revenue') },
          { key: 'bookings', label: t('charts.bookings') },
        ]}
        data-testid="overview-tabs"
      />
      {body}
    </Card>
  );
}

/** The names and figures of a pie, as a list a screen reader and a phone both read well. */
function SliceLegend({ slices, testId }: { slices: PieSlice[]; testId: string }) {
  return (
    <ul className="m-0 flex list-none flex-col gap-1.5 p-0" data-testid={testId}>
      {slices.map((slice) => (
        <li key={slice.name} className="flex items-center gap-2 text-sm">
          <span aria-hidden="true" className="inline-block h-3 w-3 shrink-0 rounded-sm" style={{ background: slice.fill }} />
          <span className="min-w-0 flex-1 truncate" title={slice.name}>
            {slice.name}
          </span>
          <span className="font-semibold tabular-nums">{slice.text}</span>
        </li>
      ))}
    </ul>
  );
}

function PieCard({
  title,
  slices,
  loading,
  empty,
  testId,
  header,
}: {
  title: string;
  slices: PieSlice[];
  loading: boolean;
  empty: string;
  testId: string;
  header?: React.ReactNode;
}) {
  const screens = Grid.useBreakpoint();
  const height = screens.md ? 240 : 200;
  let body;
  if (loading) body = <ChartSkeleton height={height} />;
  else if (slices.every((s) => s.value === 0)) {
    body = (
      <div style={{ minHeight: height }} className="flex items-center justify-center">
        <Empty description={empty} />
      </div>
    );
  } else {
    body = (
      <div className="grid items-center gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Suspense fallback={<ChartSkeleton height={height} />}>
          <DistributionPie slices={slices.filter((s) => s.value > 0)} height={height} title={title} />
        </Suspense>
        <SliceLegend slices={slices} testId={`${testId}-legend`} />
      </div>
    );
  }
  return (
    <Card title={<h2 className="m-0 text-base font-semibold">{title}</h2>} className="h-full" data-testid={testId}>
      {header}
      {body}
    </Card>
  );
}

/**
 * 'Room Type Distribution': the rooms in service per category, named in the reader's language
 * (the figures hold the English name; Bengali pages showed "Deluxe King").
 */
export function RoomTypesCard({ stats, loading }: { stats?: TDashboardStats; loading: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.resolvedLanguage ?? 'en';
  const categoryName = useCategoryName();
  const slices: PieSlice[] = (stats?.roomData ?? []).map((room, i) => ({
    name: categoryName(room.name),
    value: room.value,
    fill: SLICE_COLORS[i % SLICE_COLORS.length]!,
    text: t('charts.rooms', { count: room.value, formatted: formatNumber(room.value, lng) }),
  }));
  return <PieCard title={t('charts.roomTypes')} slices={slices} loading={loading || !stats} empty={t('empty.rooms')} testId="room-types" />;
}

/** 'Service Requests Overview': the requests of the period, completed and pending. */
export function ServiceRequestsCard({ stats, loading }: { stats?: TDashboardStats; loading: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.resolvedLanguage ?? 'en';
  const slices: PieSlice[] = stats
    ? [
        { name: t('charts.completed'), value: stats.totalCompletedServiceRequest, fill: SERVICE_COLORS.completed, text: formatNumber(stats.totalCompletedServiceRequest, lng) },
        { name: t('charts.pending'), value: stats.totalPendingServices, fill: SERVICE_COLORS.pending, text: formatNumber(stats.totalPendingServices, lng) },
      ]
    : [];
  const header = stats ? (
    <p className="mb-3 mt-0 text-sm text-slate-700" data-testid="service-total">
      {t('charts.totalRequests')}: <strong className="text-base">{formatNumber(stats.totalServiceRequest, lng)}</strong>
    </p>
  ) : null;
  return (
    <PieCard
      title={t('charts.services')}
      slices={slices}
      loading={loading || !stats}
      empty={t('empty.services')}
      testId="service-requests"
      header={header}
    />
  );
}
