import { instantAt, wallClockAt, type TBooking } from '@residency/shared';
import { formatClockTime, formatLongDate } from '@residency/shared/display';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox, query, useTestApp } from '../../test/app.ts';
import { book, bookingOf, day, HOTEL_ACCOUNTS, smallHotelRooms } from '../../test/stays.ts';

/*
 * Deposits (issue 22): a plan asks for none, the first night or a percentage at booking; the
 * booking keeps what was asked and by when, the money received clears it, and the desk's day
 * lists the reservations whose deposit is overdue. Deluxe King is ৳7,500 a night; 10 % service
 * and 15 % VAT on top: 3 nights are ৳28,462.50.
 */

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
let rooms: Record<string, string>;
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
});

const addPlan = (code: string, deposit: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/rate-plans',
    headers: ctx.admin.auth,
    payload: { category: 'Deluxe King', code, name: { en: code, bn: code }, deposit },
  });
const booked = async (res: Awaited<ReturnType<typeof book>>) => {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as TBooking;
};
const pay = (reservationId: string, amount: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/reservations/${reservationId}/payments`, headers: ctx.staff.auth, payload: { amount, method: 'bkash', reference: 'BK1' } });
const overdue = async () => {
  const res = await ctx.app.inject({ url: '/api/staff/today', headers: ctx.staff.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.depositsOverdue as { count: number; items: { reference: string; deposit: number; depositDue: number; paid: number; dueBy: string; guest: { name: string } }[] };
};
/** Makes a booking's deposit due an hour ago, as if the time had passed. */
const makeOverdue = (bookingId: string) => query(ctx.app, sql`update bookings set deposit_due_at = now() - interval '1 hour' where id = ${bookingId}`);

describe('rate plans with a deposit', () => {
  it('keeps the policy, refuses a percentage without its value, and says none for the Standard plan', async () => {
    const created = await addPlan('DEP30', { policy: 'percent', percent: 30 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.deposit).toEqual({ policy: 'percent', percent: 30 });
    const bad = await addPlan('DEPX', { policy: 'percent' });
    expect([bad.statusCode, bad.json().errors?.[0]?.path]).toEqual([400, 'deposit.percent']);
    const patched = await ctx.app.inject({ method: 'PATCH', url: `/api/rate-plans/${created.json().data._id}`, headers: ctx.admin.auth, payload: { deposit: { policy: 'first_night' } } });
    expect(patched.json().data.deposit).toEqual({ policy: 'first_night', percent: null });
    const plans = (await ctx.app.inject({ url: '/api/rate-plans?category=Deluxe%20King' })).json().data as { code: string; deposit: unknown }[];
    expect(plans.map((p) => [p.code, p.deposit])).toEqual([
      ['STD', { policy: 'none', percent: null }],
      ['DEP30', { policy: 'first_night', percent: null }],
    ]);
    const quote = (await ctx.app.inject({ url: `/api/rates/quote?checkIn=${day(5)}&checkOut=${day(8)}&adults=2` })).json().data;
    expect(quote[0].plans.map((p: { code: string; deposit: unknown }) => [p.code, p.deposit])).toEqual(plans.map((p) => [p.code, p.deposit]));
  });
});

describe('the deposit of a booking', () => {
  it('asks the first night (its service charge and VAT with it), due within 24 hours, and clears as it is paid', async () => {
    await addPlan('DEP1', { policy: 'first_night' });
    const before = Date.now();
    const booking = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(10), day(13), { ratePlan: 'DEP1' }));
    expect(booking.amount).toBe(28462.5);
    expect(booking).toMatchObject({ deposit: 9487.5, depositDue: 9487.5 });
    const dueBy = Date.parse(booking.depositDueBy!);
    expect(dueBy).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(dueBy).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);

    expect((await pay(booking.reservationId, 5000)).statusCode).toBe(201);
    expect(await bookingOf(ctx.app, ctx.admin, booking._id)).toMatchObject({ deposit: 9487.5, depositDue: 4487.5 });
    expect((await pay(booking.reservationId, 4487.5)).statusCode).toBe(201);
    expect(await bookingOf(ctx.app, ctx.admin, booking._id)).toMatchObject({ deposit: 9487.5, depositDue: 0, balance: 18975 });
  });

  it('asks a percentage of the amount, due by check-in time when that comes first; none on a plan without', async () => {
    await addPlan('DEP30', { policy: 'percent', percent: 30 });
    const before = Date.now();
    const soon = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(1), day(4), { ratePlan: 'DEP30' }));
    expect(soon).toMatchObject({ deposit: 8538.75, depositDue: 8538.75 });
    const checkInAt = instantAt(day(1), '14:00', 'Asia/Dhaka').getTime();
    const expected = Math.max(before, Math.min(before + 24 * 3_600_000, checkInAt));
    expect(Math.abs(Date.parse(soon.depositDueBy!) - expected)).toBeLessThan(60_000);

    const plain = await booked(await book(ctx.app, ctx.guest, rooms['102']!, day(1), day(4)));
    expect(plain).toMatchObject({ deposit: 0, depositDue: 0, depositDueBy: null });
  });

  it('keeps the deposit asked when the plan changes later', async () => {
    const plan = (await addPlan('DEP1', { policy: 'first_night' })).json().data;
    const booking = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(10), day(13), { ratePlan: 'DEP1' }));
    await ctx.app.inject({ method: 'PATCH', url: `/api/rate-plans/${plan._id}`, headers: ctx.admin.auth, payload: { deposit: { policy: 'none' } } });
    expect(await bookingOf(ctx.app, ctx.admin, booking._id)).toMatchObject({ deposit: 9487.5, depositDue: 9487.5 });
  });

  it("covers a reservation's rooms in the order they were booked, and a refund makes it due again", async () => {
    await addPlan('DEP1', { policy: 'first_night' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: ctx.guest.auth,
      payload: {
        phone: '+880 1711-223344',
        checkIn: day(10),
        checkOut: day(13),
        rooms: [
          { roomId: rooms['101'], adults: 2, children: 0, ratePlan: 'DEP1' },
          { roomId: rooms['102'], adults: 2, children: 0, ratePlan: 'DEP1' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const reservation = res.json().data as { _id: string; bookings: TBooking[] };
    expect(reservation.bookings.map((b) => [b.deposit, b.depositDue])).toEqual([
      [9487.5, 9487.5],
      [9487.5, 9487.5],
    ]);
    await pay(reservation._id, 12000);
    const dues = async () => Promise.all(reservation.bookings.map(async (b) => (await bookingOf(ctx.app, ctx.admin, b._id)).depositDue));
    expect(await dues()).toEqual([0, 6975]);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/reservations/${reservation._id}/refunds`,
      headers: ctx.staff.auth,
      payload: { amount: 3000, method: 'bkash', reference: 'BK2', reason: 'Sent twice' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    // ৳9,000 left: the first room's deposit lacks ৳487.50, the second's all of it.
    expect(await dues()).toEqual([487.5, 9487.5]);
  });
});

describe('GET /api/staff/today: deposits overdue', () => {
  it('lists a reservation once its deposit is past due, with what was asked and paid, until it is paid', async () => {
    await addPlan('DEP1', { policy: 'first_night' });
    const booking = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(10), day(13), { ratePlan: 'DEP1' }));
    expect((await overdue()).count).toBe(0);

    await makeOverdue(booking._id);
    await pay(booking.reservationId, 2000);
    const listed = await overdue();
    expect(listed.count).toBe(1);
    expect(listed.items[0]).toMatchObject({ reference: booking.reservationReference, deposit: 9487.5, depositDue: 7487.5, paid: 2000, guest: { name: 'Rahim Uddin' } });
    expect(Date.parse(listed.items[0]!.dueBy)).toBeLessThan(Date.now());

    await pay(booking.reservationId, 7487.5);
    expect((await overdue()).count).toBe(0);
  });

  it('leaves out a cancelled reservation and one whose plan asked nothing', async () => {
    await addPlan('DEP1', { policy: 'first_night' });
    const cancelled = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(10), day(13), { ratePlan: 'DEP1' }));
    const plain = await booked(await book(ctx.app, ctx.guest, rooms['102']!, day(10), day(13)));
    await makeOverdue(cancelled._id);
    await makeOverdue(plain._id);
    expect((await overdue()).items.map((i) => i.reference)).toEqual([cancelled.reservationReference]);

    const cancel = await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${cancelled._id}`, headers: ctx.staff.auth });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await bookingOf(ctx.app, ctx.admin, cancelled._id)).toMatchObject({ status: 'cancelled', depositDue: 0 });
    expect((await overdue()).count).toBe(0);
  });

  it('is for staff and admins only', async () => {
    expect((await ctx.app.inject({ url: '/api/staff/today', headers: ctx.guest.auth })).statusCode).toBe(403);
  });
});

describe('the confirmation mails', () => {
  /** The guest's and the hotel's confirmation of a reservation, by subject order (guest first). */
  const confirmations = async (reference: string) =>
    (await outbox(ctx.app)).filter((m) => m.html.includes(reference) && (m.to === ctx.guest.email || m.to === ctx.app.config.hotel.email));

  it('say the deposit and by when, in the language of the booking; a plan without a deposit has no such line', async () => {
    await addPlan('DEP1', { policy: 'first_night' });
    const english = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(10), day(13), { ratePlan: 'DEP1', language: 'en' }));
    const due = wallClockAt(new Date(english.depositDueBy!), ctx.app.config.hotel.timeZone);
    const mails = await confirmations(english.reservationReference!);
    expect(mails.map((m) => m.to).sort()).toEqual([ctx.guest.email, ctx.app.config.hotel.email].sort());
    for (const mail of mails) {
      expect(mail.html).toContain(`Deposit due by ${formatLongDate(due.date)}, ${due.time}`);
      expect(mail.html).toContain('৳9,487.50');
      expect(mail.text).toContain(`Deposit due by ${formatLongDate(due.date)}, ${due.time}`);
    }

    const bengali = await booked(await book(ctx.app, ctx.guest, rooms['102']!, day(10), day(13), { ratePlan: 'DEP1', language: 'bn' }));
    const dueBn = wallClockAt(new Date(bengali.depositDueBy!), ctx.app.config.hotel.timeZone);
    // The guest reads the booking's language; the front desk reads the hotel's (HOTEL_LANGUAGE, English here).
    const bengaliMails = await confirmations(bengali.reservationReference!);
    const toGuest = bengaliMails.find((m) => m.to === ctx.guest.email)!;
    expect(toGuest.html).toContain(`অগ্রিম বাকি, ${formatLongDate(dueBn.date, 'bn')}, ${formatClockTime(dueBn.time, 'bn')}-এর মধ্যে`);
    expect(toGuest.html).toContain('৳৯,৪৮৭.৫০');
    const toHotel = bengaliMails.find((m) => m.to === ctx.app.config.hotel.email)!;
    expect(toHotel.html).toContain(`Deposit due by ${formatLongDate(dueBn.date)}, ${dueBn.time}`);
    expect(toHotel.html).toContain('৳9,487.50');

    const plain = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(20), day(23), { language: 'en' }));
    const plainMails = await confirmations(plain.reservationReference!);
    expect(plainMails).toHaveLength(2);
    for (const mail of plainMails) expect(mail.html).not.toContain('Deposit due');
  });
});
