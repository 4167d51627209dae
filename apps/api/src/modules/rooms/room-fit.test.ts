import { guestsFit, roomLimits, tooManyGuestsMessage, type BedLimits } from '@residency/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query, useTestApp } from '../../test/app.ts';
import { categoryPayload, saveCategory } from '../../test/rooms.ts';
import { book, day } from '../../test/stays.ts';
import { listRooms } from './rooms.service.ts';

/*
 * Who fits a room, one rule (issue 32): the shared `guestsFit`/`roomLimits`, the search in memory
 * (the availability index), the SQL search and the booking itself give the same answer for every
 * guest count, for rooms whose beds leave a limit out (old data: the contract asks for all three).
 * Before, the searches read a missing limit as 0 (the room was never found) while a booking read
 * it as the hotel's, and the refusal hard-coded "3".
 */
const t = useTestApp({ reset: 'file', env: { RATE_LIMIT_BOOKING_MAX: '100000' } });

/** Each room's beds as stored (one limit or all left out, a fraction, a string, a room for one). */
const BEDS: Record<string, BedLimits> = {
  Q1: { maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 },
  Q2: { maximum_children: 0, maximum_occupancy: 2 },
  Q3: { maximum_adults: 2, maximum_occupancy: 3 },
  Q4: { maximum_adults: 3, maximum_children: 2 },
  Q5: {},
  Q6: { maximum_adults: 1.5, maximum_children: '2', maximum_occupancy: 1 },
};
const GUEST_COUNTS = [1, 2, 3].flatMap((adults) => [0, 1, 2].map((children) => ({ adults, children }))).filter((g) => g.adults + g.children <= 3);
const ids: Record<string, string> = {};

beforeAll(async () => {
  const saved = await saveCategory(t.app, t.admin.auth, 'Quirky', { roomNumbers: Object.keys(BEDS).join(', '), offerPrice: 5000 });
  expect(saved.statusCode, saved.body).toBe(200);
  const listed = (await t.app.inject({ url: '/api/room?limit=100' })).json().data as { _id: string; room_overview: { room_number: string } }[];
  for (const room of listed) ids[room.room_overview.room_number] = room._id;
  const base = categoryPayload('x').beds_and_bedding as Record<string, unknown>;
  for (const [number, beds] of Object.entries(BEDS)) {
    const stored = { ...base, maximum_adults: undefined, maximum_children: undefined, maximum_occupancy: undefined, ...beds };
    await query(t.app, sql`update rooms set beds_and_bedding = ${JSON.stringify(stored)}::jsonb where id = ${ids[number]!}`);
  }
  // Written in SQL: no answer to wait on, the index hears of it through its feed.
  t.app.roomsCache.clear();
  await t.app.availability.caughtUp();
});

describe('who fits a room, everywhere the same', () => {
  it('the shared rule, the search in memory, the SQL search and the booking agree for every guest count', async () => {
    let n = 0;
    for (const guests of GUEST_COUNTS) {
      n += 1;
      const stay = { checkIn: day(400 + n * 3), checkOut: day(401 + n * 3), ...guests };
      const fitting = Object.keys(BEDS).filter((number) => guestsFit(guests, BEDS[number])).sort();

      const filter = { page: 1, limit: 50, category: 'Quirky', stay };
      const fromMemory = t.app.availability.findRooms(filter);
      expect(fromMemory, 'the index answers inside its window').toBeDefined();
      const memoryNumbers = fromMemory!.rooms.map((json) => (JSON.parse(json.toString()) as { room_overview: { room_number: string } }).room_overview.room_number);
      const fromSql = await listRooms(t.app.db, { ...filter, stay: { ...stay, adults: String(stay.adults), children: String(stay.children) } as never });
      const sqlNumbers = fromSql.data.map((r) => r.room_overview.room_number);
      expect({ guests, memory: memoryNumbers.sort(), sql: sqlNumbers.sort() }).toEqual({ guests, memory: fitting, sql: fitting });

      for (const number of Object.keys(BEDS)) {
        const res = await book(t.app, t.guest, ids[number]!, stay.checkIn, stay.checkOut, guests);
        if (fitting.includes(number)) expect(res.statusCode, `${number} ${JSON.stringify(guests)}: ${res.body}`).toBe(201);
        else {
          expect(res.statusCode, `${number} ${JSON.stringify(guests)}: ${res.body}`).toBe(400);
          expect(res.json()).toMatchObject({ code: 'TOO_MANY_GUESTS', message: tooManyGuestsMessage(BEDS[number]) });
        }
      }
    }
    expect(n).toBe(GUEST_COUNTS.length);
  });

  it('a limit left out is the hotel’s, and the refusal says the real limits', () => {
    expect(roomLimits(BEDS.Q5)).toEqual({ adults: 3, children: 2, total: 3 });
    expect(roomLimits(BEDS.Q2)).toEqual({ adults: 2, children: 0, total: 2 });
    expect(roomLimits(BEDS.Q6)).toEqual({ adults: 1, children: 0, total: 1 });
    expect(tooManyGuestsMessage(BEDS.Q2, '204')).toBe('Room 204 sleeps at most 2 adult(s) and 0 child(ren), 2 guests in all.');
    expect(tooManyGuestsMessage(BEDS.Q3)).toBe('This room sleeps at most 2 adult(s) and 2 child(ren), 3 guests in all.');
  });
});
