/**
 * Child process of bench/reservations.ts (issue 22's figures): the app on a fresh PostgreSQL
 * database with 300 rooms in 6 categories, 20 guest accounts, an admin, and one reservation of 3
 * rooms for 14 nights with charges and payments on its folio (the GET figures); plus the bare
 * route, and on it the count of statements the app sent to PostgreSQL (every query a round trip,
 * BEGIN and COMMIT included), and their text on request.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addDays, todayAt } from '../../packages/shared/src/dates.ts';
import { defaultCategory } from '../../packages/shared/src/room-rules.ts';
import { announce, benchApps } from './bench-app.ts';

if (!process.env.BENCH_DATABASE_URL) throw new Error('BENCH_DATABASE_URL must point at a PostgreSQL server');

// Counted at the driver: what the app asks of PostgreSQL, whatever layer asked it.
let statements = 0;
let recording: string[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  if (recording) {
    const first = args[0] as string | { text?: string; name?: string };
    recording.push(typeof first === 'string' ? first : `${first.name ? `[prepared ${first.name}] ` : ''}${first.text ?? ''}`);
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const { app, bare } = await benchApps();
bare.get('/statements', async () => ({ count: statements }));
bare.post('/statements/record', async () => {
  recording = [];
  return { ok: true };
});
bare.get('/statements/recorded', async () => {
  const list = recording ?? [];
  recording = null;
  return { statements: list };
});

const register = async (email: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'bench-password', name: 'Bench Guest' } });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`register ${email}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.json().data as { user: { _id: string }; token: string };
};
const admin = await register('bench-admin@residency.local');
await app.db.execute(sql`update users set role = 'admin' where id = ${admin.user._id}`);
const adminAuth = { authorization: `Bearer ${app.jwt.sign({ sub: admin.user._id, role: 'admin' })}` };
const guests: string[] = [];
for (let i = 0; i < 20; i += 1) guests.push((await register(`bench-guest${i}@residency.local`)).token);

for (let c = 1; c <= 6; c += 1) {
  const base = defaultCategory();
  const numbers = Array.from({ length: 50 }, (_, i) => `${c}${String(i + 1).padStart(2, '0')}`);
  const res = await app.inject({
    method: 'PUT',
    url: '/api/room-categories',
    headers: adminAuth,
    payload: {
      ...base,
      name: `Category ${c}`,
      description: 'A room for the benchmark.',
      offerPrice: 4000 + c * 1000,
      beds_and_bedding: { ...base.beds_and_bedding, maximum_adults: 2, maximum_occupancy: 3, maximum_children: 1 },
      room_features: { ...base.room_features, windows: 'City view' },
      roomNumbers: numbers.join(','),
    },
  });
  if (res.json().data?.sync?.created?.length !== 50) throw new Error(`seeding rooms failed: ${res.body.slice(0, 300)}`);
}
const rooms = ((await app.db.execute(sql`select id from rooms where deleted_at is null order by room_number`)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);

// The reservation the GET figures read: 3 rooms (one of each of three types), 14 nights a month ahead,
// three charges on the folio and two payments.
const today = todayAt('Asia/Dhaka');
const checkIn = addDays(today, 30);
const made = await app.inject({
  method: 'POST',
  url: '/api/reservations',
  headers: { authorization: `Bearer ${guests[0]}` },
  payload: {
    checkIn,
    checkOut: addDays(checkIn, 14),
    phone: '+880 1711-000000',
    rooms: [rooms[10], rooms[60], rooms[110]].map((roomId) => ({ roomId, adults: 2, children: 0 })),
  },
});
if (made.statusCode !== 201) throw new Error(`the reservation to read: ${made.statusCode} ${made.body.slice(0, 300)}`);
const reservation = made.json().data as { _id: string; bookings: { _id: string }[] };
const desk = (what: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/reservations/${reservation._id}/${what}`, headers: adminAuth, payload });
for (const [i, charge] of [
  { chargeType: 'airport_shuttle' },
  { chargeType: 'laundry', unitPrice: 450, quantity: 3, description: 'Shirts' },
  { chargeType: 'room_service', unitPrice: 1200, quantity: 2 },
].entries()) {
  const res = await desk('charges', { ...charge, bookingId: reservation.bookings[i]!._id });
  if (res.statusCode !== 201) throw new Error(`charge: ${res.statusCode} ${res.body.slice(0, 300)}`);
}
for (const payment of [{ amount: 20000, method: 'bkash', reference: '8N7A6B5C4D' }, { amount: 15000, method: 'card', reference: 'SLIP-0042' }]) {
  const res = await desk('payments', payment);
  if (res.statusCode !== 201) throw new Error(`payment: ${res.statusCode} ${res.body.slice(0, 300)}`);
}
const folio = (await app.inject({ url: `/api/reservations/${reservation._id}/folio`, headers: adminAuth })).json().data as { lines: unknown[]; balance: number };

await app.db.execute(sql`vacuum analyze`);
await announce(app, bare, { guests, rooms, reservationId: reservation._id, folioLines: folio.lines.length, balance: folio.balance, today });
// A clean exit on the parent's kill, so that `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
