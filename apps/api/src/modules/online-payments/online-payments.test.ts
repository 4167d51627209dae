import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, query, useTestApp } from '../../test/app.ts';
import { paymentIdOf, sessionKeyOf, startSandboxGateway, type SandboxGateway } from '../../test/sandbox-gateway.ts';
import { unusedPort } from '../../test/smtp.ts';
import { book, day, HOTEL_ACCOUNTS, smallHotelRooms } from '../../test/stays.ts';
import { sql } from 'drizzle-orm';

/*
 * Online payment (issue 33), with the sandbox gateway as a process of its own and this API
 * listening on a real port for its IPNs: exactly one payment whatever arrives in whatever order,
 * nothing recorded from what the gateway does not confirm, holds that lapse and payments that
 * come after them, one session per reservation, refunds through the gateway.
 */

let sandbox: SandboxGateway;
let apiPort: number;
beforeAll(async () => {
  sandbox = await startSandboxGateway();
  apiPort = await unusedPort();
}, 30_000);
afterAll(async () => sandbox?.stop());

const ctx = useTestApp({
  accounts: HOTEL_ACCOUNTS,
  env: () => ({ ...sandbox.env, PUBLIC_URL: `http://127.0.0.1:${apiPort}`, PAYMENT_POLL_MS: '3600000', PAYMENT_QUERY_AFTER_SECONDS: '0', PAYMENT_GATEWAY_TIMEOUT_MS: '5000' }),
});
beforeAll(async () => {
  await ctx.app.listen({ port: apiPort, host: '127.0.0.1' });
});

let rooms: Record<string, string>;
let nextNight = 0;
/** A stay of two nights of its own, far enough ahead that no two tests share a night. */
const stay = () => {
  nextNight += 3;
  return { checkIn: day(100 + nextNight), checkOut: day(102 + nextNight) };
};

interface Started {
  bookingId: string;
  reservationId: string;
  sessionId: string;
  redirectUrl: string;
  amount: number;
  tranId: string;
}

/** The guest books room 101 paying online now; answers the booking and its session. */
async function bookPaying(app: FastifyInstance, gateway: 'sslcommerz' | 'bkash', dates = stay(), roomId = rooms['101']!, who = ctx.guest): Promise<Started> {
  const answer = await book(app, who, roomId, dates.checkIn, dates.checkOut, { onlinePayment: { gateway, pay: 'full' } });
  expect(answer.statusCode, answer.body).toBe(201);
  const { _id, reservationId, onlinePayment } = answer.json().data;
  expect(onlinePayment.error).toBeNull();
  const [row] = await query<{ tran_id: string }>(app, sql`select tran_id from online_payment_sessions where id = ${onlinePayment.sessionId}`);
  return { bookingId: _id, reservationId, sessionId: onlinePayment.sessionId, redirectUrl: onlinePayment.redirectUrl, amount: onlinePayment.amount, tranId: row!.tran_id };
}

/** What the guest's browser posts back to success_url (or fail/cancel). */
function returnFromGateway(app: FastifyInstance, back: { url: string; fields: Record<string, string> }) {
  return app.inject({ method: 'POST', url: new URL(back.url).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(back.fields).toString() });
}

const paymentsOf = (app: FastifyInstance, reservationId: string) =>
  query<{ amount: string; kind: string; gateway: string | null; gateway_ref: string | null; method: string }>(app, sql`select amount, kind, gateway, gateway_ref, method from payments where reservation_id = ${reservationId} order by created_at`);
const sessionOf = async (app: FastifyInstance, id: string) => (await query<{ status: string; payment_id: string | null; failure: string | null }>(app, sql`select status, payment_id, failure from online_payment_sessions where id = ${id}`))[0]!;
const refusals = (app: FastifyInstance) => query<{ kind: string; detail: { reason: string } }>(app, sql`select kind, detail from online_payment_events where accepted = false order by id`);

describe('online payment with SSLCommerz', () => {
  // The tables are emptied before each test: the rooms are made again.
  const fresh = async () => {
    rooms = await smallHotelRooms(ctx.app, ctx.admin);
  };

  it('records one payment when the IPN comes before the guest returns, and sends the guest to the confirmation', async () => {
    await fresh();
    const started = await bookPaying(ctx.app, 'sslcommerz');
    const back = await sandbox.sslDecide(sessionKeyOf(started.redirectUrl), 'pay', { ipn: false });
    expect(await sandbox.sslIpn(started.tranId)).toBe(200);
    const returned = await returnFromGateway(ctx.app, back);
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/booking/reservation/${started.reservationId}?payment=${started.sessionId}`);
    const paid = await paymentsOf(ctx.app, started.reservationId);
    expect(paid).toHaveLength(1);
    expect(Number(paid[0]!.amount)).toBe(started.amount);
    expect(paid[0]).toMatchObject({ kind: 'payment', gateway: 'sslcommerz', gateway_ref: back.fields.val_id, method: 'card' });
    const session = (await ctx.app.inject({ url: `/api/online-payments/${started.sessionId}`, headers: ctx.guest.auth })).json().data;
    expect(session).toMatchObject({ status: 'paid', method: 'card', amount: started.amount, references: { valId: back.fields.val_id, bankTranId: back.fields.bank_tran_id } });
    const booking = (await ctx.app.inject({ url: `/api/reservations/${started.reservationId}`, headers: ctx.guest.auth })).json().data;
    expect(booking.balance).toBe(0);
    expect(booking.bookings[0].isConfirmed).toBe(true);
    expect(booking.holdUntil).toBeNull();
  });

  it('records one payment when the guest returns before the IPN, and when no IPN ever comes', async () => {
    await fresh();
    const first = await bookPaying(ctx.app, 'sslcommerz');
    const back = await sandbox.sslDecide(sessionKeyOf(first.redirectUrl), 'pay', { ipn: false, instrument: 'BKASH-BKash' });
    expect((await returnFromGateway(ctx.app, back)).statusCode).toBe(303);
    expect(await sandbox.sslIpn(first.tranId)).toBe(200);
    expect(await paymentsOf(ctx.app, first.reservationId)).toMatchObject([{ method: 'bkash' }]);

    const second = await bookPaying(ctx.app, 'sslcommerz', stay(), rooms['102']);
    const noIpn = await sandbox.sslDecide(sessionKeyOf(second.redirectUrl), 'pay', { ipn: false });
    await returnFromGateway(ctx.app, noIpn);
    expect(await paymentsOf(ctx.app, second.reservationId)).toHaveLength(1);
  });

  it('records one payment for the IPN twice and five returns at once with the same val_id', async () => {
    await fresh();
    const started = await bookPaying(ctx.app, 'sslcommerz');
    const back = await sandbox.sslDecide(sessionKeyOf(started.redirectUrl), 'pay', { ipn: false });
    const answers = await Promise.all([sandbox.sslIpn(started.tranId), sandbox.sslIpn(started.tranId), ...Array.from({ length: 5 }, () => returnFromGateway(ctx.app, back))]);
    expect(answers.slice(0, 2)).toEqual([200, 200]);
    expect(await paymentsOf(ctx.app, started.reservationId)).toHaveLength(1);
    const mails = await query<{ subject: string }>(ctx.app, sql`select subject from outbox_mails where kind = 'BOOKING_STATUS_UPDATE'`);
    expect(mails).toHaveLength(1);
  });

  it('records nothing from a forged IPN, a VALID status the validation does not know, or a transaction of another session, and logs each', async () => {
    await fresh();
    const started = await bookPaying(ctx.app, 'sslcommerz');
    const ipn = (fields: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/payments/sslcommerz/ipn', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    // Made up: validation answers INVALID_TRANSACTION.
    expect((await ipn({ tran_id: started.tranId, val_id: '2412041200001', status: 'VALID', amount: String(started.amount), currency: 'BDT' })).statusCode).toBe(200);
    // A real payment of another session, posted as this one's.
    const other = await bookPaying(ctx.app, 'sslcommerz', stay(), rooms['102']);
    const otherBack = await sandbox.sslDecide(sessionKeyOf(other.redirectUrl), 'pay', { ipn: false });
    await ipn({ ...otherBack.fields, tran_id: started.tranId });
    // An unknown tran_id.
    await ipn({ ...otherBack.fields, tran_id: 'RSV-NOSUCH-000000' });
    expect(await paymentsOf(ctx.app, started.reservationId)).toHaveLength(0);
    expect(await paymentsOf(ctx.app, other.reservationId)).toHaveLength(0);
    expect((await sessionOf(ctx.app, started.sessionId)).status).toBe('pending');
    const logged = (await refusals(ctx.app)).map((r) => r.detail.reason);
    expect(logged).toEqual([expect.stringContaining('INVALID_TRANSACTION'), expect.stringContaining('tran_id'), expect.stringContaining('no session has tran_id RSV-NOSUCH')]);
  });

  it('records nothing when the validated amount or currency differs from the session', async () => {
    await fresh();
    const started = await bookPaying(ctx.app, 'sslcommerz');
    // The session as the hotel opened it asks more than the gateway took (a tampered amount).
    await query(ctx.app, sql`update online_payment_sessions set amount = amount + 100 where id = ${started.sessionId}`);
    await sandbox.sslDecide(sessionKeyOf(started.redirectUrl), 'pay', { ipn: false });
    expect(await sandbox.sslIpn(started.tranId)).toBe(200);
    expect(await paymentsOf(ctx.app, started.reservationId)).toHaveLength(0);
    expect((await refusals(ctx.app)).at(-1)!.detail.reason).toMatch(/amount .* differs/);
  });

  it('marks a failed and a cancelled payment so, and takes another try without booking twice', async () => {
    await fresh();
    const started = await bookPaying(ctx.app, 'sslcommerz');
    const failed = await sandbox.sslDecide(sessionKeyOf(started.redirectUrl), 'fail', { ipn: false });
    const back = await returnFromGateway(ctx.app, failed);
    expect(back.headers.location).toContain(`payment=${started.sessionId}`);
    expect((await sessionOf(ctx.app, started.sessionId)).status).toBe('failed');
    const again = await ctx.app.inject({ method: 'POST', url: `/api/reservations/${started.reservationId}/online-payments`, headers: ctx.guest.auth, payload: { gateway: 'sslcommerz', pay: 'full' } });
    expect(again.statusCode, again.body).toBe(201);
    const retry = again.json().data;
    await returnFromGateway(ctx.app, await sandbox.sslDecide(sessionKeyOf(retry.redirectUrl), 'cancel', { ipn: false }));
    expect((await sessionOf(ctx.app, retry.sessionId)).status).toBe('cancelled');
    const third = (await ctx.app.inject({ method: 'POST', url: `/api/reservations/${started.reservationId}/online-payments`, headers: ctx.guest.auth, payload: { gateway: 'sslcommerz', pay: 'full' } })).json().data;
    await returnFromGateway(ctx.app, await sandbox.sslDecide(sessionKeyOf(third.redirectUrl), 'pay'));
    expect(await paymentsOf(ctx.app, started.reservationId)).toHaveLength(1);
    expect(await query(ctx.app, sql`select id from bookings`)).toHaveLength(1);
  });

  it('refuses a second session while one is under way, before the gateway', async () => {
    await fresh();
    const started = await bookPaying(ctx.app, 'sslcommerz');
    const second = await ctx.app.inject({ method: 'POST', url: `/api/reservations/${started.reservationId}/online-payments`, headers: ctx.guest.auth, payload: { gateway: 'bkash', pay: 'full' } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'PAYMENT_IN_PROGRESS', sessionId: started.sessionId });
    expect(await query(ctx.app, sql`select id from online_payment_sessions`)).toHaveLength(1);
  });

  it('holds a payment the gateway flags as risky for review, and staff accept or refuse it', async () => {
    await fresh();
    const started = await bookPaying(ctx.app, 'sslcommerz');
    await returnFromGateway(ctx.app, await sandbox.sslDecide(sessionKeyOf(started.redirectUrl), 'review', { ipn: false }));
    expect((await sessionOf(ctx.app, started.sessionId)).status).toBe('review');
    expect(await paymentsOf(ctx.app, started.reservationId)).toHaveLength(0);
    const listed = (await ctx.app.inject({ url: '/api/online-payments/review', headers: ctx.staff.auth })).json().data;
    expect(listed.map((s: { sessionId: string }) => s.sessionId)).toEqual([started.sessionId]);
    // The hold does not lapse while staff look at it.
    await query(ctx.app, sql`update reservations set hold_until = now() - interval '1 minute' where id = ${started.reservationId}`);
    await ctx.app.onlinePayments.runJob();
    expect((await query<{ status: string }>(ctx.app, sql`select status from bookings`))[0]!.status).toBe('active');
    const accepted = await ctx.app.inject({ method: 'POST', url: `/api/online-payments/${started.sessionId}/accept`, headers: ctx.staff.auth });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await paymentsOf(ctx.app, started.reservationId)).toHaveLength(1);

    const risky = await bookPaying(ctx.app, 'sslcommerz', stay(), rooms['102']);
    await returnFromGateway(ctx.app, await sandbox.sslDecide(sessionKeyOf(risky.redirectUrl), 'review', { ipn: false }));
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/online-payments/${risky.sessionId}/refuse`, headers: ctx.staff.auth, payload: { reason: 'Card reported stolen' } });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().data.status).toBe('refunded');
    expect((await paymentsOf(ctx.app, risky.reservationId)).map((p) => p.kind)).toEqual(['payment', 'refund']);
    expect((await sandbox.sslSession(risky.tranId)).refunds).toHaveLength(1);
    // Refused and given back, the payment holds nothing: the hold ends as an unpaid one does.
    await query(ctx.app, sql`update reservations set hold_until = now() - interval '1 second' where id = ${risky.reservationId}`);
    await ctx.app.onlinePayments.runJob();
    expect((await query<{ status: string }>(ctx.app, sql`select status from bookings where id = ${risky.bookingId}`))[0]!.status).toBe('cancelled');
  });

  it('refunds part of a payment through the gateway, never more than it brought, and reconciles both', async () => {
    await fresh();
    const started = await bookPaying(ctx.app, 'sslcommerz');
    const back = await sandbox.sslDecide(sessionKeyOf(started.redirectUrl), 'pay', { ipn: false });
    await returnFromGateway(ctx.app, back);
    const [payment] = await query<{ id: string }>(ctx.app, sql`select id from payments where kind = 'payment'`);
    const refund = (amount: number) =>
      ctx.app.inject({ method: 'POST', url: `/api/reservations/${started.reservationId}/online-refunds`, headers: ctx.staff.auth, payload: { paymentId: payment!.id, amount, reason: 'Shuttle not used' } });
    const partial = await refund(1000);
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json().message).toBe('Refund done: the money goes back the way it came');
    const folio = partial.json().data;
    expect(folio.refunds).toMatchObject([{ amount: 1000, method: 'card', gateway: { name: 'sslcommerz' } }]);
    expect(folio.payments[0].gateway).toMatchObject({ name: 'sslcommerz', ref: back.fields.val_id, details: { bankTranId: back.fields.bank_tran_id } });
    expect(folio.payments[0].gateway.fee).toBeCloseTo(started.amount - Number(back.fields.store_amount), 2);
    expect(folio.onlineRefunds).toMatchObject([{ amount: 1000, state: 'done' }]);
    const tooMuch = await refund(started.amount);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('REFUND_OVER_PAID');
    expect((await sandbox.sslSession(started.tranId)).refunds).toHaveLength(1);
    const report = (await ctx.app.inject({ url: '/api/reports/reconciliation', headers: ctx.admin.auth })).json().data;
    expect(report.rows.map((r: { kind: string; state: string }) => `${r.kind} ${r.state}`)).toEqual(['payment matched', 'refund matched']);
    expect((await ctx.app.inject({ url: '/api/reports/reconciliation', headers: ctx.staff.auth })).statusCode).toBe(403);
    const csv = await ctx.app.inject({ url: '/api/reports/reconciliation?format=csv', headers: ctx.admin.auth });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toContain('"matched"');
  });
});

describe('the payment hold', () => {
  const fresh = async () => {
    rooms = await smallHotelRooms(ctx.app, ctx.admin);
  };

  it('lets the rooms go when the hold ends unpaid, books them again when the payment then comes and they are free', async () => {
    await fresh();
    const dates = stay();
    const started = await bookPaying(ctx.app, 'sslcommerz', dates);
    await query(ctx.app, sql`update reservations set hold_until = now() - interval '1 second' where id = ${started.reservationId}`);
    await ctx.app.onlinePayments.runJob();
    expect((await query<{ status: string }>(ctx.app, sql`select status from bookings where id = ${started.bookingId}`))[0]!.status).toBe('cancelled');
    const mails = await query<{ kind: string; to: string }>(ctx.app, sql`select kind, "to" from outbox_mails where kind = 'BOOKING_CANCELLATION'`);
    expect(mails).toEqual([{ kind: 'BOOKING_CANCELLATION', to: ctx.guest.email }]);
    // The room is free again for anyone.
    const free = (await ctx.app.inject({ url: `/api/room?checkIn=${dates.checkIn}&checkOut=${dates.checkOut}&limit=100` })).json().data.map((r: { _id: string }) => r._id);
    expect(free).toContain(rooms['101']);
    // The guest was still on the gateway's page and pays now.
    await returnFromGateway(ctx.app, await sandbox.sslDecide(sessionKeyOf(started.redirectUrl), 'pay'));
    expect((await query<{ status: string }>(ctx.app, sql`select status from bookings where id = ${started.bookingId}`))[0]!.status).toBe('active');
    expect((await sessionOf(ctx.app, started.sessionId)).status).toBe('paid');
    const reservation = (await ctx.app.inject({ url: `/api/reservations/${started.reservationId}`, headers: ctx.guest.auth })).json().data;
    expect(reservation.balance).toBe(0);
  });

  it('refunds through the gateway a payment that comes after the hold when the rooms were taken meanwhile', async () => {
    await fresh();
    const dates = stay();
    const started = await bookPaying(ctx.app, 'bkash', dates);
    await query(ctx.app, sql`update reservations set hold_until = now() - interval '1 second' where id = ${started.reservationId}`);
    await ctx.app.onlinePayments.runJob();
    expect((await book(ctx.app, ctx.staff, rooms['101']!, dates.checkIn, dates.checkOut)).statusCode).toBe(201);
    const callback = await sandbox.bkashDecide(paymentIdOf(started.redirectUrl), 'pay');
    const back = await ctx.app.inject({ url: `${new URL(callback).pathname}${new URL(callback).search}` });
    expect(back.statusCode).toBe(303);
    const session = await sessionOf(ctx.app, started.sessionId);
    expect(session.status).toBe('refunded');
    expect(session.failure).toMatch(/no longer free/);
    expect((await paymentsOf(ctx.app, started.reservationId)).map((p) => p.kind)).toEqual(['payment', 'refund']);
    expect((await sandbox.bkashPayment(paymentIdOf(started.redirectUrl))).refunds).toHaveLength(1);
    expect((await query<{ status: string }>(ctx.app, sql`select status from bookings where id = ${started.bookingId}`))[0]!.status).toBe('cancelled');
  });
});

describe('online payment with bKash', () => {
  it('executes on the guest\'s return, and says why when the balance is insufficient', async () => {
    rooms = await smallHotelRooms(ctx.app, ctx.admin);
    const started = await bookPaying(ctx.app, 'bkash');
    const poor = await sandbox.bkashDecide(paymentIdOf(started.redirectUrl), 'insufficient');
    await ctx.app.inject({ url: `${new URL(poor).pathname}${new URL(poor).search}` });
    const failed = (await ctx.app.inject({ url: `/api/online-payments/${started.sessionId}`, headers: ctx.guest.auth })).json().data;
    expect(failed).toMatchObject({ status: 'failed', failure: 'Insufficient Balance' });
    const again = (await ctx.app.inject({ method: 'POST', url: `/api/reservations/${started.reservationId}/online-payments`, headers: ctx.guest.auth, payload: { gateway: 'bkash', pay: 'full' } })).json().data;
    const ok = await sandbox.bkashDecide(paymentIdOf(again.redirectUrl), 'pay');
    // The browser comes back twice (a reload): executed once.
    await Promise.all([ctx.app.inject({ url: `${new URL(ok).pathname}${new URL(ok).search}` }), ctx.app.inject({ url: `${new URL(ok).pathname}${new URL(ok).search}` })]);
    const paid = (await ctx.app.inject({ url: `/api/online-payments/${again.sessionId}`, headers: ctx.guest.auth })).json().data;
    expect(paid).toMatchObject({ status: 'paid', method: 'bkash', references: { trxID: expect.stringMatching(/^[0-9A-F]{10}$/) } });
    expect(await paymentsOf(ctx.app, started.reservationId)).toMatchObject([{ gateway: 'bkash', gateway_ref: paid.references.trxID }]);
  });

  it('records a payment whose return was lost when the job asks bKash', async () => {
    rooms = await smallHotelRooms(ctx.app, ctx.admin);
    const started = await bookPaying(ctx.app, 'bkash');
    await sandbox.bkashDecide(paymentIdOf(started.redirectUrl), 'pay');
    await ctx.app.onlinePayments.runJob();
    expect((await sessionOf(ctx.app, started.sessionId)).status).toBe('paid');
    expect(await paymentsOf(ctx.app, started.reservationId)).toHaveLength(1);
  });
});

describe('who may pay and see a payment', () => {
  it("refuses a guest another guest's reservation and session, and lets the desk see them", async () => {
    rooms = await smallHotelRooms(ctx.app, ctx.admin);
    const started = await bookPaying(ctx.app, 'sslcommerz');
    const { createUser } = await import('../../test/app.ts');
    const stranger = await createUser(ctx.app);
    expect((await ctx.app.inject({ url: `/api/online-payments/${started.sessionId}`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/reservations/${started.reservationId}/online-payments`, headers: stranger.auth, payload: { gateway: 'bkash', pay: 'full' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/online-payments/${started.sessionId}`, headers: ctx.staff.auth })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/online-payments/review', headers: ctx.guest.auth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/online-payments/${started.sessionId}/accept`, headers: ctx.guest.auth })).statusCode).toBe(403);
  });
});

describe('the pay link of the confirmation mail', () => {
  it('lets the guest pay without signing in, until check-in, and brings them back to the link', async () => {
    rooms = await smallHotelRooms(ctx.app, ctx.admin);
    const dates = stay();
    const booked = await book(ctx.app, ctx.guest, rooms['101']!, dates.checkIn, dates.checkOut);
    const { reservationId, amount } = booked.json().data;
    const mail = (await outbox(ctx.app)).find((m) => m.kind === 'BOOKING_CONFIRMATION_USER');
    const link = /href="http:\/\/127\.0\.0\.1:\d+\/pay\/([^"]+)"/.exec(mail!.html);
    expect(link, 'the mail has a Pay online link').not.toBeNull();
    const token = link![1]!;
    const shown = await ctx.app.inject({ url: `/api/pay-links/${token}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({ reservationId, balance: amount, checkIn: dates.checkIn });
    expect(shown.json().data).not.toHaveProperty('email');
    const started = await ctx.app.inject({ method: 'POST', url: `/api/pay-links/${token}/online-payments`, payload: { gateway: 'sslcommerz', pay: 'balance' } });
    expect(started.statusCode, started.body).toBe(201);
    const { sessionId, redirectUrl } = started.json().data;
    const back = await returnFromGateway(ctx.app, await sandbox.sslDecide(sessionKeyOf(redirectUrl), 'pay'));
    expect(back.headers.location).toBe(`/pay/${token}?payment=${sessionId}`);
    const status = await ctx.app.inject({ url: `/api/pay-links/${token}/online-payments/${sessionId}` });
    expect(status.json().data).toMatchObject({ status: 'paid', amount });
    // Changed by one character, or of another reservation: not a link.
    const forged = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await ctx.app.inject({ url: `/api/pay-links/${forged}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/pay-links/${forged}/online-payments`, payload: { gateway: 'sslcommerz', pay: 'balance' } })).json().code).toBe('PAY_LINK_INVALID');
  });

  it('refuses a link past its time', async () => {
    const { payLinkToken } = await import('../../lib/pay-links.ts');
    rooms = await smallHotelRooms(ctx.app, ctx.admin);
    const dates = stay();
    const { reservationId } = (await book(ctx.app, ctx.guest, rooms['101']!, dates.checkIn, dates.checkOut)).json().data;
    const expired = payLinkToken(ctx.app.config, reservationId, new Date(Date.now() - 1000));
    expect((await ctx.app.inject({ url: `/api/pay-links/${expired}` })).statusCode).toBe(404);
  });

  it('mails why the rooms were released and a link to book the stay again when a hold ends', async () => {
    rooms = await smallHotelRooms(ctx.app, ctx.admin);
    const started = await bookPaying(ctx.app, 'bkash');
    await query(ctx.app, sql`update reservations set hold_until = now() - interval '1 second' where id = ${started.reservationId}`);
    await ctx.app.onlinePayments.runJob();
    const mail = (await outbox(ctx.app)).find((m) => m.kind === 'BOOKING_CANCELLATION');
    expect(mail!.html).toContain('The online payment was not completed in time');
    expect(mail!.html).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/view-rates\?checkIn=/);
    const reservation = (await ctx.app.inject({ url: `/api/reservations/${started.reservationId}`, headers: ctx.guest.auth })).json().data;
    expect(reservation.holdEndedAt).not.toBeNull();
  });
});

describe('what anyone may post to the gateways\' routes', () => {
  it('records nothing from forms made up around a real session, and never fails with a 5xx', async () => {
    const fc = (await import('fast-check')).default;
    rooms = await smallHotelRooms(ctx.app, ctx.admin);
    const started = await bookPaying(ctx.app, 'sslcommerz');
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('VALID', 'VALIDATED', 'FAILED', 'CANCELLED', started.tranId, String(started.amount), 'BDT', '1', '0', '\u0000', ''));
    const form = fc.record(
      { tran_id: fc.oneof(fc.constant(started.tranId), text), val_id: text, status: text, amount: text, currency: text, risk_level: text, bank_tran_id: text },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(form, fc.constantFrom('ipn', 'success', 'fail', 'cancel'), async (fields, route) => {
        const answer = await ctx.app.inject({ method: 'POST', url: `/api/payments/sslcommerz/${route}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
        expect(answer.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    const callback = await ctx.app.inject({ url: `/api/payments/bkash/callback?paymentID=TR0011${'0'.repeat(20)}&status=success` });
    expect(callback.statusCode).toBe(303);
    expect(await paymentsOf(ctx.app, started.reservationId)).toEqual([]);
    expect((await sessionOf(ctx.app, started.sessionId)).payment_id).toBeNull();
  });
});

describe('a transaction in another currency', () => {
  it('records nothing when the gateway validates a payment in USD for a session in Taka', async () => {
    rooms = await smallHotelRooms(ctx.app, ctx.admin);
    const started = await bookPaying(ctx.app, 'sslcommerz');
    // A session opened at the gateway in dollars under a tran_id of ours (as a tampered request would).
    const tranId = `${started.tranId}-USD`;
    const opened = await fetch(`${sandbox.base}/sslcommerz/gwprocess/v4/api.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...{ store_id: sandbox.env.SSLCOMMERZ_STORE_ID, store_passwd: sandbox.env.SSLCOMMERZ_STORE_PASSWORD }, total_amount: String(started.amount), currency: 'USD', tran_id: tranId, success_url: 'http://x/s', fail_url: 'http://x/f', cancel_url: 'http://x/c', cus_name: 'A', cus_email: 'a@example.com', cus_phone: '017', product_name: 'Room' }).toString(),
    }).then((r) => r.json() as Promise<{ GatewayPageURL: string }>);
    await query(ctx.app, sql`update online_payment_sessions set tran_id = ${tranId} where id = ${started.sessionId}`);
    const paid = await sandbox.sslDecide(sessionKeyOf(opened.GatewayPageURL), 'pay', { ipn: false });
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/payments/sslcommerz/ipn', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(paid.fields).toString() });
    expect(answer.statusCode).toBe(200);
    expect(await paymentsOf(ctx.app, started.reservationId)).toEqual([]);
    expect((await refusals(ctx.app)).at(-1)!.detail.reason).toBe('currency USD is not BDT');
  });
});
