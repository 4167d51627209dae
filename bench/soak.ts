/**
 * Soak (issue 23): the server as `npm start` runs it (scripts/start.ts, PGlite in a fresh data
 * directory, demo data seeded on its first start) under 250 requests a second of mixed traffic for
 * SOAK_MINUTES (default 15): 30 % availability searches (GET /api/room with dates and guests),
 * 30 % searches with prices (GET /api/rates/quote), 10 % the home page, 12 % the room list, 13 %
 * the hero slides and 5 % event requests (POST /api/events: a durable write with two mails).
 * Prints per minute the p50 and p99, the errors, and the server's RSS with its breakdown (V8
 * heap, external, PGlite's WebAssembly memory, from bench/servers/memory-probe.ts); at the end
 * the sizes of the largest tables and the plans of the queries that run against growing tables.
 *
 * Fails when the last 5 minutes' p99 is above 1.5 × the first 5 minutes' (the first minute, the
 * warm-up, is left out of the first window), or when the RSS goes above 512 MB.
 * Usage: node bench/soak.ts (SOAK_MINUTES=10, SOAK_RATE=250, WEB_DIST=<a build> to serve another
 * build of the web app than apps/web/dist; without it `npm start` builds the web app when stale).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const minutes = Number(process.env.SOAK_MINUTES ?? 15);
const rate = Number(process.env.SOAK_RATE ?? 250);
const RSS_LIMIT_MB = 512;
const P99_GROWTH = 1.5;
const port = 3400 + Math.floor(Math.random() * 500);
const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-soak-'));
const probeFile = path.join(dataDir, 'memory.jsonl');

// --- the server, as `npm start` runs it ------------------------------------------------------
const started = performance.now();
const server = spawn(process.execPath, ['--import', path.join(root, 'bench/servers/memory-probe.ts'), path.join(root, 'scripts/start.ts')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Every event request comes from this one address: the per-address limit would answer 429.
    RATE_LIMIT_AUTH_MAX: '100000000',
    MEMORY_PROBE_FILE: probeFile,
    MEMORY_PROBE_MS: '5000',
    // Node's options for the server alone (e.g. --max-old-space-size=192 to try a heap limit).
    NODE_OPTIONS: process.env.SOAK_SERVER_NODE_OPTIONS ?? '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (;;) {
  if (server.exitCode !== null) throw new Error(`the server ended (${server.exitCode}) before it answered`);
  try {
    if ((await fetch(`${base}/`)).ok) break;
  } catch {
    // not yet
  }
  if (performance.now() - started > 300_000) throw new Error('the server did not answer within 5 minutes');
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`server (pid ${server.pid}) ready after ${((performance.now() - started) / 1000).toFixed(1)} s, data in ${dataDir}`);

/** The server's resident set, from the kernel (what the issue's targets are about). */
function rssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}
interface Probe {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  pgliteWasm: number;
}
function lastProbe(): Probe | undefined {
  if (!existsSync(probeFile)) return undefined;
  const lines = readFileSync(probeFile, 'utf8').trim().split('\n');
  return JSON.parse(lines.at(-1)!) as Probe;
}
// Idle for a while first: the start's garbage collected, the RSS as an operator would see it.
await new Promise((r) => setTimeout(r, Number(process.env.SOAK_IDLE_SECONDS ?? 30) * 1000));
const idle = lastProbe();
console.log(
  `idle after the first start (demo seeded): RSS ${rssMb()} MB` +
    (idle ? ` (heap ${idle.heapUsed}/${idle.heapTotal}, external ${idle.external}, arrayBuffers ${idle.arrayBuffers}, PGlite WASM ${idle.pgliteWasm} MB)` : ''),
);

// --- the traffic -------------------------------------------------------------------------------
const iso = (d: Date) => d.toISOString().slice(0, 10);
const day = 86_400_000;
function stay(): { checkIn: string; checkOut: string } {
  const start = Date.now() + (1 + Math.floor(Math.random() * 300)) * day;
  const nights = 1 + Math.floor(Math.random() * 7);
  return { checkIn: iso(new Date(start)), checkOut: iso(new Date(start + nights * day)) };
}
const TYPES = ['Conference', 'Wedding', 'Birthday', 'Corporate', 'Other'];
let n = 0;
function eventBody(): string {
  n += 1;
  return JSON.stringify({
    name: `Soak requester ${n}`,
    email: `soak${n}@example.com`,
    phone: '+880 1711-000000',
    company: 'Soak Ltd.',
    eventType: TYPES[n % TYPES.length],
    layout: 'Theater Style',
    date: iso(new Date(Date.now() + (10 + (n % 300)) * day)),
    startTime: '10:00',
    endTime: '16:00',
    guestCount: 20 + (n % 100),
    foodPreference: 'buffet',
    additionalRequirements: 'A projector and two microphones.',
    language: n % 2 ? 'bn' : 'en',
  });
}
type Kind = 'search' | 'quote' | 'home' | 'rooms' | 'slides' | 'event';
const MIX: [Kind, number][] = [
  ['search', 0.3],
  ['quote', 0.3],
  ['home', 0.1],
  ['rooms', 0.12],
  ['slides', 0.13],
  ['event', 0.05],
];
function pick(): Kind {
  let r = Math.random();
  for (const [kind, share] of MIX) {
    r -= share;
    if (r < 0) return kind;
  }
  return 'search';
}
function request(): { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> } {
  const kind = pick();
  const s = stay();
  switch (kind) {
    case 'search': {
      const guests = encodeURIComponent(JSON.stringify({ adults: 1 + Math.floor(Math.random() * 2), children: 0 }));
      return { method: 'GET', path: `/api/room?page=1&limit=10&checkIn=${s.checkIn}&checkOut=${s.checkOut}&guests=${guests}` };
    }
    case 'quote':
      return { method: 'GET', path: `/api/rates/quote?checkIn=${s.checkIn}&checkOut=${s.checkOut}&adults=2` };
    case 'home':
      return { method: 'GET', path: '/' };
    case 'rooms':
      return { method: 'GET', path: `/api/room?page=${1 + Math.floor(Math.random() * 3)}&limit=10` };
    case 'slides':
      return { method: 'GET', path: `/api/hero-slides?locale=${Math.random() < 0.5 ? 'en' : 'bn'}` };
    case 'event':
      return { method: 'POST', path: '/api/events', body: eventBody(), headers: { 'content-type': 'application/json' } };
  }
}

interface Minute {
  latencies: number[];
  errors: number;
  /** What the errors were: a status code, or `timeout` / the connection error's code. */
  why: Map<string, number>;
  rss: number;
}
const perMinute: Minute[] = Array.from({ length: minutes }, () => ({ latencies: [], errors: 0, why: new Map(), rss: 0 }));
function failed(m: Minute, why: string) {
  m.errors += 1;
  m.why.set(why, (m.why.get(why) ?? 0) + 1);
}
const loadStart = Date.now();
const minuteOf = () => Math.min(minutes - 1, Math.floor((Date.now() - loadStart) / 60_000));
const rssTimer = setInterval(() => {
  const m = perMinute[minuteOf()]!;
  m.rss = Math.max(m.rss, rssMb());
}, 2000);
let lastPrinted = -1;
const printTimer = setInterval(() => {
  const current = minuteOf();
  while (lastPrinted < current - 1) printMinute(++lastPrinted);
}, 1000);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
function printMinute(i: number) {
  const m = perMinute[i]!;
  const sorted = [...m.latencies].sort((a, b) => a - b);
  const probe = lastProbe();
  console.log(
    `minute ${String(i + 1).padStart(2)}: ${sorted.length} req, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, ` +
      `errors ${m.errors}${m.why.size ? ` (${[...m.why].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}, RSS ${m.rss} MB` +
      (probe ? ` (heap ${probe.heapUsed}/${probe.heapTotal}, external ${probe.external}, arrayBuffers ${probe.arrayBuffers}, PGlite WASM ${probe.pgliteWasm} MB)` : ''),
  );
}

const instance = autocannon({
  url: base,
  connections: 50,
  overallRate: rate,
  duration: minutes * 60,
  requests: [{ setupRequest: (req: object) => ({ ...req, ...request() }) }],
});
instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
  const m = perMinute[minuteOf()]!;
  m.latencies.push(responseTime);
  if (statusCode >= 400) failed(m, String(statusCode));
});
instance.on('reqError', (error: Error & { code?: string }) => {
  failed(perMinute[minuteOf()]!, error.code ?? error.message);
});
await instance;
clearInterval(rssTimer);
clearInterval(printTimer);
while (lastPrinted < minutes - 1) printMinute(++lastPrinted);

// --- the verdict ----------------------------------------------------------------------------------
const windowMinutes = Math.min(5, Math.floor((minutes - 1) / 2));
const window = (from: number, to: number) =>
  perMinute
    .slice(from, to)
    .flatMap((m) => m.latencies)
    .sort((a, b) => a - b);
const first = window(1, 1 + windowMinutes);
const last = window(minutes - windowMinutes, minutes);
const firstP99 = percentile(first, 99);
const lastP99 = percentile(last, 99);
const maxRss = Math.max(...perMinute.map((m) => m.rss));
const errors = perMinute.reduce((sum, m) => sum + m.errors, 0);
console.log(
  `p99 of minutes 2–${1 + windowMinutes}: ${firstP99.toFixed(1)} ms; of the last ${windowMinutes}: ${lastP99.toFixed(1)} ms ` +
    `(×${(lastP99 / firstP99).toFixed(2)}, limit ×${P99_GROWTH}); highest RSS ${maxRss} MB (limit ${RSS_LIMIT_MB}); errors ${errors}`,
);

// --- what grew: the server stops, its data directory is opened here -------------------------------
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { btree_gist } });
const sizes = await db.query<{ table: string; rows: string; size: string }>(
  `select c.relname as table, c.reltuples::bigint::text as rows, pg_size_pretty(pg_total_relation_size(c.oid)) as size
   from pg_class c join pg_namespace s on s.oid = c.relnamespace
   where s.nspname = 'public' and c.relkind = 'r' order by pg_total_relation_size(c.oid) desc limit 8`,
);
console.log(`database ${(await db.query<{ size: string }>(`select pg_size_pretty(pg_database_size(current_database())) as size`)).rows[0]!.size}; largest tables:`);
console.table(sizes.rows);
await db.exec('analyze');
const PLANS: [string, string][] = [
  [
    "the outbox worker's claim",
    `select id from outbox_mails where status = 'pending' and next_attempt_at <= now()
       and (locked_until is null or locked_until < now()) order by id limit 1 for update skip locked`,
  ],
  [
    "the retention's batch (mail bodies past MAIL_RETENTION_DAYS)",
    `select id from outbox_mails where status = 'sent' and sent_at < now() - interval '30 days' and html <> ''
       order by sent_at limit 500 for update skip locked`,
  ],
  ['the latest event requests (the admin list)', `select * from event_requests order by created_at desc limit 10`],
];
for (const [what, query] of PLANS) {
  const plan = await db.query<{ 'QUERY PLAN': string }>(`explain analyze ${query}`);
  console.log(`\n${what}:\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
}
await db.close();

if (lastP99 > P99_GROWTH * firstP99) {
  console.error(`The p99 grew by more than ×${P99_GROWTH}.`);
  process.exitCode = 1;
}
if (maxRss > RSS_LIMIT_MB) {
  console.error(`The server's RSS went above ${RSS_LIMIT_MB} MB.`);
  process.exitCode = 1;
}
if (errors > 0) {
  console.error('Some requests failed.');
  process.exitCode = 1;
}
