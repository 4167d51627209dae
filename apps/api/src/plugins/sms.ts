import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isGsm7, smsNumber } from '@residency/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { rows } from '../db/client.ts';
import { outboxSms } from '../db/schema-guest-register.ts';
import { kickedWorker } from '../lib/kicked-worker.ts';
import { backoff } from './mailer.ts';

export interface OutgoingSms {
  /** What the SMS is about, for the log, the file's name and tests (e.g. `BOOKING_CONFIRMED`). */
  kind: string;
  /** The number as a person wrote it; stored as the provider takes it (smsNumber: 8801XXXXXXXXX). */
  to: string;
  body: string;
}

export interface SmsOutbox {
  /** Writes the SMS (or several, in one statement) to the outbox with the caller's transaction (or the database). */
  enqueue(executor: Executor, sms: OutgoingSms | OutgoingSms[]): Promise<void>;
  /** Asks the worker to look at the outbox now instead of at its next poll. */
  kick(): void;
  /** Sends every SMS that is due; resolves when this pass is over (tests call it). */
  drain(): Promise<void>;
}

interface ClaimedSms {
  id: string | number;
  kind: string;
  to: string;
  body: string;
  attempts: number;
}

/** What a delivery answers: the provider's id of the message, when it gave one. */
type Deliver = (sms: ClaimedSms) => Promise<{ providerRef: string | null }>;

/** A provider that answered but did not take the message: the SMS is retried. */
class ProviderRefused extends Error {}

/**
 * The SMS outbox worker, the mailer's twin (plugins/mailer.ts): a pass claims the next due SMS
 * with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), sends it outside any transaction,
 * and marks it sent as soon as the provider has answered, or schedules a retry with the mailer's
 * back-off; after SMS_MAX_ATTEMPTS it is marked failed. Several API processes may run it on one
 * database.
 *
 * The guarantee: every SMS goes out, once in the normal run. A crash between the provider's
 * answer and the mark (a few milliseconds) sends that one SMS again after the lease: the
 * common Bangladeshi providers take no reference of ours that would let them drop the copy.
 */
export default fp(async function sms(app: FastifyInstance) {
  const { config, db } = app;
  const deliver = createDelivery(config);
  // Longer than the provider's timeout, so a slow answer is never taken for a crash.
  const leaseSeconds = Math.ceil(config.sms.timeoutMs / 1000) + 15;

  async function pass(): Promise<void> {
    while (!worker.isStopped()) {
      const [sms] = await rows<ClaimedSms>(
        db,
        sql`update outbox_sms set locked_until = now() + (${leaseSeconds} * interval '1 second'), attempts = attempts + 1
            where id = (
              select id from outbox_sms
              where status = 'pending' and next_attempt_at <= now()
                and (locked_until is null or locked_until < now())
              order by id limit 1
              for update skip locked)
            returning id, kind, "to", body, attempts`,
      );
      if (!sms) return;
      const sent = await sendOne(sms);
      if (sent) {
        await db.execute(
          sql`update outbox_sms set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
              provider_ref = ${sent.providerRef} where id = ${sms.id}`,
        );
      }
    }
  }

  /** Delivers one SMS; its provider reference when it went, null when it was scheduled for a retry. */
  async function sendOne(sms: ClaimedSms): Promise<{ providerRef: string | null } | null> {
    try {
      const answer = await deliver(sms);
      app.log.info({ smsId: sms.id, kind: sms.kind }, 'sms sent');
      return answer;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const gaveUp = sms.attempts >= config.sms.maxAttempts;
      const delayMs = backoff(config.sms.retryBaseMs, sms.attempts);
      await db.execute(
        sql`update outbox_sms set status = ${gaveUp ? 'failed' : 'pending'}, locked_until = null,
            last_error = ${message.slice(0, 500)},
            next_attempt_at = now() + (${delayMs} * interval '1 millisecond')
            where id = ${sms.id}`,
      );
      app.log.warn({ smsId: sms.id, attempts: sms.attempts, gaveUp, err: message }, 'sms not sent');
      return null;
    }
  }

  const worker = kickedWorker(app, 'sms outbox pass', pass, config.sms.pollMs);

  const service: SmsOutbox = {
    async enqueue(executor, sms) {
      const list = Array.isArray(sms) ? sms : [sms];
      if (list.length === 0) return;
      await executor.insert(outboxSms).values(
        list.map((s) => {
          const to = smsNumber(s.to);
          // A number no SMS can go to is kept as failed, with why, rather than tried eight times.
          return to
            ? { kind: s.kind, to, body: s.body }
            : { kind: s.kind, to: s.to.slice(0, 40), body: s.body, status: 'failed' as const, lastError: 'Not sent: not a number an SMS can go to' };
        }),
      );
    },
    kick: worker.kick,
    drain: worker.drain,
  };
  app.decorate('sms', service);
});

/** The provider's id of a message, under the names the common Bangladeshi providers give it. */
function providerRefOf(answer: Record<string, unknown>): string | null {
  for (const key of ['message_id', 'messageId', 'msg_id', 'sms_id', 'id']) {
    const value = answer[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 200);
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/**
 * Whether the provider took the message: a 2xx answer whose JSON says so (`response_code` 200
 * or 202, `status` "success"/"ok", or `success: true`); a 2xx answer that is not JSON counts as
 * taken when it does not say "error" or "fail". Anything else is retried.
 */
function accepted(status: number, text: string): { ok: boolean; answer: Record<string, unknown> } {
  if (status < 200 || status >= 300) return { ok: false, answer: {} };
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return { ok: !/error|fail/i.test(text), answer: {} };
  }
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return { ok: false, answer: {} };
  const a = answer as Record<string, unknown>;
  const code = Number(a.response_code ?? a.responseCode ?? a.code);
  const word = typeof a.status === 'string' ? a.status.toLowerCase() : undefined;
  const ok =
    a.success === true ||
    code === 200 ||
    code === 202 ||
    word === 'success' ||
    word === 'ok' ||
    word === 'sent' ||
    word === 'accepted';
  const failed = a.success === false || (word !== undefined && /fail|error|reject/.test(word)) || (Number.isFinite(code) && code >= 1000);
  return { ok: ok && !failed, answer: a };
}

/**
 * The provider over HTTP when configured: a form POST of `api_key`, `senderid`, `number`
 * (8801XXXXXXXXX), `message` and, for a text that is not GSM-7 (Bengali), `type=unicode`, the
 * shape of the common Bangladeshi bulk-SMS APIs. Otherwise each SMS becomes a text file under
 * DATA_DIR/sms: the number on the first line, a blank line, then the message.
 */
function createDelivery(config: Config): Deliver {
  const provider = config.sms.provider;
  if (provider) {
    return async (sms) => {
      const form = new URLSearchParams({ api_key: provider.apiKey, senderid: provider.senderId, number: sms.to, message: sms.body });
      if (!isGsm7(sms.body)) form.set('type', 'unicode');
      const response = await fetch(provider.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(config.sms.timeoutMs),
      });
      const text = (await response.text()).slice(0, 4000);
      const { ok, answer } = accepted(response.status, text);
      if (!ok) throw new ProviderRefused(`SMS provider answered ${response.status}: ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
      return { providerRef: providerRefOf(answer) };
    };
  }
  const dir = path.join(config.dataDir, 'sms');
  let madeDir: Promise<unknown> | undefined;
  return async (sms) => {
    madeDir ??= mkdir(dir, { recursive: true });
    await madeDir;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const kind = sms.kind.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await writeFile(path.join(dir, `${stamp}-${sms.id}-${kind}.txt`), `${sms.to}\n\n${sms.body}\n`);
    return { providerRef: null };
  };
}
