/**
 * Booking creation on PostgreSQL: 20 concurrent clients POST /api/bookings for random rooms
 * (300) and random stays in the next year, for a fixed time. Reports bookings made per second
 * (201s; a 409 is a stay someone else just took), then checks with a query that no two active
 * stays of a room overlap.
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/bookings.ts
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { startChild } from './child.ts';

process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
process.env.BENCH_BOOKINGS = '0';
const { child, info } = await startChild<{ app: number; token: string }>(new URL('./servers/stays.ts', import.meta.url));
const base = `http://127.0.0.1:${info.app}`;
const rooms = ((await (await fetch(`${base}/api/room?limit=1000`)).json()) as { data: { _id: string }[] }).data.map((r) => r._id);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const iso = (d: Date) => d.toISOString().slice(0, 10);
function randomStay() {
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 1 + Math.floor(Math.random() * 365));
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + 1 + Math.floor(Math.random() * 3));
  return JSON.stringify({
    roomId: rooms[Math.floor(Math.random() * rooms.length)],
    checkIn: iso(start),
    checkOut: iso(end),
    adults: 1,
    children: 0,
    phone: '01711-000000',
    airportShuttle: false,
  });
}

const result = await autocannon({
  url: base,
  connections: 20,
  duration: seconds,
  headers: { authorization: `Bearer ${info.token}`, 'content-type': 'application/json' },
  requests: [{ method: 'POST', path: '/api/bookings', setupRequest: (req) => ({ ...req, body: randomStay() }) }],
});
child.kill();

const made = result['2xx'];
const statusCodes = result.statusCodeStats as Record<string, { count: number }>;
const refused = statusCodes['409']?.count ?? 0;
const other = result.non2xx - refused;
const db = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL.replace(/\/[^/]*$/, '/residency_bench') });
await db.connect();
const overlaps = (
  await db.query(`select count(*)::int as n from bookings a join bookings b on a.room_id = b.room_id and a.id < b.id
    and a.status = 'active' and b.status = 'active'
    and daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out)`)
).rows[0].n as number;
const total = (await db.query(`select count(*)::int as n from bookings`)).rows[0].n as number;
await db.end();

const perSecond = made / seconds;
console.log(`20 clients, ${seconds} s, PostgreSQL: ${made} bookings made (${perSecond.toFixed(0)}/s, target ≥ 400), ${refused} refused as taken (409), ${other} other failures`);
console.log(`latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; bookings in the table ${total}; overlapping active stays: ${overlaps} (must be 0)`);
if (perSecond < 400 || overlaps !== 0 || other > 0) process.exitCode = 1;
