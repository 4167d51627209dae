import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, outbox, query, useTestApp } from '../test/app.ts';
import { startSmtp, unusedPort, type TestSmtp } from '../test/smtp.ts';
import { backoff } from './mailer.ts';

const HOTEL_EMAIL = 'frontdesk@residency.test';

const contactForm = {
  name: 'Salma Begum',
  email: 'salma@example.com',
  phone: '+880 1911-555666',
  subject: 'Late arrival',
  message: 'We will arrive after midnight. Is the front desk open?',
};

function sendContact(app: FastifyInstance, payload: Record<string, unknown> = contactForm) {
  return app.inject({ method: 'POST', url: '/api/contact', payload });
}

describe('mail over SMTP', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const ctx = useTestApp({ env: () => ({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '50' }), reset: 'file', accounts: {} });

  it('mails a contact-form message to the hotel, with the guest as Reply-To', async () => {
    const res = await sendContact(ctx.app);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, message: 'Thank you. Your message is on its way to our front desk.' });
    await ctx.app.mailer.drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.rcptTo).toEqual([HOTEL_EMAIL]);
    const parsed = mail!.parsed;
    expect(parsed.to?.[0]).toMatchObject({ address: HOTEL_EMAIL });
    expect(parsed.replyTo?.[0]).toMatchObject({ address: 'salma@example.com' });
    expect(parsed.from).toMatchObject({ address: 'no-reply@residency.local' });
    expect(parsed.subject).toBe('Website message: Late arrival');
    expect(parsed.text).toContain(contactForm.message);
    expect(parsed.text).toContain('Salma Begum');
    expect(parsed.text).toContain('+880 1911-555666');
    expect(parsed.html).toContain(contactForm.message);
    const [row] = await outbox(ctx.app);
    expect(row).toMatchObject({ kind: 'contact', status: 'sent', attempts: 1, last_error: null });
    expect(row!.sent_at).not.toBeNull();
  });

  it('sends a new mail at once, without waiting for the next poll of the outbox', async () => {
    smtp.received.length = 0;
    expect((await sendContact(ctx.app)).statusCode).toBe(202);
    // No drain: the request itself wakes the worker (MAIL_POLL_MS is a minute in tests).
    const [mail] = await smtp.waitFor(1, 3000);
    expect(mail!.rcptTo).toEqual([HOTEL_EMAIL]);
  });

  it("escapes the guest's words in the HTML of the mail", async () => {
    smtp.received.length = 0;
    const res = await sendContact(ctx.app, { ...contactForm, message: '<script>alert("hi")</script> please call me' });
    expect(res.statusCode).toBe(202);
    await ctx.app.mailer.drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.html).not.toContain('<script>');
    expect(mail!.parsed.html).toContain('&lt;script&gt;');
    expect(mail!.parsed.text).toContain('<script>alert("hi")</script> please call me');
  });

  it('lets no one add recipients through line breaks in the subject or name', async () => {
    smtp.received.length = 0;
    const res = await sendContact(ctx.app, {
      ...contactForm,
      name: 'Eve\r\nBcc: eve@evil.example',
      subject: 'Hello\r\nBcc: eve@evil.example',
    });
    expect(res.statusCode).toBe(202);
    await ctx.app.mailer.drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.rcptTo).toEqual([HOTEL_EMAIL]);
    expect(mail!.parsed.headers.filter((h) => h.key === 'bcc')).toEqual([]);
    expect(mail!.parsed.bcc).toBeUndefined();
  });

  it('answers 400 to a contact form without a message and mails nothing', async () => {
    const before = (await outbox(ctx.app)).length;
    const res = await sendContact(ctx.app, { ...contactForm, message: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('message');
    expect(await outbox(ctx.app)).toHaveLength(before);
  });

  it('delivers the password-reset mail to the person, and its link resets the password', async () => {
    smtp.received.length = 0;
    const user = await createUser(ctx.app, { name: 'Reset Me', password: 'old-password' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    await ctx.app.mailer.drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.rcptTo).toEqual([user.email]);
    expect(mail!.parsed.subject).toBe('Reset your Residency password');
    const link = /(\S+\/reset-password\?token=(\S+))/.exec(mail!.parsed.text ?? '');
    expect(link).not.toBeNull();
    expect(link![1]!.startsWith(`${ctx.app.config.publicUrl}/reset-password?token=`)).toBe(true);
    expect(mail!.parsed.html).toContain(link![1]!);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(link![2]!), password: 'brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'brand-new-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('sends each mail once, however many passes run at the same time', async () => {
    smtp.received.length = 0;
    expect((await sendContact(ctx.app)).statusCode).toBe(202);
    await Promise.all([ctx.app.mailer.drain(), ctx.app.mailer.drain(), ctx.app.mailer.drain()]);
    await smtp.waitFor(1);
    // A drain resolves once its sends are accepted (the server has the mail by then): one more
    // pass finds nothing left to send.
    await ctx.app.mailer.drain();
    expect(smtp.received).toHaveLength(1);
    expect((await outbox(ctx.app)).at(-1)).toMatchObject({ kind: 'contact', status: 'sent', attempts: 1 });
  });
});

/** Lets the back-off of every pending mail pass: each becomes due now. */
async function backOffPassed(app: FastifyInstance) {
  await query(app, sql`update outbox_mails set next_attempt_at = now() where status = 'pending'`);
}

describe('mail while SMTP is down', () => {
  it('keeps the mail pending with its error, then delivers it once SMTP is back on that port', async () => {
    const port = await unusedPort();
    // A back-off long enough that no second attempt sneaks in: the test moves time itself.
    const app = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '60000' });
    let smtp: TestSmtp | undefined;
    try {
      expect((await sendContact(app)).statusCode).toBe(202);
      await app.mailer.drain();
      const [waiting] = await outbox(app);
      expect(waiting).toMatchObject({ kind: 'contact', status: 'pending', attempts: 1 });
      expect(waiting!.last_error).toEqual(expect.any(String));
      expect(waiting!.last_error!.length).toBeGreaterThan(0);
      expect(new Date(waiting!.next_attempt_at).getTime()).toBeGreaterThan(Date.now());

      smtp = await startSmtp(port);
      // Not before its time: the retry waits for the back-off.
      await app.mailer.drain();
      expect(smtp.received).toHaveLength(0);

      // The back-off has passed (the database's clock decides: the row's time is moved, not waited for).
      await backOffPassed(app);
      await app.mailer.drain();
      const [mail] = await smtp.waitFor(1);
      expect(mail!.rcptTo).toEqual([HOTEL_EMAIL]);
      expect(mail!.parsed.replyTo?.[0]).toMatchObject({ address: contactForm.email });
      const [sent] = await outbox(app);
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    } finally {
      await app.close();
      await smtp?.close();
    }
  });

  it('gives a mail up as failed after MAIL_MAX_ATTEMPTS failures', async () => {
    const port = await unusedPort();
    const app = await buildTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RETRY_BASE_MS: '60000',
      MAIL_MAX_ATTEMPTS: '3',
    });
    try {
      expect((await sendContact(app)).statusCode).toBe(202);
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await app.mailer.drain();
        const [row] = await outbox(app);
        expect(row).toMatchObject({ attempts: attempt, status: attempt < 3 ? 'pending' : 'failed' });
        await backOffPassed(app);
      }
      await app.mailer.drain();
      const [row] = await outbox(app);
      expect(row).toMatchObject({ status: 'failed', attempts: 3 });
      expect(row!.last_error).toEqual(expect.any(String));
    } finally {
      await app.close();
    }
  });
});

describe('mail without SMTP_URL', () => {
  it('writes each mail as an .eml file under DATA_DIR/mail', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-mail-'));
    const app = await buildTestApp({ DATA_DIR: dataDir });
    try {
      expect((await sendContact(app)).statusCode).toBe(202);
      await app.mailer.drain();
      const mailDir = path.join(dataDir, 'mail');
      const files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/-contact\.eml$/);
      const parsed = await PostalMime.parse(await readFile(path.join(mailDir, files[0]!)));
      expect(parsed.to?.[0]).toMatchObject({ address: HOTEL_EMAIL });
      expect(parsed.replyTo?.[0]).toMatchObject({ address: contactForm.email });
      expect(parsed.text).toContain(contactForm.message);
      const [row] = await outbox(app);
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await app.close();
    }
  });
});

describe('backoff()', () => {
  it('doubles the wait with each attempt, within ±20 %', () => {
    for (const [attempt, nominal] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
      [6, 32_000],
    ] as const) {
      const wait = backoff(1000, attempt);
      expect(wait).toBeGreaterThanOrEqual(nominal * 0.8);
      expect(wait).toBeLessThanOrEqual(nominal * 1.2);
    }
  });

  it('never waits more than one hour', () => {
    for (let i = 0; i < 200; i += 1) expect(backoff(30_000, 50)).toBeLessThanOrEqual(3_600_000);
  });
});
