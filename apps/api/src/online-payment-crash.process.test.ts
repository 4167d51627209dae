/**
 * Online payment across processes (issue 33), with the sandbox gateway as a process of its own
 * and real API processes on PostgreSQL:
 * - the gateway took the money and the API was killed (`kill -9`) while it recorded the IPNs:
 *   after a restart, the payment job asks the gateway about every session still open and records
 *   each payment once, and the IPNs sent again change nothing;
 * - the same IPN to two API processes at once: one payment.
 * PostgreSQL is required: when it does not answer, the check fails, naming it.
 */
import { addDays, todayAt } from '@residency/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcess, cleanUpAfterFile, eventually, processTestBed, startApiProcess, type ApiProcess } from './test/processes.ts';
import { categoryPayload } from './test/rooms.ts';
import { sessionKeyOf, startSandboxGateway, type SandboxGateway } from './test/sandbox-gateway.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SESSIONS = 16;

const cleanUp = cleanUpAfterFile();
let sandbox: SandboxGateway;
beforeAll(async () => {
  sandbox = await startSandboxGateway();
}, 30_000);
afterAll(async () => sandbox?.stop());

async function register(proc: ApiProcess, email: string) {
  const res = await callProcess(proc, 'POST', '/api/auth/register', { body: { email, password: 'correct-horse-battery', name: 'Paying Guest' } });
  if (res.status !== 201) throw new Error(`sign-up of ${email}: ${res.status} ${res.text}`);
  return { id: res.body.data.user._id as string, token: res.body.data.token as string };
}

/** What the gateway would post (IPN), sent to `proc` as SSLCommerz does: a form, server to server. */
const postIpn = (proc: ApiProcess, fields: Record<string, string>) =>
  fetch(`${proc.origin}/api/payments/sslcommerz/ipn`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(20_000),
  }).then((r) => r.status);

/**
 * A hotel of `SESSIONS` rooms on one database, a guest, and a paid session per room at the
 * sandbox whose IPN the gateway holds back: the test delivers it.
 */
async function hotelWithPaidSessions(name: string, first: ApiProcess, db: { query: (sql: string, values?: unknown[]) => Promise<{ rows: unknown[] }> }) {
  const admin = await register(first, `desk@${name}.test`);
  await db.query(`update users set role = 'admin' where id = $1`, [admin.id]);
  const guest = await register(first, `guest@${name}.test`);
  const numbers = Array.from({ length: SESSIONS }, (_, i) => String(700 + i)).join(', ');
  const category = await callProcess(first, 'PUT', '/api/room-categories', { token: admin.token, body: categoryPayload('Pay Suite', { roomNumbers: numbers }) });
  expect(category.status, category.text).toBe(200);
  const listed = await callProcess(first, 'GET', `/api/room?categories=${encodeURIComponent('Pay Suite')}&limit=100`);
  const roomIds = (listed.body.data as { _id: string }[]).map((r) => r._id);
  const checkIn = addDays(todayAt('Asia/Dhaka'), 5);
  const sessions: { sessionId: string; tranId: string; fields: Record<string, string> }[] = [];
  for (const roomId of roomIds) {
    const booked = await callProcess(first, 'POST', '/api/reservations', {
      token: guest.token,
      body: { checkIn, checkOut: addDays(checkIn, 2), phone: '+880 1711-000000', rooms: [{ roomId, adults: 1 }], onlinePayment: { gateway: 'sslcommerz', pay: 'full' } },
    });
    expect(booked.status, booked.text).toBe(201);
    const { sessionId, redirectUrl } = booked.body.data.onlinePayment;
    const paid = await sandbox.sslDecide(sessionKeyOf(redirectUrl), 'pay', { ipn: false });
    sessions.push({ sessionId, tranId: paid.fields.tran_id!, fields: paid.fields });
  }
  return { admin, sessions };
}

describe('online payment when the API process is killed, and across two processes', () => {
  it(
    'records each payment once after kill -9 in the middle of its IPNs, through the query job after the restart',
    async () => {
      const bed = await processTestBed(cleanUp, SERVER_URL, 'online_payment_crash');
      const { db } = bed;
      // The job asks about sessions open for a second, every 200 ms.
      const env = bed.env(bed.dataDirs[0]!, { ...sandbox.env, PAYMENT_QUERY_AFTER_SECONDS: '1', PAYMENT_POLL_MS: '200', RATE_LIMIT_BOOKING_MAX: '1000' });
      const first = await startApiProcess('before the crash', { ...env, PAYMENT_QUERY_AFTER_SECONDS: '3600' }, { healthTimeoutMs: 60_000 });
      cleanUp.process(first);
      await db.connect();
      const { sessions } = await hotelWithPaidSessions('crash', first, db);

      // Every IPN at once; killed once some are recorded: the rest are cut or never arrive.
      const inFlight = sessions.map((s) => postIpn(first, s.fields).catch(() => null));
      await eventually('payments recorded before the kill', async () => {
        const [row] = (await db.query<{ n: number }>(`select count(*)::int as n from payments where gateway is not null`)).rows;
        return (row?.n ?? 0) >= 3 ? true : undefined;
      }, { timeoutMs: 30_000, intervalMs: 5 });
      await first.crash();
      await Promise.all(inFlight);
      const [cut] = (await db.query<{ n: number }>(`select count(*)::int as n from payments where gateway is not null`)).rows;
      expect(cut!.n).toBeLessThan(SESSIONS);

      const second = await startApiProcess('after the crash', env, { healthTimeoutMs: 60_000 });
      cleanUp.process(second);
      // The job finds the sessions the gateway paid and the API never recorded.
      await eventually('every paid session recorded by the query job', async () => {
        const [row] = (await db.query<{ n: number }>(`select count(*)::int as n from online_payment_sessions where status = 'paid'`)).rows;
        return row?.n === SESSIONS ? true : undefined;
      }, { timeoutMs: 60_000, intervalMs: 100 });
      // The gateway's IPNs arrive again (its retries): nothing more is recorded.
      expect(await Promise.all(sessions.map((s) => postIpn(second, s.fields)))).toEqual(sessions.map(() => 200));
      const perSession = (await db.query<{ online_session_id: string; n: number }>(`select online_session_id, count(*)::int as n from payments where kind = 'payment' and gateway is not null group by 1`)).rows;
      expect(perSession).toHaveLength(SESSIONS);
      expect(perSession.filter((r) => r.n !== 1)).toEqual([]);
      const receipts = (await db.query<{ n: number }>(`select count(*)::int as n from outbox_mails where kind = 'BOOKING_STATUS_UPDATE'`)).rows[0]!;
      expect(receipts.n).toBe(SESSIONS);
    },
    180_000,
  );

  it(
    'records one payment when the same IPN reaches two API processes at once',
    async () => {
      const bed = await processTestBed(cleanUp, SERVER_URL, 'online_payment_two', 2);
      const { db } = bed;
      const settings = { ...sandbox.env, PAYMENT_QUERY_AFTER_SECONDS: '3600', PAYMENT_POLL_MS: '3600000', RATE_LIMIT_BOOKING_MAX: '1000' };
      const a = cleanUp.process(await startApiProcess('A', bed.env(bed.dataDirs[0]!, settings), { healthTimeoutMs: 60_000 }));
      const b = cleanUp.process(await startApiProcess('B', bed.env(bed.dataDirs[1]!, settings), { healthTimeoutMs: 60_000 }));
      await db.connect();
      const { sessions } = await hotelWithPaidSessions('two', a, db);
      const answers = await Promise.all(sessions.flatMap((s) => [postIpn(a, s.fields), postIpn(b, s.fields), postIpn(b, s.fields)]));
      expect(answers.every((status) => status === 200)).toBe(true);
      const perSession = (await db.query<{ n: number }>(`select count(*)::int as n from payments where kind = 'payment' and gateway is not null group by online_session_id`)).rows;
      expect(perSession.map((r) => r.n)).toEqual(sessions.map(() => 1));
      const paid = (await db.query<{ n: number }>(`select count(*)::int as n from online_payment_sessions where status = 'paid'`)).rows[0]!;
      expect(paid.n).toBe(SESSIONS);
    },
    180_000,
  );
});
