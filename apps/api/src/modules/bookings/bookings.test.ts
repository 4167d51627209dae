import { addDays, todayAt } from '@residency/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, outbox, query } from '../../test/app.ts';
import { resetDatabase, testDatabase } from '../../test/database.ts';
import { categoryPayload, saveCategory } from '../../test/rooms.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp.ts';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let guest: Awaited<ReturnType<typeof createUser>>;
let rooms: Record<string, string>;

const today = () => todayAt('Asia/Dhaka');
const day = (n: number) => addDays(today(), n);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

beforeEach(async () => {
  await resetDatabase(await testDatabase());
  app.roomsCache.clear();
  admin = await createUser(app, { role: 'admin' });
  staff = await createUser(app, { role: 'staff' });
  guest = await createUser(app, { role: 'user', name: 'Rahim Uddin' });
  // Deluxe: 2 adults, up to 1 child, 3 in all, ৳7,500 a night. Single: 1 adult, no children.
  await saveCategory(app, admin.auth, 'Deluxe King', {
    roomNumbers: '101, 102',
    offerPrice: 7500,
    beds_and_bedding: { ...categoryPayload('x').beds_and_bedding, maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 },
  });
  await saveCategory(app, admin.auth, 'Single', {
    roomNumbers: '201',
    offerPrice: 4000,
    beds_and_bedding: { ...categoryPayload('x').beds_and_bedding, maximum_adults: 1, maximum_children: 0, maximum_occupancy: 1 },
  });
  const all = (await app.inject({ url: '/api/room?limit=100' })).json().data as { _id: string; room_overview: { room_number: string } }[];
  rooms = Object.fromEntries(all.map((r) => [r.room_overview.room_number, r._id]));
});

function book(
  who: { auth: Record<string, string> },
  overrides: Record<string, unknown> = {},
  room = '101',
) {
  return app.inject({
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
  const res = await app.inject({
    method: 'POST',
    url: '/api/coupons',
    headers: admin.auth,
    payload: { discountType: 'percentage', discountValue: 10, expirationDate: day(30), ...body },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

describe('POST /api/bookings', () => {
  it('books a stay, prices it on the server and writes both confirmation mails', async () => {
    const res = await book(guest, { amount: 1, perNightCost: 1 });
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
      user: { name: 'Rahim Uddin', email: guest.email },
    });
    const mails = await outbox(app);
    expect(mails.map((m) => [m.kind, m.to])).toEqual([
      ['BOOKING_CONFIRMATION_USER', guest.email],
      ['BOOKING_CONFIRMATION_ADMIN', 'frontdesk@residency.test'],
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain(booking.transactionId);
      expect(mail.text).toContain('৳18,975');
      expect(mail.text).toContain(day(3));
    }
  });

  it('answers 409 when the stay overlaps another booking, and writes nothing', async () => {
    expect((await book(guest)).statusCode).toBe(201);
    const other = await createUser(app);
    const res = await book(other, { checkIn: day(4), checkOut: day(6) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ROOM_NOT_AVAILABLE',
      message: 'Sorry, this room was just booked for some of these dates. Please choose another room or other dates.',
    });
    expect(await query(app, sql`select id from bookings`)).toHaveLength(1);
    expect(await outbox(app)).toHaveLength(2);
  });

  it('accepts a stay that starts on the day another ends', async () => {
    expect((await book(guest, { checkIn: day(3), checkOut: day(5) })).statusCode).toBe(201);
    expect((await book(guest, { checkIn: day(5), checkOut: day(7) })).statusCode).toBe(201);
    expect((await book(guest, { checkIn: day(1), checkOut: day(3) })).statusCode).toBe(201);
  });

  it('frees the dates of a cancelled booking', async () => {
    const first = (await book(guest)).json().data;
    await app.inject({ method: 'DELETE', url: `/api/bookings/${first._id}`, headers: staff.auth });
    expect((await book(guest)).statusCode).toBe(201);
  });

  it('refuses guests the room cannot sleep, and more than 3 in a room', async () => {
    const single = await book(guest, { adults: 2 }, '201');
    expect(single.statusCode).toBe(400);
    expect(single.json()).toMatchObject({ code: 'TOO_MANY_GUESTS' });
    const four = await book(guest, { adults: 2, children: 2 });
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe('At most 3 guests can stay in one room.');
    expect((await book(guest, { adults: 2, children: 1 })).statusCode).toBe(201);
  });

  it('refuses a check-in before today, and a check-out that is not after check-in', async () => {
    const past = await book(guest, { checkIn: day(-1), checkOut: day(1) });
    expect(past.json()).toMatchObject({ code: 'CHECK_IN_PAST', message: 'The check-in date cannot be before today.' });
    const reversed = await book(guest, { checkIn: day(5), checkOut: day(5) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('The check-out date must be after the check-in date.');
    expect((await book(guest, { checkIn: today(), checkOut: day(1) })).statusCode).toBe(201);
  });

  it('refuses a room under maintenance', async () => {
    await app.inject({ method: 'PATCH', url: `/api/room/${rooms['102']}`, headers: staff.auth, payload: { status: 'maintenance' } });
    const res = await book(guest, {}, '102');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ROOM_OUT_OF_SERVICE');
  });

  it('needs a signed-in caller', async () => {
    expect((await book({ auth: {} })).statusCode).toBe(401);
  });

  it('gives exactly one of 50 simultaneous bookings of one room for the same nights', async () => {
    const people = await Promise.all(Array.from({ length: 50 }, () => createUser(app)));
    const results = await Promise.all(people.map((p) => book(p)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const overlapping = await query<{ n: number }>(
      app,
      sql`select count(*)::int as n from bookings a join bookings b on a.room_id = b.room_id and a.id < b.id
          and a.status = 'active' and b.status = 'active'
          and daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out)`,
    );
    expect(overlapping[0]!.n).toBe(0);
  });
});

describe('coupons on a booking', () => {
  it('takes a percentage off before the service charge and VAT', async () => {
    await coupon({ code: 'winter10', discountValue: 10 });
    const res = await book(guest, { couponCode: 'WINTER10' });
    // 15,000 − 1,500 = 13,500; service 1,350; VAT 15 % of 14,850 = 2,227.50; total 17,077.50.
    expect(res.json().data).toMatchObject({
      discount: 1500,
      couponCode: 'WINTER10',
      withOutVatAndService: 13500,
      serviceCharge: 1350,
      vat: 2227.5,
      amount: 17077.5,
    });
  });

  it('takes a fixed amount off, never more than the stay', async () => {
    await coupon({ code: 'FLAT2000', discountType: 'fixed', discountValue: 2000 });
    expect((await book(guest, { couponCode: 'flat2000' })).json().data).toMatchObject({ discount: 2000, withOutVatAndService: 13000 });
    await coupon({ code: 'HUGE', discountType: 'fixed', discountValue: 999999 });
    expect((await book(guest, { couponCode: 'huge', checkIn: day(10), checkOut: day(11) })).json().data).toMatchObject({
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
    const res = await book(guest, { couponCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'COUPON_INVALID', message });
    expect(await query(app, sql`select id from bookings`)).toHaveLength(0);
  });

  it('uses a coupon with a limit of 5 exactly 5 times out of 20 simultaneous bookings', async () => {
    await coupon({ code: 'FIVE', usageLimit: 5 });
    const people = await Promise.all(Array.from({ length: 20 }, () => createUser(app)));
    // Each books its own night, so only the coupon limit can refuse them.
    const results = await Promise.all(
      people.map((p, i) => book(p, { couponCode: 'five', checkIn: day(10 + i), checkOut: day(11 + i) })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => ['COUPON_INVALID', 'COUPON_USED_UP'].includes(r.json().code))).toBe(true);
    const [row] = await query<{ used_count: number }>(app, sql`select used_count from coupons where code = 'FIVE'`);
    expect(row!.used_count).toBe(5);
  });
});

describe('GET /api/room with dates and guests (availability)', () => {
  const available = async (q: string) =>
    ((await app.inject({ url: `/api/room?limit=100&${q}` })).json().data as { room_overview: { room_number: string } }[]).map(
      (r) => r.room_overview.room_number,
    );

  it('lists only rooms free for the whole stay that fit the guests', async () => {
    await book(guest, { checkIn: day(3), checkOut: day(5) }, '101');
    const guests = encodeURIComponent(JSON.stringify({ adults: 2, children: 0 }));
    expect(await available(`checkIn=${day(4)}&checkOut=${day(6)}&guests=${guests}`)).toEqual(['102']);
    expect(await available(`checkIn=${day(5)}&checkOut=${day(6)}&guests=${guests}`)).toEqual(['101', '102']);
    const one = encodeURIComponent(JSON.stringify({ adults: 1, children: 0 }));
    expect(await available(`checkIn=${day(4)}&checkOut=${day(6)}&guests=${one}`)).toEqual(['102', '201']);
  });

  it('leaves out rooms under maintenance, and answers 400 for bad dates or guests', async () => {
    await app.inject({ method: 'PATCH', url: `/api/room/${rooms['102']}`, headers: staff.auth, payload: { status: 'maintenance' } });
    const guests = encodeURIComponent(JSON.stringify({ adults: 2 }));
    expect(await available(`checkIn=${day(1)}&checkOut=${day(2)}&guests=${guests}`)).toEqual(['101']);
    expect((await app.inject({ url: `/api/room?checkIn=${day(2)}&checkOut=${day(1)}` })).statusCode).toBe(400);
    expect((await app.inject({ url: `/api/room?checkIn=${day(1)}&checkOut=${day(2)}&guests=%7Bbad` })).statusCode).toBe(400);
    const four = encodeURIComponent(JSON.stringify({ adults: 3, children: 1 }));
    expect((await app.inject({ url: `/api/room?checkIn=${day(1)}&checkOut=${day(2)}&guests=${four}` })).statusCode).toBe(400);
  });
});

describe('PATCH /api/bookings/:id (confirm, then pay)', () => {
  it('confirms, then marks paid, mailing the guest each time', async () => {
    const booking = (await book(guest)).json().data;
    const confirm = await app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: staff.auth, payload: { isConfirmed: true } });
    expect(confirm.json()).toMatchObject({ message: `Booking: ${booking.transactionId} is confirmed`, data: { isConfirmed: true } });
    const pay = await app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: admin.auth, payload: { paymentStatus: 'Paid' } });
    expect(pay.json()).toMatchObject({ message: `Booking: ${booking.transactionId} is Paid`, data: { paymentStatus: 'Paid' } });
    const updates = (await outbox(app)).filter((m) => m.kind === 'BOOKING_STATUS_UPDATE');
    expect(updates).toHaveLength(2);
    expect(updates[1]!.to).toBe(guest.email);
    expect(updates[1]!.subject).toBe(`Booking ${booking.transactionId}: Confirmed, payment Paid`);
  });

  it('refuses every other transition with 409', async () => {
    const booking = (await book(guest)).json().data;
    const patch = (payload: object) => app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: staff.auth, payload });
    expect((await patch({ paymentStatus: 'Paid' })).json().code).toBe('NOT_CONFIRMED');
    await patch({ isConfirmed: true });
    expect((await patch({ isConfirmed: true })).json().code).toBe('ALREADY_CONFIRMED');
    await patch({ paymentStatus: 'Paid' });
    expect((await patch({ paymentStatus: 'Paid' })).json().code).toBe('ALREADY_PAID');
    expect((await patch({ isConfirmed: false })).statusCode).toBe(400);
    expect((await patch({ paymentStatus: 'Pending' })).statusCode).toBe(400);
  });

  it('is for staff and admins', async () => {
    const booking = (await book(guest)).json().data;
    const res = await app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: guest.auth, payload: { isConfirmed: true } });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/bookings/:id (cancel)', () => {
  it('keeps the booking as cancelled, with who and when, and mails the guest', async () => {
    const booking = (await book(guest)).json().data;
    const res = await app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: staff.auth });
    expect(res.json()).toMatchObject({ message: 'Booking is canceled', data: { status: 'cancelled' } });
    const [row] = await query<{ status: string; cancelled_by: string; cancelled_at: Date }>(
      app,
      sql`select status, cancelled_by, cancelled_at from bookings where id = ${booking._id}`,
    );
    expect(row).toMatchObject({ status: 'cancelled', cancelled_by: staff.id });
    expect(row!.cancelled_at).toBeTruthy();
    const mail = (await outbox(app)).find((m) => m.kind === 'BOOKING_CANCELLATION');
    expect(mail).toMatchObject({ to: guest.email, subject: `Booking ${booking.transactionId} is cancelled` });
    const again = await app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: staff.auth });
    expect(again.statusCode).toBe(409);
    const change = await app.inject({ method: 'PATCH', url: `/api/bookings/${booking._id}`, headers: staff.auth, payload: { isConfirmed: true } });
    expect(change.json().code).toBe('BOOKING_CANCELLED');
  });
});

describe('lists of bookings', () => {
  it('GET /api/bookings (staff, admin) searches booking ID, guest name and e-mail, with meta', async () => {
    const mine = (await book(guest)).json().data;
    const other = await createUser(app, { name: 'Karim Chowdhury' });
    await book(other, {}, '102');
    const all = (await app.inject({ url: '/api/bookings', headers: staff.auth })).json();
    expect(all.meta).toEqual({ page: 1, limit: 10, total: 2 });
    const byId = (await app.inject({ url: `/api/bookings?searchTerm=${mine.transactionId.toLowerCase()}`, headers: admin.auth })).json();
    expect(byId.data.map((b: { _id: string }) => b._id)).toEqual([mine._id]);
    const byName = (await app.inject({ url: '/api/bookings?searchTerm=karim', headers: admin.auth })).json();
    expect(byName.data).toHaveLength(1);
    expect((await app.inject({ url: '/api/bookings', headers: guest.auth })).statusCode).toBe(403);
  });

  it('GET /api/bookings/my-bookings shows a guest only their own stays', async () => {
    const mine = (await book(guest)).json().data;
    await book(await createUser(app), {}, '102');
    const res = (await app.inject({ url: '/api/bookings/my-bookings', headers: guest.auth })).json();
    expect(res.data.map((b: { _id: string }) => b._id)).toEqual([mine._id]);
    expect(res.meta.total).toBe(1);
    const someoneElse = await createUser(app);
    expect((await app.inject({ url: `/api/bookings/${mine._id}`, headers: someoneElse.auth })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/bookings/${mine._id}`, headers: guest.auth })).statusCode).toBe(200);
  });
});

describe('POST /api/bookings/walk-in', () => {
  it('books for a guest at the desk, creating the account, with the same rules and mails', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/bookings/walk-in',
      headers: staff.auth,
      payload: {
        roomId: rooms['102'],
        checkIn: day(1),
        checkOut: day(2),
        adults: 1,
        phone: '01711-999888',
        guest: { name: 'Walk-in Guest', email: 'Walk.In@Example.com' },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ source: 'walk-in', user: { name: 'Walk-in Guest', email: 'walk.in@example.com' } });
    expect((await outbox(app)).map((m) => m.to)).toContain('walk.in@example.com');
    // Reused, not duplicated, next time; and the same overlap rule applies.
    const again = await app.inject({
      method: 'POST',
      url: '/api/bookings/walk-in',
      headers: staff.auth,
      payload: { roomId: rooms['102'], checkIn: day(1), checkOut: day(3), adults: 1, phone: '01711-999888', guest: { name: 'Walk-in Guest', email: 'walk.in@example.com' } },
    });
    expect(again.statusCode).toBe(409);
    expect(await query(app, sql`select id from users where email = 'walk.in@example.com'`)).toHaveLength(1);
    const asGuest = await app.inject({ method: 'POST', url: '/api/bookings/walk-in', headers: guest.auth, payload: {} });
    expect(asGuest.statusCode).toBe(403);
  });
});

describe('rooms with stays', () => {
  it('cannot be deleted or synced away while a current or future stay holds them', async () => {
    const booking = (await book(guest, {}, '102')).json().data;
    const del = await app.inject({ method: 'DELETE', url: `/api/room/${rooms['102']}`, headers: admin.auth });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(`Room 102 cannot be deleted: it has a stay from ${day(3)} to ${day(5)} (${booking.transactionId}).`);
    const sync = await saveCategory(app, admin.auth, 'Deluxe King', { roomNumbers: '101', removeMissing: true });
    expect(sync.json().data.sync.kept).toEqual([{ number: '102', reason: `it has a stay from ${day(3)} to ${day(5)} (${booking.transactionId}).` }]);
    // Once cancelled, the room may go.
    await app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: staff.auth });
    expect((await app.inject({ method: 'DELETE', url: `/api/room/${rooms['102']}`, headers: admin.auth })).statusCode).toBe(200);
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

  it('delivers the confirmation to the guest and the hotel with the booking variables', async () => {
    const res = await mailApp.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: guest.auth,
      payload: { roomId: rooms['101'], checkIn: day(20), checkOut: day(21), adults: 1, phone: '01811-000111', address: 'Road 5, Dhanmondi' },
    });
    expect(res.statusCode).toBe(201);
    const booking = res.json().data;
    await mailApp.mailer.drain();
    const mails = await smtp.waitFor(2);
    const toGuest = mails.find((m) => m.rcptTo.includes(guest.email))!;
    const toHotel = mails.find((m) => m.rcptTo.includes('frontdesk@residency.test'))!;
    expect(toGuest.parsed.subject).toBe(`Your booking ${booking.transactionId} is received`);
    expect(toGuest.parsed.html).toContain('Rahim Uddin');
    expect(toGuest.parsed.text).toContain(`Check-in: ${day(20)}`);
    expect(toGuest.parsed.text).toContain('Total: ৳9,487.5');
    expect(toHotel.parsed.subject).toBe(`New booking ${booking.transactionId}: Deluxe King, ${day(20)} to ${day(21)}`);
    expect(toHotel.parsed.text).toContain('Address: Road 5, Dhanmondi');
    expect(toHotel.parsed.text).toContain('Sent to frontdesk@residency.test');
  });
});
