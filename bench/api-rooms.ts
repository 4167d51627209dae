/**
 * GET /api/room among 1,000 rooms against a bare Fastify route in the same run: every request a
 * different list (any of the 100 pages, a category, a status, a searched number, or several of
 * these together), so the answer cache hits only as often as real visitors would make it.
 * Usage: node bench/api-rooms.ts   (BENCH_DATABASE_URL=postgres://… to use a server)
 */
import { startChild } from './child.ts';
import { load, printTable } from './lib.ts';

const { child, info } = await startChild<{ app: number; bare: number }>(new URL('./servers/rooms.ts', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const bareResult = await load('bare Fastify route', `http://127.0.0.1:${info.bare}/bare`, { seconds });
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const STATUSES = ['available', 'cleaning', 'maintenance', 'unavailable'] as const;
/** One of about 400,000 different lists an admin or guest could ask for. */
function randomListPath(): string {
  const query = new URLSearchParams({ page: String(1 + Math.floor(Math.random() * 100)), limit: '10' });
  if (Math.random() < 0.4) query.set('categories', `Category ${1 + Math.floor(Math.random() * 5)}`);
  if (Math.random() < 0.3) query.set('status', pick(STATUSES));
  if (Math.random() < 0.3) {
    query.set('searchTerm', String(1 + Math.floor(Math.random() * 5)) + String(Math.floor(Math.random() * 100)).padStart(2, '0'));
    query.set('page', '1');
  }
  return `/api/room?${query}`;
}
const roomsResult = await load('GET /api/room (varied lists)', `http://127.0.0.1:${info.app}/api/room`, {
  seconds,
  path: randomListPath,
});
child.kill();

printTable([bareResult, roomsResult]);
const ratio = roomsResult.requestsPerSec / bareResult.requestsPerSec;
const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`/api/room (1,000 rooms) on ${db}: ${(ratio * 100).toFixed(1)} % of the bare route's rate (target: at least 40 %)`);
if (roomsResult.non2xx > 0 || roomsResult.errors > 0) {
  console.error('The rooms run had failed requests: the numbers are not valid.');
  process.exitCode = 1;
} else if (ratio < 0.4) process.exitCode = 1;
