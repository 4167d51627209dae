/**
 * Child process of bench/channels.ts: the app (PGlite, or PostgreSQL with BENCH_DATABASE_URL) with
 * three rooms, 500 stays on room 101 (from today on, never overlapping), an admin's token and
 * room 101's export address for Booking.com. With BENCH_SHARED_DATABASE_URL it joins that
 * database as a second API process instead, seeding nothing.
 */
import { addDays, todayAt } from '../../packages/shared/src/dates.ts';
import { defaultCategory } from '../../packages/shared/src/room-rules.ts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { announce, benchApps } from './bench-app.ts';

const shared = process.env.BENCH_SHARED_DATABASE_URL;
if (shared) {
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'residency-bench-')),
      DATABASE_URL: shared,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    }),
    { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ app: (app.server.address() as { port: number }).port })}\n`);
} else {
  const { app, bare } = await benchApps();
  const register = async (email: string) =>
    (await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'bench-password', name: 'Bench Person' } })).json()
      .data as { user: { _id: string } };
  const admin = await register('bench-admin@residency.local');
  await app.db.execute(sql`update users set role = 'admin' where id = ${admin.user._id}`);
  const adminToken = app.jwt.sign({ sub: admin.user._id, role: 'admin' });
  const guest = await register('bench-guest@residency.local');
  const base = defaultCategory();
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/room-categories',
    headers: { authorization: `Bearer ${adminToken}` },
    payload: {
      ...base,
      name: 'Deluxe',
      description: 'A room for the benchmark.',
      offerPrice: 7000,
      room_features: { ...base.room_features, windows: 'City view' },
      roomNumbers: '101,102,103',
    },
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const today = todayAt('Asia/Dhaka');
  // 500 stays of room 101 from today on, two nights each with a free night between.
  await app.db.execute(sql`
    insert into bookings (transaction_id, user_id, room_id, room_category, room_number, check_in, check_out,
      adults, children, phone, nights, per_night_cost, subtotal, without_vat_and_service, service_charge, vat, amount)
    select 'BEN-' || k, ${guest.user._id}::uuid, r.id, r.category, r.room_number,
      ${today}::date + k * 3, ${today}::date + k * 3 + 2, 2, 0, '01700000000', 2, 7000, 14000, 14000, 0, 0, 14000
    from rooms r cross join generate_series(0, 499) as k where r.room_number = '101'`);
  const channels = (await app.inject({ url: '/api/channels', headers: { authorization: `Bearer ${adminToken}` } })).json().data as {
    _id: string;
    roomNumber: string;
    exports: { channel: string; url: string }[];
  }[];
  const room = (n: string) => channels.find((r) => r.roomNumber === n)!;
  await announce(app, bare, {
    adminToken,
    exportPath: new URL(room('101').exports.find((e) => e.channel === 'booking_com')!.url).pathname,
    importRoom: room('102')._id,
    searchFrom: addDays(today, 1),
    databaseUrl: app.config.databaseUrl ?? null,
  });
}
