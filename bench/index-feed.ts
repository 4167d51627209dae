/**
 * The availability index's notification delay (issue 23): two API processes (`node
 * apps/api/src/server.ts`) on one PostgreSQL database; a room's night is closed by a transaction
 * of a third client, and from the moment its COMMIT returns, process B's search is asked again and
 * again until the room is no longer offered. 200 closings with B idle, then 200 while 50
 * connections search B as fast as they can. Prints p50, p99 and the worst delay of each.
 * Usage: node bench/index-feed.ts   (BENCH_DATABASE_URL=postgres://… for another server)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { addDays, todayAt } from '../packages/shared/src/dates.ts';
import { defaultCategory } from '../packages/shared/src/room-rules.ts';
import { load } from './lib.ts';
import { freshDatabase } from './servers/fresh-database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = await freshDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'residency_bench_feed');
const ROOMS = 50;
const CATEGORY = 'Feed Suite';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

async function startProcess(): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'residency-feed-')),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-feed-secret-0123456789abcdef0123',
      RATE_LIMIT_AUTH_MAX: '100000',
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const origin = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 60_000; ) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return origin;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('an API process did not start within 60 s');
}

// Started one after the other: the first migrates the empty database.
const A = await startProcess();
const B = await startProcess();
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

// An admin (made through A, promoted in SQL) adds the rooms.
const registered = await fetch(`${A}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'feed-admin@residency.local', password: 'bench-password', name: 'Feed Admin' }),
});
const adminId = (await registered.json()).data.user._id as string;
await db.query(`update users set role = 'admin' where id = $1`, [adminId]);
const login = await fetch(`${A}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'feed-admin@residency.local', password: 'bench-password' }),
});
const token = (await login.json()).data.token as string;
const base = defaultCategory();
const saved = await fetch(`${A}/api/room-categories`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({
    ...base,
    name: CATEGORY,
    offerPrice: 6000,
    description: 'A room for the benchmark.',
    room_features: { ...base.room_features, windows: 'City view' },
    roomNumbers: Array.from({ length: ROOMS }, (_, i) => String(101 + i)).join(','),
  }),
});
if (saved.status !== 200) throw new Error(`adding the rooms failed: ${saved.status} ${await saved.text()}`);
const rooms = (await db.query<{ id: string }>(`select id from rooms where deleted_at is null order by room_number`)).rows.map((r) => r.id);

const today = todayAt('Asia/Dhaka');
const guests = encodeURIComponent(JSON.stringify({ adults: 1, children: 0 }));
const searchOf = (night: string) =>
  `${B}/api/room?checkIn=${night}&checkOut=${addDays(night, 1)}&guests=${guests}&categories=${encodeURIComponent(CATEGORY)}&limit=100`;
let next = 0;

/** Closes one room for one night in a transaction of its own; ms from its COMMIT until B no longer offers the room. */
async function delayOfOne(): Promise<number> {
  const i = next++;
  const room = rooms[i % ROOMS]!;
  const night = addDays(today, 10 + Math.floor(i / ROOMS));
  await db.query('begin');
  await db.query(`insert into room_blocks (room_id, source, check_in, check_out, summary) values ($1, 'desk', $2::date, $2::date + 1, 'bench')`, [room, night]);
  await db.query('commit');
  const committed = performance.now();
  for (;;) {
    const offered = ((await (await fetch(searchOf(night))).json()).data as { _id: string }[]).some((r) => r._id === room);
    if (!offered) return performance.now() - committed;
    if (performance.now() - committed > 5_000) throw new Error('B still offers a room closed 5 s ago');
  }
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
async function measure(label: string) {
  const delays: number[] = [];
  for (let i = 0; i < 200; i += 1) delays.push(await delayOfOne());
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`${label}: p50 ${ms(quantile(delays, 0.5))}, p99 ${ms(quantile(delays, 0.99))}, worst ${ms(Math.max(...delays))} (200 closings)`);
  return quantile(delays, 0.99);
}

// Warm both processes' connections first.
for (let i = 0; i < 20; i += 1) await delayOfOne();
const idle = await measure('commit → B no longer offers the room, B idle');
const searches = load('searches on B', B, { connections: 50, seconds: 25, path: () => searchOf(addDays(today, 400 + Math.floor(Math.random() * 300))) });
await new Promise((r) => setTimeout(r, 3_000)); // past the load's warm-up
const busy = await measure('the same while 50 connections search B');
const loaded = await searches;
console.log(`B under that load: ${loaded.requestsPerSec} searches/s, p99 ${loaded.p99} ms, errors ${loaded.errors + loaded.non2xx}`);
const health = (await (await fetch(`${B}/api/health`)).json()).data.availabilityIndex;
console.log(`B's index: seq ${health.seq}, reloads ${health.reloads}, missing ${health.missing}, last lag ${health.lagMs} ms (from the changing statement)`);
await db.end();
children.forEach((c) => c.kill('SIGTERM'));
// Target: p99 ≤ 100 ms.
process.exitCode = Math.max(idle, busy) <= 100 ? 0 : 1;
