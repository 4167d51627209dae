/**
 * Issue 23, figure 7: `npm start` on a data directory whose embedded database (PGlite, the
 * default engine) already holds 300 rooms, 10 rate plans with two years of daily rates and
 * 100,000 bookings (servers/seed-hotel.ts, as bench/rates.ts seeds PostgreSQL), timed from the
 * spawn until the server serves: GET / answers 200 and /api/health shows the availability index
 * loaded (loadedAt). The data directory is filled once, in this process (the app built on it,
 * the rows written with SQL, the app closed); a first start then makes sure the web app is built;
 * three starts are timed. Each start also says when the index finished loading (loadedAt, from
 * the spawn) and the server's own "ready in" (from its config to listening: opening the
 * database, migrations, the plugins and the index load); the index's load alone is timed in the
 * seeding process too. Usage: node bench/startup-100k.ts (STARTUP_BOOKINGS=100000 to change it;
 * STARTUP_DATA_DIR=<the directory a run printed> to time starts on it again without filling one).
 * Target: each timed start ≤ 10 s.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { AvailabilityIndex } from '../apps/api/src/modules/availability/availability.service.ts';
import { seedHotel } from './servers/seed-hotel.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// STARTUP_DATA_DIR: a directory this benchmark filled before (it prints its path): not filled again.
const given = process.env.STARTUP_DATA_DIR;
const dataDir = given || mkdtempSync(path.join(tmpdir(), 'residency-startup-100k-'));
const port = Number(process.env.STARTUP_PORT ?? 3292);
const ROOMS = 300;
const bookings = Number(process.env.STARTUP_BOOKINGS ?? 100_000);
const BUDGET_MS = 10_000;

// Fill the data directory once.
const seeding = performance.now();
const app = await buildApp(
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
  { logger: false },
);
await app.ready();
if (!given) {
  const hotel = await seedHotel(app, {
    bookingsPerRoom: Math.ceil(bookings / ROOMS),
    bookingNights: true,
    progress: (what) => console.log(`  ${what} (${((performance.now() - seeding) / 1000).toFixed(0)} s)`),
  });
  await hotel.grow(ROOMS);
}
const count = async (table: string) => ((await app.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as { rows: { n: number }[] }).rows[0]!.n;
const held = { rooms: await count('rooms'), bookings: await count('bookings'), nights: await count('booking_nights'), occupancy: await count('room_occupancy'), rateDays: await count('rate_days') };
console.log(`data directory ${dataDir}: ${JSON.stringify(held)}${given ? '' : `, filled in ${((performance.now() - seeding) / 1000).toFixed(1)} s`}`);
const loads: number[] = [];
for (let i = 0; i < 3; i += 1) {
  const index = new AvailabilityIndex({ db: app.db, handle: app.dbHandle, timeZone: app.config.hotel.timeZone, horizonDays: app.config.bookingHorizonDays });
  const began = performance.now();
  await index.start();
  loads.push(performance.now() - began);
  await index.stop();
}
console.log(`the index's load alone on this database (in the seeding process): ${loads.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
await app.close();

interface Start {
  ms: number;
  /** From the spawn to the index's loadedAt. */
  indexLoadedMs: number;
  /** The server's own "ready in" line. */
  ready: string;
}

async function startOnce(): Promise<Start> {
  const spawnedAt = Date.now();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) {
          const ms = performance.now() - started;
          const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
            data?: { availabilityIndex?: { loadedAt: string | null; rooms: number } };
          };
          const loadedAt = health.data?.availabilityIndex?.loadedAt;
          if (!loadedAt) throw new Error(`serving without the index loaded: ${JSON.stringify(health).slice(0, 300)}`);
          return { ms, indexLoadedMs: Date.parse(loadedAt) - spawnedAt, ready: /ready in ([\d.]+ s)/.exec(out)?.[1] ?? '?' };
        }
      } catch (error) {
        if ((error as Error).message.startsWith('serving without')) throw error;
        // not yet
      }
      if (performance.now() - started > 600_000) throw new Error('the server did not answer within 10 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
    // npm exits at once; the server closes its database after it: the next start waits for the whole group.
    for (;;) {
      try {
        process.kill(-child.pid!, 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

const first = await startOnce();
console.log(`first start (builds the web app if its build is not current): ${(first.ms / 1000).toFixed(1)} s`);
const runs: Start[] = [];
for (let i = 0; i < 3; i++) runs.push(await startOnce());
console.table(
  runs.map((run, i) => ({
    start: i + 1,
    'serving (s)': Number((run.ms / 1000).toFixed(2)),
    'index loaded at (s from spawn)': Number((run.indexLoadedMs / 1000).toFixed(2)),
    'server ready in': run.ready,
  })),
);
const worst = Math.max(...runs.map((run) => run.ms));
console.log(`npm start with ${held.bookings} bookings: ${runs.map((run) => `${(run.ms / 1000).toFixed(2)} s`).join(', ')} (budget 10 s)`);
if (worst > BUDGET_MS) process.exitCode = 1;
