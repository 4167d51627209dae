/**
 * The availability index's memory (issue 23, figure 6): 300 rooms × 732 nights × 10 plans (5 room
 * types, each with Standard and a Non-refundable plan derived from it, 731 rate days each), then
 * 1,000, 2,500 and 5,000 rooms with the same 10 plans. Every room gets its own stays over the two
 * years (servers/seed-hotel.ts: by default 24 a room, one about every 29 days; with
 * INDEX_BOOKINGS_PER_ROOM=333, 100,000 at 300 rooms, placed as servers/rates.ts places them, which on
 * PostgreSQL takes about a minute a 10,000 bookings with their triggers), so every room holds a
 * night array of the whole window whatever the number of its stays. At each size, in this one
 * process: gc, memory, a new AvailabilityIndex started against the seeded database (rooms, the rate
 * calendar, room_occupancy), gc, memory; the difference is what one index holds. The same is done
 * for the occupancy alone and the rate calendar alone, to say what dominates.
 *
 * Usage: node bench/index-memory.ts (runs itself again with --expose-gc; PostgreSQL: BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test; database `residency_bench_index`, or BENCH_DATABASE_NAME).
 * INDEX_SIZES=300,1000 and INDEX_BOOKINGS_PER_ROOM=333 change the run.
 * Target: < 50 MB for 300 rooms.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { addDays, todayAt } from '../packages/shared/src/dates.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { AvailabilityIndex } from '../apps/api/src/modules/availability/availability.service.ts';
import { dayNumber, Occupancy } from '../apps/api/src/modules/availability/availability-index.ts';
import { occupancyBetween } from '../apps/api/src/modules/availability/availability.repository.ts';
import { loadRateCalendar } from '../apps/api/src/modules/rates/rates.service.ts';
import { freshDatabase } from './servers/fresh-database.ts';
import { seedHotel } from './servers/seed-hotel.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  // Started without --expose-gc (bench/run.ts starts every benchmark plainly): again, with it.
  const again = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}
const TARGET_MB = 50;
const sizes = (process.env.INDEX_SIZES ?? '300,1000,2500,5000').split(',').map(Number);
const perRoom = Number(process.env.INDEX_BOOKINGS_PER_ROOM ?? 24);
const MB = 1024 * 1024;

const databaseUrl = await freshDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', process.env.BENCH_DATABASE_NAME || 'residency_bench_index');
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'residency-bench-')),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_AUTH_MAX: '100000',
  }),
  { logger: false },
);
await app.ready();
// The app's own index would reload after every bulk insert of the seeding (and hold two snapshots
// meanwhile): stopped, so that only the indexes measured here allocate.
await app.availability.stop();
const timeZone = app.config.hotel.timeZone;
const horizonDays = app.config.bookingHorizonDays;
let seeding = 0;
const hotel = await seedHotel(app, {
  bookingsPerRoom: perRoom,
  progress: (what) => console.log(`  ${what} (${((performance.now() - seeding) / 1000).toFixed(0)} s)`),
});

async function retained() {
  for (let i = 0; i < 3; i += 1) {
    gc!();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const m = process.memoryUsage();
  // arrayBuffers is part of external: heapUsed + external counts each byte once.
  return { heap: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, total: m.heapUsed + m.external };
}

/** What `make` leaves held (its result kept until measured), and how long it took. */
async function measure<T>(make: () => Promise<T>) {
  const before = await retained();
  const began = performance.now();
  const held = await make();
  const ms = performance.now() - began;
  const after = await retained();
  return {
    held,
    ms,
    total: after.total - before.total,
    heap: after.heap - before.heap,
    external: after.external - before.external,
    arrayBuffers: after.arrayBuffers - before.arrayBuffers,
  };
}

interface Row {
  rooms: number;
  occupancyRows: number;
  loadMs: number;
  indexMB: number;
  heapMB: number;
  externalMB: number;
  bytesPerRoom: number;
  occupancyMB: number;
  calendarMB: number;
  roomsMB: number;
  reportedMB: number;
  roomJsonBytes: number;
}
const table: Row[] = [];
const mb = (bytes: number) => Math.round((bytes / MB) * 100) / 100;

for (const size of sizes) {
  seeding = performance.now();
  const step = (what: string) => console.log(`  ${what} (${((performance.now() - seeding) / 1000).toFixed(1)} s)`);
  await hotel.grow(size);
  step(`rooms, rates and bookings up to ${size} rooms`);
  const [{ n: rooms }] = ((await app.db.execute(sql`select count(*)::int as n from rooms where deleted_at is null`)) as { rows: { n: number }[] }).rows as [{ n: number }];
  console.log(`${rooms} rooms seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const from = todayAt(timeZone);
  const nights = horizonDays + 2;
  const to = addDays(from, nights);
  let occupancyRows = 0;
  const occupancy = await measure(async () => {
    const taken = await occupancyBetween(app.db, from, to);
    occupancyRows = taken.length;
    const built = new Occupancy(dayNumber(from), nights);
    for (const row of taken) built.mark(row.room_id, row.first, row.after, true);
    return built;
  });
  occupancy.held = undefined as never;
  const calendar = await measure(() => loadRateCalendar(app.db, from, to));
  let dayRows = 0;
  for (const days of calendar.held.days.values()) dayRows += days.size;
  const plans = calendar.held.days.size;
  calendar.held = undefined as never;
  // Twice: the smaller figure (a gc may leave some of the run before it).
  const indexRuns = [];
  let health: ReturnType<AvailabilityIndex['health']> | undefined;
  for (let i = 0; i < 2; i += 1) {
    const run = await measure(async () => {
      const built = new AvailabilityIndex({ db: app.db, handle: app.dbHandle, timeZone, horizonDays });
      await built.start();
      return built;
    });
    health = run.held.health();
    await run.held.stop();
    run.held = undefined as never;
    indexRuns.push(run);
  }
  const index = indexRuns.reduce((a, b) => (b.total < a.total ? b : a));
  console.log(`  index runs: ${indexRuns.map((run) => `${mb(run.total)} MB in ${Math.round(run.ms)} ms`).join(', ')}`);
  const roomJsonBytes = health!.bytes - rooms * nights;
  table.push({
    rooms,
    occupancyRows,
    loadMs: Math.round(index.ms),
    indexMB: mb(index.total),
    heapMB: mb(index.heap),
    externalMB: mb(index.external),
    bytesPerRoom: Math.round(index.total / rooms),
    occupancyMB: mb(occupancy.total),
    calendarMB: mb(calendar.total),
    roomsMB: mb(index.total - occupancy.total - calendar.total),
    reportedMB: mb(health!.bytes),
    roomJsonBytes,
  });
  console.log(
    `${rooms} rooms: index ${mb(index.total)} MB (heap ${mb(index.heap)}, external ${mb(index.external)}), loaded in ${Math.round(index.ms)} ms; ` +
      `occupancy ${mb(occupancy.total)} MB from ${occupancyRows} rows, rate calendar ${mb(calendar.total)} MB (${dayRows} days of ${plans} plans), ` +
      `/api/health bytes ${health!.bytes} (room JSON ${roomJsonBytes})`,
  );
}

console.table(table);
const base = table[0]!;
for (const row of table.slice(1)) {
  const perThousand = ((row.indexMB - base.indexMB) / (row.rooms - base.rooms)) * 1000;
  console.log(`${base.rooms} → ${row.rooms} rooms: +${perThousand.toFixed(2)} MB per 1,000 rooms (the whole index: ${((row.indexMB / row.rooms) * 1000).toFixed(2)} MB per 1,000)`);
}
const at300 = table.find((row) => row.rooms === 300);
if (at300) {
  console.log(`300 rooms × ${horizonDays + 2} nights × 10 plans: ${at300.indexMB} MB (target < ${TARGET_MB} MB)`);
  if (at300.indexMB >= TARGET_MB) process.exitCode = 1;
}
await app.close();
