/**
 * GET /api/room?page=1&limit=10 among 1,000 rooms against a bare Fastify route in the same run.
 * Usage: node bench/api-rooms.ts   (BENCH_DATABASE_URL=postgres://… to use a server)
 */
import { startChild } from './child.ts';
import { load, printTable } from './lib.ts';

const { child, info } = await startChild<{ app: number; bare: number }>(new URL('./servers/rooms.ts', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const bareResult = await load('bare Fastify route', `http://127.0.0.1:${info.bare}/bare`, { seconds });
const roomsResult = await load('GET /api/room?page=1&limit=10', `http://127.0.0.1:${info.app}/api/room?page=1&limit=10`, {
  seconds,
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
