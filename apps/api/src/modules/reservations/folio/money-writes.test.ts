import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { query, useTestApp } from '../../../test/app.ts';
import { confirm, day, HOTEL_ACCOUNTS, placeStay, smallHotelRooms } from '../../../test/stays.ts';

/*
 * Money taken once (issue 31): every money write accepts an Idempotency-Key, so a double press or
 * a retry after a lost answer records one payment; the check-out takes its payment in the same
 * transaction; a non-cash payment needs its reference; a charge is dated within its stay.
 */

let rooms: Record<string, string>;
const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
});

/** A stay under way in 101 (two nights, ৳18,975), checked in. */
async function inHouse(checkOut = day(0)) {
  const booking = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(-2), checkOut);
  await confirm(ctx.app, ctx.staff, booking._id);
  await query(ctx.app, sql`update bookings set stage = 'checked_in' where id = ${booking._id}`);
  return booking;
}

const paymentsOf = (reservationId: string) =>
  query<{ amount: string; kind: string }>(ctx.app, sql`select amount::text, kind from payments where reservation_id = ${reservationId} order by created_at, paid_at`);

const send = (url: string, payload: Record<string, unknown>, key?: string, who = ctx.staff) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...who.auth, ...(key ? { 'idempotency-key': key } : {}) }, payload });

describe('Idempotency-Key on the money routes', () => {
  it('answers a repeat with the first answer and records one payment; another body with the same key is a 422', async () => {
    const stay = await inHouse(day(1));
    const url = `/api/reservations/${stay.reservationId}/payments`;
    const key = randomUUID();
    const first = await send(url, { amount: 5000, method: 'cash' }, key);
    expect(first.statusCode).toBe(201);
    const again = await send(url, { amount: 5000, method: 'cash' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await paymentsOf(stay.reservationId)).toEqual([{ amount: '5000.00', kind: 'payment' }]);

    const other = await send(url, { amount: 6000, method: 'cash' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    // The same key on another route is another request too.
    expect((await send(`/api/bookings/${stay._id}/payments`, { amount: 5000, method: 'cash' }, key)).statusCode).toBe(422);
    // Without a key a route works as before: a second payment is a second payment.
    expect((await send(url, { amount: 1000, method: 'cash' })).statusCode).toBe(201);
    expect((await send(url, { amount: 1000, method: 'cash' })).statusCode).toBe(201);
    expect(await paymentsOf(stay.reservationId)).toHaveLength(3);
    // A key is the caller's own: another staff member's same string is another payment.
    expect((await send(url, { amount: 5000, method: 'cash' }, key, ctx.admin)).statusCode).toBe(201);
    expect(await paymentsOf(stay.reservationId)).toHaveLength(4);
  });

  it('records one payment when the same request arrives five times at once', async () => {
    const stay = await inHouse(day(1));
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(`/api/reservations/${stay.reservationId}/payments`, { amount: 2500, method: 'cash' }, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await paymentsOf(stay.reservationId)).toEqual([{ amount: '2500.00', kind: 'payment' }]);
  });

  it('covers refunds, charges, reversals, the spec payment route and the check-out; a malformed key is a 400', async () => {
    const stay = await inHouse(day(1));
    const twice = async (url: string, payload: Record<string, unknown>) => {
      const key = randomUUID();
      const [a, b] = [await send(url, payload, key), await send(url, payload, key)];
      expect(a.statusCode, a.body).toBeLessThan(300);
      expect(b.body).toBe(a.body);
    };
    await twice(`/api/bookings/${stay._id}/payments`, { amount: 3000, method: 'bkash', reference: '9K4D7X2QPA' });
    await twice(`/api/reservations/${stay.reservationId}/refunds`, { amount: 1000, method: 'cash', reason: 'Paid twice by mistake' });
    await twice(`/api/reservations/${stay.reservationId}/charges`, { chargeType: 'laundry', unitPrice: 500, quantity: 1 });
    const lines = (await ctx.app.inject({ url: `/api/reservations/${stay.reservationId}/folio`, headers: ctx.staff.auth })).json().data.lines as { _id: string; kind: string }[];
    const laundry = lines.find((l) => l.kind === 'charge')!;
    await twice(`/api/reservations/${stay.reservationId}/reversals`, { lineId: laundry._id, reason: 'Charged to the wrong room' });
    expect(await paymentsOf(stay.reservationId)).toEqual([
      { amount: '3000.00', kind: 'payment' },
      { amount: '1000.00', kind: 'refund' },
    ]);
    const folio = (await ctx.app.inject({ url: `/api/reservations/${stay.reservationId}/folio`, headers: ctx.staff.auth })).json().data;
    expect(folio.lines.filter((l: { kind: string; reverses: string | null }) => l.kind === 'charge' && !l.reverses)).toHaveLength(1);
    expect(folio.lines.filter((l: { reverses: string | null }) => l.reverses === laundry._id)).toHaveLength(1);

    const bad = await send(`/api/reservations/${stay.reservationId}/payments`, { amount: 100, method: 'cash' }, 'short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Idempotency-Key/);
  });

  it('does not keep a refusal: the same key after a 409 tries again', async () => {
    const stay = await inHouse(day(1));
    const key = randomUUID();
    const url = `/api/reservations/${stay.reservationId}/payments`;
    expect((await send(url, { amount: 99_999, method: 'cash' }, key)).statusCode).toBe(409);
    expect(await paymentsOf(stay.reservationId)).toEqual([]);
    expect((await send(url, { amount: 99_999, method: 'cash' }, key)).statusCode).toBe(409);
  });
});

describe('POST /api/bookings/:id/check-out with a payment', () => {
  it('takes the balance and checks out in one transaction; a double press checks out once and pays once', async () => {
    const stay = await inHouse();
    const key = randomUUID();
    const body = { payment: { amount: 18975, method: 'cash' } };
    const [a, b] = await Promise.all([send(`/api/bookings/${stay._id}/check-out`, body, key), send(`/api/bookings/${stay._id}/check-out`, body, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.body).toBe(b.body);
    expect(a.json().data).toMatchObject({ stage: 'checked_out', balance: 0 });
    expect(await paymentsOf(stay.reservationId)).toEqual([{ amount: '18975.00', kind: 'payment' }]);
    const invoices = await query(ctx.app, sql`select number from invoices where reservation_id = ${stay.reservationId}`);
    expect(invoices).toHaveLength(1);
  });

  it('counts the payment against the balance the early departure leaves, and records nothing when it falls short', async () => {
    // Booked two nights more than stayed: checking out today charges the two nights stayed.
    const stay = await inHouse(day(2));
    const short = await send(`/api/bookings/${stay._id}/check-out`, { payment: { amount: 1000, method: 'cash' } });
    expect(short.statusCode).toBe(409);
    // The balance as the check-out would leave it (৳18,975 for the two nights stayed, not the
    // four booked), and nothing of the request kept.
    expect(short.json()).toMatchObject({ code: 'BALANCE_DUE', balance: 18975 });
    expect(short.json().message).toBe('৳18,975 is due at check-out and ৳1,000 does not cover it; nothing was recorded. Take the whole balance, or confirm that it goes to the company\'s account.');
    expect(await paymentsOf(stay.reservationId)).toEqual([]);
    expect((await ctx.app.inject({ url: `/api/bookings/${stay._id}`, headers: ctx.staff.auth })).json().data.stage).toBe('checked_in');
    const over = await send(`/api/bookings/${stay._id}/check-out`, { payment: { amount: 30000, method: 'cash' } });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('PAYMENT_OVER_BALANCE');
    const out = await send(`/api/bookings/${stay._id}/check-out`, { payment: { amount: 18975, method: 'nagad', reference: '7HX2K9Q1ZB' } });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data).toMatchObject({ stage: 'checked_out', balance: 0 });
  });
});

describe('money rules from the fuzzers and the desk', () => {
  it('needs the transaction reference of every payment but cash (bKash, Nagad, card, bank), refunds too', async () => {
    const stay = await inHouse(day(1));
    for (const method of ['bkash', 'nagad', 'card', 'bank_transfer']) {
      const res = await send(`/api/reservations/${stay.reservationId}/payments`, { amount: 100, method });
      expect(res.statusCode, method).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'reference', message: expect.stringMatching(/^Enter the transaction reference/) }]);
    }
    expect((await send(`/api/bookings/${stay._id}/payments`, { amount: 100, method: 'bkash' })).statusCode).toBe(400);
    expect((await send(`/api/reservations/${stay.reservationId}/payments`, { amount: 100, method: 'cash' })).statusCode).toBe(201);
    expect((await send(`/api/reservations/${stay.reservationId}/refunds`, { amount: 50, method: 'bkash', reason: 'Overpaid' })).statusCode).toBe(400);
    expect((await send(`/api/reservations/${stay.reservationId}/refunds`, { amount: 50, method: 'bkash', reference: '8AB3K2M9QZ', reason: 'Overpaid' })).statusCode).toBe(201);
    expect(await paymentsOf(stay.reservationId)).toHaveLength(2);
  });

  it('dates a charge within its stay (9999-12-31 and 1900-01-01 were taken)', async () => {
    const stay = await inHouse(day(1));
    for (const serviceDate of ['9999-12-31', '1900-01-01', day(-3), day(2)]) {
      const res = await send(`/api/reservations/${stay.reservationId}/charges`, { chargeType: 'laundry', unitPrice: 500, quantity: 1, serviceDate });
      expect(res.statusCode, serviceDate).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'serviceDate', message: `The day of the service must be within room 101's stay, ${day(-2)} to ${day(1)}.` }]);
    }
    for (const serviceDate of [day(-2), day(1)]) {
      expect((await send(`/api/reservations/${stay.reservationId}/charges`, { chargeType: 'laundry', unitPrice: 500, quantity: 1, serviceDate })).statusCode).toBe(201);
    }
  });
});
