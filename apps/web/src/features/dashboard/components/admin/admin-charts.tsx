/*
 * The admin dashboard's Recharts charts. Recharts is heavy (~80 KB gzip): this module is loaded
 * only through React.lazy by the admin dashboard (see chart-cards.tsx), never by another route.
 */
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { compactNumber, occupancyAxis, percentText } from '../../admin-chart-format';

/** One month of the overview, already written in the reader's language. */
export interface OverviewPoint {
  month: string;
  /** The axis label (Jan; জানু). */
  label: string;
  /** The tooltip title (January 2026; জানুয়ারি ২০২৬). */
  title: string;
  value: number;
  occupancy: number;
}

const VALUE_COLOR = '#14504f';
const OCCUPANCY_COLOR = '#c2410c';

/**
 * The line chart of the chosen figure (revenue or bookings) per month, with the occupancy of each
 * month as a second, dashed line on its own percent axis at the right, fitted to the months'
 * occupancy (see `occupancyAxis`) so that its changes show.
 */
export function OverviewChart({
  points,
  lng,
  valueName,
  occupancyName,
  formatValue,
  height,
  title,
}: {
  points: OverviewPoint[];
  lng: string;
  valueName: string;
  occupancyName: string;
  /** The figure in full for the tooltip (৳12,500; ১২). */
  formatValue: (value: number) => string;
  height: number;
  title: string;
}) {
  // Also keeps this chunk's imports in step with the app's (jsx runtime with react-i18next): a
  // chunk that used one without the other split them apart, and the home page paid for it.
  const { t } = useTranslation('dashboard');
  const occupancy = occupancyAxis(points.map((p) => p.occupancy));
  return (
    <LineChart desc={t('charts.overview')} responsive style={{ width: '100%', height }} data={points} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} title={title}>
      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
      <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#334155' }} interval="preserveStartEnd" minTickGap={4} />
      <YAxis
        yAxisId="value"
        width="auto"
        allowDecimals={false}
        tick={{ fontSize: 12, fill: '#334155' }}
        tickFormatter={(value: number) => compactNumber(value, lng)}
      />
      <YAxis
        yAxisId="occupancy"
        orientation="right"
        width="auto"
        domain={occupancy.domain}
        ticks={occupancy.ticks}
        tick={{ fontSize: 12, fill: '#334155' }}
        tickFormatter={(value: number) => percentText(value, lng)}
      />
      <Tooltip
        labelFormatter={(_label, payload) => (payload[0]?.payload as OverviewPoint | undefined)?.title ?? ''}
        formatter={(value, _name, item) =>
          item.dataKey === 'occupancy' ? percentText(Number(value), lng) : formatValue(Number(value))
        }
      />
      <Legend wrapperStyle={{ fontSize: 13 }} />
      <Line
        yAxisId="value"
        type="monotone"
        dataKey="value"
        name={valueName}
        stroke={VALUE_COLOR}
        strokeWidth={2.5}
        dot={{ r: 3 }}
        activeDot={{ r: 5 }}
      />
      <Line
        yAxisId="occupancy"
        type="monotone"
        dataKey="occupancy"
        name={occupancyName}
        stroke={OCCUPANCY_COLOR}
        strokeWidth={2}
        strokeDasharray="6 4"
        dot={false}
      />
    </LineChart>
  );
}

/** One slice of a pie, with its colour and its value already written for the reader. */
export interface PieSlice {
  name: string;
  value: number;
  fill: string;
  text: string;
}

/** A doughnut of shares; the legend (names and figures) is written beside it by the caller. */
export function DistributionPie({ slices, height, title }: { slices: PieSlice[]; height: number; title: string }) {
  return (
    <PieChart responsive style={{ width: '100%', height }} title={title}>
      <Pie data={slices} dataKey="value" nameKey="name" innerRadius="52%" outerRadius="88%" paddingAngle={slices.length > 1 ? 2 : 0} isAnimationActive={false} />
      <Tooltip formatter={(_value, _name, item) => (item.payload as PieSlice).text} />
    </PieChart>
  );
}
