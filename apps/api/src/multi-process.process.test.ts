/**
 * Two real API processes (`node apps/api/src/server.ts`) on one PostgreSQL database and one
 * Redis, spoken to over HTTP: what "stateless API processes behind a load balancer" promises.
 * PostgreSQL and Redis are required: when either does not answer, every check fails, naming it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, todayAt } from '@residency/shared';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callProcess,
  clientAddresses,
  connectRedis,
  createServerDatabase,
  eventually,
  startApiProcess,
  type ApiProcess,
  type ProcessAnswer,
  type ServerDatabase,
} from './test/processes.ts';
import { LISTENER_NAME } from './db/client.ts';
import { TEST_ID_KEY } from './test/app.ts';
import { categoryPayload } from './test/rooms.ts';
import { startRedis, type TestRedis } from './test/redis.ts';
import { headerOf, startSmtp, type TestSmtp } from './test/smtp.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
let REDIS_URL = process.env.REDIS_URL ?? '';
let ownRedis: TestRedis | undefined;
const HOTEL_TIME_ZONE = 'Asia/Dhaka';
const AUTH_MAX = 5;
/** How soon a change made through one process must show on the other. */
const PROPAGATION_MS = 1000;

const addresses = clientAddresses();
/** The client address of requests to routes without a per-address limit. */
const someClient = addresses.next();
let redis: Redis | undefined;
let database: ServerDatabase | undefined;
let db: pg.Client | undefined;
let smtp: TestSmtp | undefined;
let dataDir: string | undefined;
let A: ApiProcess | undefined;
let B: ApiProcess | undefined;
let adminToken = '';
/** Why the setup failed: each check then fails with it (a missing service must fail, never skip). */
let setupError: unknown;

function setupDone() {
  if (setupError) throw setupError;
}

/**
 * One HTTP request to a process; `ip` becomes the client address (X-Forwarded-For). Calls of
 * rate-limited routes (sign-up, sign-in, password reset) pass an address of their own.
 */
async function api(
  proc: ApiProcess | undefined,
  method: string,
  url: string,
  options: { token?: string; ip?: string; body?: unknown } = {},
): Promise<ProcessAnswer> {
  if (!proc) throw new Error('the API process did not start');
  return callProcess(proc, method, url, { token: options.token, body: options.body, headers: { 'x-forwarded-for': options.ip ?? someClient }, timeoutMs: 15_000 });
}

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  if (!db) throw new Error('no database');
  return (await db.query(text, values)).rows as T[];
}

/** Signs up through `proc` from a client address of its own; returns the account id and token. */
async function register(proc: ApiProcess | undefined, email: string, name: string) {
  const res = await api(proc, 'POST', '/api/auth/register', {
    ip: addresses.next(),
    body: { email, password: 'correct-horse-battery', name },
  });
  if (res.status !== 201) throw new Error(`sign-up of ${email} on ${proc?.name}: ${res.status} ${res.text}`);
  return { id: res.body.data.user._id as string, token: res.body.data.token as string };
}

/** The processes' last warnings and errors (LOG_LEVEL=warn), one short line each, for a failure message. */
function logs(): string {
  const short = (line: string) => {
    try {
      const entry = JSON.parse(line) as { level: number; msg: string; err?: { message?: string; code?: string; stack?: string } };
      const where = entry.err?.stack?.split('\n').find((l) => l.includes('/apps/api/src/'))?.trim() ?? '';
      return `[${entry.level}] ${entry.msg}${entry.err ? `: ${entry.err.message} (${entry.err.code ?? 'no code'}) ${where}` : ''}`;
    } catch {
      return line;
    }
  };
  return [A, B]
    .map((p) => {
      if (!p) return '';
      const lines = p.output().split('\n').filter((l) => l.trim() !== '').slice(-15).map(short);
      return `--- process ${p.name} (pid ${p.pid}), last lines ---\n${lines.join('\n')}`;
    })
    .join('\n');
}

beforeAll(async () => {
  try {
    await setup();
  } catch (error) {
    setupError = error;
  }
}, 90_000);

async function setup() {
  // Both first, so a missing service fails with its name before anything else is set up.
  // Without REDIS_URL, a Redis of the test's own (nothing needs to run on the machine).
  if (!REDIS_URL) {
    ownRedis = await startRedis();
    REDIS_URL = ownRedis.url;
  }
  redis = await connectRedis(REDIS_URL);
  database = await createServerDatabase(SERVER_URL, 'residency_processes');
  // Counters an earlier run may have left for this run's client addresses.
  await addresses.forget(redis);
  smtp = await startSmtp();
  dataDir = mkdtempSync(path.join(tmpdir(), 'residency-processes-'));
  const env = {
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL,
    JWT_SECRET: 'multi-process-test-secret-0123456789abcdef',
    // Production needs the ID photos' key (issue 34); both processes share it, as the secret.
    ID_ENCRYPTION_KEY: TEST_ID_KEY,
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '100',
    MAIL_RETRY_BASE_MS: '200',
    RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
    RATE_LIMIT_BOOKING_MAX: '1000',
    HOTEL_TIME_ZONE,
  };
  // Started together: both migrate the empty database at once (an advisory lock serialises them).
  [A, B] = await Promise.all([startApiProcess('A', env), startApiProcess('B', env)]);
  db = new pg.Client({ connectionString: database.url });
  await db.connect();

  const admin = await register(A, 'admin@processes.test', 'Process Admin');
  await sql(`update users set role = 'admin' where id = $1`, [admin.id]);
  adminToken = admin.token;
}

afterAll(async () => {
  const errors: unknown[] = [];
  const attempt = async (step: () => Promise<unknown> | undefined) => {
    try {
      await step();
    } catch (error) {
      errors.push(error);
    }
  };
  await Promise.all([attempt(() => A?.stop()), attempt(() => B?.stop())]);
  await attempt(() => db?.end());
  await attempt(() => smtp?.close());
  await attempt(() => database?.drop());
  if (redis) {
    const r = redis;
    await attempt(() => addresses.forget(r));
    r.disconnect();
  }
  await attempt(() => ownRedis?.close());
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (errors.length > 0) throw errors[0];
}, 60_000);

describe('two API processes on one PostgreSQL and one Redis', () => {
  let roomIds: string[] = [];
  let guests: { id: string; token: string; email: string }[] = [];

  it('racing bookings through both processes give exactly one stay per room and night', async () => {
    setupDone();
    const admin = await api(A, 'PUT', '/api/room-categories', {
      token: adminToken,
      body: categoryPayload('Race Suite', { roomNumbers: '901, 902, 903' }),
    });
    expect(admin.status, admin.text).toBe(200);
    const list = await api(B, 'GET', `/api/room?categories=${encodeURIComponent('Race Suite')}&limit=100`);
    roomIds = (list.body.data as { _id: string }[]).map((r) => r._id);
    expect(roomIds).toHaveLength(3);

    guests = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const email = `guest${i}@processes.test`;
        return { ...(await register(i % 2 ? B : A, email, `Guest ${i}`)), email };
      }),
    );

    // 60 stays on 3 rooms, 1 to 3 nights each from one of the next 4 days: most overlap.
    const tomorrow = addDays(todayAt(HOTEL_TIME_ZONE), 1);
    const requests = Array.from({ length: 60 }, (_, i) => {
      const checkIn = addDays(tomorrow, i % 4);
      return {
        proc: i % 2 ? B : A,
        token: guests[i % guests.length]!.token,
        body: {
          roomId: roomIds[i % 3]!,
          checkIn,
          checkOut: addDays(checkIn, 1 + (Math.floor(i / 3) % 3)),
          adults: 1,
          children: 0,
          phone: '+880 1711-000000',
        },
      };
    });
    const answers = await Promise.all(
      requests.map(async (r) => ({ ...r, answer: await api(r.proc, 'POST', '/api/bookings', { token: r.token, body: r.body }) })),
    );

    const unexpected = answers
      .filter(({ answer }) => answer.status !== 201 && !(answer.status === 409 && answer.body?.code === 'ROOM_NOT_AVAILABLE'))
      .map(({ proc, body, answer }) => `${proc?.name} ${JSON.stringify(body)} -> ${answer.status} ${answer.text}`);
    // Soft: whatever the answers, the stays stored must still follow the rules (checked below).
    expect
      .soft(unexpected, `${unexpected.length} answers other than 201 or 409 ROOM_NOT_AVAILABLE:\n${unexpected.join('\n')}\n${logs()}`)
      .toEqual([]);

    const created = answers.filter(({ answer }) => answer.status === 201).map(({ answer }) => answer.body.data._id as string);
    // Each room got a stay, and the race really raced (some were refused).
    expect(new Set(answers.filter((a) => a.answer.status === 201).map((a) => a.body.roomId)).size).toBe(3);
    expect(created.length).toBeLessThan(requests.length);

    const overlapping = await sql(
      `select a.id as first, b.id as second from bookings a join bookings b
         on a.room_id = b.room_id and a.id < b.id
        and daterange(a.check_in, a.check_out, '[)') && daterange(b.check_in, b.check_out, '[)')
      where a.status = 'active' and b.status = 'active'`,
    );
    expect(overlapping).toEqual([]);
    const stored = await sql<{ id: string }>(`select id from bookings`);
    expect(stored.map((r) => r.id).sort()).toEqual([...created].sort());
  });

  it("a stay booked through one process is taken in the other's search at once: the index's notification delay", async () => {
    setupDone();
    const health = async (proc: ApiProcess | undefined) => (await api(proc, 'GET', '/api/health')).body.data.availabilityIndex;
    expect(await health(B)).toMatchObject({ live: true, missing: 0 });
    const first = addDays(todayAt(HOTEL_TIME_ZONE), 40);
    const delays: number[] = [];
    const lags: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const checkIn = addDays(first, i);
      const stay = `checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}&categories=${encodeURIComponent('Race Suite')}&limit=10`;
      const roomId = roomIds[i % 3]!;
      const before = await api(B, 'GET', `/api/room?${stay}`);
      expect(before.body.data.map((r: { _id: string }) => r._id)).toContain(roomId);
      const booked = await api(A, 'POST', '/api/bookings', {
        token: guests[i % guests.length]!.token,
        body: { roomId, checkIn, checkOut: addDays(checkIn, 1), adults: 1, children: 0, phone: '+880 1711-000000' },
      });
      expect(booked.status, booked.text).toBe(201);
      const answered = performance.now();
      // Asked of B over and over from the moment A answered, until B's index holds the stay.
      await eventually(
        "B's search without the stay booked through A",
        async () => {
          const after = await api(B, 'GET', `/api/room?${stay}`);
          expect(after.body.data.map((r: { _id: string }) => r._id)).not.toContain(roomId);
          return true;
        },
        { timeoutMs: PROPAGATION_MS, intervalMs: 1 },
      );
      delays.push(performance.now() - answered);
      lags.push((await health(B)).lagMs);
    }
    const at = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
    console.log(
      `availability index, process B after a booking through A (20 stays): seen in B's search p50 ${at(delays, 0.5).toFixed(1)} ms, ` +
        `p99 ${at(delays, 0.99).toFixed(1)} ms after A's answer; commit to B's index p50 ${at(lags, 0.5)} ms, p99 ${at(lags, 0.99)} ms`,
    );
  });

  it("the other process's index notices its LISTEN connection killed, reloads and misses nothing", async () => {
    setupDone();
    const health = async (proc: ApiProcess | undefined) => (await api(proc, 'GET', '/api/health')).body.data.availabilityIndex;
    const reloads = (await health(B)).reloads as number;
    const checkIn = addDays(todayAt(HOTEL_TIME_ZONE), 80);
    const stay = `checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&categories=${encodeURIComponent('Race Suite')}&limit=10`;
    expect((await api(B, 'GET', `/api/room?${stay}`)).body.data).toHaveLength(3);
    const killed = await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = '${LISTENER_NAME}'`,
    );
    expect(killed.length).toBe(2); // A's and B's
    // Closed by the desk while nobody listens: no notification will ever tell of it.
    await sql(
      `insert into room_blocks (room_id, source, check_in, check_out, summary) values ($1, 'desk', $2::date, $2::date + 2, 'Flooded')`,
      [roomIds[0], checkIn],
    );
    await eventually(
      "B's index listening again, reloaded",
      async () => {
        const now = await health(B);
        expect(now).toMatchObject({ live: true, reloading: false });
        expect(now.reloads).toBeGreaterThan(reloads);
        return true;
      },
      { timeoutMs: 10_000 },
    );
    const after = await api(B, 'GET', `/api/room?${stay}`);
    expect(after.body.data.map((r: { _id: string }) => r._id).sort()).toEqual(roomIds.slice(1).sort());
    // And it follows the feed again: the block lifted in the database shows on B.
    await sql(`update room_blocks set released_at = now() where summary = 'Flooded'`);
    await eventually(
      "B's search with the block lifted",
      async () => ((await api(B, 'GET', `/api/room?${stay}`)).body.data.length === 3 ? true : undefined),
      { timeoutMs: PROPAGATION_MS },
    );
  });

  it('a role change made through one process is seen by the other within a second', async () => {
    setupDone();
    const person = await register(A, 'promoted@processes.test', 'Promoted Person');
    const leaver = await register(B, 'leaver@processes.test', 'Leaving Person');

    // B knows both accounts (and caches them) before anything changes.
    for (let i = 0; i < 2; i += 1) {
      const me = await api(B, 'GET', '/api/auth/me', { token: person.token });
      expect(me.status, me.text).toBe(200);
      expect(me.body.data.role).toBe('user');
      expect((await api(B, 'GET', '/api/auth/me', { token: leaver.token })).status).toBe(200);
    }
    expect((await api(B, 'GET', '/api/users', { token: person.token })).status).toBe(403);

    const promote = await api(A, 'PUT', `/api/users/${person.id}`, { token: adminToken, body: { role: 'admin' } });
    expect(promote.status, promote.text).toBe(200);
    await eventually(
      'B lets the promoted user list users and shows the role admin',
      async () => {
        const users = await api(B, 'GET', '/api/users', { token: person.token });
        const me = await api(B, 'GET', '/api/auth/me', { token: person.token });
        return users.status === 200 && me.body?.data?.role === 'admin' ? true : undefined;
      },
      { timeoutMs: PROPAGATION_MS },
    );

    // Taking a role away matters most: the old one must stop working on B as quickly.
    const demote = await api(A, 'PUT', `/api/users/${person.id}`, { token: adminToken, body: { role: 'user' } });
    expect(demote.status, demote.text).toBe(200);
    await eventually(
      'B refuses the demoted user the admin-only list',
      async () => ((await api(B, 'GET', '/api/users', { token: person.token })).status === 403 ? true : undefined),
      { timeoutMs: PROPAGATION_MS },
    );
    expect((await api(B, 'GET', '/api/auth/me', { token: person.token })).body.data.role).toBe('user');

    const remove = await api(A, 'DELETE', `/api/users/${leaver.id}`, { token: adminToken });
    expect(remove.status, remove.text).toBe(200);
    const gone = await eventually(
      "B answers the deleted account's token with 401",
      async () => {
        const me = await api(B, 'GET', '/api/auth/me', { token: leaver.token });
        return me.status === 401 ? me : undefined;
      },
      { timeoutMs: PROPAGATION_MS },
    );
    expect(gone.body).toMatchObject({ success: false });
  });

  it('a room edit made through one process is seen by the other within a second', async () => {
    setupDone();
    const id = roomIds[0]!;
    const listUrl = `/api/room?categories=${encodeURIComponent('Race Suite')}&limit=100`;
    const inList = (answer: ProcessAnswer) => (answer.body.data as { _id: string; price: number; room_overview: { name: string } }[]).find((r) => r._id === id);

    // Read twice on B: the first answer fills B's cache, the second comes from it.
    await api(B, 'GET', `/api/room/${id}`);
    const before = (await api(B, 'GET', `/api/room/${id}`)).body.data;
    await api(B, 'GET', listUrl);
    expect(inList(await api(B, 'GET', listUrl))?.price).toBe(before.price);

    const price = before.price + 1111;
    const priced = await api(A, 'PATCH', `/api/room/${id}`, { token: adminToken, body: { price } });
    expect(priced.status, priced.text).toBe(200);
    await eventually(
      'B shows the new price of the room',
      async () => ((await api(B, 'GET', `/api/room/${id}`)).body.data.price === price ? true : undefined),
      { timeoutMs: PROPAGATION_MS },
    );
    await eventually(
      'B shows the new price in the room list',
      async () => (inList(await api(B, 'GET', listUrl))?.price === price ? true : undefined),
      { timeoutMs: PROPAGATION_MS },
    );

    // The list first this time, so each read is warm on B when the change lands.
    expect(inList(await api(B, 'GET', listUrl))?.room_overview.name).toBe(before.room_overview.name);
    expect((await api(B, 'GET', `/api/room/${id}`)).body.data.room_overview.name).toBe(before.room_overview.name);
    const name = `${before.room_overview.name} (renovated)`;
    const renamed = await api(A, 'PATCH', `/api/room/${id}`, {
      token: adminToken,
      body: { room_overview: { ...before.room_overview, name } },
    });
    expect(renamed.status, renamed.text).toBe(200);
    await eventually(
      'B shows the new name in the room list and on the room',
      async () => {
        const listed = inList(await api(B, 'GET', listUrl))?.room_overview.name;
        const one = (await api(B, 'GET', `/api/room/${id}`)).body.data.room_overview.name;
        return listed === name && one === name ? true : undefined;
      },
      { timeoutMs: PROPAGATION_MS },
    );
  });

  it('the auth rate limit is shared by both processes', async () => {
    setupDone();
    const ip = addresses.next();
    const wrong = { email: 'nobody@processes.test', password: 'not-the-password' };
    for (let i = 0; i < AUTH_MAX; i += 1) {
      const proc = i % 2 ? B : A;
      const res = await api(proc, 'POST', '/api/auth/login', { ip, body: wrong });
      expect(res.status, `attempt ${i + 1} on ${proc?.name}: ${res.text}`).toBe(401);
    }
    for (const proc of [B, A]) {
      const res = await api(proc, 'POST', '/api/auth/login', { ip, body: wrong });
      expect(res.status, `attempt past the limit on ${proc?.name}: ${res.text}`).toBe(429);
      expect(res.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(typeof res.body.message).toBe('string');
    }
    // Counted per client: another address still gets its own attempts.
    expect((await api(A, 'POST', '/api/auth/login', { ip: addresses.next(), body: wrong })).status).toBe(401);
  });

  it('the outbox sends each mail once', async () => {
    setupDone();
    const resets = guests.slice(0, 4);
    const answers = await Promise.all(
      resets.map((g, i) =>
        api(i % 2 ? B : A, 'POST', '/api/auth/forgot-password', { ip: addresses.next(), body: { email: g.email } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(resets.map(() => 200));

    // Two mails per booking (guest and hotel), one per reset; nothing else in this file sends mail.
    const [{ booked } = { booked: -1 }] = await sql<{ booked: number }>(`select count(*)::int as booked from bookings`);
    const kinds = await sql<{ kind: string; n: number }>(`select kind, count(*)::int as n from outbox_mails group by kind order by kind`);
    const byKind = Object.fromEntries(kinds.map((k) => [k.kind, k.n]));
    expect(booked).toBeGreaterThan(0);
    expect(byKind).toEqual({
      BOOKING_CONFIRMATION_ADMIN: booked,
      BOOKING_CONFIRMATION_USER: booked,
      'password-reset': resets.length,
    });

    await eventually(
      'every outbox mail leaves the pending state',
      async () => {
        const [pending] = await sql<{ n: number }>(`select count(*)::int as n from outbox_mails where status = 'pending'`);
        return pending?.n === 0 ? true : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 50 },
    );
    const outbox = await sql<{ id: string; to: string; status: string; attempts: number; last_error: string | null }>(
      `select id::text, "to", status, attempts, last_error from outbox_mails order by id`,
    );
    expect(outbox.filter((m) => m.status !== 'sent')).toEqual([]);

    // Stopped gracefully, the processes finish any send in flight: nothing can arrive later.
    await Promise.all([A?.stop(), B?.stop()]);
    const received = new Map<string, { count: number; to: string[] }>();
    const unknown: string[] = [];
    for (const mail of smtp!.received) {
      const id = headerOf(mail, 'X-Residency-Mail-Id');
      if (!id) {
        unknown.push(mail.parsed.subject ?? '(no subject)');
        continue;
      }
      const seen = received.get(id) ?? { count: 0, to: [] };
      received.set(id, { count: seen.count + 1, to: [...seen.to, ...mail.rcptTo] });
    }
    expect(unknown, 'mails without an outbox id').toEqual([]);
    const duplicates = [...received].filter(([, seen]) => seen.count !== 1).map(([id, seen]) => `${id} x${seen.count}`);
    expect(duplicates, 'outbox mails received more than once').toEqual([]);
    expect([...received.keys()].sort()).toEqual(outbox.map((m) => m.id).sort());
    for (const mail of outbox) expect(received.get(mail.id)?.to, `recipient of mail ${mail.id}`).toEqual([mail.to]);
  });
});
