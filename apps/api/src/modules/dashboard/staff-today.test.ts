import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query, useTestApp } from '../../test/app.ts';
import { act, confirm, day, pay, placeStay, HOTEL_ACCOUNTS, smallHotelRooms, today } from '../../test/stays.ts';

/* GET /api/staff/today: the front desk's day at the hotel. */

const ids: Record<string, string> = {};

const ctx = useTestApp({ reset: 'file', accounts: HOTEL_ACCOUNTS });
beforeAll(async () => {
  const rooms = await smallHotelRooms(ctx.app, ctx.admin, { Twin: { rooms: '201, 202, 203, 204, 205', price: 5000 } });
  const confirmed = async (name: string, room: string, from: number, to: number) => {
    ids[name] = (await placeStay(ctx.app, ctx.guest, rooms[room]!, day(from), day(to)))._id;
    await confirm(ctx.app, ctx.staff, ids[name]!);
  };
  await confirmed('arriving', '101', 0, 2);
  await confirmed('late', '102', -1, 2);
  await confirmed('inHouse', '201', -2, 3);
  await act(ctx.app, ctx.staff, ids.inHouse!, 'check-in');
  await confirmed('leaving', '202', -3, 0);
  await query(ctx.app, sql`update bookings set stage = 'checked_in' where id = ${ids.leaving!}`);
  await pay(ctx.app, ctx.staff, ids.leaving!, { amount: 1000, method: 'cash' });
  await confirmed('overstaying', '203', -4, -1);
  await query(ctx.app, sql`update bookings set stage = 'checked_in' where id = ${ids.overstaying!}`);
  await confirmed('future', '204', 3, 4);
  // Waiting for confirmation: one to come, one under way; one over does not count.
  ids.toConfirm = (await placeStay(ctx.app, ctx.guest, rooms['205']!, day(5), day(6)))._id;
  ids.toConfirmNow = (await placeStay(ctx.app, ctx.guest, rooms['205']!, day(0), day(2)))._id;
  ids.toConfirmOver = (await placeStay(ctx.app, ctx.guest, rooms['205']!, day(-3), day(-1)))._id;
  await ctx.app.inject({ method: 'PATCH', url: `/api/room/${rooms['204']}`, headers: ctx.staff.auth, payload: { status: 'cleaning' } });
  await ctx.app.inject({ method: 'POST', url: '/api/services', headers: ctx.guest.auth, payload: { service: 'laundry' } });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/events',
    payload: {
      name: 'Someone',
      email: 'someone@example.com',
      phone: '01700000000',
      eventType: 'Conference',
      layout: 'Theater Style',
      date: day(30),
      startTime: '09:00',
      endTime: '12:00',
      guestCount: 50,
    },
  });
}, 60_000);

const names = (items: { _id: string }[]) => items.map((i) => Object.keys(ids).find((name) => ids[name] === i._id));

describe('GET /api/staff/today', () => {
  it('lists arrivals, guests in the house and departures, with counts and links to the lists', async () => {
    const res = await ctx.app.inject({ url: '/api/staff/today', headers: ctx.staff.auth });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.date).toBe(today());
    expect(names(data.arrivals.items)).toEqual(['late', 'arriving']);
    expect(data.arrivals.items.map((i: { overdue: boolean }) => i.overdue)).toEqual([true, false]);
    expect(data.arrivals.items[1]).toMatchObject({
      transactionId: expect.stringMatching(/^RSV-/),
      guest: { _id: ctx.guest.id, name: 'Rahim Uddin', phone: '+880 1711-223344' },
      room: { category: 'Deluxe King', roomNumber: '101' },
      startDate: day(0),
      endDate: day(2),
      nights: 2,
      state: 'confirmed',
      paymentState: 'unpaid',
    });
    expect(data.arrivals).toMatchObject({ count: 2, link: { list: 'bookings', query: { state: 'confirmed', from: today(), to: today() } } });

    expect(data.inHouse.count).toBe(3);
    expect(names(data.inHouse.items)).toEqual(['inHouse', 'leaving', 'overstaying']);
    expect(data.inHouse.link).toEqual({ list: 'bookings', query: { state: 'checked_in' } });
    expect(names(data.departures.items)).toEqual(['leaving', 'overstaying']);
    expect(data.departures.items.map((i: { overdue: boolean; balance: number }) => i.overdue)).toEqual([false, true]);
    expect(data.departures.items[0].balance).toBe(18975 - 1000);

    expect(data.roomsToClean).toEqual({ count: 1, link: { list: 'rooms', query: { status: 'cleaning' } } });
    expect(data.awaitingConfirmation).toEqual({ count: 2, link: { list: 'bookings', query: { state: 'unconfirmed', from: today() } } });
    expect(data.pendingServiceRequests).toEqual({ count: 1, link: { list: 'services', query: { status: 'pending' } } });
    expect(data.pendingEventRequests).toEqual({ count: 1, link: { list: 'events', query: { status: 'pending' } } });
  });

  it('links to lists that show the same bookings', async () => {
    const { data } = (await ctx.app.inject({ url: '/api/staff/today', headers: ctx.admin.auth })).json();
    for (const section of [data.arrivals, data.inHouse]) {
      const listed = (await ctx.app.inject({ url: `/api/bookings?${new URLSearchParams(section.link.query)}`, headers: ctx.staff.auth })).json();
      expect(listed.meta.total).toBe(section.count);
    }
    const waiting = (await ctx.app.inject({ url: `/api/bookings?${new URLSearchParams(data.awaitingConfirmation.link.query)}`, headers: ctx.staff.auth })).json();
    expect(waiting.meta.total).toBe(data.awaitingConfirmation.count);
  });

  it('is for staff and admins', async () => {
    expect((await ctx.app.inject({ url: '/api/staff/today', headers: ctx.admin.auth })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/staff/today', headers: ctx.guest.auth })).statusCode).toBe(403);
  });
});
