/**
 * Searches on the demo hotel (issue 36), 50 connections: GET /api/room with dates and guests over
 * a spread of stays (1–7 nights, any start in the next 300 days, 1–2 adults), the plain room list
 * (any page, category or status), each beside the bare route of the same run and beside a bare
 * route that answers a fixed body of the search's own size (the ceiling for those bytes).
 * Usage: node bench/search.ts   (BENCH_DATABASE_URL=postgres://… to use a server)
 */
import { startChild } from './child.ts';
import { answerSize, fixedBody, load, printTable, type LoadResult } from './lib.ts';

const { child, info } = await startChild<{ app: number; bare: number }>(new URL('./servers/demo-hotel.ts', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const app = `http://127.0.0.1:${info.app}`;
const bareUrl = `http://127.0.0.1:${info.bare}`;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const random = (n: number) => Math.floor(Math.random() * n);
function stayPath(): string {
  const start = new Date();
  // From tomorrow: "today" at the hotel (Dhaka) can be a day ahead of UTC.
  start.setUTCDate(start.getUTCDate() + 1 + random(300));
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + 1 + random(7));
  const guests = encodeURIComponent(JSON.stringify({ adults: 1 + random(2), children: 0 }));
  return `/api/room?page=1&limit=10&checkIn=${iso(start)}&checkOut=${iso(end)}&guests=${guests}`;
}
const categories = ((await (await fetch(`${app}/api/room?limit=100`)).json()) as { data: { category: string }[] }).data.map((r) => r.category);
const distinct = [...new Set(categories)];
function listPath(): string {
  const query = new URLSearchParams({ page: String(1 + random(2)), limit: '10' });
  if (Math.random() < 0.4) query.set('categories', distinct[random(distinct.length)]!);
  if (Math.random() < 0.2) query.set('status', 'available');
  return `/api/room?${query}`;
}

const bare = await load('bare Fastify route', `${bareUrl}/bare`, { seconds });
const searchBytes = await answerSize(app, stayPath);
const search = await load('GET /api/room, a stay and party', `${app}/api/room`, { seconds, path: stayPath });
const searchCeiling = await fixedBody(bareUrl, searchBytes, { seconds });
const listBytes = await answerSize(app, listPath);
const list = await load('GET /api/room, the plain list', `${app}/api/room`, { seconds, path: listPath });
const listCeiling = await fixedBody(bareUrl, listBytes, { seconds });
const health = (await (await fetch(`${app}/api/health`)).json()) as { data: { availabilityIndex: { answers: unknown } } };
child.kill();

printTable([bare, search, searchCeiling, list, listCeiling]);
const share = (r: LoadResult, of: LoadResult) => `${((100 * r.requestsPerSec) / of.requestsPerSec).toFixed(1)} %`;
const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`Demo hotel on ${db}, bare route ${bare.requestsPerSec} req/s:`);
console.log(`  search (${searchBytes} B): ${search.requestsPerSec} req/s, p99 ${search.p99} ms = ${share(search, bare)} of the bare route (target ≥ 50 %), ${share(search, searchCeiling)} of a fixed body of its size`);
console.log(`  plain list (${listBytes} B): ${list.requestsPerSec} req/s, p99 ${list.p99} ms = ${share(list, bare)} of the bare route (target ≥ 40 %), ${share(list, listCeiling)} of a fixed body of its size`);
console.log(`  kept answers: ${JSON.stringify(health.data.availabilityIndex.answers)}`);
const failed = [search, list].some((r) => r.non2xx > 0 || r.errors > 0);
if (failed) console.error('Some requests failed: the numbers are not valid.');
const missed = search.requestsPerSec < 0.5 * bare.requestsPerSec || list.requestsPerSec < 0.4 * bare.requestsPerSec || search.p99 > 10 || list.p99 > 10;
if (failed || missed) process.exitCode = 1;
