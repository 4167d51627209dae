/** `npm run bench`: every benchmark in turn (build the web app first). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const postgres = { BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' };
const runs: [string, Record<string, string>][] = [
  ['api-me.ts', {}],
  ['api-me.ts', postgres],
  ['api-rooms.ts', {}],
  ['search.ts', {}],
  ['api-events.ts', {}],
  ['availability.ts', postgres],
  ['rates.ts', postgres],
  ['rates.ts', { BENCH_ENGINE: 'pglite' }],
  ['index-feed.ts', postgres],
  ['bookings.ts', postgres],
  ['booking-storm.ts', postgres],
  ['admin-stats.ts', postgres],
  ['reservations.ts', postgres],
  ['online-payments.ts', postgres],
  ['invoice-pdf.ts', {}],
  ['page-weight.ts', {}],
  ['accommodation.ts', {}],
  ['lighthouse.ts', {}],
  ['startup.ts', {}],
  ['startup-100k.ts', {}],
  ['index-memory.ts', postgres],
  ['email-render.ts', {}],
  ['channels.ts', {}],
  ['channels.ts', postgres],
  ['soak.ts', {}],
];
let failed = false;
for (const [file, env] of runs) {
  console.log(`\n=== ${file} ${Object.keys(env).length ? JSON.stringify(env) : ''}`);
  const result = spawnSync(process.execPath, [path.join(here, file)], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
