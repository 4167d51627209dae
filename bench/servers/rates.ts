/**
 * Child process of bench/rates.ts (issue 21's figures): the app on PostgreSQL, in a database of its
 * own (`residency_bench_rates`), with 300 rooms in 5 room types, each type with its Standard plan
 * and a Non-refundable plan derived from it (−10 %); two years of daily rates for both plans
 * (weekends +15 %, a winter season, two Eid weeks with a minimum stay, a monsoon promotion of the
 * derived plan); about 100,000 bookings (BENCH_BOOKINGS) over the same two years, never
 * overlapping within a room, with their nightly lines (servers/seed-hotel.ts); an admin account
 * (e-mail and password, for POST /api/auth/login) and the bare route. With BENCH_ENGINE=pglite the
 * same on PGlite.
 */
import { sql } from 'drizzle-orm';
import { addDays, todayAt } from '../../packages/shared/src/dates.ts';
import { announce, benchApps } from './bench-app.ts';
import { seedHotel } from './seed-hotel.ts';

// BENCH_ENGINE=pglite: the same data in PGlite (in the temporary data directory), the engine `npm start` uses.
const onPglite = process.env.BENCH_ENGINE === 'pglite';
if (onPglite) delete process.env.BENCH_DATABASE_URL;
else if (!process.env.BENCH_DATABASE_URL) throw new Error('BENCH_DATABASE_URL must point at a PostgreSQL server');
process.env.BENCH_DATABASE_NAME ??= 'residency_bench_rates';
const { app, bare } = await benchApps();
const databaseUrl = onPglite ? '' : Object.assign(new URL(process.env.BENCH_DATABASE_URL!), { pathname: `/${process.env.BENCH_DATABASE_NAME}` }).toString();

// The hotel index-memory.ts and startup-100k.ts seed too (servers/seed-hotel.ts): 300 rooms in 5 room
// types, Standard and Non-refundable plans with two years of rates, and BENCH_BOOKINGS stays spread
// over those years (about seven nights in ten sold, one stay in twenty cancelled), with their nights.
const total = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const hotel = await seedHotel(app, { bookingsPerRoom: Math.ceil(total / 300), bookingNights: true });
await hotel.grow(300);
const admin = { email: 'bench-admin@residency.local', password: 'bench-password' };
const categories = [1, 2, 3, 4, 5].map((c) => `Category ${c}`);
const start = addDays(todayAt(app.config.hotel.timeZone), 1);
const one = async <T>(query: ReturnType<typeof sql.raw>) => ((await app.db.execute(query)) as { rows: T[] }).rows[0]!;
const count = async (table: string) => (await one<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).n;
await announce(app, bare, {
  databaseUrl,
  admin,
  categories,
  start,
  bookings: await count('bookings'),
  rateDays: await count('rate_days'),
  lastCheckOut: (await one<{ d: string }>(sql`select max(check_out)::text as d from bookings`)).d,
});
