/**
 * Child process of bench/availability.ts and bench/bookings.ts: the app on PostgreSQL with 300
 * rooms in 6 categories and (unless BENCH_BOOKINGS=0) 100,000 bookings spread over ~2.7 years,
 * never overlapping within a room; plus the bare route and a guest's token.
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
      adults, children, phone, nights, per_night_cost, subtotal, without_vat_and_service, service_charge, vat, amount, status)
    select 'BEN-' || r.room_number || '-' || k, ${guest.user._id}::uuid, r.id, r.category, r.room_number,
      current_date - 500 + k * 3, current_date - 500 + k * 3 + 1 + (k % 2),
      2, 0, '01700000000', 1 + (k % 2), r.price, r.price, r.price, 0, 0, r.price,
      case when k % 20 = 0 then 'cancelled'::booking_status else 'active'::booking_status end
    from rooms r cross join generate_series(0, ${Math.ceil(perRoom) - 1}) as k
    where r.deleted_at is null`);
}
// Fresh statistics, as autovacuum would have them on a running hotel's database.
await app.db.execute(sql`analyze`);
const [{ n }] = (await app.db.execute(sql`select count(*)::int as n from bookings`)).rows as { n: number }[];
await announce(app, bare, { token: guest.token, bookings: n });
