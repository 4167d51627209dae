/**
 * The one payment path across a crash: a real API process on PostgreSQL takes 30 payments, each
 * sent twice at once with its Idempotency-Key (a double press), is killed with `kill -9` while
 * they run, and is started again; the desk then sends every payment again with its key (a retry
 * after a lost answer). What decision 0019 promises: each key records its money exactly once,
 * whatever the crash cut, and the folio's paid total is the sum of the keys.
 * PostgreSQL is required: when it does not answer, the check fails, naming it.
 */
import { addDays, todayAt } from '@residency/shared';
import { describe, expect, it } from 'vitest';
import { callProcess, cleanUpAfterFile, eventually, processTestBed, startApiProcess, type ApiProcess } from './test/processes.ts';
import { categoryPayload } from './test/rooms.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PAYMENTS = 30;
const AMOUNT = 10;
/** Payments committed before the kill: some done, the rest cut or never started. */
const BEFORE_CRASH = 5;

const cleanUp = cleanUpAfterFile();

const call = (proc: ApiProcess, method: string, url: string, options: { token?: string; body?: unknown; key?: string } = {}) =>
  callProcess(proc, method, url, { token: options.token, body: options.body, headers: options.key ? { 'idempotency-key': options.key } : {} });

async function register(proc: ApiProcess, email: string) {
  const res = await call(proc, 'POST', '/api/auth/register', { body: { email, password: 'correct-horse-battery', name: 'Crash Test' } });
  if (res.status !== 201) throw new Error(`sign-up of ${email}: ${res.status} ${res.text}`);
  return { id: res.body.data.user._id as string, token: res.body.data.token as string };
}

describe('payments when the API process is killed mid-write', () => {
  it(
    'records each Idempotency-Key once after kill -9 and a retry of every payment',
    async () => {
      const bed = await processTestBed(cleanUp, SERVER_URL, 'payment_crash');
      const { db } = bed;
      const env = bed.env(bed.dataDirs[0]!);
      const first = await startApiProcess('before the crash', env, { healthTimeoutMs: 60_000 });
      cleanUp.process(first);
      await db.connect();

      const admin = await register(first, 'desk@crash.test');
      await db.query(`update users set role = 'admin' where id = $1`, [admin.id]);
      const guest = await register(first, 'guest@crash.test');
      const category = await call(first, 'PUT', '/api/room-categories', { token: admin.token, body: categoryPayload('Crash Suite', { roomNumbers: '801' }) });
      expect(category.status, category.text).toBe(200);
      const rooms = await call(first, 'GET', `/api/room?categories=${encodeURIComponent('Crash Suite')}&limit=10`);
      const roomId = rooms.body.data[0]._id as string;
      const checkIn = addDays(todayAt('Asia/Dhaka'), 1);
      const booked = await call(first, 'POST', '/api/reservations', {
        token: guest.token,
        body: { checkIn, checkOut: addDays(checkIn, 2), phone: '+880 1711-000000', rooms: [{ roomId, adults: 1 }] },
      });
      expect(booked.status, booked.text).toBe(201);
      const reservationId = booked.body.data._id as string;
      const pay = (proc: ApiProcess, i: number) =>
        call(proc, 'POST', `/api/reservations/${reservationId}/payments`, {
          token: admin.token,
          key: `crash-payment-${i}`,
          body: { amount: AMOUNT, method: 'cash', note: `payment ${i}` },
        });

      // Every payment twice at once; the answers are whatever the kill leaves (cut connections included).
      const inFlight = Array.from({ length: PAYMENTS }, (_, i) => [pay(first, i).catch(() => null), pay(first, i).catch(() => null)]).flat();
      await eventually('payments committed before the kill', async () => {
        const [row] = (await db.query<{ n: number }>(`select count(*)::int as n from payments`)).rows;
        return (row?.n ?? 0) >= BEFORE_CRASH ? true : undefined;
      }, { timeoutMs: 30_000, intervalMs: 5 });
      await first.crash();
      await Promise.all(inFlight);
      const [cut] = (await db.query<{ n: number }>(`select count(*)::int as n from payments`)).rows;
      expect(cut!.n).toBeLessThan(PAYMENTS);

      const second = await startApiProcess('after the crash', env, { healthTimeoutMs: 60_000 });
      cleanUp.process(second);
      // The desk sends each payment again with its key: recorded now, or the first answer (or,
      // where the crash came between the commit and the answer, "in progress": recorded once).
      const retries = await Promise.all(Array.from({ length: PAYMENTS }, (_, i) => pay(second, i)));
      const unexpected = retries
        .map((r, i) => ({ i, r }))
        .filter(({ r }) => r.status !== 201 && !(r.status === 409 && r.body?.code === 'IDEMPOTENCY_IN_PROGRESS'))
        .map(({ i, r }) => `payment ${i}: ${r.status} ${r.text}`);
      expect(unexpected).toEqual([]);

      const perKey = (
        await db.query<{ note: string; n: number }>(`select note, count(*)::int as n from payments where reservation_id = $1 group by note`, [reservationId])
      ).rows;
      expect(perKey).toHaveLength(PAYMENTS);
      expect(perKey.filter((r) => r.n !== 1)).toEqual([]);
      const folio = await call(second, 'GET', `/api/reservations/${reservationId}/folio`, { token: admin.token });
      expect(folio.body.data.paid).toBe(PAYMENTS * AMOUNT);
    },
    180_000,
  );
});
