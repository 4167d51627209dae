import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll } from 'vitest';
import { unusedPort } from './smtp.ts';

/** The repository root: API processes are started from there, as `npm start` does. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverEntry = path.join(root, 'apps/api/src/server.ts');

/** Polls `probe` until it returns a value other than undefined; throws `what` at the deadline. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs?: number },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${what}: not within ${options.timeoutMs} ms${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(options.intervalMs ?? 25, left)));
  }
}

/**
 * What a process test file starts, undone after the file whatever happened: its API processes
 * stopped first (in-flight work ends), then each `later` step in order (clients closed, test
 * servers closed, databases dropped, directories removed).
 */
export function cleanUpAfterFile() {
  const processes: ApiProcess[] = [];
  const steps: (() => unknown)[] = [];
  afterAll(async () => {
    await Promise.allSettled(processes.map((p) => p.stop()));
    for (const step of steps) await Promise.resolve().then(step).catch(() => {});
  }, 60_000);
  return {
    /** Keeps a started process for the stop at the end; answers it. */
    process: (p: ApiProcess) => (processes.push(p), p),
    later: (step: () => unknown) => void steps.push(step),
  };
}

/**
 * What a process test's API processes share: a new database on the PostgreSQL server of
 * `serverUrl`, `dataDirs` data directories and a client on the database (connect it when you
 * need it), all undone after the file; `env(dataDir)` is the settings every process starts with,
 * `extra` on top.
 */
export async function processTestBed(cleanUp: ReturnType<typeof cleanUpAfterFile>, serverUrl: string, name: string, dataDirs = 1) {
  const database = await createServerDatabase(serverUrl, `residency_${name}`);
  const dirs = Array.from({ length: dataDirs }, () => mkdtempSync(path.join(tmpdir(), `residency-${name}-`)));
  const db = new pg.Client({ connectionString: database.url });
  // Steps run in order: the client ends before its database is dropped.
  cleanUp.later(() => db.end());
  cleanUp.later(() => database.drop());
  cleanUp.later(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const env = (dataDir: string, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: `${name}-test-secret-0123456789abcdef0123`,
    // One client address makes all the test's requests.
    RATE_LIMIT_AUTH_MAX: '1000',
    ...extra,
  });
  return { database, dataDirs: dirs, db, env };
}

export interface ServerDatabase {
  /** `postgres://…/<name>` of the new, empty database. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A new database with a unique name on the PostgreSQL server of `serverUrl`. Throws an error
 * naming PostgreSQL when the server does not answer, so a missing server fails a test loudly.
 */
export async function createServerDatabase(serverUrl: string, prefix: string): Promise<ServerDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    throw new Error(`PostgreSQL does not answer at ${serverUrl} (TEST_DATABASE_URL): ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A connected Redis client; throws an error naming Redis when it does not answer. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // Without a listener ioredis reports a refused connection as an unhandled error event; the
  // event also says why (ECONNREFUSED) where connect() only says "Connection is closed".
  let reason: Error | undefined;
  redis.on('error', (error: Error) => {
    reason ??= error;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis does not answer at ${url} (REDIS_URL): ${(reason ?? (error as Error)).message}`, {
      cause: error,
    });
  }
  return redis;
}

/**
 * Client addresses of this run for X-Forwarded-For, from the benchmarking range 198.18.0.0/15
 * (not private, so no proxy setting mistakes them for a proxy). `forget` deletes any rate-limit
 * counter that an earlier run left for these addresses, so none can leak into this run.
 */
export function clientAddresses() {
  const block = `198.${18 + randomInt(2)}.${randomInt(256)}`;
  let next = 0;
  return {
    block,
    next(): string {
      next += 1;
      if (next > 254) throw new Error('more than 254 client addresses in one run');
      return `${block}.${next}`;
    },
    /** Deletes the `residency-rl:` counters (every route) of every address of the block. */
    async forget(redis: Redis): Promise<number> {
      let cursor = '0';
      let deleted = 0;
      do {
        const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `residency-rl:*-${block}.*`, 'COUNT', 1000);
        cursor = nextCursor;
        if (keys.length > 0) deleted += await redis.del(...keys);
      } while (cursor !== '0');
      return deleted;
    },
  };
}

/** An answer of an API process: its status, its JSON body (undefined when it is none) and its text. */
export interface ProcessAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many shapes
  body: any;
  text: string;
}

/** One HTTP request to a process over the network, as a client sends it (JSON body, bearer token). */
export async function callProcess(
  proc: { origin: string },
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ProcessAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${proc.origin}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
}

export interface ApiProcess {
  name: string;
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  pid: number | undefined;
  /** What the process wrote to stdout and stderr so far (the last 200 KB). */
  output(): string;
  /** Sends SIGTERM (graceful: in-flight work such as an outbox pass finishes), SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** `kill -9`: no shutdown at all, as a power cut or the OOM killer would end it. */
  crash(): Promise<void>;
  /** Whether the process is still running. */
  alive(): boolean;
}

/**
 * Starts `node apps/api/src/server.ts` on a free port of 127.0.0.1 with `env` (and nothing else
 * of this process's environment but PATH and HOME), and resolves once `GET /api/health`
 * answers 200. Rejects with the process's output when it exits first or is not healthy in time.
 */
/**
 * Runs `node apps/api/src/server.ts` with `env` and resolves when it exits by itself (a start
 * that must fail), with its exit code, output and how long it ran; kills it at `timeoutMs`.
 */
export async function runApiProcessToExit(
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ code: number | null; output: string; ms: number; timedOut: boolean }> {
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output, ms: performance.now() - started, timedOut };
}

export async function startApiProcess(
  name: string,
  env: Record<string, string>,
  options: { healthTimeoutMs?: number; host?: string } = {},
): Promise<ApiProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await unusedPort();
    try {
      return await startOn(name, port, env, options.healthTimeoutMs ?? 30_000, options.host ?? '127.0.0.1');
    } catch (error) {
      // The free port may have been taken between the probe and the listen: try another.
      if (attempt < 3 && /EADDRINUSE/.test((error as Error).message)) continue;
      throw error;
    }
  }
}

async function startOn(
  name: string,
  port: number,
  env: Record<string, string>,
  healthTimeoutMs: number,
  host: string,
): Promise<ApiProcess> {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, HOST: host, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  // A test run that dies must not leave servers behind.
  const killOnExit = () => void child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const origin = `http://127.0.0.1:${port}`;
  const proc: ApiProcess = {
    name,
    port,
    origin,
    pid: child.pid,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    async crash() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), 10_000);
      });
      const outcome = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (outcome === 'late') {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };

  const deadline = Date.now() + healthTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      process.removeListener('exit', killOnExit);
      throw new Error(
        `API process ${name} exited (code ${child.exitCode}, signal ${child.signalCode}) before it was healthy:\n${output}`,
      );
    }
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return proc;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await proc.stop();
      throw new Error(`API process ${name} did not answer GET /api/health with 200 within ${healthTimeoutMs} ms:\n${output}`);
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50))]);
  }
}
