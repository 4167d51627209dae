import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { book, day, smallHotelRooms } from '../../test/stays.ts';
import { AvailabilityIndex } from './availability.service.ts';

/*
 * The hotel's midnight (issue 23): the index's window of nights moves one day on, so the night at
 * the new end of the horizon is answered from memory and the stays already known stay taken. A
 * second index of the app's database stands for a process whose day is moved by the test.
 */
const t = useTestApp({ reset: 'file' });

const numbers = (found: { rooms: Buffer[] } | undefined) =>
  found?.rooms.map((json) => (JSON.parse(json.toString()) as { room_overview: { room_number: string } }).room_overview.room_number);

describe('the availability index at midnight', () => {
  it('moves its window on with the day, keeping every stay it holds', async () => {
    const { app } = t;
    const rooms = await smallHotelRooms(app, t.admin);
    let today = day(0);
    const horizonDays = 30;
    const index = new AvailabilityIndex({ db: app.db, handle: app.dbHandle, timeZone: app.config.hotel.timeZone, horizonDays, today: () => today });
    await index.start();
    try {
      expect((await book(app, t.guest, rooms['101']!, day(5), day(8))).statusCode).toBe(201);
      await index.caughtUp();
      const stay = (from: number, to: number) => ({ page: 1, limit: 10, stay: { checkIn: day(from), checkOut: day(to), adults: 1, children: 0 } });
      expect(index.health().nights).toEqual({ from: day(0), to: day(horizonDays + 2) });
      // One night past the window: the database is asked.
      expect(index.findRooms(stay(horizonDays + 2, horizonDays + 3))).toBeUndefined();

      today = day(1);
      // The first search after midnight starts the reload (the timer may be late); it is answered meanwhile.
      expect(numbers(index.findRooms(stay(6, 7)))).toEqual(['102']);
      await index.caughtUp();
      expect(index.health()).toMatchObject({ nights: { from: day(1), to: day(horizonDays + 3) }, reloading: false });
      expect(numbers(index.findRooms(stay(horizonDays + 2, horizonDays + 3)))).toEqual(['101', '102']);
      expect(numbers(index.findRooms(stay(6, 7)))).toEqual(['102']);
      expect(numbers(index.findRooms(stay(8, 9)))).toEqual(['101', '102']);
    } finally {
      await index.stop();
    }
  });
});
