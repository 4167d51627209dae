/**
 * Child process of bench/rates.ts (issue 21's figures): the app on PostgreSQL, in a database of its
 * own (`residency_bench_rates`), with 300 rooms in 5 room types, each type with its Standard plan
 * and a Non-refundable plan derived from it (−10 %); two years of daily rates for both plans
 * (weekends +15 %, a winter season, two Eid weeks with a minimum stay, a monsoon promotion of the
 * derived plan); 100,000 bookings over the same two years, never overlapping within a room, with
 * their nightly lines; an admin account (e-mail and password, for POST /api/auth/login) and the
 * bare route. With BENCH_ENGINE=pglite the same on PGlite.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { addDays, todayAt } from '../../packages/shared/src/dates.ts';
import { defaultCategory } from '../../packages/shared/src/room-rules.ts';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { freshDatabase } from './fresh-database.ts';
import { announce } from './bench-app.ts';

// BENCH_ENGINE=pglite: the same data in PGlite (in the temporary data directory), the engine `npm start` uses.
const onPglite = process.env.BENCH_ENGINE === 'pglite';
if (!onPglite && !process.env.BENCH_DATABASE_URL) throw new Error('BENCH_DATABASE_URL must point at a PostgreSQL server');
const databaseUrl = onPglite ? '' : await freshDatabase(process.env.BENCH_DATABASE_URL!, 'residency_bench_rates');
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'residency-bench-')),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_AUTH_MAX: '100000',
    ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}),
  }),
  { logger: false },
);
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ success: true, data: { hello: 'world' } }));

const admin = { email: 'bench-admin@residency.local', password: 'bench-password' };
const register = async (email: string) =>
  (await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: admin.password, name: 'Bench Person' } })).json()
    .data as { user: { _id: string } };
const adminUser = await register(admin.email);
await app.db.execute(sql`update users set role = 'admin' where id = ${adminUser.user._id}`);
const adminAuth = { authorization: `Bearer ${app.jwt.sign({ sub: adminUser.user._id, role: 'admin' })}` };
const guest = await register('bench-guest@residency.local');

const categories: string[] = [];
for (let c = 1; c <= 5; c += 1) {
  const base = defaultCategory();
  const name = `Category ${c}`;
  const numbers = Array.from({ length: 60 }, (_, i) => `${c}${String(i + 1).padStart(2, '0')}`);
  const res = await app.inject({
    method: 'PUT',
    url: '/api/room-categories',
    headers: adminAuth,
    payload: {
      ...base,
      name,
      description: 'A room for the benchmark.',
      offerPrice: 4000 + c * 1000,
      beds_and_bedding: { ...base.beds_and_bedding, maximum_adults: 3, maximum_occupancy: 3, maximum_children: 1 },
      room_features: { ...base.room_features, windows: 'City view' },
      roomNumbers: numbers.join(','),
    },
  });
  if (res.json().data?.sync?.created?.length !== 60) throw new Error(`seeding rooms failed: ${res.body.slice(0, 300)}`);
  const plan = await app.inject({
    method: 'POST',
    url: '/api/rate-plans',
    headers: adminAuth,
    payload: {
      category: name,
      code: 'NRF',
      name: { en: 'Non-refundable', bn: 'ফেরতযোগ্য নয়' },
      parent: 'STD',
      derivePercent: -10,
      cancellationPolicy: { freeHours: null, penalty: 'non_refundable', penaltyPercent: null },
    },
  });
  if (plan.statusCode !== 201) throw new Error(`adding the NRF plan failed: ${plan.body.slice(0, 300)}`);
  categories.push(name);
}
// A supplement on one room in three (a view, a floor): 0, 500 or 1,000 Taka a night.
await app.db.execute(sql`
  update rooms r set supplement = (r.room_number::int % 3) * 500, price = c.offer_price + (r.room_number::int % 3) * 500
  from room_categories c where c.name = r.category`);

// The two years: from the hotel's tomorrow, 731 days (MAX_RATE_DAYS), rates for every day of both plans.
const start = addDays(todayAt('Asia/Dhaka'), 1);
await app.db.execute(sql`
  with days as (
    select (${start}::date + i) as day, i from generate_series(0, 730) as i
  ), std as (
    select p.id, c.offer_price from rate_plans p join room_categories c on c.id = p.category_id where p.code = 'STD'
  )
  insert into rate_days (plan_id, day, price, extra_adult, extra_child, min_stay, closed_to_arrival)
  select std.id, d.day,
    round(std.offer_price
      * case when extract(dow from d.day) in (5, 6) then 1.15 else 1 end
      * case when d.i between 100 and 107 or d.i between 170 and 177 or d.i between 465 and 472 or d.i between 535 and 542 then 1.40
             when extract(month from d.day) in (12, 1, 2) then 1.20
             when extract(month from d.day) in (6, 7, 8) then 0.90
             else 1 end),
    1500, 800,
    case when d.i between 100 and 107 or d.i between 170 and 177 or d.i between 465 and 472 or d.i between 535 and 542 then 2
         when extract(month from d.day) in (12, 1, 2) and extract(dow from d.day) = 5 then 2 end,
    case when d.i in (99, 169, 464, 534) then true end
  from std cross join days d`);
// The derived plan sets days of its own too: a minimum stay of 3 nights in the Eid weeks, its
// own child price every day, and a monsoon promotion (its own price) that no longer follows Standard.
await app.db.execute(sql`
  with days as (
    select (${start}::date + i) as day, i from generate_series(0, 730) as i
  ), nrf as (
    select p.id, c.offer_price from rate_plans p join room_categories c on c.id = p.category_id where p.code = 'NRF'
  )
  insert into rate_days (plan_id, day, price, extra_child, min_stay)
  select nrf.id, d.day,
    case when extract(month from d.day) in (7, 8) then round(nrf.offer_price * 0.75) end,
    600,
    case when d.i between 100 and 107 or d.i between 170 and 177 or d.i between 465 and 472 or d.i between 535 and 542 then 3 end
  from nrf cross join days d`);

// 100,000 bookings over the two years: per room (333 or 334 each) stays of 1 or 2 nights back to
// back, and after every eighth a free stretch of 2 to 8 days (rooms differ), so stays of 1 to 7
// nights find free rooms of every type on most dates; about seven nights in ten are sold. One
// booking in twenty is cancelled (its nights free again).
const total = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const perRoom = Math.ceil(total / 300);
// In statements of 10 rooms, with fresh statistics after each: one statement of 100,000 bookings
// (each with its reservation, occupancy, folio and daily totals by trigger) took over 20 minutes,
// the triggers' plans made on empty tables scanning them whole as they grew.
const ROOMS_A_STATEMENT = 10;
for (let first = 0; first < 300; first += ROOMS_A_STATEMENT) {
  await app.db.execute(sql`
    with numbered as (
      select r.*, row_number() over (order by r.room_number) as n from rooms r where r.deleted_at is null
    ), slots as (
      select r.id as room_id, r.category, r.room_number, r.price, k,
        1 + abs(hashtext(r.id::text || ':' || k)) % 2 as nights,
        case when k % 8 = 7 then 2 + abs(hashtext(k || ':' || r.id::text)) % 7 else 0 end as gap
      from numbered r cross join generate_series(0, ${perRoom - 1}) as k
      -- The last slot for only as many rooms as make the total.
      where r.n > ${first} and r.n <= ${first + ROOMS_A_STATEMENT} and (k < ${perRoom - 1} or r.n <= ${total - (perRoom - 1) * 300})
    ), placed as (
      select *, sum(nights + gap) over (partition by room_id order by k) - (nights + gap) as offset_days from slots
    )
    insert into bookings (transaction_id, user_id, room_id, room_category, room_number, check_in, check_out,
      adults, children, phone, nights, per_night_cost, subtotal, without_vat_and_service, service_charge, vat, amount, status)
    select 'BEN-' || room_number || '-' || k, ${guest.user._id}::uuid, room_id, category, room_number,
      ${start}::date + offset_days::int, ${start}::date + offset_days::int + nights,
      2, 0, '01700000000', nights, price, price * nights, price * nights, 0, 0, price * nights,
      case when k % 20 = 0 then 'cancelled'::booking_status else 'active'::booking_status end
    from placed`);
  // Their nightly lines, as a booking through the API writes them.
  await app.db.execute(sql`
    insert into booking_nights (booking_id, night, plan_code, room_price)
    select b.id, (b.check_in + n)::date, 'STD', b.per_night_cost
    from bookings b cross join lateral generate_series(0, b.nights - 1) as n
    where b.room_number in (select room_number from rooms where deleted_at is null order by room_number offset ${first} limit ${ROOMS_A_STATEMENT})`);
  await app.db.execute(sql`analyze`);
}
await app.db.execute(sql`vacuum analyze`);
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
