import { instantAt } from '@residency/shared';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, query, useTestApp } from '../../test/app.ts';
import { act, confirm, day, pay, placeStay, HOTEL_ACCOUNTS, ON_ACCOUNT, smallHotelRooms, type Person } from '../../test/stays.ts';

/* GET /api/user/dashboard: the signed-in guest's stays and open requests. */

let rooms: Record<string, string>;

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin, { Twin: { rooms: '201, 202', price: 5000 } });
});

const dashboard = async (who: Person) => {
  const res = await ctx.app.inject({ url: '/api/user/dashboard', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /api/user/dashboard', () => {
  it('shows the next stay with until when it can be cancelled, past stays and open requests', async () => {
    const next = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(10), day(12));
    await placeStay(ctx.app, ctx.guest, rooms['102']!, day(20), day(21));
    const past = [
      await placeStay(ctx.app, ctx.guest, rooms['201']!, day(-30), day(-28)),
      await placeStay(ctx.app, ctx.guest, rooms['201']!, day(-20), day(-18)),
      await placeStay(ctx.app, ctx.guest, rooms['201']!, day(-10), day(-8)),
      await placeStay(ctx.app, ctx.guest, rooms['201']!, day(-5), day(-4)),
    ];
    const cancelled = await placeStay(ctx.app, ctx.guest, rooms['202']!, day(5), day(6));
    await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${cancelled._id}`, headers: ctx.staff.auth });
    await pay(ctx.app, ctx.staff, next._id, { amount: 1000, method: 'bkash' });
    await ctx.app.inject({ method: 'POST', url: '/api/services', headers: ctx.guest.auth, payload: { service: 'laundry', bookingId: next._id } });
    await ctx.app.inject({ method: 'POST', url: '/api/services', headers: ctx.guest.auth, payload: { service: 'other', description: 'A kettle', bookingId: next._id } });
    // Someone else's stay never shows.
    await placeStay(ctx.app, await createUser(ctx.app), rooms['202']!, day(1), day(2));

    const data = await dashboard(ctx.guest);
    expect(data.nextStay).toEqual({
      _id: next._id,
      transactionId: next.transactionId,
      // The booking ID the guest quotes (issue 31): a one-room booking's reservation goes by its own id.
      reservationId: next.reservationId,
      reservationReference: next.transactionId,
      room: { category: 'Deluxe King', roomNumber: '101' },
      startDate: day(10),
      endDate: day(12),
      nights: 2,
      state: 'unconfirmed',
      amount: 18975,
      paid: 1000,
      balance: 17975,
      paymentState: 'partly_paid',
      guestCancelUntil: new Date(instantAt(day(10), '14:00', 'Asia/Dhaka').getTime() - 48 * 3_600_000).toISOString(),
      canCancel: true,
    });
    expect(data.pastStays.count).toBe(4);
    expect(data.pastStays.recent.map((s: { _id: string }) => s._id)).toEqual([past[3]!._id, past[2]!._id, past[1]!._id]);
    expect(data.pastStays.recent[0]).toMatchObject({ state: 'unconfirmed', canCancel: false });
    expect(data.openServiceRequests.count).toBe(2);
    expect(data.openServiceRequests.items.map((r: { service: string; roomNumber: string }) => [r.service, r.roomNumber])).toEqual([
      ['other', '101'],
      ['laundry', '101'],
    ]);
  });

  it('shows the stay under way before the next one; a checked-out stay is a past one', async () => {
    const now = await placeStay(ctx.app, ctx.guest, rooms['201']!, day(-1), day(2));
    await placeStay(ctx.app, ctx.guest, rooms['101']!, day(3), day(4));
    await confirm(ctx.app, ctx.staff, now._id);
    await act(ctx.app, ctx.staff, now._id, 'check-in');
    const data = await dashboard(ctx.guest);
    expect(data.nextStay).toMatchObject({ _id: now._id, state: 'checked_in', canCancel: false });
    await act(ctx.app, ctx.staff, now._id, 'check-out', ON_ACCOUNT);
    const after = await dashboard(ctx.guest);
    expect(after.nextStay.startDate).toBe(day(3));
    expect(after.pastStays).toMatchObject({ count: 1, recent: [{ _id: now._id, state: 'checked_out', endDate: day(0) }] });
  });

  it('answers empty figures to a new guest, and 403 to staff', async () => {
    expect(await dashboard(await createUser(ctx.app))).toEqual({
      nextStay: null,
      pastStays: { count: 0, recent: [] },
      openServiceRequests: { count: 0, items: [] },
    });
    expect((await ctx.app.inject({ url: '/api/user/dashboard', headers: ctx.staff.auth })).statusCode).toBe(403);
  });

  it('leaves no-shows out of the stays', async () => {
    const missed = await placeStay(ctx.app, ctx.guest, rooms['201']!, day(-3), day(1));
    await act(ctx.app, ctx.staff, missed._id, 'no-show');
    const [row] = await query<{ status: string }>(ctx.app, sql`select status from bookings where id = ${missed._id}`);
    expect(row!.status).toBe('no_show');
    expect(await dashboard(ctx.guest)).toMatchObject({ nextStay: null, pastStays: { count: 0 } });
  });
});
