import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox, query, useTestApp } from '../../../test/app.ts';
import { act, book, bookingOf, confirm, day, pay, placeStay, HOTEL_ACCOUNTS, smallHotelRooms } from '../../../test/stays.ts';

/*
 * Payments: partial and full, refused ones, the derived payment state, the spec's PATCH
 * {paymentStatus: 'Paid'} and the totals the database keeps.
 */

let rooms: Record<string, string>;

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
});

/** Two nights in 101: 15,000 + service 1,500 + VAT 2,475 = ৳18,975. */
async function stay() {
  const res = await book(ctx.app, ctx.guest, rooms['101']!, day(3), day(5));
  expect(res.json().data.amount).toBe(18975);
  return res.json().data as { _id: string; transactionId: string };
}

const statusMails = async () => (await outbox(ctx.app)).filter((m) => m.kind === 'BOOKING_STATUS_UPDATE');

describe('POST /api/bookings/:id/payments', () => {
  it('records a part payment: paid, balance and state follow; no mail until it is paid in full', async () => {
    const booking = await stay();
    const res = await pay(ctx.app, ctx.staff, booking._id, { amount: 5000.5, method: 'bkash', note: 'deposit' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Payment of ৳5,000.50 recorded: ৳13,974.50 left to pay');
    expect(res.json().data).toMatchObject({
      paid: 5000.5,
      balance: 13974.5,
      paymentState: 'partly_paid',
      paymentStatus: 'Pending',
      payments: [{ amount: 5000.5, method: 'bkash', note: 'deposit', recordedBy: { _id: ctx.staff.id, name: ctx.staff.name } }],
    });
    expect(await statusMails()).toHaveLength(0);
  });

  it('completes the payment: Paid, the guest mailed once', async () => {
    const booking = await stay();
    await pay(ctx.app, ctx.staff, booking._id, { amount: 8975, method: 'cash' });
    // Taken on the phone an hour before the booking was keyed in (dated up to 30 days before it).
    const earlier = new Date(Date.now() - 3_600_000);
    earlier.setUTCMilliseconds(0);
    const res = await pay(ctx.app, ctx.admin, booking._id, { amount: 10000, method: 'card', paidAt: earlier.toISOString() });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(`Payment of ৳10,000 recorded: ${booking.transactionId} is Paid`);
    expect(res.json().data).toMatchObject({ paid: 18975, balance: 0, paymentState: 'paid', paymentStatus: 'Paid' });
    // Oldest first: the card payment was received earlier than the cash one was recorded.
    expect(res.json().data.payments.map((p: { method: string; paidAt: string }) => [p.method, p.paidAt])).toEqual([
      ['card', earlier.toISOString()],
      ['cash', expect.any(String)],
    ]);
    const mails = await statusMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ctx.guest.email, subject: `Booking ${booking.transactionId}: Not confirmed, payment Paid` });
  });

  it('refuses more than the balance, and anything once paid (409)', async () => {
    const booking = await stay();
    const over = await pay(ctx.app, ctx.staff, booking._id, { amount: 18975.01, method: 'cash' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'PAYMENT_OVER_BALANCE', message: 'This payment is more than the balance of ৳18,975.' });
    await pay(ctx.app, ctx.staff, booking._id, { amount: 18975, method: 'nagad' });
    expect((await pay(ctx.app, ctx.staff, booking._id, { amount: 1, method: 'cash' })).json().code).toBe('ALREADY_PAID');
    expect(await query(ctx.app, sql`select id from payments`)).toHaveLength(1);
  });

  it('refuses a payment on a cancelled stay, and takes one on a no-show', async () => {
    const booking = await stay();
    await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth });
    const res = await pay(ctx.app, ctx.staff, booking._id, { amount: 100, method: 'cash' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'BOOKING_CANCELLED', message: 'A cancelled booking cannot take payments.' });

    const missed = await placeStay(ctx.app, ctx.guest, rooms['102']!, day(-3), day(-1));
    expect((await act(ctx.app, ctx.staff, missed._id, 'no-show')).statusCode).toBe(200);
    expect((await pay(ctx.app, ctx.staff, missed._id, { amount: 1000, method: 'cash', note: 'no-show fee' })).statusCode).toBe(201);
  });

  it.each([
    [{ amount: 0, method: 'cash' }, 'amount'],
    [{ amount: -5, method: 'cash' }, 'amount'],
    [{ amount: 10.001, method: 'cash' }, 'amount'],
    // More than zero, yet less than a paisa: it would be stored as ৳0.00 (the fuzzer's 5e-324).
    [{ amount: 5e-324, method: 'cash' }, 'amount'],
    [{ amount: 0.004, method: 'cash' }, 'amount'],
    [{ amount: 10, method: 'cheque' }, 'method'],
    [{ amount: 10, method: 'cash', paidAt: '2099-01-01T00:00:00Z' }, 'paidAt'],
    [{ amount: 10, method: 'cash', paidAt: 'yesterday' }, 'paidAt'],
    // Within the booking's life: not in the year 0001, nor over 30 days before the booking was made (its stay is later).
    [{ amount: 10, method: 'cash', paidAt: '0001-01-01T00:00:00Z' }, 'paidAt'],
    [{ amount: 10, method: 'cash', paidAt: new Date(Date.now() - 31 * 86_400_000).toISOString() }, 'paidAt'],
    [{ amount: 10, method: 'cash', note: 'x'.repeat(301) }, 'note'],
  ])('answers 400 to a payment that is not one (%#)', async (payment, path) => {
    const booking = await stay();
    const res = await pay(ctx.app, ctx.staff, booking._id, payment);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('stores the transaction reference with the payment and answers it; the paid mail names the method and reference', async () => {
    const booking = await stay();
    const part = await pay(ctx.app, ctx.staff, booking._id, { amount: 8975, method: 'cash' });
    expect(part.json().data.payments).toEqual([expect.objectContaining({ method: 'cash', reference: null })]);
    const res = await pay(ctx.app, ctx.staff, booking._id, { amount: 10000, method: 'bkash', reference: '  8N7A6B5C4D ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.payments.map((p: { method: string; reference: string | null }) => [p.method, p.reference])).toEqual([
      ['cash', null],
      ['bkash', '8N7A6B5C4D'],
    ]);
    expect((await bookingOf(ctx.app, ctx.admin, booking._id)).payments?.[1]?.reference).toBe('8N7A6B5C4D');
    expect(await query(ctx.app, sql`select reference from payments where reference is not null`)).toEqual([{ reference: '8N7A6B5C4D' }]);
    const [mail] = await statusMails();
    expect(mail!.html).toContain('Transaction reference');
    expect(mail!.html).toContain('8N7A6B5C4D');
    expect(mail!.text).toMatch(/Paid by:?\s+bKash/);
    expect(mail!.text).toMatch(/Transaction reference:?\s+8N7A6B5C4D/);
  });

  it('leaves the reference lines out of the paid mail when the payment has none (cash: the only method without one)', async () => {
    const booking = await stay();
    await pay(ctx.app, ctx.staff, booking._id, { amount: 18975, method: 'cash' });
    const [mail] = await statusMails();
    expect(mail!.text).toMatch(/Paid by:?\s+Cash/);
    expect(mail!.html).not.toContain('Transaction reference');
  });

  it('answers 400 to a reference over 64 characters, and takes one of 64', async () => {
    const booking = await stay();
    const long = await pay(ctx.app, ctx.staff, booking._id, { amount: 10, method: 'bkash', reference: 'X'.repeat(65) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ path: 'reference', message: 'A payment reference has at most 64 characters.' }]);
    const max = await pay(ctx.app, ctx.staff, booking._id, { amount: 10, method: 'bkash', reference: 'X'.repeat(64) });
    expect(max.statusCode).toBe(201);
  });

  it('names the methods as the screens do when none is chosen', async () => {
    const booking = await stay();
    const res = await pay(ctx.app, ctx.staff, booking._id, { amount: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'method', message: 'Choose how the guest paid: Cash, Card, bKash, Nagad, Bank transfer, Rocket or Upay.' }]);
  });

  it('is for staff and admins; 404 for a booking that does not exist', async () => {
    const booking = await stay();
    expect((await pay(ctx.app, ctx.guest, booking._id, { amount: 10, method: 'cash' })).statusCode).toBe(403);
    expect((await pay(ctx.app, ctx.staff, '00000000-0000-4000-8000-000000000000', { amount: 10, method: 'cash' })).statusCode).toBe(404);
  });

  it('records one of two simultaneous payments of the whole balance', async () => {
    const booking = await stay();
    const results = await Promise.all([
      pay(ctx.app, ctx.staff, booking._id, { amount: 18975, method: 'cash' }),
      pay(ctx.app, ctx.admin, booking._id, { amount: 18975, method: 'card' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await bookingOf(ctx.app, ctx.admin, booking._id)).paid).toBe(18975);
  });
});

describe('PATCH /api/bookings/:id {paymentStatus: "Paid"} (the spec)', () => {
  it('records the remaining balance as one cash payment by the caller', async () => {
    const booking = await stay();
    await confirm(ctx.app, ctx.staff, booking._id);
    await pay(ctx.app, ctx.staff, booking._id, { amount: 3975, method: 'card' });
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: ctx.admin.auth, payload: { paymentStatus: 'Paid' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: `Booking: ${booking.transactionId} is Paid`,
      data: { paymentStatus: 'Paid', paymentState: 'paid', paid: 18975, balance: 0 },
    });
    expect(res.json().data.payments.map((p: { amount: number; method: string; recordedBy: { _id: string } }) => [p.amount, p.method, p.recordedBy._id])).toEqual([
      [3975, 'card', ctx.staff.id],
      [15000, 'cash', ctx.admin.id],
    ]);
    const [row] = await query<{ payment_status: string; paid_amount: string; paid_at: Date | null }>(
      ctx.app,
      sql`select payment_status, paid_amount, paid_at from bookings where id = ${booking._id}`,
    );
    expect(row).toMatchObject({ payment_status: 'Paid' });
    expect(Number(row!.paid_amount)).toBe(18975);
    expect(row!.paid_at).toBeTruthy();
  });
});

describe('lists carry the payment totals', () => {
  it('shows paid, balance and payment state in GET /api/bookings and my-bookings, without the payments', async () => {
    const booking = await stay();
    await pay(ctx.app, ctx.staff, booking._id, { amount: 1000, method: 'cash' });
    const [listed] = (await ctx.app.inject({ url: '/api/bookings', headers: ctx.staff.auth })).json().data;
    expect(listed).toMatchObject({ paid: 1000, balance: 17975, paymentState: 'partly_paid' });
    expect(listed.payments).toBeUndefined();
    const [mine] = (await ctx.app.inject({ url: '/api/bookings/my-bookings', headers: ctx.guest.auth })).json().data;
    expect(mine).toMatchObject({ paid: 1000, paymentState: 'partly_paid' });
    // The guest sees the payments of their own booking.
    const one = (await ctx.app.inject({ url: `/api/bookings/${booking._id}`, headers: ctx.guest.auth })).json().data;
    expect(one.payments).toHaveLength(1);
  });

  it('counts a stay a coupon made free as paid from the start', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/coupons',
      headers: ctx.admin.auth,
      payload: { code: 'ALLFREE', discountType: 'percentage', discountValue: 100, expirationDate: day(30) },
    });
    const res = await book(ctx.app, ctx.guest, rooms['102']!, day(3), day(4), { couponCode: 'ALLFREE' });
    expect(res.json().data).toMatchObject({ amount: 0, paymentStatus: 'Paid', paymentState: 'paid', balance: 0 });
  });
});
