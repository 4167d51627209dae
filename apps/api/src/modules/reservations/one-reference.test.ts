import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, query, useTestApp } from '../../test/app.ts';
import { categoryPayload, saveCategory } from '../../test/rooms.ts';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp.ts';
import { book, day, HOTEL_ACCOUNTS, walkIn } from '../../test/stays.ts';

/*
 * Issue 31, section 4: the reservation's reference is the one the guest sees everywhere (their
 * list, every mail) and the one the desk finds a stay by; each room's transactionId is the
 * room's line. And the mails of sections 3 and 5: one mail for a reservation of several rooms,
 * per-night figures per room, Bengali names and digits, the hotel's copies in the hotel's
 * language.
 */

let rooms: Record<string, string>;
const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });

/** Deluxe King 101, 102 (৳7,500) and Family Room 201, 202 (৳9,000), each with its Bengali name. */
async function hotelWithBengaliNames(app: FastifyInstance, admin: { auth: Record<string, string> }) {
  const beds = { ...categoryPayload('x').beds_and_bedding, maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 };
  const types = [
    ['Deluxe King', '101, 102', 7500, 'ডিলাক্স কিং'],
    ['Family Room', '201, 202', 9000, 'ফ্যামিলি রুম'],
  ] as const;
  for (const [name, roomNumbers, offerPrice, bn] of types) {
    const saved = await saveCategory(app, admin.auth, name, { roomNumbers, offerPrice, beds_and_bedding: beds, translations: { bn: { name: bn } } });
    if (saved.statusCode !== 200) throw new Error(`category ${name}: ${saved.body}`);
  }
  app.roomsCache.clear();
  const all = (await app.inject({ url: '/api/room?limit=100' })).json().data as { _id: string; room_overview: { room_number: string } }[];
  return Object.fromEntries(all.map((r) => [r.room_overview.room_number, r._id])) as Record<string, string>;
}

beforeEach(async () => {
  rooms = await hotelWithBengaliNames(ctx.app, ctx.admin);
});

type Who = { auth: Record<string, string> };
const reserve = (app: FastifyInstance, who: Who, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/reservations', headers: who.auth, payload: { phone: '+880 1711-223344', ...body } });

/** A family's two rooms for three nights: Deluxe King 101 and Family Room 201. */
const familyOfTwoRooms = (extra: Record<string, unknown> = {}) => ({
  checkIn: day(10),
  checkOut: day(13),
  rooms: [
    { roomId: rooms['101'], adults: 2, children: 0 },
    { roomId: rooms['201'], adults: 2, children: 1 },
  ],
  ...extra,
});

describe('GET /api/reservations/my-reservations', () => {
  it('answers a page of the guest’s reservations, newest first, each with its rooms inside, counted by reservation', async () => {
    const family = (await reserve(ctx.app, ctx.guest, familyOfTwoRooms())).json().data;
    // A one-room booking is a reservation under the booking's own reference (as migration 0017 made every old one).
    const single = await book(ctx.app, ctx.guest, rooms['102']!, day(20), day(21));
    expect(single.statusCode, single.body).toBe(201);
    const one = single.json().data;
    // Someone else's reservation is never listed.
    await book(ctx.app, await createUser(ctx.app), rooms['202']!, day(20), day(21));

    const page = async (n: number, limit: number) => {
      const res = await ctx.app.inject({ url: `/api/reservations/my-reservations?page=${n}&limit=${limit}`, headers: ctx.guest.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const all = await page(1, 10);
    expect(all.meta).toEqual({ page: 1, limit: 10, total: 2 });
    expect(all.data.map((r: { reference: string }) => r.reference)).toEqual([one.transactionId, family.reference]);
    expect(all.data[0].bookings.map((b: { _id: string }) => b._id)).toEqual([one._id]);
    expect(all.data[1].bookings.map((b: { room: { roomNumber: string } }) => b.room.roomNumber)).toEqual(['101', '201']);
    expect(all.data[1]).toMatchObject({ checkIn: day(10), checkOut: day(13), amount: family.amount, balance: family.amount });

    // One reservation a page: its two rooms never split over two pages.
    const first = await page(1, 1);
    const second = await page(2, 1);
    expect(first.meta).toEqual({ page: 1, limit: 1, total: 2 });
    expect(first.data.map((r: { reference: string }) => r.reference)).toEqual([one.transactionId]);
    expect(second.data.map((r: { reference: string }) => r.reference)).toEqual([family.reference]);
    expect(second.data[0].bookings).toHaveLength(2);
  });

  it('needs a signed-in caller, and refuses a limit over 100', async () => {
    expect((await ctx.app.inject({ url: '/api/reservations/my-reservations' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/reservations/my-reservations?limit=101', headers: ctx.guest.auth })).statusCode).toBe(400);
  });
});

describe('GET /api/bookings?searchTerm= (the desk’s search)', () => {
  it('finds every room of a reservation by its reference, and the room by its own transactionId', async () => {
    const family = (await reserve(ctx.app, ctx.guest, familyOfTwoRooms())).json().data;
    await book(ctx.app, ctx.guest, rooms['102']!, day(20), day(21));
    const search = async (term: string) => {
      const res = await ctx.app.inject({ url: `/api/bookings?searchTerm=${encodeURIComponent(term)}`, headers: ctx.staff.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const byReference = await search(family.reference.toLowerCase());
    expect(byReference.meta.total).toBe(2);
    expect(byReference.data.map((b: { room: { roomNumber: string } }) => b.room.roomNumber).sort()).toEqual(['101', '201']);
    const room = family.bookings[1];
    const byRoom = await search(room.transactionId);
    expect(byRoom.data.map((b: { _id: string }) => b._id)).toEqual([room._id]);
    expect(byRoom.data[0].reservationReference).toBe(family.reference);
  });
});

describe('a reservation of one room', () => {
  it('has one number, its booking’s, however it is booked (the web books through /api/reservations, the desk through its walk-in)', async () => {
    const online = await ctx.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: ctx.guest.auth,
      payload: { checkIn: day(30), checkOut: day(31), phone: '+880 1711-223344', rooms: [{ roomId: rooms['101'], adults: 1 }] },
    });
    expect(online.statusCode, online.body).toBe(201);
    const desk = await walkIn(ctx.app, ctx.staff, { roomId: rooms['102'], checkIn: day(30), checkOut: day(31), adults: 1, phone: '01711-999888', guest: { name: 'Desk Guest' } });
    expect(desk.statusCode, desk.body).toBe(201);
    for (const { reference, bookings } of [online.json().data, desk.json().data]) {
      expect(bookings).toHaveLength(1);
      expect(bookings[0].transactionId).toBe(reference);
    }
  });
});

describe('booking mails name the reservation by its reference (over SMTP)', () => {
  let smtp: TestSmtp;
  let mailApp: FastifyInstance;
  let bengaliHotel: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtp();
    mailApp = await buildTestApp({ SMTP_URL: smtp.url }, { reset: false });
    bengaliHotel = await buildTestApp({ SMTP_URL: smtp.url, HOTEL_LANGUAGE: 'bn', HOTEL_PHONE: '+880 1711-000000' }, { reset: false });
  });
  afterAll(async () => {
    await mailApp.close();
    await bengaliHotel.close();
    await smtp.close();
  });
  // The file's own app shares the outbox: its worker would take these mails too and write them to files.
  beforeEach(async () => ctx.app.mailer.drain());

  /** Sends what is due, then the mails that arrived since `from`, once `count` did. */
  const since = async (app: FastifyInstance, from: number, count: number) => {
    await app.mailer.drain();
    return (await smtp.waitFor(from + count)).slice(from);
  };
  const to = (mails: ReceivedMail[], address: string) => mails.filter((m) => m.rcptTo.includes(address));

  it('confirmations of two rooms: the reference in both, the nightly lines per room, no per-night sum of the rooms', async () => {
    const seen = smtp.received.length;
    const res = await reserve(mailApp, ctx.guest, familyOfTwoRooms());
    expect(res.statusCode, res.body).toBe(201);
    const family = res.json().data;
    const mails = await since(mailApp, seen, 2);
    const [guest] = to(mails, ctx.guest.email);
    const [hotel] = to(mails, 'frontdesk@residency.test');
    expect(guest!.parsed.subject).toBe(`Your booking ${family.reference} is received`);
    expect(hotel!.parsed.subject).toContain(`New booking ${family.reference}`);
    for (const mail of [guest!, hotel!]) {
      expect(mail.parsed.text).toContain(`Booking ID: ${family.reference}`);
      // Each room's nights, named by the room (7,500 and 9,000 a night).
      expect(mail.parsed.text).toMatch(/Deluxe King 101: [^·]+: 3 nights × ৳7,500/);
      expect(mail.parsed.text).toMatch(/Family Room 201: [^·]+: 3 nights × ৳9,000/);
      // Never the two rooms' prices added into one "per night" (৳16,500).
      expect(mail.parsed.text).not.toContain('Per night');
      for (const b of family.bookings) expect(mail.parsed.text).not.toContain(b.transactionId);
    }
  });

  it('a one-room booking keeps its per-night price under the booking’s reference', async () => {
    const seen = smtp.received.length;
    const made = await book(mailApp, ctx.guest, rooms['101']!, day(30), day(33));
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json().data;
    expect(booking.reservationReference).toBe(booking.transactionId);
    const [guest] = to(await since(mailApp, seen, 2), ctx.guest.email);
    expect(guest!.parsed.text).toContain(`Booking ID: ${booking.reservationReference}`);
    expect(guest!.parsed.text).toContain('Per night: ৳7,500');
  });

  it('confirming a reservation of two rooms confirms both and sends one status mail under the reference', async () => {
    let seen = smtp.received.length;
    const family = (await reserve(mailApp, ctx.guest, familyOfTwoRooms())).json().data;
    await since(mailApp, seen, 2); // the two confirmations
    seen += 2;

    const confirmed = await mailApp.inject({ method: 'PATCH', url: `/api/bookings/${family.bookings[0]._id}`, headers: ctx.staff.auth, payload: { isConfirmed: true } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const reservation = (await mailApp.inject({ url: `/api/reservations/${family._id}`, headers: ctx.staff.auth })).json().data;
    expect(reservation.bookings.map((b: { state: string }) => b.state)).toEqual(['confirmed', 'confirmed']);
    // The other room has nothing left to confirm: no second mail.
    expect((await mailApp.inject({ method: 'PATCH', url: `/api/bookings/${family.bookings[1]._id}`, headers: ctx.staff.auth, payload: { isConfirmed: true } })).statusCode).toBe(409);
    await mailApp.mailer.drain();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = smtp.received.slice(seen);
    expect(mails).toHaveLength(1);
    const [update] = mails;
    expect(update!.rcptTo).toEqual([ctx.guest.email]);
    expect(update!.parsed.subject).toBe(`Booking ${family.reference}: Confirmed, payment Pending`);
    expect(update!.parsed.text).toContain(`Booking ID: ${family.reference}`);
    expect(update!.parsed.text).toContain('Room: Deluxe King (101), Family Room (201)');
    // (7,500 + 9,000) × 3 = 49,500 + 10 % service charge + 15 % VAT, both rooms.
    expect(family.amount).toBe(62617.5);
    expect(update!.parsed.text).toContain('Total: ৳62,617.50');

    // Paid in full at the desk: one status mail, the reference again.
    seen = smtp.received.length;
    const paid = await mailApp.inject({
      method: 'POST',
      url: `/api/reservations/${family._id}/payments`,
      headers: ctx.staff.auth,
      payload: { amount: family.amount, method: 'bkash', reference: '8N7A6B5C4D' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [settled] = await since(mailApp, seen, 1);
    expect(settled!.parsed.subject).toBe(`Booking ${family.reference}: Confirmed, payment Paid`);
    expect(settled!.parsed.text).toContain('Transaction reference: 8N7A6B5C4D');
  });

  it('cancelling one room of two: the cancellation under the reference, naming the room and the one still booked', async () => {
    let seen = smtp.received.length;
    const family = (await reserve(mailApp, ctx.guest, familyOfTwoRooms())).json().data;
    await since(mailApp, seen, 2);
    seen += 2;
    const cancelled = await mailApp.inject({ method: 'POST', url: `/api/bookings/${family.bookings[1]._id}/cancel`, headers: ctx.guest.auth });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [mail] = await since(mailApp, seen, 1);
    expect(mail!.parsed.subject).toBe(`Booking ${family.reference} is cancelled`);
    expect(mail!.parsed.text).toContain(`Booking ID: ${family.reference}`);
    expect(mail!.parsed.text).toContain('Room: Family Room (201)');
    expect(mail!.parsed.text).toContain('Still booked: Deluxe King (101)');
    expect(mail!.parsed.text).not.toContain(family.bookings[1].transactionId);
  });

  it('in Bengali: the room types’ Bengali names, Bengali digits in room numbers and the phone; the hotel’s copy in English', async () => {
    const seen = smtp.received.length;
    const family = (await reserve(mailApp, ctx.guest, familyOfTwoRooms({ language: 'bn' }))).json().data;
    const mails = await since(mailApp, seen, 2);
    const [guest] = to(mails, ctx.guest.email);
    const [hotel] = to(mails, 'frontdesk@residency.test');
    expect(guest!.parsed.subject).toBe(`আপনার বুকিং ${family.reference} আমরা পেয়েছি`);
    expect(guest!.parsed.text).toContain('রুম: ডিলাক্স কিং, ফ্যামিলি রুম');
    expect(guest!.parsed.text).toContain('রুম নম্বর: ১০১, ২০১');
    expect(guest!.parsed.text).toMatch(/ডিলাক্স কিং ১০১: [^·]+: ৩ রাত × ৳৭,৫০০/);
    expect(guest!.parsed.text).toContain('ডিলাক্স কিং ১০১ · ২ জন প্রাপ্তবয়স্ক');
    // The footer's phone in Bengali digits (+880 1711-000000).
    expect(guest!.parsed.text).toContain('+৮৮০ ১৭১১-০০০০০০');
    expect(guest!.parsed.text).not.toMatch(/Deluxe|Family|রুম নম্বর: 1/);
    // The hotel reads its own language (English by default), whatever the guest's.
    expect(hotel!.parsed.subject).toMatch(new RegExp(`^New booking ${family.reference}: Deluxe King, Family Room, `));
    expect(hotel!.parsed.text).toContain('Room number: 101, 201');
    // Bengali letters and digits (the Taka sign, U+09F3, is both languages').
    expect(hotel!.parsed.text).not.toMatch(/[\u0980-\u09F2\u09F4-\u09FF]/);

    // Confirmed: the status mail in Bengali, with the Bengali names and digits.
    const before = smtp.received.length;
    expect((await mailApp.inject({ method: 'PATCH', url: `/api/bookings/${family.bookings[0]._id}`, headers: ctx.staff.auth, payload: { isConfirmed: true } })).statusCode).toBe(200);
    const [update] = await since(mailApp, before, 1);
    expect(update!.parsed.text).toContain('রুম: ডিলাক্স কিং (১০১), ফ্যামিলি রুম (২০১)');
    expect(update!.parsed.text).toContain(family.reference);
  });

  it('a hotel whose language is Bengali (HOTEL_LANGUAGE=bn) gets its copy in Bengali when the guest books in English', async () => {
    const seen = smtp.received.length;
    const res = await reserve(bengaliHotel, ctx.guest, familyOfTwoRooms({ language: 'en' }));
    expect(res.statusCode, res.body).toBe(201);
    const family = res.json().data;
    const mails = await since(bengaliHotel, seen, 2);
    const [guest] = to(mails, ctx.guest.email);
    const [hotel] = to(mails, 'frontdesk@residency.test');
    expect(guest!.parsed.subject).toBe(`Your booking ${family.reference} is received`);
    expect(guest!.parsed.text).toContain('Room: Deluxe King, Family Room');
    expect(hotel!.parsed.subject).toMatch(new RegExp(`^নতুন বুকিং ${family.reference}: ডিলাক্স কিং, ফ্যামিলি রুম, `));
    expect(hotel!.parsed.text).toContain('রুম নম্বর: ১০১, ২০১');
  });
});

describe('old references keep working', () => {
  it('a booking made before reservations (its reservation under its own transactionId) is found and listed under it', async () => {
    const made = (await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(6))).json().data;
    // As migration 0017 left an old booking: the reservation's reference is the booking's transactionId.
    const [row] = await query<{ reference: string }>(ctx.app, sql`select r.reference from reservations r join bookings b on b.reservation_id = r.id where b.id = ${made._id}`);
    expect(row!.reference).toBe(made.transactionId);
    const found = (await ctx.app.inject({ url: `/api/bookings?searchTerm=${made.transactionId}`, headers: ctx.staff.auth })).json();
    expect(found.data.map((b: { _id: string }) => b._id)).toEqual([made._id]);
    const mine = (await ctx.app.inject({ url: '/api/reservations/my-reservations', headers: ctx.guest.auth })).json();
    expect(mine.data.map((r: { reference: string }) => r.reference)).toEqual([made.transactionId]);
  });
});
