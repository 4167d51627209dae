/**
 * Online payment (issue 33) on PostgreSQL (database `residency_bench_payments`), with the sandbox
 * gateway as a process of its own (`apps/api/src/sandbox-gateway/server.ts`, as the tests run it),
 * 20 connections, beside the bare route of the same run:
 * (1) POST /api/reservations/:id/online-payments (SSLCommerz, the whole stay) over N reservations of
 *     one room each made beforehand through POST /api/reservations, each request a reservation of
 *     its own (one session pending per reservation); beside it the sandbox's own session initiation
 *     (POST …/gwprocess/v4/api.php with the form the API sends, 20 connections);
 * (2) POST /api/payments/sslcommerz/ipn for every session opened in (1), paid at the sandbox first
 *     (its control route, the IPN held back), each IPN once, then all of them a second time (the
 *     duplicates must record nothing); beside it the sandbox's own Order Validation API (GET
 *     …/validationserverAPI.php, 20 connections); then in SQL exactly one payment per paid session.
 * "The sandbox's own time excluded" is defined as the API's p99 minus the sandbox's p50 of the same
 * call measured alone: targets start p99 − sandbox init p50 ≤ 100 ms, IPN p99 − sandbox
 * validation p50 ≤ 100 ms, one payment per paid session.
 * The API and the bare route run in a child process (this file again, with
 * BENCH_ONLINE_PAYMENTS_SERVER=1), as bench/servers/reservations.ts does for the other benchmarks.
 * Usage: node bench/online-payments.ts   (BENCH_DATABASE_URL=postgres://… for another server;
 * BENCH_RESERVATIONS, default 3000; BENCH_SECONDS for the bare route and the sandbox, default 10)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { SANDBOX_CREDENTIALS, loadConfig } from '../apps/api/src/config.ts';
import { addDays, todayAt } from '../packages/shared/src/dates.ts';
import { defaultCategory } from '../packages/shared/src/room-rules.ts';
import { startChild } from './child.ts';
import { load, printTable, type LoadResult } from './lib.ts';
import { freshDatabase } from './servers/fresh-database.ts';

process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
// A database of its own, so another benchmark running meanwhile is not dropped.
const DATABASE = 'residency_bench_payments';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 20;
const ROOMS_PER_CATEGORY = 50;
const CATEGORIES = 6;
const GUESTS = 20;

interface Info {
  app: number;
  bare: number;
  guests: string[];
  /** [reservation id, index of its guest in `guests`] */
  reservations: [string, number][];
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Runs `work` over `items`, `width` at a time. */
async function pool<T, R>(items: T[], width: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

if (process.env.BENCH_ONLINE_PAYMENTS_SERVER === '1') await serve();
else await measure();

/**
 * The child: the app on a fresh PostgreSQL database, pointed at the sandbox gateway
 * (BENCH_SANDBOX_URL), with 300 rooms in 6 categories, 20 guest accounts, an admin and
 * BENCH_RESERVATIONS one-room reservations of one night, no two on the same room and night; plus
 * the bare route. Prints one JSON line with the ports, the guests' tokens and the reservations.
 */
async function serve() {
  const [{ buildApp }, { default: Fastify }, { sql }] = await Promise.all([import('../apps/api/src/app.ts'), import('fastify'), import('drizzle-orm')]);
  const sandbox = process.env.BENCH_SANDBOX_URL!;
  const port = await freePort();
  const config = loadConfig({
    // As bench/servers/bench-app.ts configures the app for every benchmark…
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'residency-bench-')),
    DATABASE_URL: await freshDatabase(process.env.BENCH_DATABASE_URL!, DATABASE),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_AUTH_MAX: '100000',
    // The load comes from a few accounts: per-account limits (bookings and payment starts) would measure themselves.
    RATE_LIMIT_BOOKING_MAX: '100000000',
    RATE_LIMIT_UPLOAD_MAX: '100000000',
    ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}),
    // …and its payments sent to the sandbox gateway's process (apps/api/src/test/sandbox-gateway.ts's settings).
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PAYMENT_SANDBOX: 'false',
    SSLCOMMERZ_STORE_ID: SANDBOX_CREDENTIALS.sslcommerz.storeId,
    SSLCOMMERZ_STORE_PASSWORD: SANDBOX_CREDENTIALS.sslcommerz.storePassword,
    SSLCOMMERZ_BASE_URL: `${sandbox}/sslcommerz`,
    BKASH_APP_KEY: SANDBOX_CREDENTIALS.bkash.appKey,
    BKASH_APP_SECRET: SANDBOX_CREDENTIALS.bkash.appSecret,
    BKASH_USERNAME: SANDBOX_CREDENTIALS.bkash.username,
    BKASH_PASSWORD: SANDBOX_CREDENTIALS.bkash.password,
    BKASH_BASE_URL: `${sandbox}/bkash`,
    // The payment job stays out of the way: no pass during the run, no session old enough to ask about, no session lapsing.
    PAYMENT_POLL_MS: '3600000',
    PAYMENT_QUERY_AFTER_SECONDS: '86400',
    PAYMENT_HOLD_MINUTES: '1440',
  });
  const app = await buildApp(config, { logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, data: { hello: 'world' } }));

  const register = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'bench-password', name: 'Bench Guest' } });
    if (res.statusCode !== 201) throw new Error(`register ${email}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res.json().data as { user: { _id: string }; token: string };
  };
  const admin = await register('bench-admin@residency.local');
  await app.db.execute(sql`update users set role = 'admin' where id = ${admin.user._id}`);
  const adminAuth = { authorization: `Bearer ${app.jwt.sign({ sub: admin.user._id, role: 'admin' })}` };
  const guests: string[] = [];
  for (let i = 0; i < GUESTS; i += 1) guests.push((await register(`bench-guest${i}@residency.local`)).token);

  for (let c = 1; c <= CATEGORIES; c += 1) {
    const base = defaultCategory();
    const numbers = Array.from({ length: ROOMS_PER_CATEGORY }, (_, i) => `${c}${String(i + 1).padStart(2, '0')}`);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/room-categories',
      headers: adminAuth,
      payload: {
        ...base,
        name: `Category ${c}`,
        description: 'A room for the benchmark.',
        offerPrice: 4000 + c * 1000,
        beds_and_bedding: { ...base.beds_and_bedding, maximum_adults: 2, maximum_occupancy: 3, maximum_children: 1 },
        room_features: { ...base.room_features, windows: 'City view' },
        roomNumbers: numbers.join(','),
      },
    });
    if (res.json().data?.sync?.created?.length !== ROOMS_PER_CATEGORY) throw new Error(`seeding rooms failed: ${res.body.slice(0, 300)}`);
  }
  const rooms = ((await app.db.execute(sql`select id from rooms where deleted_at is null order by room_number`)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);

  // Reservation i: room i mod 300 for the night 30 + 2 × ⌊i / 300⌋ days ahead, by guest i mod 20.
  const today = todayAt('Asia/Dhaka');
  const count = Number(process.env.BENCH_RESERVATIONS ?? 3000);
  const reservations = await pool(Array.from({ length: count }, (_, i) => i), 10, async (i) => {
    const checkIn = addDays(today, 30 + 2 * Math.floor(i / rooms.length));
    const guest = i % guests.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { authorization: `Bearer ${guests[guest]}` },
      payload: { checkIn, checkOut: addDays(checkIn, 1), phone: '+880 1711-000000', rooms: [{ roomId: rooms[i % rooms.length], adults: 1, children: 0 }] },
    });
    if (res.statusCode !== 201) throw new Error(`reservation ${i}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return [(res.json().data as { _id: string })._id, guest] as [string, number];
  });
  await app.db.execute(sql`vacuum analyze`);

  await app.listen({ port, host: '127.0.0.1' });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const info: Info = { app: port, bare: (bare.server.address() as { port: number }).port, guests, reservations };
  process.stdout.write(`${JSON.stringify(info)}\n`);
}

/** The parent: the sandbox gateway's process, the child, then the runs, the checks and the figures. */
async function measure() {
  const children: ChildProcess[] = [];
  process.on('exit', () => children.forEach((c) => c.kill()));
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const TARGET_MS = 100;
  let failed = false;

  // The sandbox gateway, a process of its own.
  const sandboxPort = await freePort();
  const gateway = spawn(process.execPath, [path.join(root, 'apps/api/src/sandbox-gateway/server.ts'), String(sandboxPort)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(gateway);
  for await (const line of createInterface({ input: gateway.stdout! })) if (line.startsWith('listening')) break;
  const sandbox = `http://127.0.0.1:${sandboxPort}`;

  const loadAtStart = loadavg()[0]!;
  const started = Date.now();
  const { child, info } = await startChild<Info>(new URL(import.meta.url), { BENCH_ONLINE_PAYMENTS_SERVER: '1', BENCH_SANDBOX_URL: sandbox });
  children.push(child);
  console.log(`seeded ${info.reservations.length} reservations (300 rooms, ${info.guests.length} guests) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const api = `http://127.0.0.1:${info.app}`;
  const db = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL!.replace(/\/[^/]*$/, `/${DATABASE}`) });
  await db.connect();
  const one = async (text: string) => (await db.query(text)).rows[0].n as number;
  /** The confirmation mails of the seeding (and the payments' mails) are sent before a run starts. */
  async function mailsSent() {
    for (const until = Date.now() + 180_000; Date.now() < until; ) {
      if ((await one(`select count(*)::int as n from outbox_mails where status = 'pending'`)) === 0) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    console.warn('outbox mails still pending after 180 s: the run starts anyway');
  }
  const credentials = { store_id: SANDBOX_CREDENTIALS.sslcommerz.storeId, store_passwd: SANDBOX_CREDENTIALS.sslcommerz.storePassword };
  const control = async <T>(url: string, body: unknown): Promise<T> => {
    const res = await fetch(`${sandbox}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`sandbox ${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as T;
  };
  const decide = (sessionkey: string) => control<{ url: string; fields: Record<string, string> }>('/_control/sslcommerz/decide', { sessionkey, decision: 'pay', ipn: false });
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  /** The form the API posts to open an SSLCommerz session (sslcommerz.client.ts), for a tran_id of its own. */
  let initCount = 0;
  const initForm = () => {
    const tranId = `BENCH-INIT-${++initCount}`;
    return new URLSearchParams({
      ...credentials,
      total_amount: '5000.00',
      currency: 'BDT',
      tran_id: tranId,
      success_url: `${api}/api/payments/sslcommerz/success`,
      fail_url: `${api}/api/payments/sslcommerz/fail`,
      cancel_url: `${api}/api/payments/sslcommerz/cancel`,
      ipn_url: `${api}/api/payments/sslcommerz/ipn`,
      cus_name: 'Bench Guest',
      cus_email: 'bench-guest0@residency.local',
      cus_add1: 'House 12, Road 71, Gulshan 2, Dhaka 1212, Bangladesh',
      cus_city: 'Dhaka',
      cus_country: 'Bangladesh',
      cus_phone: '+880 1711-000000',
      shipping_method: 'NO',
      num_of_item: '1',
      product_name: 'Residency: RSV-BENCH-0000 (Category 1 101)',
      product_category: 'Hotel',
      product_profile: 'travel-vertical',
      hotel_name: 'Residency: RSV-BENCH-0000 (Category 1 101)',
      length_of_stay: '1',
      check_in_time: '',
      hotel_city: 'Dhaka',
      value_a: tranId,
    }).toString();
  };

  /** `amount` requests from 20 connections, each made by `make`; its figures, rate over the run's own duration. */
  async function post(name: string, amount: number, make: () => { path: string; headers: Record<string, string>; body: string }) {
    const result = await autocannon({
      url: api,
      connections: CONNECTIONS,
      amount,
      timeout: 30,
      requests: [{ method: 'POST', setupRequest: (req: Record<string, unknown>) => ({ ...req, ...make() }) }],
    });
    const codes = Object.fromEntries(Object.entries(result.statusCodeStats as Record<string, { count: number }>).map(([code, { count }]) => [code, count]));
    return {
      name,
      requests: result.requests.total,
      requestsPerSec: Math.round(result.requests.total / result.duration),
      p50: result.latency.p50,
      p99: result.latency.p99,
      codes,
      errors: result.errors + result.timeouts,
    };
  }

  // The bare route, for the machine's speed in this run.
  await mailsSent();
  const bareResult = await load('bare Fastify route', `http://127.0.0.1:${info.bare}/bare`, { seconds, connections: CONNECTIONS });

  // (1) The sandbox's session initiation alone, then the API's start over the reservations, one each.
  const initResult = await load('sandbox: POST …/gwprocess/v4/api.php (session initiation)', `${sandbox}/sslcommerz/gwprocess/v4/api.php`, {
    seconds,
    connections: CONNECTIONS,
    headers: form,
    request: { method: 'POST', body: initForm },
  });
  let nextReservation = 0;
  const startRequest = () => {
    const [id, guest] = info.reservations[nextReservation++ % info.reservations.length]!;
    return {
      path: `/api/reservations/${id}/online-payments`,
      headers: { authorization: `Bearer ${info.guests[guest]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ gateway: 'sslcommerz', pay: 'full' }),
    };
  };
  const WARM = Math.min(200, Math.floor(info.reservations.length / 10));
  const startWarm = await post('warm-up', WARM, startRequest);
  const startResult = await post('POST /api/reservations/:id/online-payments', info.reservations.length - WARM, startRequest);
  const sessionsOpened = await one(`select count(*)::int as n from online_payment_sessions where status = 'pending' and gateway_session is not null`);

  // (2) Every session opened is paid at the sandbox (the IPN held back); its fields are what the IPN posts.
  const sessions = (await db.query(`select gateway_session, tran_id from online_payment_sessions where status = 'pending' and gateway_session is not null order by created_at`)).rows as { gateway_session: string; tran_id: string }[];
  const ipnBodies = await pool(sessions, CONNECTIONS, async (s) => {
    const back = await decide(s.gateway_session);
    if (back.fields.status !== 'VALID' || !back.fields.val_id) throw new Error(`the sandbox did not pay ${s.tran_id}: ${JSON.stringify(back.fields).slice(0, 200)}`);
    return new URLSearchParams(back.fields).toString();
  });
  // The sandbox's validation alone, on sessions opened and paid at the sandbox directly (the API's stay untouched).
  const valIds = await pool(Array.from({ length: 1000 }, () => 0), CONNECTIONS, async () => {
    const res = await fetch(`${sandbox}/sslcommerz/gwprocess/v4/api.php`, { method: 'POST', headers: form, body: initForm() });
    const opened = (await res.json()) as { status: string; sessionkey: string };
    if (opened.status !== 'SUCCESS') throw new Error(`sandbox session: ${JSON.stringify(opened).slice(0, 200)}`);
    return (await decide(opened.sessionkey)).fields.val_id!;
  });
  let nextValId = 0;
  const validationResult = await load('sandbox: GET …/validationserverAPI.php (Order Validation API)', sandbox, {
    seconds,
    connections: CONNECTIONS,
    path: () => `/sslcommerz/validator/api/validationserverAPI.php?${new URLSearchParams({ val_id: valIds[nextValId++ % valIds.length]!, v: '1', ...credentials, format: 'json' })}`,
  });

  await mailsSent();
  let nextIpn = 0;
  const ipnRequest = () => ({ path: '/api/payments/sslcommerz/ipn', headers: form, body: ipnBodies[nextIpn++ % ipnBodies.length]! });
  const IPN_WARM = Math.min(200, Math.floor(ipnBodies.length / 10));
  const ipnWarm = await post('warm-up', IPN_WARM, ipnRequest);
  const ipnResult = await post('POST /api/payments/sslcommerz/ipn, each once', ipnBodies.length - IPN_WARM, ipnRequest);
  // The requests in flight when autocannon stops are all answered (amount), but their transactions' mails are not: wait, then count.
  await new Promise((r) => setTimeout(r, 1000));
  const paymentsAfterFirst = await one(`select count(*)::int as n from payments where kind = 'payment' and gateway is not null`);
  await mailsSent();
  nextIpn = 0;
  const ipnAgain = await post('POST /api/payments/sslcommerz/ipn, each again (duplicates)', ipnBodies.length, ipnRequest);
  await new Promise((r) => setTimeout(r, 1000));
  const doubled = (await db.query(`select online_session_id, count(*) from payments where kind = 'payment' and gateway is not null group by 1 having count(*) <> 1`)).rowCount ?? 0;
  const payments = await one(`select count(*)::int as n from payments where kind = 'payment' and gateway is not null`);
  const paidSessions = await one(`select count(*)::int as n from online_payment_sessions where status = 'paid' and payment_id is not null`);
  await db.end();
  child.kill();
  gateway.kill();

  printTable([bareResult, initResult, validationResult] as LoadResult[]);
  const row = (r: Awaited<ReturnType<typeof post>>) => ({ run: r.name, requests: r.requests, 'req/s': r.requestsPerSec, 'p50 ms': r.p50, 'p99 ms': r.p99, statuses: JSON.stringify(r.codes), errors: r.errors });
  console.table([startWarm, startResult, ipnWarm, ipnResult, ipnAgain].map(row));
  const startExcluded = startResult.p99 - initResult.p50;
  const ipnExcluded = ipnResult.p99 - validationResult.p50;
  console.log(
    `Start a payment: ${startResult.requestsPerSec} req/s, p50 ${startResult.p50} ms, p99 ${startResult.p99} ms; the sandbox's session initiation alone p50 ${initResult.p50} ms, p99 ${initResult.p99} ms (${initResult.requestsPerSec} req/s); ` +
      `p99 − sandbox p50 = ${startExcluded} ms (target ≤ ${TARGET_MS})`,
  );
  console.log(
    `IPN: ${ipnResult.requestsPerSec} req/s, p50 ${ipnResult.p50} ms, p99 ${ipnResult.p99} ms (duplicates: ${ipnAgain.requestsPerSec} req/s, p99 ${ipnAgain.p99} ms); the sandbox's validation alone p50 ${validationResult.p50} ms, p99 ${validationResult.p99} ms (${validationResult.requestsPerSec} req/s); ` +
      `p99 − sandbox p50 = ${ipnExcluded} ms (target ≤ ${TARGET_MS})`,
  );
  console.log(
    `Sessions opened ${sessionsOpened} of ${info.reservations.length} reservations; paid at the sandbox ${ipnBodies.length}; payments recorded ${paymentsAfterFirst} after the IPNs, ${payments} after the duplicates; ` +
      `sessions paid ${paidSessions}; sessions with other than one payment: ${doubled} (must be 0). Bare route ${bareResult.requestsPerSec} req/s.`,
  );
  console.log(`Load average (1 min) at the start ${loadAtStart.toFixed(1)}, at the end ${loadavg()[0]!.toFixed(1)}.`);
  const only = (r: Awaited<ReturnType<typeof post>>, code: string) => r.errors === 0 && Object.keys(r.codes).every((c) => c === code);
  if (startExcluded > TARGET_MS || ipnExcluded > TARGET_MS) failed = true;
  if (doubled !== 0 || payments !== ipnBodies.length || paymentsAfterFirst !== ipnBodies.length || paidSessions !== ipnBodies.length) failed = true;
  if (sessionsOpened !== info.reservations.length || ![startWarm, startResult].every((r) => only(r, '201')) || ![ipnWarm, ipnResult, ipnAgain].every((r) => only(r, '200'))) failed = true;
  if (initResult.non2xx || initResult.errors || validationResult.non2xx || validationResult.errors) failed = true;
  process.exitCode = failed ? 1 : 0;
}
