/**
 * GET /api/auth/me (with a token) against a bare Fastify route in the same run.
 * Usage: node bench/api-me.ts   (BENCH_DATABASE_URL=postgres://… to use a server)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { load, printTable } from './lib.ts';

const child = spawn(process.execPath, [new URL('./servers/auth-me.ts', import.meta.url).pathname], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: process.env,
});
const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
const { app, bare, token } = JSON.parse(line) as { app: number; bare: number; token: string };

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const bareResult = await load('bare Fastify route', `http://127.0.0.1:${bare}/bare`, { seconds });
const meResult = await load('GET /api/auth/me', `http://127.0.0.1:${app}/api/auth/me`, {
  seconds,
  headers: { authorization: `Bearer ${token}` },
});
child.kill();

printTable([bareResult, meResult]);
const ratio = meResult.requestsPerSec / bareResult.requestsPerSec;
const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`/api/auth/me on ${db}: ${(ratio * 100).toFixed(1)} % of the bare route's rate (target: at least 30 %)`);
if (meResult.non2xx > 0 || meResult.errors > 0) {
  console.error('The /me run had failed requests: the numbers are not valid.');
  process.exitCode = 1;
}
