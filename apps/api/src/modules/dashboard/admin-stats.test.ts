import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, query, useTestApp } from '../../test/app.ts';
import { saveCategory } from '../../test/rooms.ts';
import { act, pay, placeStay } from '../../test/stays.ts';

/*
 * GET /api/admin on a fixed hotel, every figure worked out by hand below (not with the code
 * under test). Period: 2025-01-01 to 2025-05-31, hotel time Asia/Dhaka (UTC+6).
 *
 * Rooms (category Stats, ৳1,000 a night, so a stay of n nights costs 1,265·n with service and VAT):
 *   S1, S2  created 2024-12-01. S2 under maintenance from 10:00 on Feb 10 to 09:00 on Feb 20:
 *           the nights of Feb 10-19 (10) are not available.
 *   S3      created 15:00 on 2025-03-16 (mid-period): available from the night of Mar 16.
 * Available room-nights: Jan 31+31 = 62, Feb 28+18 = 46, Mar 31+31+16 = 78, Apr 3·30 = 90,
 *   May 3·31 = 93; 369 in all.
 *
 * Stays (room revenue = withOutVatAndService = 1,000 per night sold, spread over the nights):
 *   A  S1 Dec 30-Jan 2 (3 n): 1 night in the period (Jan 1), ৳1,000; arrived before it.
 *      Paid 3,795 on Dec 30 (outside).
 *   B  S1 Jan 10-13 (3 n), checked out: Jan 3 nights, ৳3,000. Paid 3,795 on Jan 10.
 *   C  S1 Jan 30-Feb 3 (4 n): Jan 2 nights, Feb 2 nights, ৳2,000 each. Paid 2,000 on Jan 30 and
 *      1,000 at 00:30 on Feb 1 in Dhaka (still Jan 31 in UTC): a February payment.
 *   D  S2 Jan 15-18, cancelled after a payment of 500: no nights, no revenue, no income.
 *   E  S2 Mar 5-7, a no-show that paid 1,000 on Mar 1: no nights, no room revenue; the 1,000
 *      was received and counts as March income.
 *   F  S3 Mar 20-25 (5 n): Mar 5 nights, ৳5,000. Unpaid.
 *   G  S1 May 29-Jun 2 (4 n): 3 nights in the period, ৳3,000. Paid 5,060 on Jun 1 (outside).
 *   H  S2 May 10-15 sold (5 n at ৳1,000), left early on May 12: 2 nights at their own price
 *      (issue 21: each night's own price, not the stay's amount spread), ৳2,000. Paid 6,325 on May 12.
 *   April: nothing at all.
 * Nights sold: Jan 1+3+2 = 6, Feb 2, Mar 5, Apr 0, May 3+2 = 5; 18 in all.
 * Room revenue: Jan 6,000, Feb 2,000, Mar 5,000, Apr 0, May 5,000; 18,000.
 * Income (payments): Jan 3,795+2,000 = 5,795, Feb 1,000, Mar 1,000, Apr 0, May 6,325; 14,120.
 * Arrivals (bookings): Jan B, C = 2; Mar F = 1; May G, H = 2. Stays with a night in the
 *   period: A, B, C, F, G, H = 6.
 * Occupancy: Jan 6/62 = 9.7 %, Feb 2/46 = 4.3 %, Mar 5/78 = 6.4 %, Apr 0, May 5/93 = 5.4 %;
 *   18/369 = 4.9 %. ADR 18,000/18 = 1,000. RevPAR 18,000/369 = 48.78.
 */

const PERIOD = 'from=2025-01-01&to=2025-05-31';

const EXPECTED_MONTHS = [
  { month: '2025-01', name: 'Jan', revenue: 5795, bookings: 2, occupancy: 9.7, roomNightsSold: 6, channelNightsSold: 0, roomNightsAvailable: 62 },
  { month: '2025-02', name: 'Feb', revenue: 1000, bookings: 0, occupancy: 4.3, roomNightsSold: 2, channelNightsSold: 0, roomNightsAvailable: 46 },
  { month: '2025-03', name: 'Mar', revenue: 1000, bookings: 1, occupancy: 6.4, roomNightsSold: 5, channelNightsSold: 0, roomNightsAvailable: 78 },
  { month: '2025-04', name: 'Apr', revenue: 0, bookings: 0, occupancy: 0, roomNightsSold: 0, channelNightsSold: 0, roomNightsAvailable: 90 },
  { month: '2025-05', name: 'May', revenue: 6325, bookings: 2, occupancy: 5.4, roomNightsSold: 5, channelNightsSold: 0, roomNightsAvailable: 93 },
];

const ctx = useTestApp({ reset: 'file', accounts: { admin: true, staff: true } });
beforeAll(async () => {
  const guest = await createUser(ctx.app, { role: 'user' });
  expect((await saveCategory(ctx.app, ctx.admin.auth, 'Stats', { roomNumbers: 'S1, S2, S3', offerPrice: 1000 })).statusCode).toBe(200);
  const roomRows = await query<{ id: string; room_number: string }>(ctx.app, sql`select id, room_number from rooms`);
  const room = Object.fromEntries(roomRows.map((r) => [r.room_number, r.id])) as Record<'S1' | 'S2' | 'S3', string>;
  await query(ctx.app, sql`update rooms set created_at = '2024-12-01T00:00:00Z' where room_number in ('S1', 'S2')`);
  await query(ctx.app, sql`update rooms set created_at = '2025-03-16T09:00:00Z' where room_number = 'S3'`);
  await query(
    ctx.app,
    sql`insert into room_status_changes (room_id, status, changed_at, ended_at)
        values (${room.S2}, 'maintenance', '2025-02-10T04:00:00Z', '2025-02-20T03:00:00Z')`,
  );

  const stay = (r: keyof typeof room, from: string, to: string) => placeStay(ctx.app, guest, room[r], from, to);
  const payment = async (id: string, amount: number, paidAt: string) =>
    expect((await pay(ctx.app, ctx.staff, id, { amount, method: 'cash', paidAt })).statusCode).toBe(201);

  const a = await stay('S1', '2024-12-30', '2025-01-02');
  await payment(a._id, 3795, '2024-12-30T12:00:00+06:00');
  const b = await stay('S1', '2025-01-10', '2025-01-13');
  await payment(b._id, 3795, '2025-01-10T14:00:00+06:00');
  await query(ctx.app, sql`update bookings set is_confirmed = true, stage = 'checked_out' where id = ${b._id}`);
  const c = await stay('S1', '2025-01-30', '2025-02-03');
  await payment(c._id, 2000, '2025-01-30T12:00:00+06:00');
  await payment(c._id, 1000, '2025-02-01T00:30:00+06:00');
  // Cancelled while it was still to come, after a deposit.
  const d = await placeStay(ctx.app, guest, room.S2, '2025-01-15', '2025-01-18');
  // (Made in January 2025: a payment is dated within its booking's life.)
  await query(ctx.app, sql`update bookings set check_in = check_in + 4000, check_out = check_out + 4000, created_at = '2025-01-02T00:00:00Z' where id = ${d._id}`);
  await query(ctx.app, sql`update reservations set created_at = '2025-01-02T00:00:00Z' where id = ${d.reservationId}`);
  await payment(d._id, 500, '2025-01-14T10:00:00+06:00');
  expect((await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${d._id}`, headers: ctx.staff.auth })).statusCode).toBe(200);
  await query(ctx.app, sql`update bookings set check_in = '2025-01-15', check_out = '2025-01-18' where id = ${d._id}`);
  // Cancelled free of charge: the deposit goes back two days later, and leaves that day's receipts (issue 22).
  const refund = await ctx.app.inject({
    method: 'POST',
    url: `/api/reservations/${d.reservationId}/refunds`,
    headers: ctx.staff.auth,
    payload: { amount: 500, method: 'cash', paidAt: '2025-01-16T10:00:00+06:00', reason: 'Cancelled free of charge' },
  });
  expect(refund.statusCode, refund.body).toBe(201);
  const e = await stay('S2', '2025-03-05', '2025-03-07');
  await payment(e._id, 1000, '2025-03-01T10:00:00+06:00');
  expect((await act(ctx.app, ctx.staff, e._id, 'no-show')).statusCode).toBe(200);
  await stay('S3', '2025-03-20', '2025-03-25');
  const g = await stay('S1', '2025-05-29', '2025-06-02');
  await payment(g._id, 5060, '2025-06-01T10:00:00+06:00');
  const h = await stay('S2', '2025-05-10', '2025-05-15');
  await query(
    ctx.app,
    sql`update bookings set is_confirmed = true, stage = 'checked_out', check_out = '2025-05-12', booked_check_out = '2025-05-15'
        where id = ${h._id}`,
  );
  await payment(h._id, 6325, '2025-05-12T11:00:00+06:00');

  // Service requests: three made in the period (two completed), one after it.
  for (const [at, done] of [
    ['2025-01-11T10:00:00Z', true],
    ['2025-01-12T10:00:00Z', true],
    ['2025-05-11T10:00:00Z', false],
    ['2025-07-01T10:00:00Z', false],
  ] as const) {
    await query(
      ctx.app,
      sql`insert into service_requests (user_id, booking_id, service, is_completed, created_at)
          values (${guest.id}, ${b._id}, 'laundry', ${done}, ${at}::timestamptz)`,
    );
  }
}, 60_000);

const stats = async (target: FastifyInstance, q: string) => {
  const res = await target.inject({ url: `/api/admin?${q}`, headers: ctx.admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /api/admin', () => {
  it('answers the figures of the period, worked out by hand', async () => {
    expect(await stats(ctx.app, PERIOD)).toEqual({
      period: { from: '2025-01-01', to: '2025-05-31' },
      totalIncome: 14120,
      totalBookings: 6,
      totalUsers: 1,
      totalStaffs: 1,
      totalAdmins: 1,
      newUsersThisWeek: 1,
      totalServiceRequest: 3,
      totalCompletedServiceRequest: 2,
      totalPendingServices: 1,
      monthlyData: EXPECTED_MONTHS,
      roomData: [{ name: 'Stats', value: 3 }],
      roomNightsSold: 18,
      channelNightsSold: 0,
      roomNightsAvailable: 369,
      occupancy: 4.9,
      roomRevenue: 18000,
      adr: 1000,
      revpar: 48.78,
    });
  });

  it('clips the months to a period that starts and ends inside them', async () => {
    // Jan 31-Feb 1: A is not there; C's nights Jan 31 and Feb 1; no arrival; income Feb 1 only.
    const data = await stats(ctx.app, 'from=2025-01-31&to=2025-02-01');
    expect(data.monthlyData).toEqual([
      { month: '2025-01', name: 'Jan', revenue: 0, bookings: 0, occupancy: 50, roomNightsSold: 1, channelNightsSold: 0, roomNightsAvailable: 2 },
      { month: '2025-02', name: 'Feb', revenue: 1000, bookings: 0, occupancy: 50, roomNightsSold: 1, channelNightsSold: 0, roomNightsAvailable: 2 },
    ]);
    expect(data).toMatchObject({ totalBookings: 1, totalIncome: 1000, roomRevenue: 2000, adr: 1000, revpar: 500 });
  });

  it('counts the days of the hotel time zone, and rebuilds its daily totals when HOTEL_TIME_ZONE changes', async () => {
    const utc = await buildTestApp({ HOTEL_TIME_ZONE: 'UTC' }, { reset: false });
    try {
      // 00:30 on Feb 1 in Dhaka is 18:30 on Jan 31 in UTC: a January payment there.
      const months = (await stats(utc, PERIOD)).monthlyData.map((m: { revenue: number }) => m.revenue);
      expect(months).toEqual([6795, 0, 1000, 0, 6325]);
    } finally {
      await utc.close();
    }
    expect((await stats(ctx.app, PERIOD)).monthlyData).toEqual(EXPECTED_MONTHS);
  });

  it('keeps daily totals equal to totals made again from every stay and payment', async () => {
    const nonZero = sql`select day::text, arrivals, departures, round(rate_in, 6)::text as rate_in, round(rate_out, 6)::text as rate_out,
        round(received, 2)::text as received from daily_totals_now
      where arrivals <> 0 or departures <> 0 or rate_in <> 0 or rate_out <> 0 or received <> 0 order by day`;
    const kept = await query(ctx.app, nonZero);
    expect(kept.length).toBeGreaterThan(10);
    await query(ctx.app, sql`select rebuild_daily_totals('Asia/Dhaka')`);
    expect(await query(ctx.app, nonZero)).toEqual(kept);
  });

  it('defaults to the last twelve months to today, month-aligned, with every month present', async () => {
    const data = await stats(ctx.app, '');
    expect(data.monthlyData).toHaveLength(12);
    expect(data.period.from.endsWith('-01')).toBe(true);
    expect(data.monthlyData[11].month).toBe(data.period.to.slice(0, 7));
    expect(data.monthlyData[0].month).toBe(data.period.from.slice(0, 7));
  });

  it.each([
    ['from=2025-03-01&to=2025-02-01', 'from must not be after to.'],
    ['from=2020-01-01&to=2025-01-01', 'A period covers at most 1096 days.'],
    ['from=2025-02-30', 'from must be a date written YYYY-MM-DD.'],
    // The calendar's far ends (found by the fuzz test: a day after 9999-12-31 broke the export).
    ['to=9999-12-31', 'Choose a day from 2000-01-01 to 2099-12-31.'],
    ['from=0001-01-01&to=0001-02-01', 'Choose a day from 2000-01-01 to 2099-12-31.'],
  ])('answers 400 to a period it cannot report on (%s)', async (q, message) => {
    const res = await ctx.app.inject({ url: `/api/admin?${q}`, headers: ctx.admin.auth });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('counts nights a channel sold in occupancy, apart from ours, and never in revenue or ADR', async () => {
    const [s1] = await query<{ id: string }>(ctx.app, sql`select id from rooms where room_number = 'S1'`);
    const [feed] = await query<{ id: string }>(
      ctx.app,
      sql`insert into channel_feeds (room_id, channel, url) values (${s1!.id}, 'airbnb', 'https://example.com/s1.ics') returning id`,
    );
    const block = (uid: string, from: string, to: string, extra = sql``) =>
      query(ctx.app, sql`insert into room_blocks (room_id, source, feed_id, channel, uid, check_in, check_out, summary)
        values (${s1!.id}, 'channel', ${feed!.id}, 'airbnb', ${uid}, ${from}::date, ${to}::date, 'Reserved') ${extra}`);
    try {
      // April 10-14: 4 nights held; April 20-22 released by the channel (cancelled there): not sold.
      await block('held', '2025-04-10', '2025-04-14');
      await block('gone', '2025-04-20', '2025-04-22');
      await query(ctx.app, sql`update room_blocks set released_at = now() where uid = 'gone'`);
      const data = await stats(ctx.app, PERIOD);
      expect(data.monthlyData[3]).toEqual({ month: '2025-04', name: 'Apr', revenue: 0, bookings: 0, occupancy: 4.4, roomNightsSold: 0, channelNightsSold: 4, roomNightsAvailable: 90 });
      // 18 + 4 of 369 nights; revenue and ADR as before.
      expect(data).toMatchObject({ roomNightsSold: 18, channelNightsSold: 4, occupancy: 6, roomRevenue: 18000, adr: 1000, totalBookings: 6 });
    } finally {
      await query(ctx.app, sql`delete from room_blocks where feed_id = ${feed!.id}`);
      await query(ctx.app, sql`delete from channel_feeds where id = ${feed!.id}`);
    }
  });

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ url: '/api/admin', headers: ctx.staff.auth })).statusCode).toBe(403);
  });
});
