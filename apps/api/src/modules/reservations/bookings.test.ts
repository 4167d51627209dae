import { addDays, todayAt } from '@residency/shared';
import { formatLongDate } from '@residency/shared/display';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, outbox, query, useTestApp } from '../../test/app.ts';
import { categoryPayload, saveCategory } from '../../test/rooms.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { walkIn as deskWalkIn } from '../../test/stays.ts';
import { newRoomQueue, type BookingDeps } from './bookings.service.ts';
import { createBooking } from './reservations.service.ts';

let rooms: Record<string, string>;

const today = () => todayAt('Asia/Dhaka');
const day = (n: number) => addDays(today(), n);
/** A stay date as the mails write it: Tue, Dec 1, 2026. */
const mailDay = (n: number) => formatLongDate(day(n));

const ctx = useTestApp({ accounts: { admin: true, staff: true, guest: { name: 'Rahim Uddin' } } });

beforeEach(async () => {
  // Deluxe: 2 adults, up to 1 child, 3 in all, ৳7,500 a night. Single: 1 adult, no children.
  await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', {
    roomNumbers: '101, 102',
    offerPrice: 7500,
    beds_and_bedding: { ...categoryPayload('x').beds_and_bedding, maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 },
  });
  await saveCategory(ctx.app, ctx.admin.auth, 'Single', {
    roomNumbers: '201',
    offerPrice: 4000,
    beds_and_bedding: { ...categoryPayload('x').beds_and_bedding, maximum_adults: 1, maximum_children: 0, maximum_occupancy: 1 },
  });
  const all = (await ctx.app.inject({ url: '/api/room?limit=100' })).json().data as { _id: string; room_overview: { room_number: string } }[];
  rooms = Object.fromEntries(all.map((r) => [r.room_overview.room_number, r._id]));
});

function book(
  who: { auth: Record<string, string> },
  overrides: Record<string, unknown> = {},
  room = '101',
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: who.auth,
    payload: {
      roomId: rooms[room],
      checkIn: day(3),
      checkOut: day(5),
      adults: 2,
      children: 0,
      phone: '+880 1711-223344',
      airportShuttle: true,
      ...overrides,
    },
  });
}

async function coupon(body: Record<string, unknown>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/coupons',
    headers: ctx.admin.auth,
    payload: { discountType: 'percentage', discountValue: 10, expirationDate: day(30), ...body },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

describe('POST /api/bookings', () => {
  it('books a stay, prices it on the server and writes both confirmation mails', async () => {
    const res = await book(ctx.guest, { amount: 1, perNightCost: 1 });
    expect(res.statusCode).toBe(201);
    const booking = res.json().data;
    expect(booking.transactionId).toMatch(/^RSV-[A-HJ-KM-NP-TV-Z2-9]{8}$/);
    // 2 nights × 7,500 = 15,000; service 10 % = 1,500; VAT 15 % of 16,500 = 2,475; total 18,975.
    expect(booking).toMatchObject({
      nights: 2,
      perNightCost: 7500,
      subtotal: 15000,
      discount: 0,
      withOutVatAndService: 15000,
      serviceCharge: 1500,
      vat: 2475,
      amount: 18975,
      paymentStatus: 'Pending',
      isConfirmed: false,
      status: 'active',
      airportShuttle: true,
      room: { category: 'Deluxe King', roomNumber: '101' },
      user: { name: 'Rahim Uddin', email: ctx.guest.email },
    });
    const mails = await outbox(ctx.app);
    expect(mails.map((m) => [m.kind, m.to])).toEqual([
      ['BOOKING_CONFIRMATION_USER', ctx.guest.email],
      ['BOOKING_CONFIRMATION_ADMIN', 'frontdesk@residency.test'],
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain(booking.transactionId);
      expect(mail.text).toContain('৳18,975');
      expect(mail.text).toContain(`Check-in: ${mailDay(3)}`);
      expect(mail.text).toContain(`Check-out: ${mailDay(5)}`);
      expect(mail.text).not.toContain(day(3));
      // No coupon, no discount line.
      expect(mail.text).not.toContain('Discount');
    }
    expect(mails[0]!.text).toContain('Subtotal: ৳15,000');
  });

  it('answers 409 when the stay overlaps another booking, and writes nothing', async () => {
    expect((await book(ctx.guest)).statusCode).toBe(201);
    const other = await createUser(ctx.app);
    const res = await book(other, { checkIn: day(4), checkOut: day(6) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ROOM_NOT_AVAILABLE',
      message: 'Sorry, this room was just booked for some of these dates. Please choose another room or other dates.',
    });
    expect(await query(ctx.app, sql`select id from bookings`)).toHaveLength(1);
    expect(await outbox(ctx.app)).toHaveLength(2);
  });

  it('accepts a stay that starts on the day another ends', async () => {
    expect((await book(ctx.guest, { checkIn: day(3), checkOut: day(5) })).statusCode).toBe(201);
    expect((await book(ctx.guest, { checkIn: day(5), checkOut: day(7) })).statusCode).toBe(201);
    expect((await book(ctx.guest, { checkIn: day(1), checkOut: day(3) })).statusCode).toBe(201);
  });

  it('frees the dates of a cancelled booking', async () => {
    const first = (await book(ctx.guest)).json().data;
    await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${first._id}`, headers: ctx.staff.auth });
    expect((await book(ctx.guest)).statusCode).toBe(201);
  });

  it('refuses guests the room cannot sleep, and more than 3 in a room', async () => {
    const single = await book(ctx.guest, { adults: 2 }, '201');
    expect(single.statusCode).toBe(400);
    expect(single.json()).toMatchObject({ code: 'TOO_MANY_GUESTS' });
    const four = await book(ctx.guest, { adults: 2, children: 2 });
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe('At most 3 guests can stay in one room.');
    expect((await book(ctx.guest, { adults: 2, children: 1 })).statusCode).toBe(201);
  });

  it('refuses a check-in before today, and a check-out that is not after check-in', async () => {
    const past = await book(ctx.guest, { checkIn: day(-1), checkOut: day(1) });
    expect(past.json()).toMatchObject({ code: 'CHECK_IN_PAST', message: 'The check-in date cannot be before today.' });
    const reversed = await book(ctx.guest, { checkIn: day(5), checkOut: day(5) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('The check-out date must be after the check-in date.');
    expect((await book(ctx.guest, { checkIn: today(), checkOut: day(1) })).statusCode).toBe(201);
  });

  it('refuses a room under maintenance', async () => {
    await ctx.app.inject({ method: 'PATCH', url: `/api/room/${rooms['102']}`, headers: ctx.staff.auth, payload: { status: 'maintenance' } });
    const res = await book(ctx.guest, {}, '102');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ROOM_OUT_OF_SERVICE');
  });

  it('needs a signed-in caller', async () => {
    expect((await book({ auth: {} })).statusCode).toBe(401);
  });

  it('gives exactly one of 50 simultaneous bookings of one room for the same nights', async () => {
    const people = await Promise.all(Array.from({ length: 50 }, () => createUser(ctx.app)));
    const results = await Promise.all(people.map((p) => book(p)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const overlapping = await query<{ n: number }>(
      ctx.app,
      sql`select count(*)::int as n from bookings a join bookings b on a.room_id = b.room_id and a.id < b.id
          and a.status = 'active' and b.status = 'active'
          and daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out)`,
    );
    expect(overlapping[0]!.n).toBe(0);
  });

  it('answers only 201 or 409 to 40 simultaneous bookings of overlapping, different ranges (no deadlock)', async () => {
    const people = await Promise.all(Array.from({ length: 40 }, () => createUser(ctx.app)));
    for (let round = 0; round < 3; round += 1) {
      const base = 10 + round * 20;
      const results = await Promise.all(
        people.map((p, i) => {
          const start = base + (i % 7);
          return book(p, { checkIn: day(start), checkOut: day(start + 1 + (i % 3)), adults: 1 }, i % 2 ? '101' : '102');
        }),
      );
      const unexpected = results.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).map((r) => `${r.statusCode} ${r.body}`);
      expect(unexpected).toEqual([]);
      for (const refused of results.filter((r) => r.statusCode === 409)) expect(refused.json().code).toBe('ROOM_NOT_AVAILABLE');
      expect(results.filter((r) => r.statusCode === 201).length).toBeGreaterThan(1);
    }
    const [{ made, overlaps }] = (await query<{ made: number; overlaps: number }>(
      ctx.app,
      sql`select (select count(*)::int from bookings) as made,
          (select count(*)::int from bookings a join bookings b on a.room_id = b.room_id and a.id < b.id
            and daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out)) as overlaps`,
    )) as [{ made: number; overlaps: number }];
    expect(overlaps).toBe(0);
    expect(made).toBeGreaterThan(6);
  });

  it('limits bookings per account: 429 over RATE_LIMIT_BOOKING_MAX, while another guest still books', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_BOOKING_MAX: '2' }, { reset: false });
    try {
      const [a, b] = [await createUser(limited), await createUser(limited)];
      const bookAs = (who: { auth: Record<string, string> }, start: number) =>
        limited.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: who.auth,
          payload: { roomId: rooms['201'], checkIn: day(start), checkOut: day(start + 1), adults: 1, phone: '+880 1711-223344' },
        });
      expect((await bookAs(a, 40)).statusCode).toBe(201);
      expect((await bookAs(a, 41)).statusCode).toBe(201);
      const third = await bookAs(a, 42);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(third.headers['retry-after']).toBeDefined();
      expect((await bookAs(b, 43)).statusCode).toBe(201);
      expect(await query(limited, sql`select 1 from bookings where check_in = ${day(42)}`)).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });
});

describe('bookings that do not exist, and stays too long', () => {
  const unknownId = '00000000-0000-4000-8000-000000000000';
  const countBookings = async () => (await query<{ n: number }>(ctx.app, sql`select count(*)::int as n from bookings`))[0]!.n;

  it('refuses a room that does not exist (404) and books nothing', async () => {
    const res = await book(ctx.guest, { roomId: unknownId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROOM_NOT_FOUND', message: 'This room does not exist or was deleted.' });
    expect(await countBookings()).toBe(0);
  });

  it('holds 60 nights in one booking and refuses 61 with the message, booking nothing', async () => {
    expect((await book(ctx.guest, { checkIn: day(3), checkOut: day(63) })).statusCode).toBe(201);
    const res = await book(ctx.guest, { checkIn: day(70), checkOut: day(131) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'STAY_TOO_LONG', message: 'One booking can hold at most 60 nights. Please split a longer stay.' });
    expect(await countBookings()).toBe(1);
  });

  it('answers 404 BOOKING_NOT_FOUND to confirming, paying, cancelling or reading an unknown booking', async () => {
    const answers = await Promise.all([
      ctx.app.inject({ method: 'PATCH', url: `/api/bookings/${unknownId}`, headers: ctx.staff.auth, payload: { isConfirmed: true } }),
      ctx.app.inject({ method: 'PATCH', url: `/api/bookings/${unknownId}`, headers: ctx.staff.auth, payload: { paymentStatus: 'Paid' } }),
      ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${unknownId}`, headers: ctx.staff.auth }),
      ctx.app.inject({ method: 'GET', url: `/api/bookings/${unknownId}`, headers: ctx.staff.auth }),
      ctx.app.inject({ method: 'POST', url: `/api/bookings/${unknownId}/cancel`, headers: ctx.guest.auth }),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('BOOKING_NOT_FOUND');
    }
  });
});

describe('coupons on a booking', () => {
  it('takes a percentage off before the service charge and VAT', async () => {
    await coupon({ code: 'winter10', discountValue: 10 });
    const res = await book(ctx.guest, { couponCode: 'WINTER10' });
    // 15,000 − 1,500 = 13,500; service 1,350; VAT 15 % of 14,850 = 2,227.50; total 17,077.50.
    expect(res.json().data).toMatchObject({
      discount: 1500,
      couponCode: 'WINTER10',
      withOutVatAndService: 13500,
      serviceCharge: 1350,
      vat: 2227.5,
      amount: 17077.5,
    });
    // The guest's mail shows the discount, so that its lines add up to the total, in the site's format.
    const [toGuest, toHotel] = await outbox(ctx.app);
    for (const line of [
      'Nights: 2',
      'Per night: ৳7,500',
      'Subtotal: ৳15,000',
      'Discount (WINTER10): −৳1,500',
      'Service charge: ৳1,350',
      'VAT: ৳2,227.50',
      'Total: ৳17,077.50',
    ]) {
      expect(toGuest!.text).toContain(line);
    }
    expect(toHotel!.text).toContain('Discount (WINTER10): −৳1,500');
  });

  it('takes a fixed amount off, never more than the stay', async () => {
    await coupon({ code: 'FLAT2000', discountType: 'fixed', discountValue: 2000 });
    expect((await book(ctx.guest, { couponCode: 'flat2000' })).json().data).toMatchObject({ discount: 2000, withOutVatAndService: 13000 });
    await coupon({ code: 'HUGE', discountType: 'fixed', discountValue: 999999 });
    expect((await book(ctx.guest, { couponCode: 'huge', checkIn: day(10), checkOut: day(11) })).json().data).toMatchObject({
      discount: 7500,
      amount: 0,
    });
  });

  it.each([
    [{ code: 'OLD', expirationDate: '2020-01-01' }, 'OLD', 'This coupon has expired.'],
    [{ code: 'OFF', isActive: false }, 'OFF', 'This coupon is not active.'],
    [{ code: 'BIGSTAY', minimumPurchaseAmount: 20000 }, 'BIGSTAY', 'This coupon needs a stay of at least ৳20,000.'],
    [{ code: 'REAL' }, 'NOSUCH', 'There is no coupon with this code.'],
  ])('refuses a coupon that does not apply (%#), and books nothing', async (body, code, message) => {
    await coupon(body);
    const res = await book(ctx.guest, { couponCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'COUPON_INVALID', message });
    expect(await query(ctx.app, sql`select id from bookings`)).toHaveLength(0);
  });

  it('uses a coupon with a limit of 5 exactly 5 times out of 20 simultaneous bookings', async () => {
    await coupon({ code: 'FIVE', usageLimit: 5 });
    const people = await Promise.all(Array.from({ length: 20 }, () => createUser(ctx.app)));
    // Each books its own night, so only the coupon limit can refuse them.
    const results = await Promise.all(
      people.map((p, i) => book(p, { couponCode: 'five', checkIn: day(10 + i), checkOut: day(11 + i) })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => ['COUPON_INVALID', 'COUPON_USED_UP'].includes(r.json().code))).toBe(true);
    const [row] = await query<{ used_count: number }>(ctx.app, sql`select used_count from coupons where code = 'FIVE'`);
    expect(row!.used_count).toBe(5);
  });
});

describe('GET /api/room with dates and guests (availability)', () => {
  const available = async (q: string) =>
    ((await ctx.app.inject({ url: `/api/room?limit=100&${q}` })).json().data as { room_overview: { room_number: string } }[]).map(
      (r) => r.room_overview.room_number,
    );

  it('lists only rooms free for the whole stay that fit the guests', async () => {
    await book(ctx.guest, { checkIn: day(3), checkOut: day(5) }, '101');
    const guests = encodeURIComponent(JSON.stringify({ adults: 2, children: 0 }));
    expect(await available(`checkIn=${day(4)}&checkOut=${day(6)}&guests=${guests}`)).toEqual(['102']);
    expect(await available(`checkIn=${day(5)}&checkOut=${day(6)}&guests=${guests}`)).toEqual(['101', '102']);
    const one = encodeURIComponent(JSON.stringify({ adults: 1, children: 0 }));
    expect(await available(`checkIn=${day(4)}&checkOut=${day(6)}&guests=${one}`)).toEqual(['102', '201']);
  });

  it('pages the free rooms with their total, and shows a room as it is now after an admin changes it', async () => {
    const guests = encodeURIComponent(JSON.stringify({ adults: 1, children: 0 }));
    const search = async (page: number) =>
      (await ctx.app.inject({ url: `/api/room?limit=1&page=${page}&checkIn=${day(4)}&checkOut=${day(6)}&guests=${guests}` })).json();
    const first = await search(1);
    expect(first.meta).toEqual({ page: 1, limit: 1, total: 3 });
    expect(first.data.map((r: { room_overview: { room_number: string } }) => r.room_overview.room_number)).toEqual(['101']);
    expect((await search(2)).data[0].room_overview.room_number).toBe('102');
    expect(await search(9)).toMatchObject({ data: [], meta: { page: 9, limit: 1, total: 3 } });

    const patched = await ctx.app.inject({ method: 'PATCH', url: `/api/room/${rooms['101']}`, headers: ctx.admin.auth, payload: { price: 7777 } });
    expect(patched.statusCode).toBe(200);
    expect((await search(1)).data[0].price).toBe(7777);
  });

  it('leaves out rooms under maintenance, and answers 400 for bad dates or guests', async () => {
    await ctx.app.inject({ method: 'PATCH', url: `/api/room/${rooms['102']}`, headers: ctx.staff.auth, payload: { status: 'maintenance' } });
    const guests = encodeURIComponent(JSON.stringify({ adults: 2 }));
    expect(await available(`checkIn=${day(1)}&checkOut=${day(2)}&guests=${guests}`)).toEqual(['101']);
    expect((await ctx.app.inject({ url: `/api/room?checkIn=${day(2)}&checkOut=${day(1)}` })).statusCode).toBe(400);
    // The booking rules hold for a search too: nothing is listed that could not be booked.
    expect((await ctx.app.inject({ url: `/api/room?checkIn=${day(-1)}&checkOut=${day(1)}` })).json().code).toBe('CHECK_IN_PAST');
    expect((await ctx.app.inject({ url: `/api/room?checkIn=${day(1)}&checkOut=${day(62)}` })).json().code).toBe('STAY_TOO_LONG');
    expect((await ctx.app.inject({ url: `/api/room?checkIn=${day(1)}&checkOut=${day(2)}&guests=%7Bbad` })).statusCode).toBe(400);
    const four = encodeURIComponent(JSON.stringify({ adults: 3, children: 1 }));
    expect((await ctx.app.inject({ url: `/api/room?checkIn=${day(1)}&checkOut=${day(2)}&guests=${four}` })).statusCode).toBe(400);
  });
});

describe('PATCH /api/bookings/:id (confirm, then pay)', () => {
  it('confirms, then marks paid, mailing the guest each time', async () => {
    const booking = (await book(ctx.guest)).json().data;
    const confirm = await ctx.app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth, payload: { isConfirmed: true } });
    expect(confirm.json()).toMatchObject({ message: `Booking: ${booking.transactionId} is confirmed`, data: { isConfirmed: true } });
    const pay = await ctx.app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: ctx.admin.auth, payload: { paymentStatus: 'Paid' } });
    expect(pay.json()).toMatchObject({ message: `Booking: ${booking.transactionId} is Paid`, data: { paymentStatus: 'Paid' } });
    const updates = (await outbox(ctx.app)).filter((m) => m.kind === 'BOOKING_STATUS_UPDATE');
    expect(updates).toHaveLength(2);
    expect(updates[1]!.to).toBe(ctx.guest.email);
    expect(updates[1]!.subject).toBe(`Booking ${booking.transactionId}: Confirmed, payment Paid`);
  });

  it('refuses every other transition with 409', async () => {
    const booking = (await book(ctx.guest)).json().data;
    const patch = (payload: object) => ctx.app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth, payload });
    expect((await patch({ paymentStatus: 'Paid' })).json().code).toBe('NOT_CONFIRMED');
    await patch({ isConfirmed: true });
    expect((await patch({ isConfirmed: true })).json().code).toBe('ALREADY_CONFIRMED');
    await patch({ paymentStatus: 'Paid' });
    expect((await patch({ paymentStatus: 'Paid' })).json().code).toBe('ALREADY_PAID');
    expect((await patch({ isConfirmed: false })).statusCode).toBe(400);
    expect((await patch({ paymentStatus: 'Pending' })).statusCode).toBe(400);
  });

  it('is for staff and admins', async () => {
    const booking = (await book(ctx.guest)).json().data;
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: ctx.guest.auth, payload: { isConfirmed: true } });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/bookings/:id (cancel)', () => {
  it('keeps the booking as cancelled, with who and when, and mails the guest', async () => {
    const booking = (await book(ctx.guest)).json().data;
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth });
    expect(res.json()).toMatchObject({ message: 'Booking is canceled', data: { status: 'cancelled' } });
    const [row] = await query<{ status: string; cancelled_by: string; cancelled_at: Date }>(
      ctx.app,
      sql`select status, cancelled_by, cancelled_at from bookings where id = ${booking._id}`,
    );
    expect(row).toMatchObject({ status: 'cancelled', cancelled_by: ctx.staff.id });
    expect(row!.cancelled_at).toBeTruthy();
    const mail = (await outbox(ctx.app)).find((m) => m.kind === 'BOOKING_CANCELLATION');
    expect(mail).toMatchObject({ to: ctx.guest.email, subject: `Booking ${booking.transactionId} is cancelled` });
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth });
    expect(again.statusCode).toBe(409);
    const change = await ctx.app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth, payload: { isConfirmed: true } });
    expect(change.json().code).toBe('BOOKING_CANCELLED');
  });
  it('frees its nights: the same stay can be booked again at once', async () => {
    const booking = (await book(ctx.guest, { checkIn: day(20), checkOut: day(22) })).json().data;
    expect((await book(ctx.guest, { checkIn: day(21), checkOut: day(23) })).statusCode).toBe(409);
    await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth });
    const again = await book(ctx.guest, { checkIn: day(20), checkOut: day(22) });
    expect(again.statusCode, again.body).toBe(201);
  });
  it("gives the coupon's use back, so a fully used coupon serves the guest's next stay", async () => {
    await coupon({ code: 'ONCE', usageLimit: 1 });
    const first = (await book(ctx.guest, { couponCode: 'once' })).json().data;
    expect((await book(ctx.guest, { couponCode: 'once', checkIn: day(8), checkOut: day(9) })).json().message).toBe('This coupon has been fully used.');
    await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${first._id}`, headers: ctx.staff.auth });
    const again = await book(ctx.guest, { couponCode: 'once', checkIn: day(8), checkOut: day(9) });
    expect(again.statusCode).toBe(201);
    const [row] = await query<{ used_count: number }>(ctx.app, sql`select used_count from coupons where code = 'ONCE'`);
    expect(row!.used_count).toBe(1);
  });
});

describe('lists of bookings', () => {
  it('GET /api/bookings (staff, admin) searches booking ID, guest name and e-mail, with meta', async () => {
    const mine = (await book(ctx.guest)).json().data;
    const other = await createUser(ctx.app, { name: 'Karim Chowdhury' });
    await book(other, {}, '102');
    const all = (await ctx.app.inject({ url: '/api/bookings', headers: ctx.staff.auth })).json();
    expect(all.meta).toEqual({ page: 1, limit: 10, total: 2 });
    const byId = (await ctx.app.inject({ url: `/api/bookings?searchTerm=${mine.transactionId.toLowerCase()}`, headers: ctx.admin.auth })).json();
    expect(byId.data.map((b: { _id: string }) => b._id)).toEqual([mine._id]);
    const byName = (await ctx.app.inject({ url: '/api/bookings?searchTerm=karim', headers: ctx.admin.auth })).json();
    expect(byName.data).toHaveLength(1);
    expect((await ctx.app.inject({ url: '/api/bookings', headers: ctx.guest.auth })).statusCode).toBe(403);
  });

  it('GET /api/bookings/my-bookings shows a guest only their own stays', async () => {
    const mine = (await book(ctx.guest)).json().data;
    await book(await createUser(ctx.app), {}, '102');
    const res = (await ctx.app.inject({ url: '/api/bookings/my-bookings', headers: ctx.guest.auth })).json();
    expect(res.data.map((b: { _id: string }) => b._id)).toEqual([mine._id]);
    expect(res.meta.total).toBe(1);
    const someoneElse = await createUser(ctx.app);
    expect((await ctx.app.inject({ url: `/api/bookings/${mine._id}`, headers: someoneElse.auth })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/bookings/${mine._id}`, headers: ctx.guest.auth })).statusCode).toBe(200);
  });
});

describe('POST /api/reservations/walk-in, one room', () => {
  it('books for a guest at the desk, creating the account, with the same rules and mails', async () => {
    const res = await deskWalkIn(ctx.app, ctx.staff, {
      roomId: rooms['102'],
      checkIn: day(1),
      checkOut: day(2),
      adults: 1,
      phone: '01711-999888',
      guest: { name: 'Walk-in Guest', email: 'Walk.In@Example.com' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ source: 'walk-in', user: { name: 'Walk-in Guest', email: 'walk.in@example.com' } });
    expect((await outbox(ctx.app)).map((m) => m.to)).toContain('walk.in@example.com');
    // Reused, not duplicated, next time; and the same overlap rule applies.
    const again = await deskWalkIn(ctx.app, ctx.staff, {
      roomId: rooms['102'],
      checkIn: day(1),
      checkOut: day(3),
      adults: 1,
      phone: '01711-999888',
      guest: { name: 'Walk-in Guest', email: 'walk.in@example.com' },
    });
    expect(again.statusCode).toBe(409);
    expect(await query(ctx.app, sql`select id from users where email = 'walk.in@example.com'`)).toHaveLength(1);
    const asGuest = await ctx.app.inject({ method: 'POST', url: '/api/reservations/walk-in', headers: ctx.guest.auth, payload: {} });
    expect(asGuest.statusCode).toBe(403);
  });

  const walkIn = (email: string, overrides: Record<string, unknown> = {}) =>
    deskWalkIn(ctx.app, ctx.staff, {
      roomId: rooms['101'],
      checkIn: day(3),
      checkOut: day(5),
      adults: 1,
      phone: '01711-999888',
      guest: { name: 'Desk Guest', email },
      ...overrides,
    });
  const accountsWith = (email: string) => query(ctx.app, sql`select id from users where lower(email) = ${email.toLowerCase()}`);

  it('leaves no account behind when the booking is refused (409 taken, 400 too many guests)', async () => {
    expect((await book(ctx.guest)).statusCode).toBe(201);
    const taken = await walkIn('refused.one@example.com');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('ROOM_NOT_AVAILABLE');
    expect(await accountsWith('refused.one@example.com')).toHaveLength(0);
    const crowded = await walkIn('refused.two@example.com', { roomId: rooms['201'], adults: 2 });
    expect(crowded.statusCode).toBe(400);
    expect(await accountsWith('refused.two@example.com')).toHaveLength(0);
    expect((await outbox(ctx.app)).filter((m) => m.to.startsWith('refused.'))).toHaveLength(0);
  });

  it('books 5 simultaneous walk-ins of one new e-mail, for 5 rooms, on one account', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Twin', { roomNumbers: '301, 302, 303, 304, 305', offerPrice: 5000 });
    const all = (await ctx.app.inject({ url: '/api/room?limit=100' })).json().data as { _id: string; room_overview: { room_number: string } }[];
    const twins = all.filter((r) => r.room_overview.room_number.startsWith('3')).map((r) => r._id);
    expect(twins).toHaveLength(5);
    const results = await Promise.all(twins.map((roomId) => walkIn('Family.Party@example.com', { roomId })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const accounts = await accountsWith('family.party@example.com');
    expect(accounts).toHaveLength(1);
    const [account] = accounts as { id: string }[];
    expect(new Set(results.map((r) => r.json().data.user._id))).toEqual(new Set([account!.id]));
  });

  it('refuses the e-mail of a staff or admin account with 409, and books nothing', async () => {
    for (const who of [ctx.staff, ctx.admin]) {
      const res = await walkIn(who.email.toUpperCase());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'EMAIL_NOT_A_GUEST',
        message: "This e-mail belongs to a staff or admin account. A walk-in booking is for a guest: please use the guest's own e-mail.",
      });
    }
    expect(await query(ctx.app, sql`select id from bookings`)).toHaveLength(0);
    // An existing guest's account is used as it is.
    const res = await walkIn(ctx.guest.email);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user).toMatchObject({ _id: ctx.guest.id, name: 'Rahim Uddin' });
  });
});

describe('transaction ids', () => {
  it('draws another id when the one drawn is taken, instead of failing', async () => {
    const draws = ['RSV-AAAAAAAA', 'RSV-AAAAAAAA', 'RSV-AAAAAAAA', 'RSV-BBBBBBBB'];
    const deps: BookingDeps = { db: ctx.app.db, mailer: ctx.app.mailer, sms: ctx.app.sms, config: ctx.app.config, roomQueue: newRoomQueue(), newTransactionId: () => draws.shift()! };
    const stay = { roomId: rooms['101']!, checkIn: day(3), checkOut: day(4), adults: 1, children: 0, phone: '01711-000000', airportShuttle: false };
    const options = { source: 'online' as const, createdBy: ctx.guest.id };
    expect((await createBooking(deps, ctx.guest, stay, options)).transactionId).toBe('RSV-AAAAAAAA');
    const second = await createBooking(deps, ctx.guest, { ...stay, checkIn: day(4), checkOut: day(5) }, options);
    expect(second.transactionId).toBe('RSV-BBBBBBBB');
    expect(draws).toHaveLength(0);
    expect(await query(ctx.app, sql`select id from bookings`)).toHaveLength(2);
  });

  it('gives up after 5 taken draws, and writes nothing', async () => {
    const deps: BookingDeps = { db: ctx.app.db, mailer: ctx.app.mailer, sms: ctx.app.sms, config: ctx.app.config, roomQueue: newRoomQueue(), newTransactionId: () => 'RSV-CCCCCCCC' };
    const stay = { roomId: rooms['101']!, checkIn: day(3), checkOut: day(4), adults: 1, children: 0, phone: '01711-000000', airportShuttle: false };
    const options = { source: 'online' as const, createdBy: ctx.guest.id };
    await createBooking(deps, ctx.guest, stay, options);
    let draws = 0;
    const again: BookingDeps = { ...deps, newTransactionId: () => ((draws += 1), 'RSV-CCCCCCCC') };
    await expect(createBooking(again, ctx.guest, { ...stay, roomId: rooms['102']! }, options)).rejects.toThrow('No free transaction id after 5 draws');
    expect(draws).toBe(5);
    expect(await query(ctx.app, sql`select id from bookings`)).toHaveLength(1);
    expect(await outbox(ctx.app)).toHaveLength(2);
  });
});

describe('rooms with stays', () => {
  it('cannot be deleted or synced away while a current or future stay holds them', async () => {
    const booking = (await book(ctx.guest, {}, '102')).json().data;
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/room/${rooms['102']}`, headers: ctx.admin.auth });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(`Room 102 cannot be deleted: it has a stay from ${day(3)} to ${day(5)} (${booking.transactionId}).`);
    const sync = await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101', removeMissing: true });
    expect(sync.json().data.sync.kept).toMatchObject([{ number: '102', reason: `it has a stay from ${day(3)} to ${day(5)} (${booking.transactionId}).` }]);
    // Once cancelled, the room may go.
    await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/room/${rooms['102']}`, headers: ctx.admin.auth })).statusCode).toBe(200);
  });
});

describe('booking e-mails over SMTP', () => {
  let smtp: TestSmtp;
  let mailApp: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtp();
    mailApp = await buildTestApp({ SMTP_URL: smtp.url }, { reset: false });
  });
  afterAll(async () => {
    await mailApp.close();
    await smtp.close();
  });
  // The file's own app shares the outbox: its worker, still busy with earlier tests' mails,
  // would take these too (one mail per claim) and write them to its files instead of SMTP.
  beforeEach(async () => ctx.app.mailer.drain());

  it('delivers the confirmation to the guest and the hotel with the booking variables', async () => {
    const res = await mailApp.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: ctx.guest.auth,
      payload: { roomId: rooms['101'], checkIn: day(20), checkOut: day(21), adults: 1, phone: '01811-000111', address: 'Road 5, Dhanmondi' },
    });
    expect(res.statusCode).toBe(201);
    const booking = res.json().data;
    await mailApp.mailer.drain();
    const mails = await smtp.waitFor(2);
    const toGuest = mails.find((m) => m.rcptTo.includes(ctx.guest.email))!;
    const toHotel = mails.find((m) => m.rcptTo.includes('frontdesk@residency.test'))!;
    expect(toGuest.parsed.subject).toBe(`Your booking ${booking.transactionId} is received`);
    expect(toGuest.parsed.html).toContain('Rahim Uddin');
    expect(toGuest.parsed.text).toContain(`Check-in: ${mailDay(20)}`);
    expect(toGuest.parsed.text).toContain(`Check-out: ${mailDay(21)}`);
    // 7,500 + service 750 + VAT 1,237.50: two decimals, as the booking page writes it.
    expect(toGuest.parsed.text).toContain('Total: ৳9,487.50');
    expect(toGuest.parsed.text).toContain('VAT: ৳1,237.50');
    expect(toHotel.parsed.subject).toBe(`New booking ${booking.transactionId}: Deluxe King, ${mailDay(20)} to ${mailDay(21)}`);
    expect(toHotel.parsed.text).toContain('Address: Road 5, Dhanmondi');
    expect(toHotel.parsed.text).toContain(`A booking was made on ${formatLongDate(today())}`);
    expect(toHotel.parsed.text).toContain('Sent to frontdesk@residency.test');
  });

  it('delivers the status updates (confirmed, then paid) and the cancellation with their variables', async () => {
    // Mails may arrive as soon as a change commits (the worker is kicked): count from before it.
    let seen = smtp.received.length;
    const booking = (
      await mailApp.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: ctx.guest.auth,
        payload: { roomId: rooms['102'], checkIn: day(30), checkOut: day(32), adults: 2, phone: '01811-000111' },
      })
    ).json().data;
    // Sends what is due, then returns the mails that arrived since `from`.
    const next = async (from: number, count: number) => {
      await mailApp.mailer.drain();
      return (await smtp.waitFor(from + count)).slice(from);
    };
    await next(seen, 2); // the two confirmations
    seen += 2;
    const patch = (payload: object) =>
      mailApp.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth, payload });
    const stayLines = [
      `Booking ID: ${booking.transactionId}`,
      'Room: Deluxe King (102)',
      `Check-in: ${mailDay(30)}`,
      `Check-out: ${mailDay(32)}`,
      // 15,000 + 1,500 + VAT 2,475.
      'Total: ৳18,975',
    ];

    expect((await patch({ isConfirmed: true })).statusCode).toBe(200);
    const [confirmed] = await next(seen, 1);
    seen += 1;
    expect(confirmed!.rcptTo).toEqual([ctx.guest.email]);
    expect(confirmed!.parsed.subject).toBe(`Booking ${booking.transactionId}: Confirmed, payment Pending`);
    for (const line of [...stayLines, 'Booking: Confirmed', 'Payment: Pending']) expect(confirmed!.parsed.text).toContain(line);
    expect(confirmed!.parsed.html).toContain('Dear Rahim Uddin');

    expect((await patch({ paymentStatus: 'Paid' })).statusCode).toBe(200);
    const [paid] = await next(seen, 1);
    seen += 1;
    expect(paid!.parsed.subject).toBe(`Booking ${booking.transactionId}: Confirmed, payment Paid`);
    for (const line of [...stayLines, 'Booking: Confirmed', 'Payment: Paid']) expect(paid!.parsed.text).toContain(line);

    const cancel = await mailApp.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth });
    expect(cancel.statusCode).toBe(200);
    const [cancelled] = await next(seen, 1);
    expect(cancelled!.rcptTo).toEqual([ctx.guest.email]);
    expect(cancelled!.parsed.subject).toBe(`Booking ${booking.transactionId} is cancelled`);
    expect(cancelled!.parsed.text).toContain(`Your booking was cancelled on ${formatLongDate(today())}.`);
    for (const line of stayLines) expect(cancelled!.parsed.text).toContain(line);
  });
});

describe('priced from the index’s rate calendar (issue 36)', () => {
  const stayOn = (n: number) => ({ roomId: rooms['101']!, checkIn: day(n), checkOut: day(n + 1), adults: 1, children: 0, phone: '01711-000000', airportShuttle: false });
  /** Booked online by the guest. */
  const online = () => ({ source: 'online' as const, createdBy: ctx.guest.id });
  /** The index's calendar with every room type's price at 1 Taka a night, numbered `version`. */
  function calendarAtOneTaka(version: (current: number) => number) {
    const current = ctx.app.availability.rateCalendar()!;
    expect(current.version).toEqual(expect.any(Number));
    const types = new Map([...current.types].map(([name, type]) => [name, { ...type, category: { ...type.category, offerPrice: 1 } }]));
    return { ...current, types, version: version(current.version!) };
  }
  const deps = (rates: BookingDeps['rates']): BookingDeps => ({ db: ctx.app.db, mailer: ctx.app.mailer, sms: ctx.app.sms, config: ctx.app.config, roomQueue: newRoomQueue(), rates });

  it('prices a stay on the calendar the index holds when its number is the database’s', async () => {
    const usual = await createBooking(deps(undefined), ctx.guest, stayOn(30), online());
    const onCalendar = await createBooking(deps(() => calendarAtOneTaka((n) => n)), ctx.guest, stayOn(31), online());
    expect(usual.subtotal).toBe(7500);
    // The copy's price, so no rate was read from the tables.
    expect(onCalendar.subtotal).toBe(1);
  });

  it('prices it again from the tables when the calendar changed since the index read it', async () => {
    const stale = await createBooking(deps(() => calendarAtOneTaka((n) => n - 1)), ctx.guest, stayOn(32), online());
    expect(stale.subtotal).toBe(7500);
    const stored = await query<{ n: number }>(ctx.app, sql`select count(*)::int as n from bookings where check_in = ${day(32)}`);
    expect(stored[0]!.n).toBe(1);
  });
});

describe('the rooms from the index’s copy, locked and compared by the one call (issue 36)', () => {
  const stayOn = (n: number) => ({ roomId: rooms['101']!, checkIn: day(n), checkOut: day(n + 1), adults: 1, children: 0, phone: '01711-000000', airportShuttle: false });
  const online = () => ({ source: 'online' as const, createdBy: ctx.guest.id });
  /** Booking deps whose index copy of the rooms is `copy` (the real index's rates). */
  const deps = (copy: BookingDeps['rooms']): BookingDeps => ({
    db: ctx.app.db,
    mailer: ctx.app.mailer,
    sms: ctx.app.sms,
    config: ctx.app.config,
    roomQueue: newRoomQueue(),
    rates: () => ctx.app.availability.rateCalendar(),
    rooms: copy,
  });
  const copyOf101 = () => {
    const copy = ctx.app.availability.roomsForBooking([rooms['101']!]);
    expect(copy, 'the index holds the room').toHaveLength(1);
    return copy!;
  };
  const setRoom = (changes: ReturnType<typeof sql>) => query(ctx.app, sql`update rooms set ${changes} where id = ${rooms['101']!}`);

  it('books through the API in one call, the guest named as its author in the audit trail', async () => {
    const booked = await ctx.app.inject({ method: 'POST', url: '/api/bookings', headers: ctx.guest.auth, payload: stayOn(40) });
    expect(booked.statusCode, booked.body).toBe(201);
    const authors = await query<{ entity: string; actor_id: string; actor_role: string; route: string }>(
      ctx.app,
      sql`select entity, actor_id::text, actor_role, route from audit_log where action = 'create' and entity_id in (${booked.json().data._id}, ${booked.json().data.reservationId}) order by entity`,
    );
    expect(authors).toEqual(['booking', 'reservation'].map((entity) => ({ entity, actor_id: ctx.guest.id, actor_role: 'user', route: 'POST /api/bookings' })));
    const made = await createBooking(deps(copyOf101), ctx.guest, stayOn(41), online());
    expect(made.subtotal).toBe(7500);
  });

  it('refuses a room out of service though the copy says it is in service: the call compares under the lock', async () => {
    const copy = copyOf101();
    await setRoom(sql`status = 'maintenance'`);
    await expect(createBooking(deps(() => copy), ctx.guest, stayOn(42), online())).rejects.toMatchObject({ code: 'ROOM_OUT_OF_SERVICE' });
    const stored = await query<{ n: number }>(ctx.app, sql`select count(*)::int as n from bookings where check_in = ${day(42)}`);
    expect(stored[0]!.n).toBe(0);
  });

  it('books a room the copy says is out of service once the table says it is back; a changed supplement prices from the table', async () => {
    const copy = copyOf101().map((room) => ({ ...room, status: 'maintenance' }));
    expect((await createBooking(deps(() => copy), ctx.guest, stayOn(43), online())).subtotal).toBe(7500);
    const before = copyOf101();
    await setRoom(sql`supplement = 500`);
    // The copy's supplement (0) is not the room's any more: the call refuses it, and the stay is priced on the table's.
    expect((await createBooking(deps(() => before), ctx.guest, stayOn(44), online())).subtotal).toBe(8000);
  });
});

