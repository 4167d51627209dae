import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { outbox as outboxRows, query, useTestApp } from '../test/app.ts';
import { startSmtp, type TestSmtp } from '../test/smtp.ts';

/** The outbox, oldest first, with the columns the retention keeps or clears. */
async function outbox(app: FastifyInstance) {
  const mails = await outboxRows(app);
  return mails as (typeof mails[number] & { attachments: unknown; created_at: Date | string })[];
}

/** A contact-form message through the API: one mail to the hotel, sent over SMTP by the worker. */
async function contact(app: FastifyInstance, subject: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Salma Begum', email: 'salma@example.com', phone: '+880 1911-555666', subject, message: `About: ${subject}` },
  });
  expect(res.statusCode).toBe(202);
}

describe('mail retention (MAIL_RETENTION_DAYS)', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const ctx = useTestApp({ env: () => ({ SMTP_URL: smtp.url, MAIL_RETENTION_DAYS: '30' }), accounts: {} });

  it('clears the body of a mail sent longer ago than the retention and keeps who, when, subject, kind and status', async () => {
    const { app } = ctx;
    for (const subject of ['Old message', 'Recent message', 'Never sent', 'Given up']) await contact(app, subject);
    await app.mailer.drain();
    await smtp.waitFor(4);
    const [old, recent, unsent, failed] = await outbox(app);
    // What weeks of running would have left: one mail sent 40 days ago (with an invoice attached),
    // one sent 5 days ago, one that never went out (SMTP down since) and one given up on.
    await query(app, sql`update outbox_mails set sent_at = now() - interval '40 days', created_at = now() - interval '40 days',
      attachments = '[{"kind":"invoice","ref":"inv-1:en","filename":"invoice.pdf"}]'::jsonb where id = ${old!.id}`);
    await query(app, sql`update outbox_mails set sent_at = now() - interval '5 days' where id = ${recent!.id}`);
    await query(app, sql`update outbox_mails set status = 'pending', sent_at = null, attempts = 3, created_at = now() - interval '40 days',
      next_attempt_at = now() + interval '1 hour' where id = ${unsent!.id}`);
    await query(app, sql`update outbox_mails set status = 'failed', sent_at = null, created_at = now() - interval '40 days' where id = ${failed!.id}`);
    const before = await outbox(app);

    expect(await app.mailer.pruneBodies()).toBe(1);

    const after = await outbox(app);
    const oldAfter = after.find((m) => m.id === old!.id)!;
    expect(oldAfter).toMatchObject({ html: '', text: '', attachments: null });
    const kept = ['kind', 'to', 'reply_to', 'subject', 'status', 'attempts', 'sent_at', 'created_at'] as const;
    const oldBefore = before.find((m) => m.id === old!.id)!;
    for (const column of kept) expect(oldAfter[column]).toEqual(oldBefore[column]);
    expect(oldAfter).toMatchObject({ kind: 'contact', status: 'sent', subject: 'Website message: Old message' });
    // The recent, the unsent and the given-up mails keep everything.
    for (const id of [recent!.id, unsent!.id, failed!.id]) {
      expect(after.find((m) => m.id === id)).toEqual(before.find((m) => m.id === id));
    }
    expect(after.find((m) => m.id === recent!.id)!.text).toContain('About: Recent message');

    // A second run finds nothing more to clear.
    expect(await app.mailer.pruneBodies()).toBe(0);
  });

  it('still sends a pending mail whose body it kept, however old', async () => {
    const { app } = ctx;
    await contact(app, 'Written long ago');
    await app.mailer.drain();
    await smtp.waitFor(1);
    smtp.received.length = 0;
    const [mail] = await outbox(app);
    // Written 40 days ago and never delivered (SMTP was down): due again now.
    await query(app, sql`update outbox_mails set status = 'pending', sent_at = null, created_at = now() - interval '40 days',
      next_attempt_at = now() where id = ${mail!.id}`);
    expect(await app.mailer.pruneBodies()).toBe(0);
    await app.mailer.drain();
    const [received] = await smtp.waitFor(1);
    expect(received!.parsed.text).toContain('About: Written long ago');
    expect((await outbox(app))[0]).toMatchObject({ status: 'sent' });
  });

  it('refuses a retention that is not a whole number of days from 1 to 3650', () => {
    const secret = 'x'.repeat(32);
    for (const bad of ['0', '-5', '1.5', 'forever', '3651']) {
      expect(() => loadConfig({ JWT_SECRET: secret, MAIL_RETENTION_DAYS: bad })).toThrow(ConfigError);
    }
    expect(loadConfig({ JWT_SECRET: secret }).mail.retentionDays).toBe(30);
    expect(loadConfig({ JWT_SECRET: secret, MAIL_RETENTION_DAYS: '7' }).mail.retentionDays).toBe(7);
  });
});

describe('mail retention without SMTP (the .eml files)', () => {
  const ctx = useTestApp({ env: { MAIL_RETENTION_DAYS: '30' }, accounts: {} });

  it('deletes the files of mails written longer ago than the retention and keeps the recent ones', async () => {
    const { app } = ctx;
    expect(app.config.smtpUrl).toBeUndefined();
    const dir = path.join(app.config.dataDir, 'mail');
    const ours = async () => (await readdir(dir)).filter((name) => /-contact\.eml$/.test(name) && !known.has(name));
    const known = new Set(await readdir(dir).catch(() => [] as string[]));
    await contact(app, 'Old message');
    await contact(app, 'Recent message');
    await app.mailer.drain();
    const [old, recent] = (await ours()).sort();
    expect(recent).toBeDefined();
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000);
    await utimes(path.join(dir, old!), fortyDaysAgo, fortyDaysAgo);

    await app.mailer.pruneBodies();
    expect(await ours()).toEqual([recent]);
  });
});

