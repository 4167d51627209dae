import {
  addDays,
  instantAt,
  monthName,
  monthsOf,
  periodProblem,
  reportingPeriod,
  shiftMonth,
  todayAt,
  type TDashboardStats,
} from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { availableNightsByMonth, channelNightsByMonth, overview, rebuildDailyTotals, salesByMonth, type Period } from './admin-stats.repository.ts';

const WEEK_MS = 7 * 24 * 3_600_000;

const paisa = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;
/** A share in percent with one decimal; 0 when there is nothing to share. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const ratio = (part: number, whole: number) => (whole > 0 ? paisa(part / whole) : 0);

/**
 * The period asked for, completed with the defaults (reporting-period.ts) at the hotel's
 * today; 400 when it is upside down or too long.
 */
export function resolvePeriod(config: Config, asked: { from?: string; to?: string }): Period {
  const { from, to } = reportingPeriod(todayAt(config.hotel.timeZone), asked);
  const problem = periodProblem({ from, to });
  if (problem) throw AppError.badRequest(problem, 'BAD_PERIOD');
  const tz = config.hotel.timeZone;
  return { from, to, start: instantAt(from, '00:00', tz), end: instantAt(addDays(to, 1), '00:00', tz), timeZone: tz };
}

/** A month's nights inside the period: from its first day (or `from`) to the next month's (or the day after `to`). */
function clippedMonth(month: string, period: Period) {
  const first = `${month}-01`;
  const next = shiftMonth(first, 1);
  const end = addDays(period.to, 1);
  return { month, first: first > period.from ? first : period.from, last: next < end ? next : end };
}

/** `GET /api/admin`: the dashboard figures of the period (see ZDashboardStats for each one's meaning). */
export async function dashboardStats(db: Database, config: Config, asked: { from?: string; to?: string }): Promise<TDashboardStats> {
  const period = resolvePeriod(config, asked);
  const months = monthsOf(period);
  const [salesAsBuilt, available, counts, channelNights] = await Promise.all([
    salesByMonth(db, period),
    availableNightsByMonth(db, period, months.map((month) => clippedMonth(month, period))),
    overview(db, period, new Date(Date.now() - WEEK_MS)),
    channelNightsByMonth(db, period),
  ]);
  // daily_totals counts payments in the days of one time zone: when it is not HOTEL_TIME_ZONE
  // (never built by this API, or the setting changed), it is built again and read again.
  let sales = salesAsBuilt;
  if (counts.dailyTotalsTimeZone !== period.timeZone) {
    await rebuildDailyTotals(db, period.timeZone);
    sales = await salesByMonth(db, period);
  }
  const salesOf = new Map(sales.map((s) => [s.month, s]));
  const availableOf = new Map(available.map((a) => [a.month, a.nights]));
  const channelOf = new Map(channelNights.map((c) => [c.month, c.nights]));

  const monthlyData = months.map((month) => {
    const sold = salesOf.get(month);
    const roomNightsSold = sold?.roomNights ?? 0;
    const roomNightsAvailable = availableOf.get(month) ?? 0;
    const channelNightsSold = channelOf.get(month) ?? 0;
    return {
      month,
      name: monthName(month),
      revenue: paisa(sold?.received ?? 0),
      bookings: sold?.arrivals ?? 0,
      occupancy: percent(roomNightsSold + channelNightsSold, roomNightsAvailable),
      roomNightsSold,
      channelNightsSold,
      roomNightsAvailable,
    };
  });
  const sum = (pick: (s: (typeof sales)[number]) => number) => sales.reduce((total, s) => total + pick(s), 0);
  const roomNightsSold = sum((s) => s.roomNights);
  const roomNightsAvailable = available.reduce((total, a) => total + a.nights, 0);
  const channelNightsSold = channelNights.reduce((total, c) => total + c.nights, 0);
  const roomRevenue = paisa(sum((s) => s.roomRevenue));

  return {
    period: { from: period.from, to: period.to },
    totalIncome: paisa(sum((s) => s.received)),
    totalBookings: sum((s) => s.inHouseAtStart + s.laterArrivals),
    totalUsers: counts.users,
    totalStaffs: counts.staff,
    totalAdmins: counts.admins,
    newUsersThisWeek: counts.newUsers,
    totalServiceRequest: counts.serviceRequests,
    totalCompletedServiceRequest: counts.completedServiceRequests,
    totalPendingServices: counts.pendingServiceRequests,
    monthlyData,
    roomData: counts.roomData,
    roomNightsSold,
    channelNightsSold,
    roomNightsAvailable,
    occupancy: percent(roomNightsSold + channelNightsSold, roomNightsAvailable),
    roomRevenue,
    adr: ratio(roomRevenue, roomNightsSold),
    revpar: ratio(roomRevenue, roomNightsAvailable),
  };
}
