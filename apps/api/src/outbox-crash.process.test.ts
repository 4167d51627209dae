/**
 * The outbox across a crash: a real API process (`node apps/api/src/server.ts`) on PostgreSQL
 * sends mail to a slow SMTP server, is killed with `kill -9` in the middle of its deliveries,
 * and is started again on the same database. What the README promises: every mail is sent; a
 * crash sends at most the one mail whose exchange had just ended again, with the same
 * Message-ID; and it holds no mail back for longer than the claim's lease (25 s).
 * PostgreSQL is required: when it does not answer, the check fails, naming it.
 */
import { describe, expect, it } from 'vitest';
import { cleanUpAfterFile, processTestBed, startApiProcess, type ApiProcess } from './test/processes.ts';
import { headerOf, startSmtp, type ReceivedMail } from './test/smtp.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const MAILS = 20;
/** Mails that arrive before the kill. */
const BEFORE_CRASH = 8;
/** How long the SMTP server works on each message. */
const SMTP_DELAY_MS = 400;
/**
 * The claim's lease is 25 s: a mail held by the crash goes out well within this once the
 * restarted process answers (counted from then: starting node takes seconds on a busy machine).
 */
const HELD_AT_MOST_MS = 40_000;
/** How long the test waits for the outbox to empty after the restart (past HELD_AT_MOST_MS, to tell late from lost). */
const WAIT_AFTER_RESTART_MS = 60_000;

const cleanUp = cleanUpAfterFile();

function contact(proc: ApiProcess, i: number) {
  return fetch(`${proc.origin}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Guest ${i}`,
      email: `guest${i}@crash.test`,
      subject: `Question ${i}`,
      message: `Message number ${i}: is breakfast served before seven?`,
    }),
    signal: AbortSignal.timeout(15_000),
  });
}

/** The outbox id of a received mail (the X-Residency-Mail-Id header). */
const mailId = (mail: ReceivedMail) => headerOf(mail, 'X-Residency-Mail-Id') ?? '(none)';

describe('the outbox when the API process is killed mid-delivery', () => {
  it(
    'sends every mail after kill -9 and a restart, at most one twice (same Message-ID), none held for minutes',
    async () => {
      const bed = await processTestBed(cleanUp, SERVER_URL, 'outbox_crash');
      const { db } = bed;
      const smtp = await startSmtp({ delayMs: SMTP_DELAY_MS });
      cleanUp.later(() => smtp.close());
      const env = bed.env(bed.dataDirs[0]!, { SMTP_URL: smtp.url, MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '200' });

      const first = await startApiProcess('before the crash', env, { healthTimeoutMs: 60_000 });
      cleanUp.process(first);
      const answers = await Promise.all(Array.from({ length: MAILS }, (_, i) => contact(first, i + 1)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));

      await smtp.waitFor(BEFORE_CRASH, 30_000);
      await first.crash();
      const crashedAt = Date.now();
      const arrivedBeforeCrash = new Set(smtp.received.filter((m) => m.at <= crashedAt).map(mailId));

      const restartedAt = Date.now();
      const second = await startApiProcess('after the crash', env, { healthTimeoutMs: 60_000 });
      cleanUp.process(second);
      const upAt = Date.now();
      await db.connect();
      const outboxIds = (await db.query<{ id: string }>(`select id::text from outbox_mails order by id`)).rows.map((r) => r.id);
      expect(outboxIds).toHaveLength(MAILS);

      // Until every mail is marked sent (a mail sent again after the crash is marked only then),
      // or the deadline: what is missing at that point is reported below.
      const deadline = upAt + WAIT_AFTER_RESTART_MS;
      for (;;) {
        const [row] = (await db.query<{ n: number }>(`select count(*)::int as n from outbox_mails where status <> 'sent'`)).rows;
        const distinct = new Set(smtp.received.map(mailId)).size;
        if ((row?.n === 0 && distinct >= MAILS) || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Stopped gracefully, the process finishes any send in flight: nothing can arrive later.
      await second.stop();

      const copies = new Map<string, ReceivedMail[]>();
      for (const mail of smtp.received) copies.set(mailId(mail), [...(copies.get(mailId(mail)) ?? []), mail]);
      const firstArrival = (id: string) => copies.get(id)?.[0]?.at;
      const missing = outboxIds.filter((id) => !copies.has(id));
      const unknown = [...copies.keys()].filter((id) => !outboxIds.includes(id));
      const duplicates = [...copies].filter(([, list]) => list.length > 1);
      const held = outboxIds
        .filter((id) => !arrivedBeforeCrash.has(id))
        .map((id) => ({ id, afterRestartMs: (firstArrival(id) ?? Infinity) - upAt }));
      const summary =
        `the restarted process answered ${upAt - restartedAt} ms after its start, ${upAt - crashedAt} ms after the kill; ` +
        `arrived before the kill: ${[...arrivedBeforeCrash].join(', ')}; ` +
        `copies: ${[...copies].map(([id, list]) => `${id}x${list.length}`).join(' ')}; ` +
        `copies again, ms after it answered: ${duplicates.map(([id, list]) => `${id}:${list.slice(1).map((m) => m.at - upAt).join('/')}`).join(' ')}; ` +
        `held by the crash, ms after it answered: ${held.map((h) => `${h.id}:${h.afterRestartMs}`).join(' ')}\n` +
        second.output().split('\n').slice(-10).join('\n');

      expect(arrivedBeforeCrash.size, summary).toBeGreaterThanOrEqual(BEFORE_CRASH);
      expect(missing, `mails never received\n${summary}`).toEqual([]);
      expect(unknown, `mails without an outbox id\n${summary}`).toEqual([]);
      expect(smtp.received.length - copies.size, `copies received in all for one crash\n${summary}`).toBeLessThanOrEqual(1);
      for (const [id, list] of duplicates) {
        const ids = list.map((m) => headerOf(m, 'Message-ID'));
        expect(ids.every((messageId) => messageId === ids[0]), `Message-IDs of the copies of mail ${id}: ${ids.join(', ')}`).toBe(true);
      }
      // Each mail has a Message-ID of its own.
      const messageIds = [...copies.values()].map((list) => headerOf(list[0]!, 'Message-ID'));
      expect(messageIds.every((m) => m && /^<.+@.+>$/.test(m)), messageIds.join(', ')).toBe(true);
      expect(new Set(messageIds).size).toBe(copies.size);
      // Neither a mail the crash held nor one sent again comes later than the lease allows.
      const late = smtp.received.filter((m) => m.at - upAt > HELD_AT_MOST_MS).map((m) => `${mailId(m)}:${m.at - upAt}`);
      expect(late, `mails that came more than ${HELD_AT_MOST_MS} ms after the restarted process answered\n${summary}`).toEqual([]);

      const rows = (await db.query<{ status: string }>(`select status from outbox_mails`)).rows;
      expect(rows.filter((r) => r.status !== 'sent'), summary).toEqual([]);
      console.log(`outbox crash: ${summary.split('\n')[0]}; duplicates ${smtp.received.length - copies.size}`);
    },
    180_000,
  );
});
