import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, query } from '../test/app.ts';
import { startSmsProvider, type TestSmsProvider } from '../test/sms-provider.ts';
import { unusedPort } from '../test/smtp.ts';

interface SmsRow {
  id: number;
  kind: string;
  to: string;
  body: string;
  status: string;
  attempts: number;
  last_error: string | null;
  provider_ref: string | null;
  delivery_status: string | null;
  delivered_at: Date | null;
  next_attempt_at: Date;
}

const smsRows = (app: FastifyInstance) => query<SmsRow>(app, sql`select * from outbox_sms order by id`);
/** Lets the back-off of every pending SMS pass: each becomes due now (the database's clock decides). */
const backOffPassed = (app: FastifyInstance) => query(app, sql`update outbox_sms set next_attempt_at = now() where status = 'pending'`);

describe('SMS without a provider', () => {
  it('writes each SMS as a text file under DATA_DIR/sms: the number on the first line, a blank line, the message', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-sms-'));
    const app = await buildTestApp({ DATA_DIR: dataDir });
    try {
      await app.sms.enqueue(app.db, [
        { kind: 'BOOKING_CONFIRMED', to: '01711-234567', body: 'Residency: booking RSV-1 confirmed.' },
        { kind: 'PHONE_CODE', to: '+880 1911 555666', body: 'রেসিডেন্সি কোড: ১২৩৪৫৬' },
      ]);
      await app.sms.drain();
      const files = (await readdir(path.join(dataDir, 'sms'))).sort();
      expect(files).toHaveLength(2);
      const [first, second] = await smsRows(app);
      expect(files.find((f) => f.endsWith(`-${first!.id}-booking-confirmed.txt`))).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-\d+-booking-confirmed\.txt$/);
      const text = await readFile(path.join(dataDir, 'sms', files.find((f) => f.endsWith('-booking-confirmed.txt'))!), 'utf8');
      expect(text).toBe('8801711234567\n\nResidency: booking RSV-1 confirmed.\n');
      const code = await readFile(path.join(dataDir, 'sms', files.find((f) => f.endsWith(`-${second!.id}-phone-code.txt`))!), 'utf8');
      expect(code.split('\n')[0]).toBe('8801911555666');
      expect(code).toContain('রেসিডেন্সি কোড: ১২৩৪৫৬');
      expect((await smsRows(app)).map((r) => [r.status, r.attempts, r.provider_ref])).toEqual([
        ['sent', 1, null],
        ['sent', 1, null],
      ]);
    } finally {
      await app.close();
    }
  });

  it('keeps an SMS to a number no SMS can go to as failed, and sends the others', async () => {
    const app = await buildTestApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'residency-sms-')) });
    try {
      await app.sms.enqueue(app.db, [
        { kind: 'X', to: '020 7946', body: 'nobody' },
        { kind: 'X', to: '01711234567', body: 'somebody' },
      ]);
      await app.sms.drain();
      expect((await smsRows(app)).map((r) => [r.status, r.last_error])).toEqual([
        ['failed', 'Not sent: not a number an SMS can go to'],
        ['sent', null],
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('SMS through an HTTP provider', () => {
  let provider: TestSmsProvider;
  beforeAll(async () => {
    provider = await startSmsProvider();
  });
  afterAll(async () => provider.close());
  const providerEnv = () => ({ SMS_API_URL: provider.url, SMS_API_KEY: 'key-123', SMS_SENDER_ID: '8809617000000', SMS_RETRY_BASE_MS: '60000' });

  it('posts api_key, senderid, number and message as a form, type=unicode for Bengali only, and keeps the message id', async () => {
    const app = await buildTestApp(providerEnv());
    try {
      provider.received.length = 0;
      await app.sms.enqueue(app.db, [
        { kind: 'BOOKING_CONFIRMED', to: '01711-234567', body: 'Booking RSV-1 confirmed. Total Tk 5,000 {ok}' },
        { kind: 'BOOKING_CONFIRMED', to: '01711-234567', body: 'বুকিং নিশ্চিত' },
      ]);
      await app.sms.drain();
      const [english, bengali] = await provider.waitFor(2);
      expect(english!.fields).toEqual({ api_key: 'key-123', senderid: '8809617000000', number: '8801711234567', message: 'Booking RSV-1 confirmed. Total Tk 5,000 {ok}' });
      expect(bengali!.fields).toEqual({ api_key: 'key-123', senderid: '8809617000000', number: '8801711234567', message: 'বুকিং নিশ্চিত', type: 'unicode' });
      expect((await smsRows(app)).map((r) => [r.status, r.attempts, r.provider_ref])).toEqual([
        ['sent', 1, 'msg-1'],
        ['sent', 1, 'msg-2'],
      ]);
    } finally {
      await app.close();
    }
  });

  it('retries an SMS the provider refuses, with back-off, then marks it failed after SMS_MAX_ATTEMPTS', async () => {
    const app = await buildTestApp({ ...providerEnv(), SMS_MAX_ATTEMPTS: '3' });
    const before = provider.answer;
    try {
      provider.received.length = 0;
      // A 200 that says no (a wrong key, no balance) is no success, nor is a 500.
      provider.answer = (_sms, i) =>
        i === 0 ? { status: 200, body: JSON.stringify({ response_code: 1007, error_message: 'Balance Insufficient' }) } : { status: 500, body: 'down' };
      await app.sms.enqueue(app.db, { kind: 'BOOKING_CONFIRMED', to: '01711234567', body: 'hello' });
      await app.sms.drain();
      let [row] = await smsRows(app);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.last_error).toContain('Balance Insufficient');
      // The back-off: about SMS_RETRY_BASE_MS (60 s) ahead, within the jitter.
      const wait = new Date(row!.next_attempt_at).getTime() - Date.now();
      expect(wait).toBeGreaterThan(40_000);
      expect(wait).toBeLessThan(75_000);
      // Not before its time.
      await app.sms.drain();
      expect(provider.received).toHaveLength(1);
      await backOffPassed(app);
      await app.sms.drain();
      [row] = await smsRows(app);
      expect(row).toMatchObject({ status: 'pending', attempts: 2 });
      expect(row!.last_error).toContain('500');
      // The second wait is about twice the first.
      expect(new Date(row!.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(90_000);
      await backOffPassed(app);
      await app.sms.drain();
      [row] = await smsRows(app);
      expect(row).toMatchObject({ status: 'failed', attempts: 3 });
      await backOffPassed(app);
      await app.sms.drain();
      expect(provider.received).toHaveLength(3);
    } finally {
      provider.answer = before;
      await app.close();
    }
  });

  it('retries when the provider does not answer within SMS_TIMEOUT_MS, or cannot be reached', async () => {
    const slow = await startSmsProvider({ delayMs: 2000 });
    const app = await buildTestApp({ ...providerEnv(), SMS_API_URL: slow.url, SMS_TIMEOUT_MS: '300' });
    try {
      await app.sms.enqueue(app.db, { kind: 'X', to: '01711234567', body: 'slow' });
      await app.sms.drain();
      const [row] = await smsRows(app);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.last_error).toMatch(/timeout|abort/i);
    } finally {
      await app.close();
      await slow.close();
    }
    const port = await unusedPort();
    const closed = await buildTestApp({ ...providerEnv(), SMS_API_URL: `http://127.0.0.1:${port}/sms` });
    try {
      await closed.sms.enqueue(closed.db, { kind: 'X', to: '01711234567', body: 'nobody home' });
      await closed.sms.drain();
      expect((await smsRows(closed))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await closed.close();
    }
  });

  it('sends each SMS once, however many passes run at the same time', async () => {
    const app = await buildTestApp(providerEnv());
    try {
      provider.received.length = 0;
      await app.sms.enqueue(app.db, Array.from({ length: 5 }, (_, i) => ({ kind: 'X', to: '01711234567', body: `n${i}` })));
      await Promise.all([app.sms.drain(), app.sms.drain(), app.sms.drain()]);
      await app.sms.drain();
      expect(provider.received.map((r) => r.fields.message).sort()).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/sms/delivery-report', () => {
  const SECRET = 'report-secret-1234';

  it('is a 404 while no SMS_REPORT_SECRET is set', async () => {
    const app = await buildTestApp();
    try {
      const res = await app.inject({ method: 'POST', url: '/api/sms/delivery-report?secret=anything', payload: { message_id: 'x', status: 'Delivered' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('records the delivery by the provider’s message id, from a form or JSON, and refuses another secret', async () => {
    const provider = await startSmsProvider();
    const app = await buildTestApp({ SMS_API_URL: provider.url, SMS_API_KEY: 'k', SMS_SENDER_ID: 's', SMS_REPORT_SECRET: SECRET });
    try {
      await app.sms.enqueue(app.db, [
        { kind: 'X', to: '01711234567', body: 'one' },
        { kind: 'X', to: '01711234567', body: 'two' },
      ]);
      await app.sms.drain();
      expect((await smsRows(app)).map((r) => r.provider_ref)).toEqual(['msg-1', 'msg-2']);

      const wrong = await app.inject({ method: 'POST', url: '/api/sms/delivery-report?secret=not-the-secret', payload: { message_id: 'msg-1', status: 'Delivered' } });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });

      const form = await app.inject({
        method: 'POST',
        url: `/api/sms/delivery-report?secret=${SECRET}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'message_id=msg-1&status=Delivered',
      });
      expect(form.statusCode).toBe(200);
      expect(form.json().data).toEqual({ recorded: true });
      const json = await app.inject({ method: 'POST', url: '/api/sms/delivery-report', payload: { secret: SECRET, messageId: 'msg-2', status: 'Undelivered' } });
      expect(json.json().data).toEqual({ recorded: true });
      const unknown = await app.inject({ method: 'POST', url: `/api/sms/delivery-report?secret=${SECRET}`, payload: { message_id: 'msg-99', status: 'Delivered' } });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json().data).toEqual({ recorded: false });

      const [one, two] = await smsRows(app);
      expect(one).toMatchObject({ delivery_status: 'Delivered' });
      expect(one!.delivered_at).not.toBeNull();
      expect(two).toMatchObject({ delivery_status: 'Undelivered', delivered_at: null });
    } finally {
      await app.close();
      await provider.close();
    }
  });
});
