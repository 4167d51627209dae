import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The browser tests' servers. The demo data (accounts, rooms with drawn pictures, halls, posts,
 * gallery) is seeded once into a template PGlite directory (global-setup.ts); each Playwright
 * worker then serves a copy of it on a port of its own, so workers never see each other's
 * bookings, mails or rate limits, and a worker that restarts after a failure starts clean.
 */

const SERVER_SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');

/** Everything of one test run lives under this directory (removed by the teardown global-setup.ts returns). */
export function runDir(): string {
  const run = process.env.E2E_RUN_ID;
  if (!run) throw new Error('E2E_RUN_ID is not set: global-setup.ts sets it');
  return path.join(tmpdir(), `residency-e2e-${run}`);
}

export const templateDir = () => path.join(runDir(), 'template');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Where the outbox writes the mails it sends (no SMTP server in the browser tests). */
  mailDir: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the kernel's choice). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 200; fails early, with the server's output, if it exits first. */
async function waitUntilServing(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited (${child.exitCode}) before serving:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the e2e server did not answer ${url} within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Starts the app on `dataDir` (seeding the demo data when it is empty) and waits until it serves. */
export async function startServer(dataDir: string, timeoutMs = 60_000): Promise<RunningServer> {
  const port = await freePort();
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
    // What the server logs at warn and above is worth seeing next to the failing test.
    process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(`${url}/api/site`, child, () => stderr, timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  return {
    url,
    port,
    dataDir,
    mailDir: path.join(dataDir, 'mail'),
    async stop() {
      // A graceful stop closes PGlite cleanly (the template is copied from what it leaves).
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** The server of one Playwright worker: a copy of the seeded template, its own port. */
export async function startWorkerServer(workerIndex: number): Promise<RunningServer> {
  const dataDir = path.join(runDir(), `worker-${workerIndex}`);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(templateDir(), dataDir, { recursive: true });
  const server = await startServer(dataDir);
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
