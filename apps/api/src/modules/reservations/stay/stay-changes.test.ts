import { sql } from 'drizzle-orm';
import type { TBooking } from '@residency/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox, query, useTestApp } from '../../../test/app.ts';
import { act, book, bookingOf, confirm, day, HOTEL_ACCOUNTS, placeStay, smallHotelRooms } from '../../../test/stays.ts';

/*
 * The desk changes a reservation (issue 22): a room added or removed, a stay's dates, a guest
 * moved to another room, each within availability and the state rules, through the API.
 */

let rooms: Record<string, string>;
const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
beforeEach(async () => {
  // Deluxe King 101, 102 (৳7,500); Family Room 201, 202, 203 (৳9,000).
  rooms = await smallHotelRooms(ctx.app, ctx.admin, { 'Family Room': { rooms: '201, 202, 203', price: 9000 } });
});

type Line = { _id: string; bookingId: string; kind: string; amount: number; reverses: string | null; reversedBy: string | null; reason: string | null };

const reserve = (body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/reservations', headers: ctx.guest.auth, payload: { phone: '+880 1711-223344', ...body } });

const folio = async (id: string) => {
  const res = await ctx.app.inject({ url: `/api/reservations/${id}/folio`, headers: ctx.staff.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { lines: Line[]; charged: number; balance: number };
};

const booked = async (res: Awaited<ReturnType<typeof book>>) => {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as TBooking;
};

const addRoom = (reservationId: string, payload: Record<string, unknown>, who = ctx.staff) =>
  ctx.app.inject({ method: 'POST', url: `/api/reservations/${reservationId}/rooms`, headers: who.auth, payload });
const removeRoom = (reservationId: string, bookingId: string, reason: string, who = ctx.staff) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/reservations/${reservationId}/rooms/${bookingId}`, headers: who.auth, payload: { reason } });
const changeDates = (id: string, payload: Record<string, unknown>, who = ctx.staff) => act(ctx.app, who, id, 'dates', payload);
const move = (id: string, payload: Record<string, unknown>, who = ctx.staff) => act(ctx.app, who, id, 'move', payload);

/** What a change that was refused must leave as it was: the booking, its nights, its folio. */
const snapshot = async (b: TBooking) => ({
  booking: await bookingOf(ctx.app, ctx.admin, b._id),
  folio: await folio(b.reservationId),
  nights: await query(ctx.app, sql`select night::text, room_price from booking_nights where booking_id = ${b._id} order by night`),
});

/** Lines posted and not reversed since. */
const standing = (lines: Line[]) => lines.filter((l) => !l.reverses && !l.reversedBy);

/** The dashboard's daily totals, kept by triggers, are what a rebuild from the stays and their nights gives. */
async function expectDailyTotalsRight() {
  const totals = () =>
    query(
      ctx.app,
      sql`select day::text, arrivals, departures, round(rate_in, 2)::text as rate_in, round(rate_out, 2)::text as rate_out from daily_totals_now
          where arrivals <> 0 or departures <> 0 or round(rate_in, 2) <> 0 or round(rate_out, 2) <> 0 order by day`,
    );
  const kept = await totals();
  await query(ctx.app, sql`select rebuild_daily_totals('Asia/Dhaka')`);
  expect(kept).toEqual(await totals());
}

describe('POST /api/reservations/:id/rooms', () => {
  it("adds a room for the reservation's dates at the current rates: the folio grows by its lines, and a confirmed reservation's room is confirmed", async () => {
    const first = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7)));
    expect((await confirm(ctx.app, ctx.staff, first._id)).statusCode).toBe(200);
    const before = await folio(first.reservationId);
    expect(before.charged).toBe(18975);

    const res = await addRoom(first.reservationId, { roomId: rooms['201'], adults: 2, children: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json().data;
    expect(r.bookings).toHaveLength(2);
    const added = r.bookings[1];
    // 2 nights × 9,000 = 18,000 + 10 % service + 15 % VAT = 22,770, no coupon.
    expect(added).toMatchObject({ startDate: day(5), endDate: day(7), state: 'confirmed', amount: 22770, reservationId: first.reservationId });
    expect(added.room.roomNumber).toBe('201');
    const after = await folio(first.reservationId);
    expect(after.charged).toBe(18975 + 22770);
    const newLines = after.lines.filter((l) => l.bookingId === added._id);
    expect(newLines.map((l) => l.kind).sort()).toEqual(['room', 'room', 'service_charge', 'service_charge', 'vat', 'vat']);
    expect(after.lines).toHaveLength(before.lines.length + 6);
  });

  it('409 when the room is booked on one of the nights, naming the rooms of its type still free; nothing added', async () => {
    const first = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7)));
    await booked(await book(ctx.app, ctx.staff, rooms['202']!, day(6), day(8)));
    const res = await addRoom(first.reservationId, { roomId: rooms['202'], adults: 2, children: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ROOM_NOT_AVAILABLE', alternatives: [{ _id: rooms['201'], roomNumber: '201' }, { _id: rooms['203'], roomNumber: '203' }] });
    expect(res.json().message).toContain('Family Room 202');
    expect((await folio(first.reservationId)).charged).toBe(18975);
    expect(await query(ctx.app, sql`select count(*)::int as n from bookings where reservation_id = ${first.reservationId}`)).toEqual([{ n: 1 }]);
  });
});

describe('DELETE /api/reservations/:id/rooms/:bookingId', () => {
  it('removes a room without penalty, its lines reversed with the reason; the other room stays; never the last room', async () => {
    const res = await reserve({
      checkIn: day(5),
      checkOut: day(7),
      rooms: [
        { roomId: rooms['101'], adults: 2, children: 0 },
        { roomId: rooms['201'], adults: 2, children: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json().data as { _id: string; bookings: TBooking[] };
    const [deluxe, family] = r.bookings as [TBooking, TBooking];

    const removed = await removeRoom(r._id, family._id, 'The family needs one room only');
    expect(removed.statusCode, removed.body).toBe(200);
    const after = removed.json().data;
    expect(after.bookings.map((b: TBooking) => [b.room.roomNumber, b.state])).toEqual([
      ['101', 'unconfirmed'],
      ['201', 'cancelled'],
    ]);
    const f = await folio(r._id);
    expect(f.charged).toBe(18975);
    const reversals = f.lines.filter((l) => l.bookingId === family._id && l.reverses);
    expect(reversals).toHaveLength(6);
    for (const l of reversals) expect(l.reason).toBe('Room removed: The family needs one room only');
    expect(f.lines.some((l) => l.kind === 'penalty')).toBe(false);
    expect(standing(f.lines).every((l) => l.bookingId === deluxe._id)).toBe(true);
    // Its nights are free again.
    await booked(await book(ctx.app, ctx.staff, rooms['201']!, day(5), day(7)));

    const last = await removeRoom(r._id, deluxe._id, 'Not needed');
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('LAST_ROOM');
    await expectDailyTotalsRight();
  });

  it('refuses a room checked in to, and a booking of another reservation (404)', async () => {
    const stay = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(-1), day(1));
    await confirm(ctx.app, ctx.staff, stay._id);
    expect((await act(ctx.app, ctx.staff, stay._id, 'check-in')).statusCode).toBe(200);
    const added = await addRoom(stay.reservationId, { roomId: rooms['102'], adults: 1, children: 0 });
    expect(added.statusCode, added.body).toBe(201);
    // In the house since yesterday: the new room is for the nights left.
    expect(added.json().data.bookings[1]).toMatchObject({ startDate: day(0), endDate: day(1) });
    const refused = await removeRoom(stay.reservationId, stay._id, 'Wrong room');
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'ALREADY_CHECKED_IN']);
    const other = await booked(await book(ctx.app, ctx.guest, rooms['201']!, day(5), day(6)));
    expect((await removeRoom(stay.reservationId, other._id, 'Wrong room')).statusCode).toBe(404);
  });
});

describe('POST /api/bookings/:id/dates', () => {
  it('keeps the price of the nights kept and prices a new night at the current rate of the calendar', async () => {
    const stay = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7)));
    // The calendar changes after the sale: a kept night keeps its price, the new night takes the new one.
    const bulk = await ctx.app.inject({ method: 'POST', url: '/api/rates/bulk', headers: ctx.admin.auth, payload: { category: 'Deluxe King', from: day(5), to: day(7), price: 9000 } });
    expect(bulk.statusCode, bulk.body).toBe(200);

    const res = await changeDates(stay._id, { checkIn: day(5), checkOut: day(8) });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data as TBooking;
    expect(b.nightlyLines.map((n) => [n.date, n.price])).toEqual([
      [day(5), 7500],
      [day(6), 7500],
      [day(7), 9000],
    ]);
    // 24,000 + 10 % + 15 %.
    expect(b).toMatchObject({ startDate: day(5), endDate: day(8), nights: 3, subtotal: 24000, amount: 30360 });
    const f = await folio(stay.reservationId);
    expect(f.charged).toBe(30360);
    expect(standing(f.lines).filter((l) => l.kind === 'room').map((l) => l.amount)).toEqual([7500, 7500, 9000]);
    expect(f.lines.filter((l) => l.reverses).every((l) => l.reason === 'Dates changed')).toBe(true);
    // The guest is told the new dates.
    const mails = (await outbox(ctx.app)).filter((m) => m.kind === 'BOOKING_STATUS_UPDATE');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('৳30,360');

    // Shorter again: the night dropped goes, the others keep their price.
    const shorter = await changeDates(stay._id, { checkIn: day(6), checkOut: day(8) });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect((shorter.json().data as TBooking).nightlyLines.map((n) => n.price)).toEqual([7500, 9000]);
    expect((await folio(stay.reservationId)).charged).toBe(20872.5);
    await expectDailyTotalsRight();
  });

  it("keeps a coupon's share of the subtotal: a fixed ৳1,000 off two nights is ৳1,500 off three", async () => {
    const coupon = await ctx.app.inject({
      method: 'POST',
      url: '/api/coupons',
      headers: ctx.admin.auth,
      payload: { code: 'FAMILY1000', discountType: 'fixed', discountValue: 1000, expirationDate: day(60) },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const stay = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7), { couponCode: 'FAMILY1000' }));
    expect(stay).toMatchObject({ subtotal: 15000, discount: 1000 });
    const res = await changeDates(stay._id, { checkIn: day(5), checkOut: day(8) });
    expect(res.statusCode, res.body).toBe(200);
    // 22,500 − 1,500 = 21,000; service 2,100; VAT 15 % of 23,100 = 3,465.
    expect(res.json().data).toMatchObject({ subtotal: 22500, discount: 1500, withOutVatAndService: 21000, serviceCharge: 2100, vat: 3465, amount: 26565, couponCode: 'FAMILY1000' });
    const f = await folio(stay.reservationId);
    expect(f.charged).toBe(26565);
    expect(standing(f.lines).filter((l) => l.kind === 'discount').reduce((sum, l) => sum + l.amount, 0)).toBeCloseTo(-1500, 2);
    await expectDailyTotalsRight();
  });

  it('409 onto a night that is taken, and nothing changes', async () => {
    const stay = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7)));
    await booked(await book(ctx.app, ctx.staff, rooms['101']!, day(7), day(9)));
    const before = await snapshot(stay);
    const res = await changeDates(stay._id, { checkIn: day(5), checkOut: day(8) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ROOM_NOT_AVAILABLE');
    expect(await snapshot(stay)).toEqual(before);
  });

  it("takes the desk's price of a new night with its reason, and refuses one without a reason or for a night kept", async () => {
    const stay = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7)));
    const noReason = await changeDates(stay._id, { checkIn: day(5), checkOut: day(8), prices: [{ date: day(7), price: 5000 }] });
    expect(noReason.statusCode).toBe(400);
    const kept = await changeDates(stay._id, { checkIn: day(5), checkOut: day(8), prices: [{ date: day(5), price: 5000 }], reason: 'Regular guest' });
    expect([kept.statusCode, kept.json().code]).toEqual([400, 'NIGHT_NOT_NEW']);

    const res = await changeDates(stay._id, { checkIn: day(5), checkOut: day(8), prices: [{ date: day(7), price: 5000 }], reason: 'Regular guest' });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data as TBooking;
    expect(b.nightlyLines.map((n) => [n.price, n.overrideReason])).toEqual([
      [7500, null],
      [7500, null],
      [5000, `Regular guest (by ${ctx.staff.name})`],
    ]);
    expect(b.amount).toBe(25300);
    expect((await folio(stay.reservationId)).charged).toBe(25300);
  });

  it('keeps the check-in date of a stay in the house and extends it', async () => {
    const stay = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(-1), day(1));
    await confirm(ctx.app, ctx.staff, stay._id);
    expect((await act(ctx.app, ctx.staff, stay._id, 'check-in')).statusCode).toBe(200);
    const moved = await changeDates(stay._id, { checkIn: day(0), checkOut: day(2) });
    expect([moved.statusCode, moved.json().code]).toEqual([409, 'CHECK_IN_KEPT']);
    const res = await changeDates(stay._id, { checkIn: day(-1), checkOut: day(2) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'checked_in', startDate: day(-1), endDate: day(2), nights: 3, amount: 28462.5 });
    await expectDailyTotalsRight();
  });

  it('lets a guest in the house on their check-out day stay one more night (nothing left to move, though)', async () => {
    const stay = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(-2), day(0));
    await confirm(ctx.app, ctx.staff, stay._id);
    await query(ctx.app, sql`update bookings set stage = 'checked_in' where id = ${stay._id}`);
    const moved = await move(stay._id, { roomId: rooms['102'] });
    expect([moved.statusCode, moved.json().code]).toEqual([409, 'STAY_OVER']);
    const res = await changeDates(stay._id, { checkIn: day(-2), checkOut: day(1) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'checked_in', endDate: day(1), nights: 3 });
  });
});

describe('POST /api/bookings/:id/move', () => {
  const roomStatus = async (n: string) => (await query<{ status: string }>(ctx.app, sql`select status from rooms where room_number = ${n}`))[0]!.status;

  it('moves a guest to another room keeping the price (an upgrade), or at its rates with a reason', async () => {
    const stay = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7)));
    const res = await move(stay._id, { roomId: rooms['201'] });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data as TBooking;
    expect(b.room.roomNumber).toBe('201');
    expect(b).toMatchObject({ _id: stay._id, amount: 18975, startDate: day(5), endDate: day(7) });
    expect((await folio(stay.reservationId)).charged).toBe(18975);
    // 101 is free again.
    await booked(await book(ctx.app, ctx.staff, rooms['101']!, day(5), day(7)));

    expect((await move(stay._id, { roomId: rooms['202'], keepPrice: false })).statusCode).toBe(400);
    const repriced = await move(stay._id, { roomId: rooms['202'], keepPrice: false, reason: 'Asked for the family room' });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json().data).toMatchObject({ amount: 22770 });
    expect((await folio(stay.reservationId)).charged).toBe(22770);
  });

  it('refuses a room booked on one of the nights, and changes nothing', async () => {
    const stay = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7)));
    await booked(await book(ctx.app, ctx.staff, rooms['201']!, day(6), day(8)));
    const before = await snapshot(stay);
    const res = await move(stay._id, { roomId: rooms['201'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ROOM_NOT_AVAILABLE' });
    expect(res.json().message).toContain('Family Room 201');
    expect(await snapshot(stay)).toEqual(before);
  });

  it('moves a guest in the house for the nights left: the old room goes to cleaning, the new one is booked, the stay costs the same', async () => {
    const stay = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(-1), day(2));
    await confirm(ctx.app, ctx.staff, stay._id);
    expect((await act(ctx.app, ctx.staff, stay._id, 'check-in')).statusCode).toBe(200);
    // Room 102's last guest left this morning: that stay does not stand in the way.
    await placeStay(ctx.app, ctx.staff, rooms['102']!, day(-2), day(0));
    const res = await move(stay._id, { roomId: rooms['102'] });
    expect(res.statusCode, res.body).toBe(200);
    const now = res.json().data as TBooking;
    expect(now).toMatchObject({ state: 'checked_in', startDate: day(0), endDate: day(2), reservationId: stay.reservationId, nights: 2 });
    expect(now.room.roomNumber).toBe('102');
    expect(await bookingOf(ctx.app, ctx.admin, stay._id)).toMatchObject({ state: 'checked_out', startDate: day(-1), endDate: day(0), nights: 1 });
    expect([await roomStatus('101'), await roomStatus('102')]).toEqual(['cleaning', 'booked']);
    expect((await folio(stay.reservationId)).charged).toBe(28462.5);
    await expectDailyTotalsRight();
  });
});

describe('state rules and access', () => {
  it('refuses to change a stay checked out or cancelled', async () => {
    const gone = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(-3), day(-1));
    await query(ctx.app, sql`update bookings set stage = 'checked_out', is_confirmed = true where id = ${gone._id}`);
    for (const res of [await changeDates(gone._id, { checkIn: day(5), checkOut: day(6) }), await move(gone._id, { roomId: rooms['102'] })]) {
      expect([res.statusCode, res.json().code]).toEqual([409, 'ALREADY_CHECKED_OUT']);
    }
    const cancelled = await booked(await book(ctx.app, ctx.guest, rooms['102']!, day(5), day(7)));
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${cancelled._id}`, headers: ctx.staff.auth })).statusCode).toBe(200);
    for (const res of [await changeDates(cancelled._id, { checkIn: day(5), checkOut: day(8) }), await move(cancelled._id, { roomId: rooms['201'] })]) {
      expect([res.statusCode, res.json().code]).toEqual([409, 'BOOKING_CANCELLED']);
    }
    const again = await addRoom(cancelled.reservationId, { roomId: rooms['201'], adults: 2, children: 0 });
    expect([again.statusCode, again.json().code]).toEqual([409, 'RESERVATION_CLOSED']);
  });

  it('is for staff and admins: a guest gets 403, even on their own reservation', async () => {
    const stay = await booked(await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7)));
    const answers = [
      await addRoom(stay.reservationId, { roomId: rooms['102'], adults: 2, children: 0 }, ctx.guest),
      await removeRoom(stay.reservationId, stay._id, 'Not needed', ctx.guest),
      await changeDates(stay._id, { checkIn: day(5), checkOut: day(8) }, ctx.guest),
      await move(stay._id, { roomId: rooms['102'] }, ctx.guest),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await folio(stay.reservationId)).charged).toBe(18975);
  });
});
