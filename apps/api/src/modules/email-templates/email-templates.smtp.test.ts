import { formatLongDate } from '@residency/shared/display';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, query, useTestApp } from '../../test/app.ts';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp.ts';
import { book, day, HOTEL_ACCOUNTS, smallHotelRooms } from '../../test/stays.ts';
import { enqueueTemplatedMails } from './email-templates.service.ts';

/*
 * Designed mails over a real SMTP exchange: what the admin designs is what arrives, inlined,
 * with a plain-text part; bookings get the design of their language; a mail with a hole in it
 * never leaves, and the outbox says why.
 */

let smtp: TestSmtp;
let rooms: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});
const ctx = useTestApp({ env: () => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://residency.example' }), reset: 'file', accounts: HOTEL_ACCOUNTS });
beforeAll(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
});
beforeEach(async () => {
  // Mails of an earlier test may still be on their way: wait for them before starting afresh.
  await ctx.app.mailer.drain();
  smtp.received.length = 0;
});

const STYLE = '<style>.hero{background-color:#0f3d3e;color:#f5deb3;padding:20px}.total{font-weight:bold;color:#b45309}</style>';
const designed = (language: 'en' | 'bn') =>
  language === 'en'
    ? `<html><head>${STYLE}</head><body><div class="hero">Designed for {{name}}</div><img src="/uploads/logo.webp" alt="Residency"><p>{{roomType}} from {{startDate}} to {{endDate}}</p><p class="total">Total {{amount}}</p></body></html>`
    : `<html lang="bn"><head>${STYLE}</head><body><div class="hero">{{name}}, আপনার জন্য নকশা</div><p>{{roomType}}: {{startDate}} থেকে {{endDate}}</p><p class="total">সর্বমোট {{amount}}</p></body></html>`;

async function saveDesign(type: string, language: 'en' | 'bn', subject: string, html: string, isActive = true) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/email-templates',
    headers: ctx.admin.auth,
    payload: { type, language, subject, html, isActive, design: { pages: [{ html }] } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const to = (mails: ReceivedMail[], address: string) => mails.find((m) => m.rcptTo.includes(address))!;

describe('a test send over SMTP', () => {
  it('arrives with the designed HTML, its CSS inlined, and a plain-text part', async () => {
    await saveDesign('BOOKING_CONFIRMATION_USER', 'en', 'Designed: {{reservationId}}', designed('en'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/email-templates/test',
      headers: ctx.admin.auth,
      payload: { type: 'BOOKING_CONFIRMATION_USER', to: 'designer@example.com', variables: { name: 'Nadia Islam', startDate: '2027-02-14' } },
    });
    expect(res.statusCode, res.body).toBe(202);
    await ctx.app.mailer.drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.rcptTo).toEqual(['designer@example.com']);
    expect(mail!.parsed.subject).toBe('Designed: RSV-7K3F9Q2M');
    const html = mail!.parsed.html!;
    expect(html).toContain('<div class="hero" style="background-color: #0f3d3e; color: #f5deb3; padding: 20px;">Designed for Nadia Islam</div>');
    expect(html).toContain('<p class="total" style="font-weight: bold; color: #b45309;">Total ৳17,077.50</p>');
    expect(html).not.toContain('<style>');
    expect(html).toContain('<img src="https://residency.example/uploads/logo.webp" alt="Residency">');
    expect(mail!.parsed.text?.trim()).toBe('Designed for Nadia Islam\nDeluxe King, Family Room from Sun, Feb 14, 2027 to Thu, Dec 3, 2026\nTotal ৳17,077.50');
  });
});

describe('booking mails over SMTP', () => {
  it("sends the guest the saved design of the booking's language, and the hotel the default where none is saved", async () => {
    await saveDesign('BOOKING_CONFIRMATION_USER', 'en', 'Designed: {{reservationId}}', designed('en'));
    const res = await book(ctx.app, ctx.guest, rooms['101']!, day(10), day(12), { language: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().data;
    await ctx.app.mailer.drain();
    const mails = await smtp.waitFor(2);
    const toGuest = to(mails, ctx.guest.email);
    expect(toGuest.parsed.subject).toBe(`Designed: ${booking.transactionId}`);
    expect(toGuest.parsed.html).toContain('style="background-color: #0f3d3e; color: #f5deb3; padding: 20px;">Designed for Rahim Uddin</div>');
    expect(toGuest.parsed.text).toContain('Total ৳18,975');
    const toHotel = to(mails, 'frontdesk@residency.test');
    expect(toHotel.parsed.subject).toBe(`New booking ${booking.transactionId}: Deluxe King, ${formatDay(10)} to ${formatDay(12)}`);
    expect(toHotel.parsed.text).toContain(`Booking ID: ${booking.transactionId}`);
  });

  it('sends a guest who books in Bengali the Bengali design, and their later mails in Bengali too', async () => {
    await saveDesign('BOOKING_CONFIRMATION_USER', 'bn', 'নকশা: {{reservationId}}', designed('bn'));
    const res = await book(ctx.app, ctx.guest, rooms['102']!, day(14), day(15), { language: 'bn' });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().data;
    await ctx.app.mailer.drain();
    const mails = await smtp.waitFor(2);
    const toGuest = to(mails, ctx.guest.email);
    expect(toGuest.parsed.subject).toBe(`নকশা: ${booking.transactionId}`);
    expect(toGuest.parsed.html).toContain('padding: 20px;">Rahim Uddin, আপনার জন্য নকশা</div>');
    expect(toGuest.parsed.text).toContain('সর্বমোট ৳৯,৪৮৭.৫০');
    // The hotel's copy is in the hotel's language (HOTEL_LANGUAGE, English by default: issue 31), whatever the guest's.
    expect(to(mails, 'frontdesk@residency.test').parsed.text).toContain(`Booking ID: ${booking.transactionId}`);
    // The account keeps the language: the confirmation (no design saved) is the Bengali default.
    expect((await query(ctx.app, sql`select language from users where id = ${ctx.guest.id}`))[0]).toEqual({ language: 'bn' });
    smtp.received.length = 0;
    const confirm = await ctx.app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth, payload: { isConfirmed: true } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await ctx.app.mailer.drain();
    const [update] = await smtp.waitFor(1);
    expect(update!.parsed.subject).toBe(`বুকিং ${booking.transactionId}: নিশ্চিত, পেমেন্ট: বাকি`);
    expect(update!.parsed.text).toContain('প্রিয় Rahim Uddin,');
    expect(update!.parsed.html).toContain('<html lang="bn">');
  });

  it('falls back to the built-in default of the language while the saved design is inactive', async () => {
    await saveDesign('BOOKING_CONFIRMATION_USER', 'bn', 'নকশা: {{reservationId}}', designed('bn'), false);
    const res = await book(ctx.app, ctx.guest, rooms['101']!, day(20), day(21), { language: 'bn' });
    expect(res.statusCode, res.body).toBe(201);
    await ctx.app.mailer.drain();
    const toGuest = to(await smtp.waitFor(2), ctx.guest.email);
    expect(toGuest.parsed.subject).toBe(`আপনার বুকিং ${res.json().data.transactionId} আমরা পেয়েছি`);
    expect(toGuest.parsed.html).not.toContain('নকশা');
    expect(toGuest.parsed.text).toContain(`চেক-ইন: ${formatDay(20, 'bn')}`);
  });

  it('writes mails in the language chosen at sign-up when the booking does not say', async () => {
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'shapla@example.com', password: 'long-enough-password', name: 'Shapla Akter', language: 'bn' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const res = await book(ctx.app, { auth: { authorization: `Bearer ${signUp.json().data.token}` } }, rooms['102']!, day(30), day(31));
    expect(res.statusCode, res.body).toBe(201);
    await ctx.app.mailer.drain();
    const toGuest = to(await smtp.waitFor(2), 'shapla@example.com');
    expect(toGuest.parsed.subject).toBe(`আপনার বুকিং ${res.json().data.transactionId} আমরা পেয়েছি`);
  });

  it('never sends a mail with a hole in it: it fails into the outbox with the reason, and the change still happens', async () => {
    const res = await book(ctx.app, ctx.guest, rooms['101']!, day(40), day(41), { language: 'en' });
    const booking = res.json().data;
    await ctx.app.mailer.drain();
    smtp.received.length = 0;
    // An account whose name was blanked by hand in the database: the status update would greet no one.
    await query(ctx.app, sql`update users set name = '' where id = ${ctx.guest.id}`);
    const confirm = await ctx.app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth, payload: { isConfirmed: true } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await ctx.app.mailer.drain();
    const row = (await outbox(ctx.app)).at(-1)!;
    expect(row).toMatchObject({
      kind: 'BOOKING_STATUS_UPDATE',
      to: ctx.guest.email,
      status: 'failed',
      attempts: 0,
      last_error: 'Not sent: Missing required variables: name (en built-in default)',
    });
    expect(smtp.received).toEqual([]);
    await query(ctx.app, sql`update users set name = 'Rahim Uddin' where id = ${ctx.guest.id}`);
  });

  it('writes good mails of one change and fails only the one with a hole', async () => {
    await ctx.app.db.transaction(async (tx) => {
      await enqueueTemplatedMails({ mailer: ctx.app.mailer }, tx, [
        { type: 'BOOKING_CANCELLATION', language: 'bn', to: 'whole@example.com', values: cancellationValues },
        { type: 'BOOKING_CANCELLATION', language: 'bn', to: 'holed@example.com', values: { ...cancellationValues, amount: undefined, room: '' } },
      ]);
    });
    await ctx.app.mailer.drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.rcptTo).toEqual(['whole@example.com']);
    expect(mail!.parsed.text).toContain('সর্বমোট: ৳৫,০০০');
    const holed = (await outbox(ctx.app)).find((m) => m.to === 'holed@example.com')!;
    expect(holed).toMatchObject({ status: 'failed', last_error: 'Not sent: Missing required variables: room, amount (bn built-in default)' });
    expect(smtp.received.map((m) => m.rcptTo[0])).toEqual(['whole@example.com']);
  });
});

const cancellationValues = {
  name: 'Karim',
  email: 'whole@example.com',
  transactionId: 'RSV-AAAA2222',
  room: 'Deluxe King (101)',
  startDate: '2027-03-01',
  endDate: '2027-03-02',
  amount: 5000,
  cancellationDate: '2027-02-01',
};

/** A day `n` from today as the mails write it. */
const formatDay = (n: number, language: 'en' | 'bn' = 'en') => formatLongDate(day(n), language);
