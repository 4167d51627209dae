import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query, useTestApp } from '../../test/app.ts';
import { book, day, smallHotelRooms } from '../../test/stays.ts';

/*
 * The bookable horizon (BOOKING_HORIZON_DAYS, issue 23): a stay may end at most that many days
 * after the hotel's today. Searches, quotes and bookings past it are refused alike, and the
 * availability index covers exactly that window (shown by /api/health).
 */
const t = useTestApp({ env: { BOOKING_HORIZON_DAYS: '730' } });

describe('the bookable horizon', () => {
  it('refuses a search, a quote and a booking ending past it, and books the last night inside it', async () => {
    const { app, guest } = t;
    const rooms = await smallHotelRooms(app, t.admin);
    const past = `checkIn=${day(729)}&checkOut=${day(731)}`;
    const search = await app.inject({ url: `/api/room?${past}` });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ code: 'BEYOND_HORIZON', message: `Stays can be booked up to ${day(730)}: please choose earlier dates.` });
    expect((await app.inject({ url: `/api/rates/quote?${past}` })).json()).toMatchObject({ code: 'BEYOND_HORIZON' });

    const refused = await book(app, guest, rooms['101']!, day(729), day(731));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('BEYOND_HORIZON');
    expect(await query(app, sql`select id from bookings`)).toEqual([]);

    // The last stay inside: listed free, booked, then listed taken (answered from the index).
    const last = `checkIn=${day(729)}&checkOut=${day(730)}&limit=10`;
    expect((await app.inject({ url: `/api/room?${last}` })).json().meta.total).toBe(2);
    expect((await book(app, guest, rooms['101']!, day(729), day(730))).statusCode).toBe(201);
    const after = (await app.inject({ url: `/api/room?${last}` })).json();
    expect(after.data.map((r: { _id: string }) => r._id)).toEqual([rooms['102']]);
  });

  it("shows the index's window, its last change and that it listens in /api/health", async () => {
    const { app } = t;
    await smallHotelRooms(app, t.admin);
    const health = (await app.inject({ url: '/api/health' })).json().data.availabilityIndex;
    expect(health).toMatchObject({ live: true, missing: 0, reloading: false, rooms: 2, nights: { from: day(0), to: day(732) } });
    expect(health.seq).toBeGreaterThan(0);
    expect(health.bytes).toBeGreaterThan(0);
  });
});
