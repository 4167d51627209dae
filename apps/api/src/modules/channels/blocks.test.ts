import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { outbox, query, useTestApp } from '../../test/app.ts';
import { calendar, icalDay, startFeedServer, type FeedServer } from '../../test/feed-server.ts';
import { act, book, bookingOf, day, HOTEL_ACCOUNTS, smallHotelRooms } from '../../test/stays.ts';

/*
 * Blocks at the desk (issue 20): the desk closes a room (out of order), the staff screens list
 * blocks, and a channel's guest who arrives is turned into a reservation on the block's nights.
 */

let feeds: FeedServer;
let rooms: Record<string, string>;
const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
});

const deskBlock = (payload: Record<string, unknown>, who = ctx.staff) =>
  ctx.app.inject({ method: 'POST', url: '/api/channels/blocks', headers: who.auth, payload });
const blocks = async (query = '') => (await ctx.app.inject({ url: `/api/channels/blocks${query}`, headers: ctx.staff.auth })).json().data as {
  _id: string;
  source: string;
  channel: string | null;
  summary: string;
  checkIn: string;
  checkOut: string;
  room: { roomNumber: string };
}[];

/** An Airbnb stay on room 101 from day `from` to `to`, imported through a feed. */
async function airbnbStay(from: number, to: number) {
  const path = `/stay-${from}-${to}.ics`;
  feeds.serve(path, { body: calendar([[`DTSTART;VALUE=DATE:${icalDay(day(from))}`, `DTEND;VALUE=DATE:${icalDay(day(to))}`, `UID:stay-${from}@airbnb.com`, 'SUMMARY:Reserved']]) });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/channels/feeds', headers: ctx.admin.auth, payload: { roomId: rooms['101'], channel: 'airbnb', url: feeds.url(path) } });
  expect(res.json().data.result).toMatchObject({ added: 1 });
  return (await blocks()).find((b) => b.checkIn === day(from))!;
}

describe('the desk closes a room', () => {
  it('for some nights, with a reason: listed for staff, never offered, refused over a stay; opened again', async () => {
    expect((await book(ctx.app, ctx.guest, rooms['102']!, day(3), day(5))).statusCode).toBe(201);
    const closed = await deskBlock({ roomId: rooms['101'], checkIn: day(2), checkOut: day(6), reason: 'Out of order: water leak' });
    expect(closed.statusCode).toBe(201);
    expect(closed.json().data).toMatchObject({ source: 'desk', channel: null, summary: 'Out of order: water leak', room: { roomNumber: '101' }, createdBy: { name: ctx.staff.name } });
    // Over the guest's stay in 102: refused, nothing stored.
    const over = await deskBlock({ roomId: rooms['102'], checkIn: day(4), checkOut: day(7), reason: 'Painting' });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('ROOM_NOT_AVAILABLE');
    expect(await blocks()).toHaveLength(1);
    expect(await blocks(`?from=${day(6)}&to=${day(9)}`)).toEqual([]);
    expect(await blocks(`?from=${day(5)}&to=${day(5)}`)).toHaveLength(1);
    // A guest can't book those nights of 101.
    expect((await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7))).statusCode).toBe(409);

    const released = await ctx.app.inject({ method: 'DELETE', url: `/api/channels/blocks/${closed.json().data._id}`, headers: ctx.staff.auth });
    expect(released.statusCode).toBe(200);
    expect(await blocks()).toEqual([]);
    expect((await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7))).statusCode).toBe(201);
  });

  it('refuses bad nights and a guest (400, 403), and a channel’s block cannot be opened by hand (409)', async () => {
    expect((await deskBlock({ roomId: rooms['101'], checkIn: day(5), checkOut: day(5), reason: 'x' })).statusCode).toBe(400);
    expect((await deskBlock({ roomId: rooms['101'], checkIn: day(5), checkOut: day(6), reason: '  ' })).statusCode).toBe(400);
    expect((await deskBlock({ roomId: rooms['101'], checkIn: day(5), checkOut: day(6), reason: 'x' }, ctx.guest)).statusCode).toBe(403);
    // Issue 31: a block to 9999-12-31 was accepted. Held to the booking horizon, as stays are.
    const horizon = ctx.app.config.bookingHorizonDays;
    const forever = await deskBlock({ roomId: rooms['101'], checkIn: day(5), checkOut: '9999-12-31', reason: 'Closed' });
    expect(forever.statusCode).toBe(400);
    expect(forever.json()).toMatchObject({ code: 'BEYOND_HORIZON', message: expect.stringContaining(day(horizon)) });
    expect((await deskBlock({ roomId: rooms['101'], checkIn: day(horizon - 1), checkOut: day(horizon + 1), reason: 'Closed' })).statusCode).toBe(400);
    expect((await deskBlock({ roomId: rooms['101'], checkIn: day(horizon - 1), checkOut: day(horizon), reason: 'Closed' })).statusCode).toBe(201);
    const stay = await airbnbStay(10, 12);
    const open = await ctx.app.inject({ method: 'DELETE', url: `/api/channels/blocks/${stay._id}`, headers: ctx.staff.auth });
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe('CHANNEL_BLOCK');
  });
});

describe("the desk's day", () => {
  it('lists channel stays arriving and leaving today, and open conflicts first', async () => {
    const arriving = await airbnbStay(0, 2);
    const leaving = await airbnbStay(30, 33);
    // A stay imported earlier whose last night was yesterday (the API never moves one).
    await query(ctx.app, sql`update room_blocks set check_in = ${day(-3)}::date, check_out = ${day(0)}::date where id = ${leaving._id}`);
    const stay = (await book(ctx.app, ctx.guest, rooms['102']!, day(5), day(7))).json().data;
    feeds.serve('/double.ics', { body: calendar([[`DTSTART;VALUE=DATE:${icalDay(day(6))}`, `DTEND;VALUE=DATE:${icalDay(day(8))}`, 'UID:double@airbnb.com', 'SUMMARY:Reserved']]) });
    await ctx.app.inject({ method: 'POST', url: '/api/channels/feeds', headers: ctx.admin.auth, payload: { roomId: rooms['102'], channel: 'airbnb', url: feeds.url('/double.ics') } });

    const res = await ctx.app.inject({ url: '/api/staff/today', headers: ctx.staff.auth });
    expect(res.statusCode).toBe(200);
    const todayAtDesk = res.json().data;
    expect(todayAtDesk.channelArrivals.map((b: { _id: string }) => b._id)).toEqual([arriving._id]);
    expect(todayAtDesk.channelDepartures.map((b: { _id: string }) => b._id)).toEqual([leaving._id]);
    expect(todayAtDesk.openConflicts.count).toBe(1);
    expect(todayAtDesk.openConflicts.items[0]).toMatchObject({ checkIn: day(6), heldBy: { kind: 'booking', transactionId: stay.transactionId } });
  });
});

describe("a channel's guest arrives", () => {
  it('turns the block into a confirmed reservation at the channel’s price, checked in like any other', async () => {
    const stay = await airbnbStay(0, 3);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/channels/blocks/${stay._id}/reservation`,
      headers: ctx.staff.auth,
      payload: { guest: { name: 'Sarah Lee', email: 'sarah.lee@example.com' }, phone: '+44 7700 900123', adults: 2, amount: 21000 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().data;
    expect(booking).toMatchObject({
      source: 'channel',
      state: 'confirmed',
      startDate: day(0),
      endDate: day(3),
      amount: 21000,
      perNightCost: 7000,
      vat: 0,
      serviceCharge: 0,
      user: { name: 'Sarah Lee', email: 'sarah.lee@example.com' },
      room: { roomNumber: '101' },
    });
    // The block holds nothing now; the reservation holds the nights.
    expect(await blocks()).toEqual([]);
    expect((await book(ctx.app, ctx.guest, rooms['101']!, day(1), day(2))).statusCode).toBe(409);
    expect((await act(ctx.app, ctx.staff, booking._id, 'check-in')).statusCode).toBe(200);
    expect((await bookingOf(ctx.app, ctx.admin, booking._id)).state).toBe('checked_in');
    // The guest's confirmation went to them.
    expect((await outbox(ctx.app)).filter((m) => m.to === 'sarah.lee@example.com').map((m) => m.kind)).toEqual(['BOOKING_CONFIRMATION_USER']);
    // The channel still lists the stay: its next sync finds it ours, not a clash with itself.
    const [feed] = (await ctx.app.inject({ url: '/api/channels', headers: ctx.admin.auth })).json().data.find((r: { _id: string }) => r._id === rooms['101']).feeds;
    const synced = (await ctx.app.inject({ method: 'POST', url: `/api/channels/feeds/${feed._id}/sync`, headers: ctx.admin.auth })).json().data;
    expect(synced).toMatchObject({ events: 1, added: 0, released: 0, conflicts: 0, error: null });
    expect((await ctx.app.inject({ url: '/api/channels/conflicts', headers: ctx.staff.auth })).json().meta.total).toBe(0);
    // A second take-over of the same block finds nothing to take.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/channels/blocks/${stay._id}/reservation`,
      headers: ctx.staff.auth,
      payload: { guest: { name: 'Sarah Lee' }, phone: '+44 7700 900123', adults: 2, amount: 21000 },
    });
    expect(again.statusCode).toBe(404);
  });

  it('two desks taking over one block at once: one reservation, one 404', async () => {
    const stay = await airbnbStay(20, 22);
    const take = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/channels/blocks/${stay._id}/reservation`,
        headers: ctx.staff.auth,
        payload: { guest: { name: 'Walk Guest' }, phone: '01711-123123', adults: 1, amount: 9000 },
      });
    const answers = (await Promise.all([take(), take()])).map((r) => r.statusCode).sort();
    expect(answers).toEqual([201, 404]);
  });
});
