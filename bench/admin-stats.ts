/**
 * The admin dashboard (GET /api/admin, the default period: the last 12 months to today) over
 * 300 rooms, 100,000 bookings with their payments, check-outs and no-shows and a history of
 * room maintenance, on PostgreSQL, 10 connections; against a bare Fastify route in the same run.
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/admin-stats.ts
 */
import { startChild } from './child.ts';
import { load, printTable } from './lib.ts';

process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const { child, info } = await startChild<{ app: number; bare: number; adminToken: string; bookings: number }>(
  new URL('./servers/stays.ts', import.meta.url),
);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;
const url = `http://127.0.0.1:${info.app}/api/admin`;

// One answer first: the figures are there and add up (12 months, sold nights, income).
const first = (await (await fetch(url, { headers: { authorization: `Bearer ${info.adminToken}` } })).json()) as {
  data: { monthlyData: unknown[]; roomNightsSold: number; totalIncome: number; occupancy: number; adr: number; revpar: number };
};
const { monthlyData, roomNightsSold, totalIncome, occupancy, adr, revpar } = first.data;
console.log(
  `answer: ${monthlyData.length} months, ${roomNightsSold.toLocaleString('en-US')} room-nights sold, occupancy ${occupancy} %, ` +
    `income ৳${totalIncome.toLocaleString('en-US')}, ADR ৳${adr}, RevPAR ৳${revpar}`,
);

const bare = await load('bare Fastify route', `http://127.0.0.1:${info.bare}/bare`, { connections, seconds });
const stats = await load('GET /api/admin (12 months)', url, {
  connections,
  seconds,
  headers: { authorization: `Bearer ${info.adminToken}` },
});
child.kill();

console.log(`${info.bookings.toLocaleString('en-US')} bookings, 300 rooms, PostgreSQL, ${connections} connections`);
printTable([bare, stats]);
console.log(`admin dashboard: ${stats.requestsPerSec} req/s, p50 ${stats.p50} ms, p99 ${stats.p99} ms (target ≤ 100)`);
if (stats.non2xx || stats.errors || monthlyData.length !== 12 || stats.p99 > 100) process.exitCode = 1;
