/**
 * Issue 22's figures on PostgreSQL, beside the bare route of the same run:
 * (a) GET /api/reservations/:id and GET /api/reservations/:id/folio of a reservation of 3 rooms for
 *     14 nights with charges and payments (the guest's own), 20 connections: p99 ≤ 50 ms;
 * (b) POST /api/reservations of 3 rooms from 20 clients (20 accounts), each request a different
 *     free set of rooms and nights: ≥ 300 reservations/s; then in SQL no overlapping stays and no
 *     partial reservation (each holds exactly its 3 bookings);
 * (b') the same with every reservation arriving on one day (what a holiday rush does to the day's totals);
 * (c) the same from 20 clients asking for overlapping rooms and nights on purpose: only 201 or 409,
 *     and the same SQL checks (all or nothing under contention).
 * Also the statements each request sends to PostgreSQL. Usage:
 * BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/reservations.ts
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { addDays } from '../packages/shared/src/dates.ts';
import { startChild } from './child.ts';
import { load, printTable } from './lib.ts';

process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
// Its reservations arrive up to ~1,500 days ahead (nights of their own, see below): past the default horizon.
process.env.BOOKING_HORIZON_DAYS ??= '1600';
interface Info {
  app: number;
  bare: number;
  guests: string[];
  rooms: string[];
  reservationId: string;
  folioLines: number;
  balance: number;
  today: string;
}
const { child, info } = await startChild<Info>(new URL('./servers/reservations.ts', import.meta.url));
process.on('exit', () => child.kill());
const api = `http://127.0.0.1:${info.app}`;
const bareUrl = `http://127.0.0.1:${info.bare}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const TARGET = { getP99Ms: 50, reservationsPerSec: 300 };
let failed = false;

const auth = (i: number) => ({ authorization: `Bearer ${info.guests[i % info.guests.length]}` });
const json = { 'content-type': 'application/json' };
let n = 0;
/**
 * A reservation of 3 free rooms for one night, a year ahead and beyond: request i takes the set
 * i mod 97 of 3 rooms (each room is locked while it is booked) and night 2 × (i mod 365), so
 * requests in flight together lock rooms of their own and arrive and leave on days of their own;
 * 97 and 365 have no common factor, so no set and night come twice in 35,405 requests.
 */
function freeReservation() {
  const i = n++;
  return request(i, addDays(info.today, 400 + 2 * (i % 365)), i % 97);
}
/** The same, but every reservation arriving on one day (a rush on a holiday): 100 sets of 3 rooms, a night later every round. */
function sameDayReservation() {
  const i = n++;
  return request(i, addDays(info.today, 1200 + Math.floor(i / 100)), i % 100);
}
function request(i: number, checkIn: string, set: number) {
  return {
    headers: { ...json, ...auth(i) },
    body: JSON.stringify({
      checkIn,
      checkOut: addDays(checkIn, 1),
      phone: '+880 1711-000000',
      rooms: [0, 1, 2].map((k) => ({ roomId: info.rooms[set * 3 + k], adults: 1, children: 0 })),
    }),
  };
}
/** 3 of 8 rooms for 1–3 nights in a 6-day window: most requests collide with another. */
function overlappingReservation() {
  const i = n++;
  const pool = info.rooms.slice(200, 208);
  const chosen = [...pool].sort(() => Math.random() - 0.5).slice(0, 3);
  const checkIn = addDays(info.today, 200 + Math.floor(Math.random() * 4));
  return {
    headers: { ...json, ...auth(i) },
    body: JSON.stringify({
      checkIn,
      checkOut: addDays(checkIn, 1 + Math.floor(Math.random() * 3)),
      phone: '+880 1711-000000',
      rooms: chosen.map((roomId) => ({ roomId, adults: 1, children: 0 })),
    }),
  };
}

// Statements per request, counted at the app's driver over 50 requests in a row.
const statementCount = async () => ((await (await fetch(`${bareUrl}/statements`)).json()) as { count: number }).count;
async function statementsPer(send: () => Promise<Response>, expected: number) {
  const before = await statementCount();
  for (let i = 0; i < 50; i += 1) {
    const res = await send();
    if (res.status !== expected) throw new Error(`expected ${expected}, got ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
  }
  return (await statementCount() - before) / 50;
}
const getReservation = () => fetch(`${api}/api/reservations/${info.reservationId}`, { headers: auth(0) });
const getFolio = () => fetch(`${api}/api/reservations/${info.reservationId}/folio`, { headers: auth(0) });
const postReservation = () => {
  const { headers, body } = freeReservation();
  return fetch(`${api}/api/reservations`, { method: 'POST', headers, body });
};
const perGet = await statementsPer(getReservation, 200);
const perFolio = await statementsPer(getFolio, 200);
const perPost = await statementsPer(postReservation, 201);
await fetch(`${bareUrl}/statements/record`, { method: 'POST' });
await (await postReservation()).arrayBuffer();
const recorded = ((await (await fetch(`${bareUrl}/statements/recorded`)).json()) as { statements: string[] }).statements;

// (a) The reads, beside the bare route.
const bareResult = await load('bare Fastify route', `${bareUrl}/bare`, { seconds, connections: CONNECTIONS });
const reservationResult = await load('GET /api/reservations/:id (3 rooms, 14 nights)', `${api}/api/reservations/${info.reservationId}`, { seconds, connections: CONNECTIONS, headers: auth(0) });
const folioResult = await load(`GET /api/reservations/:id/folio (${info.folioLines} lines)`, `${api}/api/reservations/${info.reservationId}/folio`, { seconds, connections: CONNECTIONS, headers: auth(0) });

// (b), (b') and (c): bookings from 20 clients, each request its own account's (20 accounts).
async function storm(make: () => { headers: Record<string, string>; body: string }, duration: number) {
  const result = await autocannon({
    url: api,
    connections: CONNECTIONS,
    duration,
    requests: [{ method: 'POST', path: '/api/reservations', setupRequest: (req: Record<string, unknown>) => ({ ...req, ...make() }) }],
  });
  const codes = result.statusCodeStats as Record<string, { count: number }>;
  const made = codes['201']?.count ?? 0;
  const refused = codes['409']?.count ?? 0;
  return { made, refused, other: result.non2xx - refused + (result['2xx'] - made) + result.errors + result.timeouts, p50: result.latency.p50, p99: result.latency.p99 };
}

const db = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL.replace(/\/[^/]*$/, `/${process.env.BENCH_DATABASE_NAME || 'residency_bench'}`) });
await db.connect();
const one = async (text: string) => (await db.query(text)).rows[0].n as number;
async function checks() {
  // The requests in flight when autocannon stopped are answered first.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return {
    reservations: await one(`select count(*)::int as n from reservations`),
    overlaps: await one(`select count(*)::int as n from bookings a join bookings b on a.room_id = b.room_id and a.id < b.id
      and a.status = 'active' and b.status = 'active' and daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out)`),
    // Every reservation holds its 3 rooms: none with fewer (or none) and none with more.
    partial: await one(`select count(*)::int as n from (select r.id from reservations r left join bookings b on b.reservation_id = r.id
      group by r.id having count(b.id) <> 3) x`),
  };
}

await storm(freeReservation, 2); // warm-up, on rooms and nights of its own
const beforeFree = await checks();
const free = await storm(freeReservation, seconds);
const afterFree = await checks();
n = 0;
const sameDay = await storm(sameDayReservation, seconds);
const afterSameDay = await checks();
const contendedSeconds = Math.max(5, Math.round(seconds / 2));
const contended = await storm(overlappingReservation, contendedSeconds);
const afterContended = await checks();
await db.end();
child.kill();

printTable([bareResult, reservationResult, folioResult]);
const rate = free.made / seconds;
console.table([
  { run: 'free rooms (3 a reservation)', '201': free.made, '409': free.refused, other: free.other, 'reservations/s': Math.round(rate), 'p50 ms': free.p50, 'p99 ms': free.p99, 'new in SQL': afterFree.reservations - beforeFree.reservations, overlaps: afterFree.overlaps, partial: afterFree.partial },
  { run: 'free rooms, all arriving on one day', '201': sameDay.made, '409': sameDay.refused, other: sameDay.other, 'reservations/s': Math.round(sameDay.made / seconds), 'p50 ms': sameDay.p50, 'p99 ms': sameDay.p99, 'new in SQL': afterSameDay.reservations - afterFree.reservations, overlaps: afterSameDay.overlaps, partial: afterSameDay.partial },
  { run: 'overlapping on purpose', '201': contended.made, '409': contended.refused, other: contended.other, 'reservations/s': Math.round(contended.made / contendedSeconds), 'p50 ms': contended.p50, 'p99 ms': contended.p99, 'new in SQL': afterContended.reservations - afterSameDay.reservations, overlaps: afterContended.overlaps, partial: afterContended.partial },
]);
console.log(
  `Statements to PostgreSQL per request (BEGIN/COMMIT included): GET reservation ${perGet.toFixed(1)}, GET folio ${perFolio.toFixed(1)}, POST /api/reservations (3 rooms) ${perPost.toFixed(1)}`,
);
console.log(`One POST /api/reservations of 3 rooms, statement by statement:\n${recorded.map((s, i) => `  ${String(i + 1).padStart(2)} ${s.replace(/\s+/g, ' ').slice(0, 150)}`).join('\n')}`);
console.log(
  `GET reservation p99 ${reservationResult.p99} ms, folio p99 ${folioResult.p99} ms (target ≤ ${TARGET.getP99Ms}); ` +
    `3-room reservations ${rate.toFixed(0)}/s (target ≥ ${TARGET.reservationsPerSec}), bare route ${bareResult.requestsPerSec} req/s`,
);
if (reservationResult.p99 > TARGET.getP99Ms || folioResult.p99 > TARGET.getP99Ms || reservationResult.non2xx || folioResult.non2xx || reservationResult.errors || folioResult.errors) failed = true;
if (rate < TARGET.reservationsPerSec || free.other || free.refused) failed = true;
// Every 201 is a whole reservation in SQL; the requests still in flight when a run stops (at most
// one a connection) are answered after autocannon stops counting.
const counted = (made: number, stored: number) => stored >= made && stored <= made + CONNECTIONS;
if (!counted(free.made, afterFree.reservations - beforeFree.reservations) || !counted(contended.made, afterContended.reservations - afterSameDay.reservations)) failed = true;
if (sameDay.other || sameDay.refused) failed = true;
for (const c of [afterFree, afterSameDay, afterContended]) if (c.overlaps || c.partial) failed = true;
if (contended.other || !contended.made || !contended.refused) failed = true;
process.exitCode = failed ? 1 : 0;
