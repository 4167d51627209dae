import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, outbox, query, useTestApp } from '../../../test/app.ts';
import { act, book, bookingOf, confirm, day, placeStay, HOTEL_ACCOUNTS, ON_ACCOUNT, smallHotelRooms, walkIn } from '../../../test/stays.ts';

/*
 * The front desk's transitions through the API: check-in, check-out, no-show and the staff's
 * cancel, allowed and refused, at the hotel's date (Asia/Dhaka).
 */

let rooms: Record<string, string>;

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
});

/** A confirmed stay in room 101 on these days (relative to today). */
async function confirmedStay(from: number, to: number, room = '101') {
  const booking = await placeStay(ctx.app, ctx.guest, rooms[room]!, day(from), day(to));
  expect((await confirm(ctx.app, ctx.staff, booking._id)).statusCode).toBe(200);
  return booking;
}

const roomStatus = async (room: string) =>
  (await query<{ status: string }>(ctx.app, sql`select status from rooms where id = ${rooms[room]!}`))[0]!.status;

describe('POST /api/bookings/:id/check-in', () => {
  it('checks a confirmed guest in on the check-in day, records who and when, and marks the room occupied', async () => {
    const booking = await confirmedStay(0, 2);
    const res = await act(ctx.app, ctx.staff, booking._id, 'check-in');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: `Booking: ${booking.transactionId} is checked in`,
      data: { state: 'checked_in', stage: 'checked_in', status: 'active', startDate: day(0), endDate: day(2), payments: [] },
    });
    expect(res.json().data.checkedInAt).toBeTruthy();
    const [row] = await query<{ checked_in_by: string }>(ctx.app, sql`select checked_in_by from bookings where id = ${booking._id}`);
    expect(row!.checked_in_by).toBe(ctx.staff.id);
    expect(await roomStatus('101')).toBe('booked');
  });

  it('lets a late guest check in on a later day of the stay', async () => {
    const booking = await confirmedStay(-1, 2);
    expect((await act(ctx.app, ctx.admin, booking._id, 'check-in')).statusCode).toBe(200);
  });

  it.each([
    ['before the check-in day', 1, 3, 'CHECK_IN_NOT_YET'],
    ['on the check-out day', -2, 0, 'STAY_OVER'],
    ['after the stay', -5, -3, 'STAY_OVER'],
  ])('refuses with 409 %s', async (_when, from, to, code) => {
    const booking = await confirmedStay(from, to);
    const res = await act(ctx.app, ctx.staff, booking._id, 'check-in');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code });
    expect((await bookingOf(ctx.app, ctx.admin, booking._id)).state).toBe('confirmed');
  });

  it('refuses an unconfirmed booking, a second check-in, a cancelled one and a no-show', async () => {
    const unconfirmed = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(0), day(1));
    expect((await act(ctx.app, ctx.staff, unconfirmed._id, 'check-in')).json().code).toBe('NOT_CONFIRMED');
    await confirm(ctx.app, ctx.staff, unconfirmed._id);
    expect((await act(ctx.app, ctx.staff, unconfirmed._id, 'check-in')).statusCode).toBe(200);
    expect((await act(ctx.app, ctx.staff, unconfirmed._id, 'check-in')).json().code).toBe('ALREADY_CHECKED_IN');

    const cancelled = await confirmedStay(0, 1, '102');
    await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${cancelled._id}`, headers: ctx.staff.auth });
    expect((await act(ctx.app, ctx.staff, cancelled._id, 'check-in')).json().code).toBe('BOOKING_CANCELLED');

    const missed = await confirmedStay(-2, 1, '102');
    expect((await act(ctx.app, ctx.staff, missed._id, 'no-show')).statusCode).toBe(200);
    expect((await act(ctx.app, ctx.staff, missed._id, 'check-in')).json().code).toBe('BOOKING_NO_SHOW');
  });

  it('gives one 200 and 409s to desks pressing at once', async () => {
    const booking = await confirmedStay(0, 2);
    const results = await Promise.all(Array.from({ length: 5 }, () => act(ctx.app, ctx.staff, booking._id, 'check-in')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'ALREADY_CHECKED_IN')).toBe(true);
  });

  it('answers 404 for a booking that does not exist, and 403 to a guest', async () => {
    expect((await act(ctx.app, ctx.staff, '00000000-0000-4000-8000-000000000000', 'check-in')).json().code).toBe('BOOKING_NOT_FOUND');
    const booking = await confirmedStay(0, 2);
    expect((await act(ctx.app, ctx.guest, booking._id, 'check-in')).statusCode).toBe(403);
  });
});

describe('POST /api/bookings/:id/check-out', () => {
  it('checks out on the check-out day: dates kept, the room goes to cleaning', async () => {
    const booking = await confirmedStay(-2, 0);
    await query(ctx.app, sql`update bookings set stage = 'checked_in' where id = ${booking._id}`);
    const res = await act(ctx.app, ctx.staff, booking._id, 'check-out', ON_ACCOUNT);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'checked_out', startDate: day(-2), endDate: day(0), bookedEndDate: day(0) });
    expect(await roomStatus('101')).toBe('cleaning');
  });

  it('ends the stay today when the guest leaves early, so its remaining nights can be booked again', async () => {
    const booking = await confirmedStay(-1, 4);
    expect((await act(ctx.app, ctx.staff, booking._id, 'check-in')).statusCode).toBe(200);
    const other = await createUser(ctx.app);
    expect((await book(ctx.app, other, rooms['101']!, day(1), day(3))).json().code).toBe('ROOM_NOT_AVAILABLE');

    const res = await act(ctx.app, ctx.staff, booking._id, 'check-out', ON_ACCOUNT);
    expect(res.statusCode).toBe(200);
    // The stay as it now stands (issue 31): the one night stayed, priced as the folio charges it; the day booked is kept.
    expect(res.json().data).toMatchObject({ state: 'checked_out', startDate: day(-1), endDate: day(0), bookedEndDate: day(4), nights: 1 });
    expect(res.json().data.charged).toBeCloseTo(booking.amount / 5, 1);
    expect(res.json().data.amount).toBe(res.json().data.charged);
    expect(await roomStatus('101')).toBe('cleaning');
    expect((await book(ctx.app, other, rooms['101']!, day(0), day(4))).statusCode).toBe(201);
  });

  it('keeps at least one night when the guest leaves on the day they arrived', async () => {
    const booking = await confirmedStay(0, 3);
    await act(ctx.app, ctx.staff, booking._id, 'check-in');
    expect((await act(ctx.app, ctx.staff, booking._id, 'check-out', ON_ACCOUNT)).json().data).toMatchObject({ startDate: day(0), endDate: day(1), bookedEndDate: day(3) });
  });

  it('checks out a guest who stayed past the check-out day without moving the dates', async () => {
    const booking = await confirmedStay(-3, -1);
    await query(ctx.app, sql`update bookings set stage = 'checked_in' where id = ${booking._id}`);
    expect((await act(ctx.app, ctx.staff, booking._id, 'check-out', ON_ACCOUNT)).json().data).toMatchObject({ endDate: day(-1), bookedEndDate: day(-1) });
  });

  it('refuses a guest not checked in, and a second check-out; the one mail is the invoice', async () => {
    const booking = await confirmedStay(0, 2);
    expect((await act(ctx.app, ctx.staff, booking._id, 'check-out', ON_ACCOUNT)).json()).toMatchObject({ code: 'NOT_CHECKED_IN', message: 'The guest has not checked in yet.' });
    await act(ctx.app, ctx.staff, booking._id, 'check-in');
    const mailsBefore = (await outbox(ctx.app)).length;
    expect((await act(ctx.app, ctx.staff, booking._id, 'check-out', ON_ACCOUNT)).statusCode).toBe(200);
    expect((await act(ctx.app, ctx.staff, booking._id, 'check-out', ON_ACCOUNT)).json().code).toBe('ALREADY_CHECKED_OUT');
    expect((await outbox(ctx.app)).slice(mailsBefore).map((m) => m.kind)).toEqual(['invoice']);
  });

  it('leaves a room under maintenance as it is', async () => {
    const booking = await confirmedStay(0, 2);
    await act(ctx.app, ctx.staff, booking._id, 'check-in');
    await ctx.app.inject({ method: 'PATCH', url: `/api/room/${rooms['101']}`, headers: ctx.staff.auth, payload: { status: 'maintenance' } });
    await act(ctx.app, ctx.staff, booking._id, 'check-out', ON_ACCOUNT);
    expect(await roomStatus('101')).toBe('maintenance');
  });

  it('gives one 200 and a 409 to two desks checking out at once', async () => {
    const booking = await confirmedStay(-1, 3);
    await act(ctx.app, ctx.staff, booking._id, 'check-in');
    const results = await Promise.all([act(ctx.app, ctx.staff, booking._id, 'check-out', ON_ACCOUNT), act(ctx.app, ctx.admin, booking._id, 'check-out', ON_ACCOUNT)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('POST /api/bookings/:id/no-show', () => {
  it('marks a stay not checked in from the day after check-in, freeing its nights for another guest', async () => {
    const booking = await confirmedStay(-1, 3);
    const other = await createUser(ctx.app);
    expect((await book(ctx.app, other, rooms['101']!, day(0), day(2))).statusCode).toBe(409);
    const res = await act(ctx.app, ctx.staff, booking._id, 'no-show');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: `Booking: ${booking.transactionId} is marked as a no-show`, data: { state: 'no_show', status: 'no_show' } });
    expect(res.json().data.noShowAt).toBeTruthy();
    expect((await book(ctx.app, other, rooms['101']!, day(0), day(2))).statusCode).toBe(201);
  });

  it('marks an unconfirmed stay too; the only mail is the invoice of its penalty (the first night)', async () => {
    const booking = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(-2), day(1));
    const mailsBefore = (await outbox(ctx.app)).length;
    const res = await act(ctx.app, ctx.staff, booking._id, 'no-show');
    expect(res.statusCode).toBe(200);
    // The stay is no longer charged; the plan's penalty is, and invoiced (it never reaches check-out).
    expect(res.json().data).toMatchObject({ charged: booking.nightlyLines[0]!.price, state: 'no_show' });
    expect((await outbox(ctx.app)).slice(mailsBefore).map((m) => m.kind)).toEqual(['invoice']);
  });

  it('refuses on the check-in day, after a check-in, and twice', async () => {
    const today = await confirmedStay(0, 2);
    expect((await act(ctx.app, ctx.staff, today._id, 'no-show')).json().code).toBe('NO_SHOW_NOT_YET');
    await act(ctx.app, ctx.staff, today._id, 'check-in');
    expect((await act(ctx.app, ctx.staff, today._id, 'no-show')).json().code).toBe('ALREADY_CHECKED_IN');
    const missed = await confirmedStay(-3, -1, '102');
    expect((await act(ctx.app, ctx.staff, missed._id, 'no-show')).statusCode).toBe(200);
    expect((await act(ctx.app, ctx.staff, missed._id, 'no-show')).json().code).toBe('ALREADY_NO_SHOW');
  });
});

describe('DELETE /api/bookings/:id (staff cancel)', () => {
  it('cancels an unconfirmed or confirmed stay that is not over', async () => {
    const unconfirmed = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(2), day(3));
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${unconfirmed._id}`, headers: ctx.staff.auth })).statusCode).toBe(200);
    const underWay = await confirmedStay(-1, 2, '102');
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${underWay._id}`, headers: ctx.staff.auth })).statusCode).toBe(200);
  });

  it('refuses a stay that is over, checked in or checked out (409, nothing changes)', async () => {
    const past = await confirmedStay(-4, -2);
    const pastRes = await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${past._id}`, headers: ctx.staff.auth });
    expect(pastRes.statusCode).toBe(409);
    expect(pastRes.json()).toMatchObject({ code: 'STAY_OVER', message: 'This stay is over: it can no longer be cancelled.' });

    const inHouse = await confirmedStay(0, 2);
    await act(ctx.app, ctx.staff, inHouse._id, 'check-in');
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${inHouse._id}`, headers: ctx.staff.auth })).json().code).toBe('ALREADY_CHECKED_IN');
    await act(ctx.app, ctx.staff, inHouse._id, 'check-out', ON_ACCOUNT);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${inHouse._id}`, headers: ctx.staff.auth })).json().code).toBe('ALREADY_CHECKED_OUT');
    expect((await bookingOf(ctx.app, ctx.admin, past._id)).status).toBe('active');
  });
});

describe('POST /api/reservations/walk-in', () => {
  it('confirms a walk-in at once', async () => {
    const res = await walkIn(ctx.app, ctx.staff, {
      roomId: rooms['102'],
      checkIn: day(0),
      checkOut: day(1),
      adults: 1,
      phone: '01711-999888',
      guest: { name: 'Desk Guest', email: 'desk.guest@example.com' },
    });
    expect(res.statusCode).toBe(201);
    const [booking] = res.json().data.bookings;
    expect(booking).toMatchObject({ isConfirmed: true, state: 'confirmed', source: 'walk-in' });
    expect(booking.confirmedAt).toBeTruthy();
    // Ready for the desk to check in straight away.
    expect((await act(ctx.app, ctx.staff, booking._id, 'check-in')).statusCode).toBe(200);
  });

  it('leaves an online booking unconfirmed', async () => {
    const res = await book(ctx.app, ctx.guest, rooms['101']!, day(1), day(2));
    expect(res.json().data).toMatchObject({ isConfirmed: false, state: 'unconfirmed', confirmedAt: null });
  });
});
