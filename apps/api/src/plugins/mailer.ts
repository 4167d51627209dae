import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Executor } from '../db/client.ts';
import { rows } from '../db/client.ts';
import { kickedWorker } from '../lib/kicked-worker.ts';
import { outboxMails } from '../db/schema.ts';

/**
 * A mail written from a template: its type, language and values are stored in the outbox row and
 * the worker renders it when it sends it, after the writing transaction committed (issue 36: a
 * booking no longer reads the hotel's designs and renders two mails while it holds its rooms).
 */
export interface StoredTemplate {
  type: string;
  language: string;
  values: Record<string, string | number | null | undefined>;
}

/** What the renderer makes of a stored template: the mail, or why it cannot be sent (with the subject it would have had). */
export type RenderedStored = { subject: string; html: string; text: string } | { error: string; subject: string };

/** Renders stored templates, in order (registered by the e-mail templates feature: the plugin knows no design). */
type StoredRenderer = (templates: readonly StoredTemplate[]) => Promise<RenderedStored[]>;

interface MailBase {
  /** What the mail is about, for the log and for tests (e.g. `password-reset`). */
  kind: string;
  to: string;
  replyTo?: string;
  /**
   * Files drawn when the mail is sent, by the resolver registered for their kind (an invoice's
   * PDF): the outbox keeps a reference, not the bytes, and a resolver that fails retries the mail.
   */
  attachments?: AttachmentRef[];
  /** Not sent before this time (the owner's day report waits for the night's backup, issue 35). */
  notBefore?: Date;
}

/** A mail written whole by its sender. */
export interface OutgoingMail extends MailBase {
  subject: string;
  html: string;
  text: string;
}

/** A mail the worker renders from `template` when it sends it. */
interface TemplatedOutgoingMail extends MailBase {
  template: StoredTemplate;
}

type QueuedMail = OutgoingMail | TemplatedOutgoingMail;

/** A file to attach, named by what it is (`kind` and `ref`, e.g. an invoice's id and language). */
interface AttachmentRef {
  kind: string;
  ref: string;
  filename: string;
}

/** Draws an attachment's bytes and type. */
type AttachmentResolver = (ref: string) => Promise<{ content: Buffer; contentType: string }>;

export interface Mailer {
  /** Writes the mail (or several, in one statement) to the outbox with the caller's transaction (or the database). */
  enqueue(executor: Executor, mail: QueuedMail | QueuedMail[]): Promise<void>;
  /** Asks the worker to look at the outbox now instead of at its next poll. */
  kick(): void;
  /** Sends every mail that is due; resolves when this pass is over (tests call it). */
  drain(): Promise<void>;
  /** A module says how to draw the attachments of its kind (the plugin knows no feature). */
  resolveAttachments(kind: string, resolver: AttachmentResolver): void;
  /** The e-mail templates feature says how a stored template becomes a mail. */
  renderStoredWith(renderer: StoredRenderer): void;
  /** Stored templates as they would be sent now (the outbox's readers and tests). */
  renderStored(templates: readonly StoredTemplate[]): Promise<RenderedStored[]>;
  /**
   * Clears the bodies (HTML, text, attachment references) of mails sent more than
   * MAIL_RETENTION_DAYS ago, keeping who, when, subject, kind and status; answers how many. Runs
   * hourly by itself; tests call it.
   */
  pruneBodies(): Promise<number>;
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
  attachments: AttachmentRef[] | null;
  /** Set while the mail waits to be rendered (StoredTemplate). */
  template: StoredTemplate | null;
  /** When the mail was written, in microseconds: with the id, unique even after a database is made anew. */
  created_us: string;
}

type Deliver = (mail: ClaimedMail, attachments: { filename: string; content: Buffer; contentType: string }[]) => Promise<void>;

/**
 * How long a claimed mail is the claimer's alone: longer than the SMTP exchange may take (the
 * transport's timeouts below: 5 + 5 + 10 s), short enough that a mail claimed by a process that
 * crashed goes out again within seconds.
 */
const LEASE_SECONDS = 25;
/** The longest one SMTP exchange may take (the transport's timeouts below). */
const SEND_TIMEOUT_SECONDS = 20;
/**
 * Mails one claim takes (issue 36: a statement and a read of the designs for several mails, not
 * for each). Each is still marked sent as soon as it went, so a crash sends at most the one in
 * flight again; the others claimed wait out the lease.
 */
const CLAIM_BATCH = 10;

/**
 * Mails whose bodies one statement of the retention clears: each batch is its own short
 * transaction, so no statement holds row locks (or, on PGlite, the one connection) for long.
 */
const PRUNE_BATCH = 500;
/** How often the retention runs, in each process; the first run is a minute after the start. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PRUNE_FIRST_MS = 60 * 1000;
/** Any constant: the advisory lock that lets one process at a time run the retention. */
const PRUNE_LOCK = 727_023;
/**
 * PGlite runs no autovacuum: without a VACUUM, every claim of the outbox worker walks past the
 * dead row versions of the mails sent before it (measured in the soak, issue 23) and cleared
 * bodies never give their space back. After this many mails marked sent, the worker vacuums the
 * table (a few tens of milliseconds, since only the pages changed since the last one are read).
 */
const VACUUM_AFTER_SENT = 2000;

/**
 * The outbox worker. A pass claims the next due mails (up to CLAIM_BATCH) with `FOR UPDATE SKIP
 * LOCKED` and a lease (`locked_until`), renders those written from a template, sends them one by
 * one outside any transaction, and marks each sent as soon as its SMTP exchange has ended, or
 * schedules its retry with exponential back-off. Several API processes may run it on one database.
 *
 * The guarantee: every mail goes out, once in the normal run. A crash between the end of a
 * mail's SMTP exchange and its mark (a few milliseconds) sends that one mail again after the
 * lease, with the same Message-ID, so a mail program can tell it is the same mail. (A pass used
 * to claim ten mails for two minutes and mark them only when all ten were sent: a crash sent
 * several twice and held the rest back for two minutes. Now each is marked as it goes, and a
 * batch whose lease runs short hands the rest back.)
 */
/**
 * The outbox row a worker claimed, as it claimed it: the same id, still pending, with the attempt
 * the claim counted. What the worker writes after sending lands on that row only, never on a row
 * that has taken its id since (the tests empty the tables and restart the ids between files; a
 * mail marked sent with another mail's content was seen there), nor on one another worker has
 * claimed again after the lease ran out.
 */
function asClaimed(mail: Pick<ClaimedMail, 'id' | 'attempts'>) {
  return sql`id = ${mail.id} and status = 'pending' and attempts = ${mail.attempts}`;
}

export default fp(async function mailer(app: FastifyInstance) {
  const { config, db } = app;
  const embedded = app.dbHandle.kind === 'pglite';
  let sentSinceVacuum = 0;
  let pruneTimer: NodeJS.Timeout | undefined;
  let pruning: Promise<number> | undefined;
  const mailDir = path.join(config.dataDir, 'mail');
  const deliver = createDelivery(config.smtpUrl, config.mailFrom, mailDir);
  const resolvers = new Map<string, AttachmentResolver>();
  let renderer: StoredRenderer | undefined;
  // The retention's own stop (the worker has its own: worker.isStopped()).
  let stopped = false;

  async function pass(): Promise<void> {
    while (!worker.isStopped()) {
      const claimed = await rows<ClaimedMail>(
        db,
        sql`update outbox_mails set locked_until = now() + (${LEASE_SECONDS} * interval '1 second'), attempts = attempts + 1
            where id in (
              select id from outbox_mails
              where status = 'pending' and next_attempt_at <= now()
                and (locked_until is null or locked_until < now())
              order by id limit ${CLAIM_BATCH}
              for update skip locked)
            returning id, kind, "to", reply_to, subject, html, text, attempts, attachments, template,
              (extract(epoch from created_at) * 1000000)::bigint::text as created_us`,
      );
      if (claimed.length === 0) return;
      claimed.sort((a, b) => Number(a.id) - Number(b.id));
      const claimedAt = Date.now();
      const made = await renderAll(claimed);
      for (const [i, mail] of claimed.entries()) {
        // A mail is sent only while its lease outlasts the longest SMTP exchange: the rest of the
        // batch goes back to the outbox, as if never claimed, for the next pass.
        if ((i > 0 && Date.now() - claimedAt > (LEASE_SECONDS - SEND_TIMEOUT_SECONDS) * 1000) || worker.isStopped()) {
          const rest = claimed.slice(i).map((m) => m.id);
          await db.execute(sql`update outbox_mails set locked_until = null, attempts = attempts - 1 where id in (${sql.join(rest.map((id) => sql`${id}`), sql`, `)})`);
          break;
        }
        const ready = await rendered(mail, made[i]);
        if (!ready) continue;
        if (await sendOne(ready)) {
          // A rendered mail keeps what was sent (its subject and bodies) and lets its values go.
          await db.execute(
            mail.template
              ? sql`update outbox_mails set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
                      subject = ${ready.subject}, html = ${ready.html}, text = ${ready.text}, template = null where ${asClaimed(mail)}`
              : sql`update outbox_mails set status = 'sent', sent_at = now(), locked_until = null, last_error = null where ${asClaimed(mail)}`,
          );
          if (embedded && ++sentSinceVacuum >= VACUUM_AFTER_SENT) {
            sentSinceVacuum = 0;
            await db.execute(sql`vacuum outbox_mails`);
          }
        }
      }
    }
  }

  /** The claimed mails' templates rendered at once (one read of the designs for all); undefined for a mail written whole. */
  async function renderAll(claimed: readonly ClaimedMail[]): Promise<(RenderedStored | undefined)[]> {
    const templates = claimed.flatMap((m) => (m.template ? [m.template] : []));
    if (templates.length === 0) return claimed.map(() => undefined);
    const made = await renderStored(templates);
    let k = 0;
    return claimed.map((m) => (m.template ? made[k++] : undefined));
  }

  /**
   * The claimed mail ready to send: rendered from its template when it has one. A template that
   * cannot be rendered (a saved design lacking a required variable) fails the mail at once,
   * with why: retrying would not fill the hole.
   */
  async function rendered(mail: ClaimedMail, made: RenderedStored | undefined): Promise<ClaimedMail | null> {
    if (!made) return mail;
    if ('error' in made) {
      await db.execute(
        // No delivery was tried: the claim's attempt is taken back.
        sql`update outbox_mails set status = 'failed', locked_until = null, attempts = attempts - 1, subject = ${made.subject}, last_error = ${made.error.slice(0, 500)} where ${asClaimed(mail)}`,
      );
      app.log.warn({ mailId: mail.id, kind: mail.kind, err: made.error }, 'mail not sent');
      return null;
    }
    return { ...mail, ...made };
  }

  function renderStored(templates: readonly StoredTemplate[]): Promise<RenderedStored[]> {
    if (!renderer) return Promise.resolve(templates.map((t) => ({ error: `No renderer for stored templates (${t.type})`, subject: '' })));
    return renderer(templates);
  }

  /** One batch after another while there are bodies to clear, each in its own transaction. */
  async function prune(): Promise<number> {
    let total = 0;
    for (;;) {
      const cleared = await db.transaction(async (tx) => {
        // Another process is at it: its batches clear the same rows, this one stops.
        const [lock] = await rows<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK}) as got`);
        if (!lock?.got) return -1;
        const done = await rows<{ id: string }>(
          tx,
          // The conditions match the partial index outbox_mails_body_kept_idx (migration 0021),
          // which holds only the sent mails that still have a body.
          sql`update outbox_mails set html = '', text = '', attachments = null, template = null
              where id in (
                select id from outbox_mails
                where status = 'sent' and html <> '' and sent_at < now() - make_interval(days => ${config.mail.retentionDays})
                order by sent_at limit ${PRUNE_BATCH}
                for update skip locked)
              returning id`,
        );
        return done.length;
      });
      if (cleared < 0) break;
      total += cleared;
      if (cleared < PRUNE_BATCH || stopped) break;
    }
    if (total > 0) {
      app.log.info({ mails: total, retentionDays: config.mail.retentionDays }, 'mail bodies past their retention cleared');
      if (embedded) await db.execute(sql`vacuum outbox_mails`);
    }
    // Without SMTP each mail was also written as an .eml file: those go after the same days.
    if (!config.smtpUrl) {
      const files = await pruneMailFiles(mailDir, config.mail.retentionDays);
      if (files > 0) app.log.info({ files, retentionDays: config.mail.retentionDays }, 'mail files past their retention deleted');
    }
    return total;
  }

  function pruneBodies(): Promise<number> {
    pruning ??= prune().finally(() => {
      pruning = undefined;
    });
    return pruning;
  }

  function schedulePrune(ms: number) {
    if (stopped) return;
    pruneTimer = setTimeout(() => {
      pruneBodies()
        .catch((error: unknown) => app.log.error({ err: error }, 'mail retention failed'))
        .finally(() => schedulePrune(PRUNE_EVERY_MS));
    }, ms);
    pruneTimer.unref();
  }

  /** Delivers one mail; true when it went, false when it was scheduled for a retry. */
  async function sendOne(mail: ClaimedMail): Promise<boolean> {
    try {
      const files = [];
      for (const file of mail.attachments ?? []) {
        const resolve = resolvers.get(file.kind);
        if (!resolve) throw new Error(`No resolver for attachments of kind ${file.kind}`);
        files.push({ filename: file.filename, ...(await resolve(file.ref)) });
      }
      await deliver(mail, files);
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
            where ${asClaimed(mail)}`,
      );
      app.log.warn({ mailId: mail.id, attempts: mail.attempts, gaveUp, err: message }, 'mail not sent');
      return false;
    }
  }

  const worker = kickedWorker(app, 'outbox pass', pass, config.mail.pollMs);

  const service: Mailer = {
    async enqueue(executor, mail) {
      const mails = Array.isArray(mail) ? mail : [mail];
      if (mails.length === 0) return;
      await executor.insert(outboxMails).values(
        mails.map((m) => ({
          kind: m.kind,
          to: m.to,
          replyTo: m.replyTo,
          ...('template' in m ? { subject: '', html: '', text: '', template: m.template } : { subject: m.subject, html: m.html, text: m.text }),
          attachments: m.attachments ?? null,
          ...(m.notBefore ? { nextAttemptAt: m.notBefore } : {}),
        })),
      );
    },
    kick: worker.kick,
    drain: worker.drain,
    resolveAttachments(kind, resolver) {
      resolvers.set(kind, resolver);
    },
    renderStoredWith(render) {
      renderer = render;
    },
    renderStored,
    pruneBodies,
  };
  app.decorate('mailer', service);

  app.addHook('onReady', async () => schedulePrune(PRUNE_FIRST_MS));
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(pruneTimer);
    await pruning;
  });
});

/** Exponential back-off with ±20 % jitter, at most one hour. */
export function backoff(baseMs: number, attempt: number): number {
  const raw = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);
  // Capped again after the jitter, or the longest wait would be 72 minutes.
  return Math.min(Math.round(raw * (0.8 + Math.random() * 0.4)), 3_600_000);
}

/**
 * The mail's Message-ID, the same on every attempt: the outbox row's id and time of writing at
 * the sender's domain, so a mail sent again after a crash is recognisably the same mail (and two
 * mails are never taken for one, even after the database was made anew and ids start over).
 */
function messageIdOf(mail: ClaimedMail, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'residency.local';
  return `<outbox-${mail.id}.${mail.created_us}@${domain}>`;
}

/** Deletes the `.eml` files of `dir` last written more than `days` days ago; answers how many. */
async function pruneMailFiles(dir: string, days: number): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const before = Date.now() - days * 86_400_000;
  let deleted = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < before && (await unlink(file).then(() => true, () => false))) deleted += 1;
  }
  return deleted;
}

/** SMTP when configured; otherwise each message becomes an `.eml` file a developer can open. */
function createDelivery(smtpUrl: string | undefined, from: string, mailDir: string): Deliver {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    });
    return async (mail, attachments) => {
      await transport.sendMail({
        from,
        to: mail.to,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: { 'X-Residency-Mail-Id': String(mail.id), 'X-Residency-Kind': mail.kind },
        messageId: messageIdOf(mail, from),
        attachments,
      });
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let madeDir: Promise<unknown> | undefined;
  return async (mail, attachments) => {
    const info = await transport.sendMail({
      from,
      to: mail.to,
      replyTo: mail.reply_to ?? undefined,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: { 'X-Residency-Mail-Id': String(mail.id), 'X-Residency-Kind': mail.kind },
      messageId: messageIdOf(mail, from),
      attachments,
    });
    madeDir ??= mkdir(mailDir, { recursive: true });
    await madeDir;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await writeFile(path.join(mailDir, `${stamp}-${mail.id}-${mail.kind}.eml`), info.message as Buffer);
  };
}
