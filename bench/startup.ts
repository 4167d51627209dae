/**
 * Start-up time of `npm start` on an installed checkout with existing data: the first start
 * creates the data (and builds the web app if needed); the next starts are timed until the
 * server answers. Usage: node bench/startup.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-startup-'));
const port = 3291;

async function startOnce(): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return performance.now() - started;
      } catch {
        // not yet
      }
      if (performance.now() - started > 180_000) throw new Error('the server did not answer within 3 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const first = await startOnce();
console.log(`first start (creates the data): ${(first / 1000).toFixed(1)} s`);
const runs: number[] = [];
for (let i = 0; i < 3; i++) runs.push(await startOnce());
const worst = Math.max(...runs);
console.log(`start with existing data: ${runs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')} (budget 10 s)`);
if (worst > 10_000) process.exitCode = 1;
