import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, outbox, query, useTestApp } from '../../test/app.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { act, book, confirm, day, HOTEL_ACCOUNTS, ON_ACCOUNT, placeStay, smallHotelRooms, withReference } from '../../test/stays.ts';
import { fiscalYearOf } from '../invoices/invoices.service.ts';

/*
 * Reservations of several rooms, their folio, refunds and VAT invoices (issue 22), through the
 * API on the worker's database (PostgreSQL in CI).
 */

let rooms: Record<string, string>;
const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
beforeEach(async () => {
  // Deluxe King 101, 102 (৳7,500); Family Room 201, 202, 203 (৳9,000).
  rooms = await smallHotelRooms(ctx.app, ctx.admin, { 'Family Room': { rooms: '201, 202, 203', price: 9000 } });
});

const reserve = (who: { auth: Record<string, string> }, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/reservations', headers: who.auth, payload: { phone: '+880 1711-223344', ...body } });

const folio = async (id: string, who = ctx.staff) => {
  const res = await ctx.app.inject({ url: `/api/reservations/${id}/folio`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const post = (id: string, what: string, payload: Record<string, unknown>, who = ctx.staff) =>
  ctx.app.inject({ method: 'POST', url: `/api/reservations/${id}/${what}`, headers: who.auth, payload: withReference(payload) });

/** Deluxe King 101 and 102 for two adults each, Family Room 201 for two adults and a child. */
const threeRooms = () => [
  { roomId: rooms['101'], adults: 2, children: 0 },
  { roomId: rooms['102'], adults: 2, children: 0 },
  { roomId: rooms['201'], adults: 2, children: 1 },
];

const sum = (values: number[]) => Math.round(values.reduce((s, v) => s + v, 0) * 100) / 100;

describe('POST /api/reservations', () => {
  it('books several rooms under one reference, one price and one pair of confirmation mails listing each room', async () => {
    const res = await reserve(ctx.guest, {
      checkIn: day(5),
      checkOut: day(7),
      rooms: threeRooms(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json().data;
    expect(r.reference).toMatch(/^RSV-[0-9A-Z]{8}$/);
    expect(r.bookings.map((b: { room: { roomNumber: string } }) => b.room.roomNumber)).toEqual(['101', '102', '201']);
    // 2 nights: (7,500 + 7,500 + 9,000) × 2 = 48,000 + 10 % service + 15 % VAT.
    expect(r.amount).toBe(60720);
    expect(r).toMatchObject({ charged: 60720, paid: 0, balance: 60720, checkIn: day(5), checkOut: day(7) });
    for (const b of r.bookings) expect(b).toMatchObject({ reservationId: r._id, reservationReference: r.reference, state: 'unconfirmed' });
    expect(new Set(r.bookings.map((b: { transactionId: string }) => b.transactionId)).size).toBe(3);
    const mails = (await outbox(ctx.app)).filter((m) => m.kind.startsWith('BOOKING_CONFIRMATION'));
    expect(mails.map((m) => m.kind).sort()).toEqual(['BOOKING_CONFIRMATION_ADMIN', 'BOOKING_CONFIRMATION_USER']);
    const guestMail = mails.find((m) => m.kind === 'BOOKING_CONFIRMATION_USER')!;
    expect(guestMail.text).toContain(r.reference);
    for (const line of ['Deluxe King 101', 'Deluxe King 102', 'Family Room 201']) expect(guestMail.text).toContain(line);
    expect(guestMail.text).toContain('৳60,720');
  });

  it('sends one notification for a reservation of three rooms: the nights of every room, on the availability feed', async () => {
    const channels = ['availability_changed', 'channel_exports_changed', 'channel_nights_freed', 'rooms_changed', 'account_changed', 'bookings_changed', 'test_marker'];
    const heard: [string, string][] = [];
    const stops = await Promise.all(
      channels.map((channel) => ctx.app.dbHandle.subscribe(channel, { onMessage: (payload) => heard.push([channel, payload]), onLive: () => {} })),
    );
    try {
      const res = await reserve(ctx.guest, {
        checkIn: day(5),
        checkOut: day(7),
        rooms: threeRooms(),
      });
      expect(res.statusCode, res.body).toBe(201);
      // Notifications reach a listener in the order of the commits: the marker comes after the booking's.
      await query(ctx.app, sql`select pg_notify('test_marker', '')`);
      await expect.poll(() => heard.some(([channel]) => channel === 'test_marker'), { timeout: 5_000, interval: 10 }).toBe(true);
      const booking = heard.filter(([channel]) => channel !== 'test_marker');
      expect(booking.map(([channel]) => channel)).toEqual(['availability_changed']);
      const taken = booking[0]![1].split('|')[3]!.split(';').map((change) => change.split(',')[0]);
      expect(taken.sort()).toEqual(['101', '102', '201'].map((n) => `+${rooms[n]}`).sort());
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
  });

  it('books nothing when one room was taken meanwhile, and names it with the rooms of its type still free', async () => {
    expect((await book(ctx.app, ctx.staff, rooms['201']!, day(6), day(8))).statusCode).toBe(201);
    const before = await query<{ n: number }>(ctx.app, sql`select count(*)::int as n from bookings`);
    const res = await reserve(ctx.guest, {
      checkIn: day(5),
      checkOut: day(7),
      rooms: [
        { roomId: rooms['101'], adults: 2, children: 0 },
        { roomId: rooms['201'], adults: 2, children: 1 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ROOM_NOT_AVAILABLE',
      roomType: 'Family Room',
      roomNumber: '201',
      alternatives: [{ _id: rooms['202'], roomNumber: '202' }, { _id: rooms['203'], roomNumber: '203' }],
    });
    expect(res.json().message).toContain('Family Room 201');
    expect(await query(ctx.app, sql`select count(*)::int as n from bookings`)).toEqual(before);
    expect(await query(ctx.app, sql`select 1 from reservations r where not exists (select 1 from bookings b where b.reservation_id = r.id)`)).toEqual([]);
  });

  it('applies the per-room guest limit to each room, and refuses a room chosen twice', async () => {
    const tooMany = await reserve(ctx.guest, { checkIn: day(5), checkOut: day(6), rooms: [{ roomId: rooms['101'], adults: 3, children: 1 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('At most 3 guests can stay in one room.');
    const twice = await reserve(ctx.guest, {
      checkIn: day(5),
      checkOut: day(6),
      rooms: [
        { roomId: rooms['101'], adults: 1, children: 0 },
        { roomId: rooms['101'], adults: 1, children: 0 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('A room can be chosen only once.');
  });

  it('uses a coupon once for the whole reservation, a fixed discount shared among the rooms', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/coupons',
      headers: ctx.admin.auth,
      payload: { code: 'FAMILY3000', discountType: 'fixed', discountValue: 3000, expirationDate: day(60), minimumPurchaseAmount: 0, usageLimit: 5, isActive: true },
    });
    const res = await reserve(ctx.guest, {
      checkIn: day(5),
      checkOut: day(6),
      couponCode: 'FAMILY3000',
      rooms: [
        { roomId: rooms['101'], adults: 2, children: 0 },
        { roomId: rooms['201'], adults: 2, children: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const discounts = res.json().data.bookings.map((b: { discount: number }) => b.discount);
    // 3,000 over 7,500 and 9,000 in proportion: 1,363.64 and the rest.
    expect(discounts).toEqual([1363.64, 1636.36]);
    expect(await query(ctx.app, sql`select used_count from coupons where code = 'FAMILY3000'`)).toEqual([{ used_count: 1 }]);
  });

  it('leaves no partial reservation and no overlap when 50 families race for overlapping rooms', async () => {
    const families = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx.app)));
    const pairs = [
      ['101', '201'],
      ['201', '202'],
      ['202', '203'],
      ['101', '203'],
      ['102', '202'],
    ];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        reserve(families[i % 10]!, {
          checkIn: day(10 + (i % 2)),
          checkOut: day(12),
          rooms: pairs[i % pairs.length]!.map((n) => ({ roomId: rooms[n], adults: 1, children: 0 })),
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => c === 201 || c === 409)).toBe(true);
    expect(codes.filter((c) => c === 201).length).toBeGreaterThan(0);
    // Every reservation holds exactly the rooms it asked for; no room holds two stays on one night.
    const sizes = await query<{ n: number }>(ctx.app, sql`select count(*)::int as n from bookings group by reservation_id`);
    expect(sizes.every((s) => s.n === 2)).toBe(true);
    expect(sizes).toHaveLength(codes.filter((c) => c === 201).length);
    expect(
      await query(
        ctx.app,
        sql`select 1 from bookings a join bookings b on a.room_id = b.room_id and a.id < b.id
            and daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out) where a.status = 'active' and b.status = 'active'`,
      ),
    ).toEqual([]);
  });
});

/** A two-night stay in 101 (৳18,975) booked by the guest, confirmed; its reservation id. */
async function stayOf(from = 3, to = 5) {
  const res = await book(ctx.app, ctx.guest, rooms['101']!, day(from), day(to));
  expect(res.statusCode, res.body).toBe(201);
  const booking = res.json().data;
  await confirm(ctx.app, ctx.staff, booking._id);
  return booking as { _id: string; reservationId: string; amount: number; transactionId: string };
}

describe('the folio', () => {
  it("holds a stay's nights with their service charge and VAT, adding up to its amount", async () => {
    const booking = await stayOf();
    const f = await folio(booking.reservationId);
    expect(f.reference).toBe(booking.transactionId);
    expect(f.lines.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
      ['room', 7500],
      ['room', 7500],
      ['service_charge', 750],
      ['vat', 1237.5],
      ['service_charge', 750],
      ['vat', 1237.5],
    ]);
    expect(f).toMatchObject({ charged: 18975, paid: 0, refunded: 0, balance: 18975, refundable: 0 });
    expect(sum(f.lines.map((l: { amount: number }) => l.amount))).toBe(booking.amount);
  });

  it('posts a laundry charge with its service charge and VAT; the guest may read but not post', async () => {
    const booking = await stayOf();
    const res = await post(booking.reservationId, 'charges', { chargeType: 'laundry', unitPrice: 450, quantity: 2, description: 'Two shirts' });
    expect(res.statusCode, res.body).toBe(201);
    const lines = res.json().data.lines.slice(6);
    expect(lines.map((l: { kind: string; amount: number; rate: number | null }) => [l.kind, l.amount, l.rate])).toEqual([
      ['charge', 900, null],
      ['service_charge', 90, 10],
      ['vat', 148.5, 15],
    ]);
    expect(lines[0]).toMatchObject({ chargeType: 'laundry', description: 'Two shirts', quantity: 2, unitPrice: 450, postedBy: { _id: ctx.staff.id } });
    expect(res.json().data.balance).toBe(18975 + 1138.5);
    expect((await post(booking.reservationId, 'charges', { chargeType: 'laundry', unitPrice: 1 }, ctx.guest)).statusCode).toBe(403);
    expect((await folio(booking.reservationId, ctx.guest)).balance).toBe(20113.5);
    const stranger = await createUser(ctx.app);
    expect((await ctx.app.inject({ url: `/api/reservations/${booking.reservationId}/folio`, headers: stranger.auth })).statusCode).toBe(404);
  });

  it('prices the airport shuttle from its charge type, and refuses an unknown one or a missing price', async () => {
    const booking = await stayOf();
    const shuttle = await post(booking.reservationId, 'charges', { chargeType: 'airport_shuttle' });
    expect(shuttle.statusCode, shuttle.body).toBe(201);
    expect(shuttle.json().data.lines.slice(6).map((l: { amount: number }) => l.amount)).toEqual([1500, 225]);
    const unknown = await post(booking.reservationId, 'charges', { chargeType: 'spa_day', unitPrice: 10 });
    expect([unknown.statusCode, unknown.json().errors?.[0]?.path]).toEqual([400, 'chargeType']);
    const noPrice = await post(booking.reservationId, 'charges', { chargeType: 'minibar' });
    expect([noPrice.statusCode, noPrice.json().errors?.[0]?.path]).toEqual([400, 'unitPrice']);
  });

  it('corrects a line by a reversal with a reason, its taxes with it, once; lines are never edited', async () => {
    const booking = await stayOf();
    const posted = await post(booking.reservationId, 'charges', { chargeType: 'minibar', unitPrice: 300 });
    const charge = posted.json().data.lines.find((l: { kind: string }) => l.kind === 'charge');
    expect((await post(booking.reservationId, 'reversals', { lineId: charge._id, reason: '' })).statusCode).toBe(400);
    const reversed = await post(booking.reservationId, 'reversals', { lineId: charge._id, reason: 'Not taken from the minibar' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const after = reversed.json().data;
    expect(after.balance).toBe(18975);
    expect(after.lines.filter((l: { reverses: string | null }) => l.reverses).map((l: { kind: string; amount: number; reason: string }) => [l.kind, l.amount, l.reason])).toEqual([
      ['charge', -300, 'Not taken from the minibar'],
      ['service_charge', -30, 'Not taken from the minibar'],
      ['vat', -49.5, 'Not taken from the minibar'],
    ]);
    expect(after.lines.find((l: { _id: string }) => l._id === charge._id).reversedBy).toEqual(expect.any(String));
    const again = await post(booking.reservationId, 'reversals', { lineId: charge._id, reason: 'Twice' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'LINE_NOT_REVERSIBLE']);
    // A line of another reservation is not this folio's to reverse.
    const other = await stayOf(8, 9);
    const foreign = (await folio(other.reservationId)).lines[0]._id;
    expect((await post(booking.reservationId, 'reversals', { lineId: foreign, reason: 'Wrong folio' })).json().code).toBe('LINE_NOT_REVERSIBLE');
  });

  it('takes a deposit and the balance, never more than the balance; the booking is Paid when the folio is', async () => {
    const booking = await stayOf();
    const deposit = await post(booking.reservationId, 'payments', { amount: 5000, method: 'bkash', reference: '8N7A6B5C4D' });
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect(deposit.json().data).toMatchObject({ paid: 5000, balance: 13975, payments: [{ amount: 5000, method: 'bkash', reference: '8N7A6B5C4D', recordedBy: { _id: ctx.staff.id } }] });
    const over = await post(booking.reservationId, 'payments', { amount: 13975.01, method: 'cash' });
    expect([over.statusCode, over.json().code]).toEqual([409, 'PAYMENT_OVER_BALANCE']);
    expect((await post(booking.reservationId, 'payments', { amount: 13975, method: 'cash' })).statusCode).toBe(201);
    const b = (await ctx.app.inject({ url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth })).json().data;
    expect(b).toMatchObject({ paymentStatus: 'Paid', paymentState: 'paid', paid: 18975, balance: 0 });
  });

  it('refunds in parts, never more in all than was paid, each with a reason', async () => {
    const booking = await stayOf();
    await post(booking.reservationId, 'payments', { amount: 6000, method: 'card' });
    expect((await post(booking.reservationId, 'refunds', { amount: 100, method: 'card' })).statusCode).toBe(400);
    expect((await post(booking.reservationId, 'refunds', { amount: 2500, method: 'card', reason: 'Room moved' })).statusCode).toBe(201);
    const second = await post(booking.reservationId, 'refunds', { amount: 3500, method: 'nagad', reason: 'Goodwill', reference: 'NG123' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data).toMatchObject({ paid: 6000, refunded: 6000, refundable: 0, balance: 18975 });
    const third = await post(booking.reservationId, 'refunds', { amount: 0.01, method: 'cash', reason: 'One paisa more' });
    expect([third.statusCode, third.json().code]).toEqual([409, 'REFUND_OVER_PAID']);
  });

  it('gives one refund and one 409 to two desks refunding the last of a payment at once', async () => {
    const booking = await stayOf();
    await post(booking.reservationId, 'payments', { amount: 1000, method: 'cash' });
    const both = await Promise.all([
      post(booking.reservationId, 'refunds', { amount: 800, method: 'cash', reason: 'Desk one' }),
      post(booking.reservationId, 'refunds', { amount: 800, method: 'cash', reason: 'Desk two' }, ctx.admin),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await folio(booking.reservationId)).refunded).toBe(800);
  });

  it('charges a cancellation its penalty only; what was paid beyond it is refundable', async () => {
    const booking = await stayOf(1, 3);
    await post(booking.reservationId, 'payments', { amount: 10000, method: 'bkash' });
    // Free only until 30 days before check-in: too late now, the first night is the penalty.
    await query(ctx.app, sql`update bookings set cancellation_policy = '{"freeHours": 720, "penalty": "first_night", "penaltyPercent": null}' where id = ${booking._id}`);
    const cancel = await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const f = await folio(booking.reservationId);
    expect(f.lines.filter((l: { kind: string; reversedBy: string | null; reverses: string | null }) => !l.reversedBy && !l.reverses).map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([['penalty', 7500]]);
    expect(f).toMatchObject({ charged: 7500, paid: 10000, balance: -2500, refundable: 10000 });
    // The penalty is invoiced at once: such a stay never reaches check-out.
    expect(f.invoices).toMatchObject([{ kind: 'invoice', number: `INV-${fiscalYearOf(day(0))}-000001` }]);
    expect((await post(booking.reservationId, 'refunds', { amount: 2500, method: 'bkash', reason: 'Cancelled: paid beyond the penalty' })).json().data.balance).toBe(0);
  });
});

describe('check-out, the invoice and the credit note', () => {
  /** A stay under way in 101, checked in. */
  async function inHouse() {
    const booking = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(-2), day(0));
    await confirm(ctx.app, ctx.staff, booking._id);
    await query(ctx.app, sql`update bookings set stage = 'checked_in' where id = ${booking._id}`);
    return booking;
  }

  it('asks for the balance at check-out, or the company account recorded with who and when', async () => {
    const booking = await inHouse();
    const refused = await act(ctx.app, ctx.staff, booking._id, 'check-out');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BALANCE_DUE', balance: 18975 });
    expect(refused.json().message).toBe("৳18,975 is still due: take the payment, or confirm that it goes to the company's account.");
    const out = await act(ctx.app, ctx.staff, booking._id, 'check-out', { cityLedger: true, note: 'Grameenphone Ltd. account' });
    expect(out.statusCode, out.body).toBe(200);
    expect((await folio(booking.reservationId)).cityLedger).toMatchObject({ by: ctx.staff.id, note: 'Grameenphone Ltd. account', at: expect.any(String) });
  });

  it('issues the invoice when the last room checks out, mails it with its PDF, and lets the guest download it in both languages', async () => {
    const booking = await inHouse();
    await post(booking.reservationId, 'charges', { chargeType: 'laundry', unitPrice: 500 });
    await post(booking.reservationId, 'payments', { amount: 19607.5, method: 'cash' });
    // Before check-out: a proforma for the desk only.
    const proforma = await ctx.app.inject({ url: `/api/reservations/${booking.reservationId}/invoice?lang=bn`, headers: ctx.staff.auth });
    expect([proforma.statusCode, proforma.headers['content-type'], proforma.rawPayload.subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
    expect(proforma.headers['content-disposition']).toContain('proforma-');
    expect((await ctx.app.inject({ url: `/api/reservations/${booking.reservationId}/invoice`, headers: ctx.guest.auth })).statusCode).toBe(404);

    expect((await act(ctx.app, ctx.staff, booking._id, 'check-out')).statusCode).toBe(200);
    const f = await folio(booking.reservationId);
    const number = `INV-${fiscalYearOf(day(0))}-000001`;
    expect(f.invoices).toMatchObject([{ kind: 'invoice', number }]);
    const mail = (await outbox(ctx.app)).find((m) => m.kind === 'invoice')!;
    expect(mail).toMatchObject({ to: ctx.guest.email, attachments: [{ kind: 'invoice', filename: `${number}.pdf` }] });
    for (const lang of ['en', 'bn']) {
      const pdf = await ctx.app.inject({ url: `/api/reservations/${booking.reservationId}/invoice?lang=${lang}`, headers: ctx.guest.auth });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${number}-${lang}.pdf"`);
    }
    const stranger = await createUser(ctx.app);
    expect((await ctx.app.inject({ url: `/api/reservations/${booking.reservationId}/invoice`, headers: stranger.auth })).statusCode).toBe(404);
  });

  it('cancels an invoice only by a credit note of its own number, then invoices again with the next number', async () => {
    const booking = await inHouse();
    expect((await act(ctx.app, ctx.staff, booking._id, 'check-out', ON_ACCOUNT)).statusCode).toBe(200);
    const fy = fiscalYearOf(day(0));
    expect((await post(booking.reservationId, 'invoices', {})).json().code).toBe('INVOICE_STANDS');
    const credit = await post(booking.reservationId, 'credit-notes', { reason: 'Wrong company name' });
    expect(credit.statusCode, credit.body).toBe(201);
    await query(ctx.app, sql`update reservations set company_name = 'Acme Bangladesh Ltd.', company_bin = '004455667788' where id = ${booking.reservationId}`);
    const again = await post(booking.reservationId, 'invoices', {});
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.invoices.map((i: { kind: string; number: string }) => [i.kind, i.number])).toEqual([
      ['invoice', `INV-${fy}-000001`],
      ['credit_note', `CN-${fy}-000001`],
      ['invoice', `INV-${fy}-000002`],
    ]);
    const note = await ctx.app.inject({ url: `/api/reservations/${booking.reservationId}/invoice?number=CN-${fy}-000001`, headers: ctx.guest.auth });
    expect(note.statusCode).toBe(200);
    expect((await post(booking.reservationId, 'credit-notes', { reason: 'x' })).statusCode).toBe(400);
  });

  it('numbers the invoices of 20 check-outs at once without a gap or a number twice', async () => {
    const stays = [];
    for (let i = 0; i < 20; i += 1) {
      const room = i % 2 === 0 ? '101' : '102';
      const booking = await placeStay(ctx.app, ctx.guest, rooms[room]!, day(-40 + i * 2), day(-39 + i * 2));
      await confirm(ctx.app, ctx.staff, booking._id);
      await query(ctx.app, sql`update bookings set stage = 'checked_in' where id = ${booking._id}`);
      stays.push(booking);
    }
    const results = await Promise.all(stays.map((s, i) => act(ctx.app, i % 2 ? ctx.admin : ctx.staff, s._id, 'check-out', ON_ACCOUNT)));
    expect(results.map((r) => r.statusCode)).toEqual(stays.map(() => 200));
    const numbers = await query<{ seq: number }>(ctx.app, sql`select seq from invoices where kind = 'invoice' order by seq`);
    expect(numbers.map((n) => n.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('the invoice mail over SMTP', () => {
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
  // The file's own app shares the outbox: its worker would take these mails to its files.
  beforeEach(async () => ctx.app.mailer.drain());

  it("reaches a Bengali guest in Bengali with the invoice's PDF attached, drawn when the mail is sent", async () => {
    await query(ctx.app, sql`update users set language = 'bn' where id = ${ctx.guest.id}`);
    const booking = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(-1), day(0), { language: 'bn' });
    await confirm(ctx.app, ctx.staff, booking._id);
    await query(ctx.app, sql`update bookings set stage = 'checked_in' where id = ${booking._id}`);
    await post(booking.reservationId, 'payments', { amount: booking.amount, method: 'bkash', reference: 'TRX12345' });
    // The file's app sent the payment's mail at once (its own worker, to files): let that pass
    // end, so the invoice's mail is this app's to send.
    await ctx.app.mailer.drain();
    const before = smtp.received.length;
    expect((await act(mailApp, ctx.staff, booking._id, 'check-out')).statusCode).toBe(200);
    await mailApp.mailer.drain();
    const mails = await smtp.waitFor(before + 1);
    const mail = mails.slice(before).find((m) => m.rcptTo.includes(ctx.guest.email) && m.parsed.attachments.length > 0)!;
    const number = `INV-${fiscalYearOf(day(0))}-000001`;
    expect(mail.parsed.subject).toContain(`ভ্যাট চালান ${number}`);
    expect(mail.parsed.attachments.map((a) => [a.filename, a.mimeType])).toEqual([[`${number}.pdf`, 'application/pdf']]);
    const pdf = Buffer.from(mail.parsed.attachments[0]!.content as ArrayBuffer);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The Bengali invoice: its number in Bengali digits, the payment's reference as typed.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'invoice-mail-')), 'invoice.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(number.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!));
    expect(text).toContain('TRX12345');
  });
});

describe('fiscalYearOf', () => {
  it('runs July to June', () => {
    expect([fiscalYearOf('2026-06-30'), fiscalYearOf('2026-07-01'), fiscalYearOf('2099-12-31')]).toEqual(['2025-26', '2026-27', '2099-00']);
  });
});
