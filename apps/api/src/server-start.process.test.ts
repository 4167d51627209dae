/**
 * `npm start` as an operator meets it: real server processes on a data directory, started
 * twice, killed with `kill -9`, started again; the demo accounts it warns about; a database
 * server that drops its connections.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './seed/demo-accounts.ts';
import {
  createServerDatabase,
  eventually,
  runApiProcessToExit,
  startApiProcess,
  type ApiProcess,
} from './test/processes.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const JWT_SECRET = 'process-test-secret-process-test-secret-0000';

const started: ApiProcess[] = [];
const directories: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((p) => p.stop()));
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'residency-start-')));
  directories.push(dir);
  return dir;
}

/** A server on PGlite under `dataDir`, without demo data unless `env` asks for it. */
async function start(name: string, dataDir: string, env: Record<string, string> = {}, host?: string) {
  const proc = await startApiProcess(
    name,
    { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET, SEED_DEMO: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '100000', ...env },
    { host, healthTimeoutMs: 120_000 },
  );
  started.push(proc);
  return proc;
}

async function post(proc: ApiProcess, url: string, body: unknown, token?: string) {
  const res = await fetch(`${proc.origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: { user: { _id: string }; token: string } } };
}

describe('one server per data directory', () => {
  it('stops a second server on the same directory within seconds, naming the directory and the first server', async () => {
    const dataDir = newDataDir();
    const first = await start('first', dataDir);
    const second = await runApiProcessToExit(
      { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET, SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: '0' },
      20_000,
    );
    expect(second.timedOut).toBe(false);
    expect(second.code).toBe(1);
    expect(second.ms).toBeLessThan(10_000);
    expect(second.output).toContain(`The data directory ${dataDir} is in use by another Residency server`);
    expect(second.output).toContain(`process ${first.pid}, serving on http://localhost:${first.port}`);
    // The first one is untouched.
    expect((await fetch(`${first.origin}/api/health`)).status).toBe(200);
  });

  it('starts again after kill -9 (no stale lock), with every write it had acknowledged', async () => {
    const dataDir = newDataDir();
    const first = await start('doomed', dataDir);
    // Sign-ups keep arriving while the server is killed in the middle of them.
    const acknowledged: { email: string; token: string }[] = [];
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i += 1) {
        const email = `guest-${w}-${i}@example.com`;
        try {
          const res = await post(first, '/api/auth/register', { email, password: 'long-enough-1', name: `Guest ${w} ${i}` });
          if (res.status === 201) acknowledged.push({ email, token: res.body.data.token });
        } catch {
          return; // the server is gone
        }
      }
    });
    await eventually('20 acknowledged sign-ups', async () => (acknowledged.length >= 20 ? true : undefined), { timeoutMs: 30_000 });
    await first.crash();
    stop = true;
    await Promise.all(writers);

    const again = await start('again', dataDir);
    for (const { email, token } of acknowledged) {
      const me = await fetch(`${again.origin}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status, email).toBe(200);
      expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);
    }
  });
});

describe('demo accounts', () => {
  // Seeding the whole demo (rooms, halls, content: dozens of drawn pictures) takes a while on 2 cores.
  it('warns at level warn on a public address, and a deleted demo admin stays deleted after a restart', { timeout: 150_000 }, async () => {
    const dataDir = newDataDir();
    const demoEnv = { NODE_ENV: 'development', SEED_DEMO: 'true', LOG_LEVEL: 'info' };
    const first = await start('demo', dataDir, demoEnv, '0.0.0.0');
    await eventually('the demo warning', async () => (first.output().includes('"demoAccounts"') ? true : undefined), { timeoutMs: 10_000 });
    const warning = first
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; demoAccounts?: string[] })
      .find((entry) => entry.demoAccounts);
    expect(warning?.level).toBe(40);
    expect(warning?.demoAccounts).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(warning?.msg).toContain('Demo accounts with published passwords are open');
    expect(warning?.msg).toContain('delete the demo accounts');

    // The hotel makes its own admin, then closes the demo admin.
    const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    const login = await post(first, '/api/auth/login', { email: demoAdmin.email, password: demoAdmin.password });
    expect(login.status).toBe(200);
    const owner = await post(first, '/api/auth/register', { email: 'owner@hotel.example', password: 'owner-password', name: 'Owner' });
    const promote = await fetch(`${first.origin}/api/users/${owner.body.data.user._id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.body.data.token}` },
      body: JSON.stringify({ role: 'admin' }),
    });
    expect(promote.status).toBe(200);
    const close = await fetch(`${first.origin}/api/users/${login.body.data.user._id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${owner.body.data.token}` },
    });
    expect(close.status).toBe(200);
    await first.stop();

    const second = await start('demo-again', dataDir, demoEnv);
    expect((await post(second, '/api/auth/login', { email: demoAdmin.email, password: demoAdmin.password })).status).toBe(401);
    // Told again, on this machine's terminal: the two demo accounts still open, not the closed one.
    await eventually('the demo warning', async () => (second.output().includes('Demo accounts with published passwords') ? true : undefined), {
      timeoutMs: 10_000,
    });
    expect(second.output()).toContain('staff@residency.local (staff), user@residency.local (user)');
    expect(second.output()).not.toContain(`${demoAdmin.email} (admin)`);
    // Nothing was seeded again.
    expect(second.output()).not.toContain('Demo rooms:');
  });
});

describe('npm run create-admin', () => {
  const createAdmin = (dataDir: string, ...args: string[]) =>
    spawnSync(process.execPath, ['apps/api/src/cli/create-admin.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET, PUBLIC_URL: 'https://hotel.example' },
      encoding: 'utf8',
    });

  // Two runs of the command and a server seeding the demo's rooms and pictures (some 15 s on a quiet machine).
  it('makes the first admin of an empty hotel, whose link sets the password; refused while a server holds the directory', { timeout: 60_000 }, async () => {
    const dataDir = newDataDir();
    const made = createAdmin(dataDir, 'Owner@Hotel.example', 'Nadia', 'Karim');
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain('Created admin: Nadia Karim <owner@hotel.example>');
    const token = /https:\/\/hotel\.example\/reset-password\?token=([\w-]+)/.exec(made.stdout)?.[1];
    expect(token).toBeDefined();

    const server = await start('first-admin', dataDir, { SEED_DEMO: 'true' });
    // The directory is the server's now.
    const refused = createAdmin(dataDir, 'second@hotel.example', 'Second');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('is in use by another Residency server');

    expect((await post(server, '/api/auth/reset-password', { token, password: 'a-real-password' })).status).toBe(200);
    const login = await post(server, '/api/auth/login', { email: 'owner@hotel.example', password: 'a-real-password' });
    expect(login.status).toBe(200);
    expect((login.body.data.user as { role?: string }).role).toBe('admin');
    // A hotel with its own admin gets no demo accounts, even with SEED_DEMO on.
    expect((await post(server, '/api/auth/login', { email: 'admin@residency.local', password: 'Admin#2026' })).status).toBe(401);
  });

  it('refuses a bad e-mail with its usage line', () => {
    const bad = createAdmin(newDataDir(), 'not-an-email');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run create-admin');
  });
});

describe('a database server that drops connections', () => {
  it('keeps serving: a pooled connection the server closed is replaced, the process does not exit', async () => {
    const database = await createServerDatabase(SERVER_URL, 'residency_start');
    try {
      const proc = await start('pooled', newDataDir(), { DATABASE_URL: database.url });
      // Several connections in the pool, then all of them closed by the server (as a restart would).
      await Promise.all(Array.from({ length: 8 }, () => fetch(`${proc.origin}/api/room?limit=5`)));
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      try {
        const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database.name]);
        expect(rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await eventually('healthy again', async () => ((await fetch(`${proc.origin}/api/health`)).status === 200 ? true : undefined), {
        timeoutMs: 10_000,
      });
      expect(proc.alive()).toBe(true);
      expect(proc.output()).not.toContain('shutting down after an error');
      await proc.stop();
    } finally {
      await database.drop();
    }
  });
});
