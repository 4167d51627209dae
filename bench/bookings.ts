/**
 * Booking creation on PostgreSQL (issue 23), beside the bare route of the same run: 50 concurrent
 * clients (20 guest accounts) POST /api/bookings for random rooms (300) and random stays of 1–3
 * nights in the next year, for a fixed time: each a one-room reservation with its nights and folio
 * lines. Reports bookings made per second (201s; a 409 is a stay someone else just took), p50/p99,
 * the statements each request sends to PostgreSQL (counted at the app's `pg` driver, BEGIN and
 * COMMIT included, over 200 requests one after another, and one request listed statement by
 * statement), then checks in SQL that no two active stays of a room overlap and that every 201 is
 * a booking in the table. Issue 35: the measured run is made four times, alternately without and
 * with the audit trail's triggers (disabled and enabled in SQL), and the cost of the trail is the
 * drop of the mean rate (target ≤ 10 %). Then four more, alternately with and without backups
 * taken one after another meanwhile (target: bookings ≤ 20 % slower).
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/bookings.ts
 * (BENCH_SECONDS, default 10; BENCH_CONNECTIONS, default 50).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { takeBackup } from '../apps/api/src/modules/backups/backups.service.ts';
import autocannon from 'autocannon';
import pg from 'pg';
import { addDays } from '../packages/shared/src/dates.ts';
import { startChild } from './child.ts';
import { load, printTable } from './lib.ts';

process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
// A database of its own, so another benchmark running meanwhile is not dropped.
process.env.BENCH_DATABASE_NAME = 'residency_bench_bookings';
// The time of each database function (the booking's one call, the triggers) is counted: printed per booking below.
process.env.BENCH_TRACK_FUNCTIONS = '1';
const { child, info } = await startChild<{ app: number; bare: number; guests: string[]; rooms: string[]; today: string }>(
  new URL('./servers/reservations.ts', import.meta.url),
);
process.on('exit', () => child.kill());
const api = `http://127.0.0.1:${info.app}`;
const bareUrl = `http://127.0.0.1:${info.bare}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET = 1000;

let n = 0;
/** A random room for 1–3 nights from 1 to 365 days ahead, by one of the 20 guests. */
function randomStay() {
  const i = n++;
  const checkIn = addDays(info.today, 1 + Math.floor(Math.random() * 365));
  return {
    headers: { authorization: `Bearer ${info.guests[i % info.guests.length]}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      roomId: info.rooms[Math.floor(Math.random() * info.rooms.length)],
      checkIn,
      checkOut: addDays(checkIn, 1 + Math.floor(Math.random() * 3)),
      adults: 1,
      children: 0,
      phone: '01711-000000',
      airportShuttle: false,
    }),
  };
}
/** A stay nobody else asks for: room k of the last 50, a night of its own after the year the run books in. */
let quiet = 0;
function freeStay() {
  const k = quiet++;
  const checkIn = addDays(info.today, 400 + k);
  return {
    headers: { authorization: `Bearer ${info.guests[k % info.guests.length]}`, 'content-type': 'application/json' },
    body: JSON.stringify({ roomId: info.rooms[250 + (k % 50)], checkIn, checkOut: addDays(checkIn, 1), adults: 1, children: 0, phone: '01711-000000', airportShuttle: false }),
  };
}

// Statements per request, counted at the app's driver over 200 requests in a row (the outbox
// worker's statements of the same moment are counted too: the mails these bookings wrote).
const statementCount = async () => ((await (await fetch(`${bareUrl}/statements`)).json()) as { count: number }).count;
const post = () => fetch(`${api}/api/bookings`, { method: 'POST', ...freeStay() });
const functionTimes = async () => {
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL!.replace(/\/[^/]*$/, `/${process.env.BENCH_DATABASE_NAME}`) });
  await client.connect();
  try {
    // Backends report their counts when idle, at most once a second.
    await new Promise((r) => setTimeout(r, 1500));
    const rows = (await client.query(`select funcname as name, self_time as ms from pg_stat_user_functions`)).rows as { name: string; ms: number }[];
    return new Map(rows.map((r) => [r.name, Number(r.ms)]));
  } finally {
    await client.end();
  }
};
const timesBefore = await functionTimes();
const before = await statementCount();
// 200, so that each pooled connection's first calls (PL/pgSQL compiles a function on its first call in a session) weigh little.
const SEQUENTIAL = 200;
for (let i = 0; i < SEQUENTIAL; i += 1) {
  const res = await post();
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${(await res.text()).slice(0, 300)}`);
  await res.arrayBuffer();
}
const perPost = (await statementCount() - before) / SEQUENTIAL;
const timesAfter = await functionTimes();
// Each function's own time (not its callees') per booking, over the bookings one after another.
const perBooking = [...timesAfter]
  .map(([name, ms]) => ({ name, ms: (ms - (timesBefore.get(name) ?? 0)) / SEQUENTIAL }))
  .filter((f) => f.ms >= 0.005)
  .sort((a, b) => b.ms - a.ms);
await fetch(`${bareUrl}/statements/record`, { method: 'POST' });
await (await post()).arrayBuffer();
const recorded = ((await (await fetch(`${bareUrl}/statements/recorded`)).json()) as { statements: string[] }).statements;

const bareResult = await load('bare Fastify route', `${bareUrl}/bare`, { seconds, connections: CONNECTIONS });

const db = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL.replace(/\/[^/]*$/, `/${process.env.BENCH_DATABASE_NAME}`) });
await db.connect();
const one = async (text: string) => (await db.query(text)).rows[0].n as number;
const bookingsInTable = () => one(`select count(*)::int as n from bookings`);
/** CPU seconds (user + system) a process has used so far, from /proc (0 when it is gone). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** The PostgreSQL backends serving the app (its pool), by process id. */
const backends = async () =>
  (await db.query(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [process.env.BENCH_DATABASE_NAME])).rows.map((r) => r.pid as number);

await autocannon({ url: api, connections: CONNECTIONS, duration: 2, requests: [{ method: 'POST', path: '/api/bookings', setupRequest: (req: Record<string, unknown>) => ({ ...req, ...randomStay() }) }] });
await new Promise((resolve) => setTimeout(resolve, 1000));
// Statistics of the tables as the warm-up left them, as autovacuum keeps them on a running hotel's
// database: planned on the seed's nearly empty tables, the folio triggers' statements scan every line.
await db.query('analyze');
/** The audit triggers of migration 0030 on (the product) or off (today's rate before issue 35), for a run. */
const AUDITED = (await db.query(`select c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'audit'`)).rows.map((r) => r.t as string);
async function setAudit(on: boolean) {
  for (const table of AUDITED) await db.query(`alter table "${table}" ${on ? 'enable' : 'disable'} trigger audit`);
}

/** One measured run of `seconds` with the audit trail on or off. */
async function measure(audit: boolean) {
  await setAudit(audit);
  // Each run starts from statistics as fresh as a running hotel's (autovacuum, or the app's own
  // keeper where there is none, analyzes a changed table within a minute: db/statistics.ts); the
  // runs before this one added thousands of bookings.
  await db.query('analyze');
  const stored0 = await bookingsInTable();
  const records0 = await one(`select count(*)::int as n from audit_log`);
  // Where the CPU goes during the run: the API process, the backends of its pool, this load generator.
  const pids0 = await backends();
  const cpu0 = { api: cpuSeconds(child.pid!), pg: new Map(pids0.map((pid) => [pid, cpuSeconds(pid)])), load: process.cpuUsage() };
  const result = await autocannon({
    url: api,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'POST', path: '/api/bookings', setupRequest: (req: Record<string, unknown>) => ({ ...req, ...randomStay() }) }],
  });
  const cpuApi = cpuSeconds(child.pid!) - cpu0.api;
  const cpuPg = (await backends()).reduce((sum, pid) => sum + cpuSeconds(pid) - (cpu0.pg.get(pid) ?? 0), 0);
  const loadUsage = process.cpuUsage(cpu0.load);
  const cpuLoad = (loadUsage.user + loadUsage.system) / 1e6;
  // The requests in flight when autocannon stopped are answered first.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const stored = (await bookingsInTable()) - stored0;
  const records = (await one(`select count(*)::int as n from audit_log`)) - records0;
  return { audit, result, cpuApi, cpuPg, cpuLoad, stored, records };
}

// Alternated, so a change of the machine's load during the benchmark falls on both.
const runs = [];
for (const audit of [false, true, false, true]) runs.push(await measure(audit));
await setAudit(true);

// Issue 35: bookings while backups are taken one after another (pg_dump on a snapshot, gzip,
// encryption and the verifying restore into a scratch database, as POST /api/admin/backups does),
// beside a run without, alternated.
const benchUrl = process.env.BENCH_DATABASE_URL.replace(/\/[^/]*$/, `/${process.env.BENCH_DATABASE_NAME}`);
const backupDir = mkdtempSync(path.join(tmpdir(), 'residency-bench-backups-'));
const backupHandle = await openDatabase({ databaseUrl: benchUrl, dataDir: backupDir });
const backupConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: backupDir, DATABASE_URL: benchUrl, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234', BACKUP_ENCRYPTION_KEY: 'c4'.repeat(32) });
const withBackups = [];
for (const backing of [false, true, false, true]) {
  let stop = !backing;
  const taken: number[] = [];
  const loop = (async () => {
    while (!stop) {
      const t0 = performance.now();
      await takeBackup({ handle: backupHandle, config: backupConfig }, 'benchmark');
      taken.push(performance.now() - t0);
    }
  })();
  const run = await measure(true);
  stop = true;
  await loop;
  withBackups.push({ backing, run, taken });
}
await backupHandle.close();
const overlaps = await one(`select count(*)::int as n from bookings a join bookings b on a.room_id = b.room_id and a.id < b.id
    and a.status = 'active' and b.status = 'active'
    and daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out)`);
const audited = runs.filter((r) => r.audit);
const { result, cpuApi, cpuPg, cpuLoad, stored } = audited.at(-1)!;
const rateOf = (r: (typeof runs)[number]) => ((r.result.statusCodeStats as Record<string, { count: number }>)['201']?.count ?? 0) / seconds;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const withAudit = mean(audited.map(rateOf));
const withoutAudit = mean(runs.filter((r) => !r.audit).map(rateOf));
const auditCost = 1 - withAudit / withoutAudit;
console.table(
  runs.map((r) => ({
    'audit trail': r.audit ? 'on' : 'off',
    'bookings/s': Math.round(rateOf(r)),
    'p50 ms': r.result.latency.p50,
    'p99 ms': r.result.latency.p99,
    'audit records': r.records,
    'records/booking': r.stored ? Number((r.records / r.stored).toFixed(1)) : 0,
    'CPU ms/booking (API, PostgreSQL)': `${((1000 * r.cpuApi) / Math.max(1, r.stored)).toFixed(1)}, ${((1000 * r.cpuPg) / Math.max(1, r.stored)).toFixed(1)}`,
  })),
);
console.log(
  `Audit trail: ${withAudit.toFixed(1)} bookings/s with it, ${withoutAudit.toFixed(1)} without (same run, alternated): cost ${(100 * auditCost).toFixed(1)} % (target ≤ 10 %)`,
);
const backingRate = mean(withBackups.filter((b) => b.backing).map((b) => rateOf(b.run)));
const quietRate = mean(withBackups.filter((b) => !b.backing).map((b) => rateOf(b.run)));
const backupSlowdown = 1 - backingRate / quietRate;
const backupTimes = withBackups.flatMap((b) => b.taken);
console.log(
  `Backups: ${backingRate.toFixed(1)} bookings/s while backups ran one after another (${backupTimes.length} taken, ${backupTimes.map((t) => (t / 1000).toFixed(1)).join(', ')} s each), ${quietRate.toFixed(1)} without: slower by ${(100 * backupSlowdown).toFixed(1)} % (target ≤ 20 %)`,
);
await db.end();
child.kill();

const codes = result.statusCodeStats as Record<string, { count: number }>;
const made = codes['201']?.count ?? 0;
const refused = codes['409']?.count ?? 0;
const other = result.non2xx - refused + (result['2xx'] - made) + result.errors + result.timeouts;
const perSecond = made / seconds;

printTable([bareResult]);
console.table([
  {
    run: `POST /api/bookings, ${CONNECTIONS} clients`,
    '201': made,
    '409': refused,
    other,
    'bookings/s': Math.round(perSecond),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'new in SQL': stored,
    overlaps,
    'statements/request': Number(perPost.toFixed(1)),
  },
]);
const answered = made + refused;
console.log(
  `CPU during the run (${seconds} s on 2 cores): API process ${cpuApi.toFixed(1)} s, its PostgreSQL backends ${cpuPg.toFixed(1)} s, load generator ${cpuLoad.toFixed(1)} s; ` +
    `per request answered: API ${((1000 * cpuApi) / answered).toFixed(1)} ms, PostgreSQL ${((1000 * cpuPg) / answered).toFixed(1)} ms, load generator ${((1000 * cpuLoad) / answered).toFixed(1)} ms`,
);
console.log(`One POST /api/bookings, statement by statement:\n${recorded.map((s, i) => `  ${String(i + 1).padStart(2)} ${s.replace(/\s+/g, ' ').slice(0, 150)}`).join('\n')}`);
console.log(
  `${CONNECTIONS} clients, ${seconds} s, PostgreSQL: ${perSecond.toFixed(0)} bookings/s (target ≥ ${TARGET}), ${refused} refused as taken (409), ${other} other; ` +
    `bare route ${bareResult.requestsPerSec} req/s; ${perPost.toFixed(1)} statements a booking; overlapping active stays: ${overlaps} (must be 0)`,
);
console.log(
  `PostgreSQL functions and triggers, own time per booking (${SEQUENTIAL} bookings one after another): ${perBooking.map((f) => `${f.name} ${f.ms.toFixed(2)} ms`).join(', ')}; ` +
    `in all ${perBooking.reduce((sum, f) => sum + f.ms, 0).toFixed(2)} ms (the rest of PostgreSQL's time: parsing, planning and running the statements themselves, commit)`,
);
// Every 201 is a booking in SQL; the requests still in flight when the run stopped (at most one a connection) are stored after autocannon stops counting.
const counted = stored >= made && stored <= made + CONNECTIONS;
if (perSecond < TARGET || overlaps !== 0 || other > 0 || !counted || auditCost > 0.1 || backupSlowdown > 0.2) process.exitCode = 1;
