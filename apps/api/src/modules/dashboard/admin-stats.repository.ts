import { sql } from 'drizzle-orm';
import { preparedPer, rows, type Executor } from '../../db/client.ts';

/*
 * The admin dashboard's figures, computed in SQL. Stays and payments come from daily_totals_now
 * (migrations 0008 and 0020: a few hundred rows a year kept by triggers, plus the deltas appended
 * since they were last folded in, summed by day), never from the bookings of the
 * period one by one; rooms and their maintenance from rooms and room_status_changes.
 *
 * Each query is a prepared statement, planned once per connection: planning these statements
 * costs as much as running them, and the dashboard is asked for often.
 */

/** A period at the hotel: its first and last day (both included), and the instants they begin and end. */
export interface Period {
  from: string;
  to: string;
  /** `from` 00:00 at the hotel. */
  start: Date;
  /** The day after `to`, 00:00 at the hotel. */
  end: Date;
  timeZone: string;
}

/** A month of the period, clipped to it: its nights from `first` to `last` (excluded). */
export interface PeriodMonth {
  month: string;
  first: string;
  last: string;
}

const p = (name: string) => sql.placeholder(name);
/** A column of the statement's subquery, as a number or as text. */
const num = (column: string) => sql<number>`${sql.raw(column)}`.mapWith(Number);
const text = (column: string) => sql<string>`${sql.raw(column)}`.mapWith(String);

/** Makes daily_totals again from every stay and payment, in the days of `timeZone`. */
export async function rebuildDailyTotals(db: Executor, timeZone: string): Promise<void> {
  await db.execute(sql`select rebuild_daily_totals(${timeZone})`);
}

export interface MonthSales {
  month: string;
  roomNights: number;
  roomRevenue: number;
  arrivals: number;
  received: number;
  /** Stays in the hotel on the period's first night (only on the first month). */
  inHouseAtStart: number;
  /** Arrivals after the period's first day. */
  laterArrivals: number;
}

const salesStatement = preparedPer((db) =>
  db
    .select({
      month: text('month'),
      roomNights: num('room_nights'),
      roomRevenue: num('room_revenue'),
      arrivals: num('arrivals'),
      received: num('received'),
      inHouseAtStart: num('in_house_at_start'),
      laterArrivals: num('later_arrivals'),
    })
    .from(
      sql`(
      with days as (
        select d::date as day from generate_series(${p('from')}::date, ${p('to')}::date, interval '1 day') d
      ),
      before as (
        select coalesce(sum(arrivals - departures), 0) as rooms, coalesce(sum(rate_in - rate_out), 0) as rate
        from daily_totals_now where day < ${p('from')}::date
      ),
      series as (
        select days.day,
          coalesce((f.figures->>'roomsSold')::int, b.rooms + sum(coalesce(t.arrivals - t.departures, 0)) over w) as rooms_sold,
          coalesce((f.figures->>'roomRevenue')::numeric, b.rate + sum(coalesce(t.rate_in - t.rate_out, 0)) over w) as room_revenue,
          coalesce((f.figures->>'arrivals')::int, t.arrivals, 0) as arrivals,
          coalesce((f.figures->'payments'->>'received')::numeric - (f.figures->'payments'->>'refunded')::numeric, t.received, 0) as received
        from days cross join before b
          left join daily_totals_now t on t.day = days.day
          left join business_days f on f.day = days.day
        window w as (order by days.day)
      )
      select to_char(day, 'YYYY-MM') as month,
        sum(rooms_sold)::int as room_nights,
        round(sum(room_revenue), 2)::float8 as room_revenue,
        sum(arrivals)::int as arrivals,
        round(sum(received), 2)::float8 as received,
        coalesce(max(rooms_sold) filter (where day = ${p('from')}::date), 0)::int as in_house_at_start,
        coalesce(sum(arrivals) filter (where day > ${p('from')}::date), 0)::int as later_arrivals
      from series
      group by 1
    ) as sales`,
    )
    .orderBy(sql`month`)
    .prepare('admin_stats_sales'),
);

/**
 * Per month of the period (each clipped to it): room-nights sold and their room revenue,
 * arrivals, Taka received. The running sums of daily_totals up to a day are what that night
 * sold; the days before the period give the starting point. A day the night audit closed is
 * read from its frozen figures (business_days), so a later cancellation or a stay moved off it
 * changes nothing the owner was shown for it.
 */
export async function salesByMonth(db: Executor, period: Period): Promise<MonthSales[]> {
  return salesStatement(db).execute({ from: period.from, to: period.to });
}

const availableStatement = preparedPer((db) => {
  const tz = p('tz');
  const start = sql`${p('start')}::timestamptz`;
  const end = sql`${p('end')}::timestamptz`;
  const dayOf = (column: string) => sql`(${sql.raw(column)} at time zone ${tz})::date`;
  return db
    .select({ month: text('month'), nights: num('nights') })
    .from(
      sql`(
      with months as (
        select * from unnest(${p('months')}::text[], ${p('firsts')}::date[], ${p('lasts')}::date[]) as m (month, first, last)
      ),
      lives as materialized (
        select ${dayOf('created_at')} as born, coalesce(${dayOf('deleted_at')}, 'infinity') as gone, count(*)::int as rooms
        from rooms
        where created_at < ${end} and (deleted_at is null or deleted_at >= ${start})
        group by 1, 2
      ),
      spells as materialized (
        select greatest(${dayOf('m.changed_at')}, ${dayOf('r.created_at')}) as began,
          least(coalesce(${dayOf('m.ended_at')}, 'infinity'), coalesce(${dayOf('r.deleted_at')}, 'infinity')) as ended
        from room_status_changes m join rooms r on r.id = m.room_id
        where m.status = 'maintenance' and m.changed_at < ${end} and (m.ended_at is null or m.ended_at >= ${start})
      ),
      -- The days the night audit closed (they close in order: one run of days), read from their
      -- frozen figures; the rest of each month counted from the rooms as they stand.
      closed as (
        select min(day) as first, max(day) + 1 as last from business_days
        where day between ${p('from')}::date and ${p('to')}::date
        having count(*) > 0
      ),
      frozen as (
        select to_char(day, 'YYYY-MM') as month, sum((figures->>'roomsAvailable')::int) as nights
        from business_days where day between ${p('from')}::date and ${p('to')}::date group by 1
      ),
      parts as (
        select mo.month, mo.first, mo.last, 1 as sign from months mo
        union all
        select mo.month, greatest(mo.first, c.first), least(mo.last, c.last), -1
        from months mo cross join closed c where greatest(mo.first, c.first) < least(mo.last, c.last)
      )
      select mo.month, coalesce((select fr.nights from frozen fr where fr.month = mo.month), 0) + (
        select coalesce(sum(pa.sign * (
          (select coalesce(sum(l.rooms * greatest(0, least(l.gone, pa.last) - greatest(l.born, pa.first))), 0) from lives l)
          - (select coalesce(sum(greatest(0, least(s.ended, pa.last) - greatest(s.began, pa.first))), 0) from spells s))), 0)
        from parts pa where pa.month = mo.month) as nights
      from months mo
    ) as available`,
    )
    .orderBy(sql`month`)
    .prepare('admin_stats_available');
});

/** A PostgreSQL array literal of plain values (dates and 'YYYY-MM'): one parameter, whatever its length. */
const toArray = (values: string[]) => `{${values.join(',')}}`;

/**
 * Room-nights of each month of the period (clipped to it) that could be sold: a room counts
 * from the day it was created (at the hotel) until the day it was retired, less the nights it
 * was under maintenance. A room's status on a night is the last one it was given that day or
 * before (room_status_changes): a spell of maintenance covers the nights from the day it began
 * to the day it ended, that one excluded. Rooms are counted by groups of one lifetime (a
 * category's rooms are made together): a few hundred rows of date arithmetic, whatever the
 * hotel's size.
 */
export async function availableNightsByMonth(db: Executor, period: Period, months: PeriodMonth[]): Promise<{ month: string; nights: number }[]> {
  return availableStatement(db).execute({
    from: period.from,
    to: period.to,
    tz: period.timeZone,
    start: period.start.toISOString(),
    end: period.end.toISOString(),
    months: toArray(months.map((m) => m.month)),
    firsts: toArray(months.map((m) => m.first)),
    lasts: toArray(months.map((m) => m.last)),
  });
}

export interface Overview {
  /** The time zone daily_totals counts payments in; null before it was first built. */
  dailyTotalsTimeZone: string | null;
  users: number;
  staff: number;
  admins: number;
  newUsers: number;
  serviceRequests: number;
  completedServiceRequests: number;
  pendingServiceRequests: number;
  roomData: { name: string; value: number }[];
}

const overviewStatement = preparedPer((db) =>
  db
    .select({
      dailyTotalsTimeZone: sql<string | null>`daily_totals_time_zone`,
      users: num('users'),
      staff: num('staff'),
      admins: num('admins'),
      newUsers: num('new_users'),
      serviceRequests: num('service_requests'),
      completedServiceRequests: num('completed_service_requests'),
      pendingServiceRequests: num('pending_service_requests'),
      roomData: sql<Overview['roomData'] | string>`room_data`,
    })
    .from(
      sql`(
      select
        (select value from app_meta where key = 'reporting-time-zone') as daily_totals_time_zone,
        u.users, u.staff, u.admins, u.new_users, s.service_requests, s.completed_service_requests, s.pending_service_requests,
        (select coalesce(json_agg(json_build_object('name', c.category, 'value', c.n) order by c.category), '[]'::json)
           from (select category, count(*)::int as n from rooms where deleted_at is null group by category) c) as room_data
      from (
        select (count(*) filter (where role = 'user'))::int as users,
          (count(*) filter (where role = 'staff'))::int as staff,
          (count(*) filter (where role = 'admin'))::int as admins,
          (count(*) filter (where role = 'user' and created_at >= ${p('newSince')}::timestamptz))::int as new_users
        from users where deleted_at is null
      ) u, (
        select count(*)::int as service_requests,
          (count(*) filter (where is_completed))::int as completed_service_requests,
          (count(*) filter (where not is_completed))::int as pending_service_requests
        from service_requests
        where created_at >= ${p('start')}::timestamptz and created_at < ${p('end')}::timestamptz
      ) s
    ) as overview`,
    )
    .prepare('admin_stats_overview'),
);

/**
 * The small figures in one statement: accounts that are not closed (and guests who joined
 * since `newSince`), service requests made in the period, rooms in service per category, and
 * which time zone daily_totals was built for.
 */
export async function overview(db: Executor, period: Period, newSince: Date): Promise<Overview> {
  const [row] = await overviewStatement(db).execute({
    newSince: newSince.toISOString(),
    start: period.start.toISOString(),
    end: period.end.toISOString(),
  });
  // json comes back parsed from pg and PGlite alike; text only if a driver leaves it as it is.
  const roomData = typeof row!.roomData === 'string' ? (JSON.parse(row!.roomData) as Overview['roomData']) : row!.roomData;
  return { ...row!, roomData };
}

/**
 * Per month of the period: the nights held by channel stays (blocks from a feed, not released,
 * not yet a reservation, whose nights then count as ours). They are sold, so occupancy counts
 * them; they bring no revenue here, so revenue and ADR do not.
 */
export async function channelNightsByMonth(db: Executor, period: Period): Promise<{ month: string; nights: number }[]> {
  return rows<{ month: string; nights: number }>(
    db,
    sql`select month, sum(nights)::int as nights from (
        select to_char(night, 'YYYY-MM') as month, count(*) as nights
        from room_blocks b
        cross join lateral generate_series(greatest(b.check_in, ${period.from}::date), least(b.check_out, ${period.to}::date + 1) - 1, interval '1 day') as night
        where b.source = 'channel' and b.released_at is null and b.booking_id is null
          and b.check_out > ${period.from}::date and b.check_in <= ${period.to}::date
          and not exists (select 1 from business_days d where d.day = night::date)
        group by 1
        union all
        -- A closed day: the channel's nights as its close counted them.
        select to_char(day, 'YYYY-MM'), sum(coalesce((figures->>'channelNights')::int, 0))
        from business_days where day between ${period.from}::date and ${period.to}::date group by 1
      ) n group by month`,
  );
}
