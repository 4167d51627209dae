/**
 * Child process of bench/availability.ts, bench/bookings.ts and bench/admin-stats.ts: the app on PostgreSQL with 300
 * rooms in 6 categories and (unless BENCH_BOOKINGS=0) 100,000 bookings spread over ~2.7 years,
 * never overlapping within a room, with their payments, check-outs and no-shows and a history
 * of room maintenance; plus the bare route, a guest's token and an admin's.
 */
import { sql } from 'drizzle-orm';
import { defaultCategory } from '../../packages/shared/src/room-rules.ts';
import { announce, benchApps } from './bench-app.ts';

if (!process.env.BENCH_DATABASE_URL) throw new Error('BENCH_DATABASE_URL must point at a PostgreSQL server');
const { app, bare } = await benchApps();
const register = async (email: string) =>
  (await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'bench-password', name: 'Bench Person' } })).json()
    .data as { user: { _id: string }; token: string };
const admin = await register('bench-admin@residency.local');
await app.db.execute(sql`update users set role = 'admin' where id = ${admin.user._id}`);
const adminToken = app.jwt.sign({ sub: admin.user._id, role: 'admin' });
const guest = await register('bench-guest@residency.local');

for (let c = 1; c <= 6; c += 1) {
  const base = defaultCategory();
  const numbers = Array.from({ length: 50 }, (_, i) => `${c}${String(i + 1).padStart(2, '0')}`);
  const res = await app.inject({
    method: 'PUT',
    url: '/api/room-categories',
    headers: { authorization: `Bearer ${adminToken}` },
    payload: {
      ...base,
      name: `Category ${c}`,
      description: 'A room for the benchmark.',
      offerPrice: 4000 + c * 1000,
      beds_and_bedding: { ...base.beds_and_bedding, maximum_adults: c % 2 ? 2 : 3, maximum_occupancy: 3, maximum_children: 1 },
      room_features: { ...base.room_features, windows: 'City view' },
      roomNumbers: numbers.join(','),
    },
  });
  if (res.json().data.sync.created.length !== 50) throw new Error(`seeding rooms failed: ${res.body.slice(0, 300)}`);
}

const perRoom = Number(process.env.BENCH_BOOKINGS ?? 100_000) / 300;
if (perRoom > 0) {
  // Slots of 3 days from 500 days ago; each booking takes 1 or 2 nights of its slot, so stays
  // of one room never overlap (about half the nights are sold). One in twenty is cancelled.
  await app.db.execute(sql`
    insert into bookings (transaction_id, user_id, room_id, room_category, room_number, check_in, check_out,
      adults, children, phone, nights, per_night_cost, subtotal, without_vat_and_service, service_charge, vat, amount, status,
      created_at)
    select 'BEN-' || r.room_number || '-' || k, ${guest.user._id}::uuid, r.id, r.category, r.room_number,
      current_date - 500 + k * 3, current_date - 500 + k * 3 + 1 + (k % 2),
      2, 0, '01700000000', 1 + (k % 2), r.price, r.price, r.price, 0, 0, r.price,
      case when k % 20 = 0 then 'cancelled'::booking_status else 'active'::booking_status end,
      -- Booked two weeks ahead (never later than now), each at a moment of its own: the
      -- reservation list is ordered by it.
      least(now(), (current_date - 514 + k * 3)::timestamptz) - r.room_number::int * interval '1 second'
    from rooms r cross join generate_series(0, ${Math.ceil(perRoom) - 1}) as k
    where r.deleted_at is null`);
  // The rooms were there before the first stay (the dashboard counts a room's nights from its creation).
  await app.db.execute(sql`update rooms set created_at = current_date - 600`);
  // The front desk's history: stays that are over were confirmed and checked out, one in ten
  // of them a no-show instead.
  await app.db.execute(sql`
    update bookings set is_confirmed = true,
      stage = case when transaction_id like '%5' then 'booked'::booking_stage else 'checked_out'::booking_stage end,
      status = case when transaction_id like '%5' then 'no_show'::booking_status else status end
    where status = 'active' and check_out <= current_date`);
  // Payments (the trigger keeps each booking's totals): of the stays that began, four in five
  // paid in full on arrival, one in ten half of it; an online deposit for some stays to come.
  await app.db.execute(sql`
    insert into payments (booking_id, amount, method, paid_at, note)
    select b.id,
      case when b.check_in > current_date or abs(hashtext(b.transaction_id)) % 10 = 8 then round(b.amount / 2, 2) else b.amount end,
      (array['cash', 'card', 'bkash', 'nagad', 'bank_transfer']::payment_method[])[1 + abs(hashtext(b.transaction_id)) % 5],
      least(now(), b.check_in + time '12:00'),
      null
    from bookings b
    where b.status <> 'cancelled'
      and ((b.check_in <= current_date and abs(hashtext(b.transaction_id)) % 10 < 9)
        or (b.check_in > current_date and abs(hashtext(b.transaction_id)) % 10 < 2))`);
  // Status history as a running hotel leaves it: a cleaning after every stay checked out, and
  // every tenth room under maintenance for a week in each quarter.
  await app.db.execute(sql`
    insert into room_status_changes (room_id, status, changed_at, ended_at)
    select b.room_id, 'cleaning', b.check_out + time '11:00', b.check_out + time '13:00'
    from bookings b where b.stage = 'checked_out'`);
  await app.db.execute(sql`
    insert into room_status_changes (room_id, status, changed_at, ended_at)
    select r.id, 'maintenance', now() - (q * 90 + 40) * interval '1 day', now() - (q * 90 + 33) * interval '1 day'
    from rooms r cross join generate_series(0, 5) as q
    where r.room_number like '%0'`);
}
// Fresh statistics and visibility maps, as autovacuum would have them on a running hotel's database.
await app.db.execute(sql`vacuum analyze`);
const [{ n }] = (await app.db.execute(sql`select count(*)::int as n from bookings`)).rows as { n: number }[];
await announce(app, bare, { token: guest.token, adminToken, bookings: n });
