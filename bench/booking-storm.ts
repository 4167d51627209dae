/**
 * A booking storm on PostgreSQL: 50 clients book 5 rooms with overlapping stays for 20 s, the
 * race that used to deadlock (`deadlock detected` → 500, requests hung for up to 25 s). Every
 * answer must be 201 (booked) or 409 (taken), with p99 ≤ 200 ms; meanwhile 5 other guests
 * search for rooms, and their p99 is reported beside it. Then a query checks no two active
 * stays of a room overlap.
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/booking-storm.ts
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { startChild } from './child.ts';

process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
process.env.BENCH_BOOKINGS = '0';
const { child, info } = await startChild<{ app: number; token: string }>(new URL('./servers/stays.ts', import.meta.url));
const base = `http://127.0.0.1:${info.app}`;
const allRooms = ((await (await fetch(`${base}/api/room?limit=1000`)).json()) as { data: { _id: string }[] }).data;
const rooms = allRooms.slice(0, 5).map((r) => r._id);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);

const iso = (d: Date) => d.toISOString().slice(0, 10);
/** A stay of 1–3 nights starting in the next 2 weeks in one of the 5 rooms: most of them overlap. */
function overlappingStay() {
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 2 + Math.floor(Math.random() * 14));
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + 1 + Math.floor(Math.random() * 3));
  return JSON.stringify({
    roomId: rooms[Math.floor(Math.random() * rooms.length)],
    checkIn: iso(start),
    checkOut: iso(end),
    adults: 1,
    children: 0,
    phone: '01711-000000',
  });
}
function searchPath() {
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 2 + Math.floor(Math.random() * 14));
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + 2);
  return `/api/room?page=1&limit=10&checkIn=${iso(start)}&checkOut=${iso(end)}&guests=${encodeURIComponent('{"adults":1,"children":0}')}`;
}

const [storm, searches] = await Promise.all([
  autocannon({
    url: base,
    connections: 50,
    duration: seconds,
    headers: { authorization: `Bearer ${info.token}`, 'content-type': 'application/json' },
    requests: [{ method: 'POST', path: '/api/bookings', setupRequest: (req) => ({ ...req, body: overlappingStay() }) }],
  }),
  autocannon({
    url: base,
    connections: 5,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: searchPath() }) }],
  }),
]);
child.kill();

const statuses = storm.statusCodeStats as Record<string, { count: number }>;
const made = statuses['201']?.count ?? 0;
const taken = statuses['409']?.count ?? 0;
const other = Object.entries(statuses)
  .filter(([code]) => code !== '201' && code !== '409')
  .map(([code, { count }]) => `${count}×${code}`);
const failures = storm.errors + storm.timeouts;

const db = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL.replace(/\/[^/]*$/, '/residency_bench') });
await db.connect();
const overlaps = (
  await db.query(`select count(*)::int as n from bookings a join bookings b on a.room_id = b.room_id and a.id < b.id
    and a.status = 'active' and b.status = 'active'
    and daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out)`)
).rows[0].n as number;
await db.end();

console.log(
  `50 clients, 5 rooms, overlapping stays, ${seconds} s, PostgreSQL: ${storm.requests.total} requests, ${made} booked (201), ${taken} taken (409), ` +
    `other answers: ${other.length ? other.join(', ') : 'none'}, connection errors/timeouts: ${failures}`,
);
console.log(`booking latency p50 ${storm.latency.p50} ms, p99 ${storm.latency.p99} ms, max ${storm.latency.max} ms (target p99 ≤ 200 ms)`);
console.log(`meanwhile 5 guests searching: ${Math.round(searches.requests.average)} searches/s, p99 ${searches.latency.p99} ms, max ${searches.latency.max} ms, non-2xx ${searches.non2xx}`);
console.log(`overlapping active stays: ${overlaps} (must be 0)`);
if (other.length > 0 || failures > 0 || storm.latency.p99 > 200 || overlaps !== 0 || made === 0) process.exitCode = 1;
