/**
 * The SMS outbox across a crash, as outbox-crash.process.test.ts is for mail: a real API process
 * (`node apps/api/src/server.ts`) on PostgreSQL sends SMS to a slow provider (a real HTTP
 * server), is killed with `kill -9` in the middle of its deliveries, and is started again on the
 * same database. What the README promises: every SMS is sent; a crash sends at most the one SMS
 * whose provider answer had just come again; none is held for much longer than the claim's lease.
 * PostgreSQL is required: when it does not answer, the check fails, naming it.
 */
import { describe, expect, it } from 'vitest';
import { cleanUpAfterFile, processTestBed, startApiProcess } from './test/processes.ts';
import { startSmsProvider, type ReceivedSms } from './test/sms-provider.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const COUNT = 20;
/** SMS that arrive before the kill. */
const BEFORE_CRASH = 8;
/** How long the provider works on each message. */
const PROVIDER_DELAY_MS = 400;
/** The lease is SMS_TIMEOUT_MS (2 s here) + 15 s: an SMS held by the crash goes out within this once the restarted process answers. */
const HELD_AT_MOST_MS = 35_000;
const WAIT_AFTER_RESTART_MS = 60_000;

const cleanUp = cleanUpAfterFile();

/** Which SMS a received one is: each goes to a number of its own. */
const smsId = (sms: ReceivedSms) => sms.fields.number ?? '(none)';

describe('the SMS outbox when the API process is killed mid-send', () => {
  it(
    'sends every SMS after kill -9 and a restart, at most one twice, none held for minutes',
    async () => {
      const bed = await processTestBed(cleanUp, SERVER_URL, 'sms_crash');
      const { db } = bed;
      const provider = await startSmsProvider({ delayMs: PROVIDER_DELAY_MS });
      cleanUp.later(() => provider.close());
      const env = bed.env(bed.dataDirs[0]!, {
        SMS_API_URL: provider.url,
        SMS_API_KEY: 'crash-key',
        SMS_SENDER_ID: 'RESIDENCY',
        SMS_POLL_MS: '100',
        SMS_RETRY_BASE_MS: '200',
        SMS_TIMEOUT_MS: '2000',
      });

      const first = await startApiProcess('before the crash', env, { healthTimeoutMs: 60_000 });
      cleanUp.process(first);
      await db.connect();
      // Written as a change's transaction writes them (the worker polls every 100 ms).
      await db.query(
        `insert into outbox_sms (kind, "to", body) select 'BOOKING_CONFIRMED', '8801711' || lpad(n::text, 6, '0'), 'Booking confirmed #' || n
         from generate_series(1, ${COUNT}) n`,
      );
      const ids = (await db.query<{ to: string }>(`select "to" from outbox_sms order by id`)).rows.map((r) => r.to);

      await provider.waitFor(BEFORE_CRASH, 30_000);
      await first.crash();
      const crashedAt = Date.now();
      const arrivedBeforeCrash = new Set(provider.received.filter((m) => m.at <= crashedAt).map(smsId));

      const second = await startApiProcess('after the crash', env, { healthTimeoutMs: 60_000 });
      cleanUp.process(second);
      const upAt = Date.now();
      const deadline = upAt + WAIT_AFTER_RESTART_MS;
      for (;;) {
        const [row] = (await db.query<{ n: number }>(`select count(*)::int as n from outbox_sms where status <> 'sent'`)).rows;
        const distinct = new Set(provider.received.map(smsId)).size;
        if ((row?.n === 0 && distinct >= COUNT) || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await second.stop();

      const copies = new Map<string, ReceivedSms[]>();
      for (const sms of provider.received) copies.set(smsId(sms), [...(copies.get(smsId(sms)) ?? []), sms]);
      const missing = ids.filter((id) => !copies.has(id));
      const unknown = [...copies.keys()].filter((id) => !ids.includes(id));
      const summary =
        `restarted ${upAt - crashedAt} ms after the kill; arrived before: ${[...arrivedBeforeCrash].join(', ')}; ` +
        `copies: ${[...copies].map(([id, list]) => `${id}x${list.length}`).join(' ')}\n` +
        second.output().split('\n').slice(-10).join('\n');

      expect(arrivedBeforeCrash.size, summary).toBeGreaterThanOrEqual(BEFORE_CRASH);
      expect(missing, `SMS never received\n${summary}`).toEqual([]);
      expect(unknown, summary).toEqual([]);
      expect(provider.received.length - copies.size, `copies received in all for one crash\n${summary}`).toBeLessThanOrEqual(1);
      const late = provider.received.filter((m) => m.at - upAt > HELD_AT_MOST_MS).map((m) => `${smsId(m)}:${m.at - upAt}`);
      expect(late, summary).toEqual([]);
      const rows = (await db.query<{ status: string; provider_ref: string | null }>(`select status, provider_ref from outbox_sms`)).rows;
      expect(rows.filter((r) => r.status !== 'sent' || !r.provider_ref), summary).toEqual([]);
      console.log(`sms crash: ${summary.split('\n')[0]}; duplicates ${provider.received.length - copies.size}`);
    },
    180_000,
  );
});
