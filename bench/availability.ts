/**
 * Availability search (GET /api/room with checkIn, checkOut, guests) over 300 rooms and
 * 100,000 bookings on PostgreSQL, 50 connections, each request a different stay in the next
 * 90 days; against a bare Fastify route in the same run.
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/availability.ts
 */
import autocannon from 'autocannon';
import { startChild } from './child.ts';
import { load, printTable, type LoadResult } from './lib.ts';

process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const { child, info } = await startChild<{ app: number; bare: number; bookings: number }>(
  new URL('./servers/stays.ts', import.meta.url),
);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const iso = (d: Date) => d.toISOString().slice(0, 10);
function randomStayPath() {
  const start = new Date();
  // From tomorrow: "today" at the hotel (Dhaka) can be a day ahead of UTC, and a past check-in is refused.
  start.setUTCDate(start.getUTCDate() + 1 + Math.floor(Math.random() * 90));
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + 1 + Math.floor(Math.random() * 3));
  const guests = encodeURIComponent(JSON.stringify({ adults: 1 + Math.floor(Math.random() * 2), children: 0 }));
  return `/api/room?page=1&limit=10&checkIn=${iso(start)}&checkOut=${iso(end)}&guests=${guests}`;
}

async function searchLoad(): Promise<LoadResult> {
  const run = (duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${info.app}`,
      connections: 50,
      duration,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: randomStayPath() }) }],
    });
  await run(2);
  const result = await run(seconds);
  return {
    name: 'availability search',
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const bareResult = await load('bare Fastify route', `http://127.0.0.1:${info.bare}/bare`, { seconds });
const search = await searchLoad();
child.kill();

console.log(`${info.bookings.toLocaleString('en-US')} bookings, 300 rooms, PostgreSQL, 50 connections`);
printTable([bareResult, search]);
const ratio = search.requestsPerSec / bareResult.requestsPerSec;
console.log(
  `availability: ${search.requestsPerSec} req/s (target ≥ 1,500), p99 ${search.p99} ms (target ≤ 50), ${(ratio * 100).toFixed(1)} % of the bare route`,
);
if (search.non2xx || search.errors || search.requestsPerSec < 1500 || search.p99 > 50) process.exitCode = 1;
