/**
 * GET /api/auth/me (with a token) against a bare Fastify route in the same run.
 * Usage: node bench/api-me.ts   (BENCH_DATABASE_URL=postgres://… to use a server)
 */
import { startChild } from './child.ts';
import { load, printTable } from './lib.ts';

const { child, info } = await startChild<{ app: number; bare: number; token: string }>(
  new URL('./servers/auth-me.ts', import.meta.url),
);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const bareResult = await load('bare Fastify route', `http://127.0.0.1:${info.bare}/bare`, { seconds });
const meResult = await load('GET /api/auth/me', `http://127.0.0.1:${info.app}/api/auth/me`, {
  seconds,
  headers: { authorization: `Bearer ${info.token}` },
});
child.kill();

printTable([bareResult, meResult]);
const ratio = meResult.requestsPerSec / bareResult.requestsPerSec;
const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`/api/auth/me on ${db}: ${(ratio * 100).toFixed(1)} % of the bare route's rate (target: at least 30 %)`);
if (meResult.non2xx > 0 || meResult.errors > 0) {
  console.error('The /me run had failed requests: the numbers are not valid.');
  process.exitCode = 1;
} else if (ratio < 0.3) process.exitCode = 1;
