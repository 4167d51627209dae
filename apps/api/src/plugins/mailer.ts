import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Executor } from '../db/client.ts';
import { rows } from '../db/client.ts';
import { outboxMails } from '../db/schema.ts';

export interface OutgoingMail {
  /** What the mail is about, for the log and for tests (e.g. `password-reset`). */
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  /** Writes the mail (or several, in one statement) to the outbox with the caller's transaction (or the database). */
  enqueue(executor: Executor, mail: OutgoingMail | OutgoingMail[]): Promise<void>;
  /** Asks the worker to look at the outbox now instead of at its next poll. */
  kick(): void;
  /** Sends every mail that is due; resolves when this pass is over (tests call it). */
  drain(): Promise<void>;
}

interface ClaimedMail {
  id: string | number;
  kind: string;
  to: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  attempts: number;
}

type Deliver = (mail: ClaimedMail) => Promise<void>;

/**
 * The outbox worker. A pass claims due mails with `FOR UPDATE SKIP LOCKED` and a lease
 * (`locked_until`), sends them outside any transaction, then marks each sent or schedules a
 * retry with exponential back-off. Several API processes may run it on one database.
 */
export default fp(async function mailer(app: FastifyInstance) {
  const { config, db } = app;
  const deliver = createDelivery(config.smtpUrl, config.mailFrom, path.join(config.dataDir, 'mail'));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function pass(): Promise<void> {
    for (;;) {
      const claimed = await rows<ClaimedMail>(
        db,
        sql`update outbox_mails set locked_until = now() + interval '2 minutes', attempts = attempts + 1
            where id in (
              select id from outbox_mails
              where status = 'pending' and next_attempt_at <= now()
                and (locked_until is null or locked_until < now())
              order by id limit 10
              for update skip locked)
            returning id, kind, "to", reply_to, subject, html, text, attempts`,
      );
      if (claimed.length === 0) return;
      const sent: (string | number)[] = [];
      for (const mail of claimed) if (await sendOne(mail)) sent.push(mail.id);
      // One statement for the batch: a burst of bookings should not cost a round trip per mail.
      if (sent.length > 0) {
        await db.execute(
          sql`update outbox_mails set status = 'sent', sent_at = now(), locked_until = null, last_error = null
              where id in (${sql.join(sent.map((id) => sql`${id}`), sql`, `)})`,
        );
      }
    }
  }

  /** Delivers one mail; true when it went, false when it was scheduled for a retry. */
  async function sendOne(mail: ClaimedMail): Promise<boolean> {
    try {
      await deliver(mail);
      app.log.info({ mailId: mail.id, kind: mail.kind }, 'mail sent');
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const gaveUp = mail.attempts >= config.mail.maxAttempts;
      const delayMs = backoff(config.mail.retryBaseMs, mail.attempts);
      await db.execute(
        sql`update outbox_mails set status = ${gaveUp ? 'failed' : 'pending'}, locked_until = null,
            last_error = ${message.slice(0, 500)},
            next_attempt_at = now() + (${delayMs} * interval '1 millisecond')
            where id = ${mail.id}`,
      );
      app.log.warn({ mailId: mail.id, attempts: mail.attempts, gaveUp, err: message }, 'mail not sent');
      return false;
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !stopped);
      } catch (error) {
        app.log.error({ err: error }, 'outbox pass failed');
      } finally {
        running = undefined;
        schedule(config.mail.pollMs);
      }
    })();
    return running;
  }

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), ms);
    timer.unref();
  }

  const service: Mailer = {
    async enqueue(executor, mail) {
      const mails = Array.isArray(mail) ? mail : [mail];
      if (mails.length === 0) return;
      await executor.insert(outboxMails).values(
        mails.map((m) => ({ kind: m.kind, to: m.to, replyTo: m.replyTo, subject: m.subject, html: m.html, text: m.text })),
      );
    },
    kick() {
      schedule(0);
    },
    drain: () => run(),
  };
  app.decorate('mailer', service);

  app.addHook('onReady', async () => schedule(config.mail.pollMs));
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
});

/** Exponential back-off with ±20 % jitter, at most one hour. */
export function backoff(baseMs: number, attempt: number): number {
  const raw = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);
  // Capped again after the jitter, or the longest wait would be 72 minutes.
  return Math.min(Math.round(raw * (0.8 + Math.random() * 0.4)), 3_600_000);
}

/** SMTP when configured; otherwise each message becomes an `.eml` file a developer can open. */
function createDelivery(smtpUrl: string | undefined, from: string, mailDir: string): Deliver {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return async (mail) => {
      await transport.sendMail({
        from,
        to: mail.to,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: { 'X-Residency-Mail-Id': String(mail.id), 'X-Residency-Kind': mail.kind },
      });
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let madeDir: Promise<unknown> | undefined;
  return async (mail) => {
    const info = await transport.sendMail({
      from,
      to: mail.to,
      replyTo: mail.reply_to ?? undefined,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: { 'X-Residency-Mail-Id': String(mail.id), 'X-Residency-Kind': mail.kind },
    });
    madeDir ??= mkdir(mailDir, { recursive: true });
    await madeDir;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await writeFile(path.join(mailDir, `${stamp}-${mail.id}-${mail.kind}.eml`), info.message as Buffer);
  };
}
