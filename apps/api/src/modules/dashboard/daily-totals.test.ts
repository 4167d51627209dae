import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client.ts';
import { query, useTestApp } from '../../test/app.ts';
import { book, day, HOTEL_ACCOUNTS, pay, smallHotelRooms } from '../../test/stays.ts';
import { compactDailyTotals } from './daily-totals.ts';

/*
 * The dashboard's daily totals as appended deltas (migration 0020, issue 23): a booking no longer
 * updates one row per day, so bookings of one day do not queue on it, and the figures stay those
 * of before: the totals plus the deltas, whether folded in yet or not.
 */

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });

const figures = async () => {
  const res = await ctx.app.inject({ url: `/api/admin?from=${day(0)}&to=${day(40)}`, headers: ctx.admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const perDay = () =>
  query(
    ctx.app,
    sql`select day::text, arrivals, departures, round(rate_in, 6)::text as rate_in, round(rate_out, 6)::text as rate_out,
        round(received, 2)::text as received from daily_totals_now
      where arrivals <> 0 or departures <> 0 or rate_in <> 0 or rate_out <> 0 or received <> 0 order by day`,
  );
const deltas = async () => Number((await query<{ n: number }>(ctx.app, sql`select count(*)::int as n from daily_total_deltas`))[0]!.n);

describe('daily totals (migration 0020)', () => {
  it('shows the same dashboard figures before the deltas are folded in, after, and after a rebuild', async () => {
    const rooms = await smallHotelRooms(ctx.app, ctx.admin, { Suite: { rooms: '201', price: 12000 } });
    // Built once for the hotel's time zone, so the stays below are deltas read as they are.
    const empty = await figures();
    for (const [room, from, to] of [['101', 3, 5], ['102', 3, 4], ['201', 3, 7], ['101', 10, 12]] as const) {
      const res = await book(ctx.app, ctx.guest, rooms[room]!, day(from), day(to));
      expect(res.statusCode, res.body).toBe(201);
      if (room === '201') expect((await pay(ctx.app, ctx.staff, res.json().data._id, { amount: 5000, method: 'cash' })).statusCode).toBe(201);
    }
    expect(await deltas()).toBeGreaterThan(0);
    const withDeltas = await figures();
    expect(withDeltas).not.toEqual(empty);
    const days = await perDay();
    // Three arrivals on day 3, one on day 10.
    expect(days.filter((d) => d.day === day(3))[0]).toMatchObject({ arrivals: 3 });
    expect(days.filter((d) => d.day === day(10))[0]).toMatchObject({ arrivals: 1 });

    expect(await compactDailyTotals(ctx.app.db)).toBeGreaterThan(0);
    expect(await deltas()).toBe(0);
    expect(await figures()).toEqual(withDeltas);
    expect(await perDay()).toEqual(days);

    await query(ctx.app, sql`select rebuild_daily_totals('Asia/Dhaka')`);
    expect(await figures()).toEqual(withDeltas);
    expect(await perDay()).toEqual(days);
  });

  // Two transactions at once need two connections: a PostgreSQL server (PGlite has one).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'lets a booking arriving on a day commit while another booking of that day is still open (PostgreSQL)',
    async () => {
      const rooms = await smallHotelRooms(ctx.app, ctx.admin, { Suite: { rooms: '201', price: 12000 } });
      const stay = (tx: Executor, roomId: string, number: string, checkIn: string, checkOut: string) =>
        tx.execute(sql`
          with b as (
            insert into bookings (transaction_id, user_id, room_id, room_category, room_number, check_in, check_out, adults, phone,
              nights, per_night_cost, subtotal, without_vat_and_service, service_charge, vat, amount)
            values (${`RSV-T${number}${checkIn.replaceAll('-', '')}`}, ${ctx.guest.id}, ${roomId}, 'Deluxe King', ${number}, ${checkIn}::date, ${checkOut}::date,
              2, '01700000000', 1, 7500, 7500, 7500, 0, 0, 7500)
            returning id
          )
          insert into booking_nights (booking_id, night, plan_code, room_price, extra_adults, extra_children, meals)
          select b.id, ${checkIn}::date, 'STD', 7500, 0, 0, 0 from b`);

      // A: a booking of room 101 arriving on day 9, written and not committed.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const open = new Promise<void>((resolve) => (written = resolve));
      const a = ctx.app.db
        .transaction(async (tx) => {
          await stay(tx, rooms['101']!, '101', day(9), day(10));
          written();
          await held;
          throw new Error('rolled back on purpose');
        })
        .catch((error: Error) => error.message);
      await open;
      try {
        // B: a booking of room 102 arriving the same day, with its night: it may wait for no lock at
        // all (before migration 0020 it waited on the day's daily_totals row until A ended).
        await ctx.app.db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '300ms'`);
          await stay(tx, rooms['102']!, '102', day(9), day(10));
        });
        // And a guest's booking through the API, the same day: answered at once, not after A.
        const res = await book(ctx.app, ctx.guest, rooms['201']!, day(9), day(11));
        expect(res.statusCode, res.body).toBe(201);
      } finally {
        release();
      }
      expect(await a).toBe('rolled back on purpose');
      const [arrivals] = await query<{ arrivals: number }>(ctx.app, sql`select arrivals from daily_totals_now where day = ${day(9)}::date`);
      expect(arrivals).toEqual({ arrivals: 2 });
    },
  );
});
