import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query, useTestApp } from '../../test/app.ts';
import { categoryPayload, saveCategory } from '../../test/rooms.ts';
import { book, day } from '../../test/stays.ts';
import { quoteStays } from '../rates/rates.service.ts';
import { listRooms } from '../rooms/rooms.service.ts';

/*
 * The availability index (issue 23) against the database: after any sequence of bookings,
 * cancellations, shortened stays, blocks, rate edits and room changes, written through the API or
 * straight in SQL, the index answers every search (the room list with dates and guests, its
 * filters and pages, and the quote with prices) exactly as the SQL search does.
 */
const t = useTestApp({ reset: 'file', env: { RATE_LIMIT_BOOKING_MAX: '100000' } });
const START = 500; // nights of this file's own, far from other files' stays
const rooms: { id: string; number: string; category: string }[] = [];

beforeAll(async () => {
  const beds = categoryPayload('x').beds_and_bedding;
  const types = {
    Garden: { numbers: 'G1, G2, G3, G4, G10', beds: { ...beds, maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 }, price: 6000 },
    Family: { numbers: 'F1, F2, F3', beds: { ...beds, maximum_adults: 3, maximum_children: 2, maximum_occupancy: 4 }, price: 9000 },
  };
  for (const [name, type] of Object.entries(types)) {
    const saved = await saveCategory(t.app, t.admin.auth, name, { roomNumbers: type.numbers, offerPrice: type.price, beds_and_bedding: type.beds });
    expect(saved.statusCode).toBe(200);
  }
  const listed = (await t.app.inject({ url: '/api/room?limit=100' })).json().data as { _id: string; category: string; room_overview: { room_number: string } }[];
  rooms.push(...listed.map((r) => ({ id: r._id, number: r.room_overview.room_number, category: r.category })));
  // A room with a supplement: the cheapest free room of its type is then not simply the first.
  await t.app.inject({ method: 'PATCH', url: `/api/room/${rooms.find((r) => r.number === 'G1')!.id}`, headers: t.admin.auth, payload: { price: 6800 } });
});

type Op =
  | { kind: 'book'; room: number; start: number; nights: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'shorten'; pick: number }
  | { kind: 'block'; room: number; start: number; nights: number }
  | { kind: 'release'; pick: number }
  | { kind: 'status'; room: number; status: 'available' | 'maintenance' | 'cleaning' }
  | { kind: 'rate'; category: 'Garden' | 'Family'; start: number; nights: number; price: number; minStay: number | null };

const night = fc.integer({ min: 0, max: 30 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('book' as const), room: fc.nat(7), start: night, nights: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('shorten' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('block' as const), room: fc.nat(7), start: night, nights: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('status' as const), room: fc.nat(7), status: fc.constantFrom('available' as const, 'maintenance' as const, 'cleaning' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rate' as const),
      category: fc.constantFrom('Garden' as const, 'Family' as const),
      start: night,
      nights: fc.integer({ min: 1, max: 10 }),
      price: fc.integer({ min: 3000, max: 12000 }),
      minStay: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    }),
  },
);

const search = fc.record({
  start: fc.integer({ min: 0, max: 34 }),
  nights: fc.integer({ min: 1, max: 7 }),
  adults: fc.integer({ min: 1, max: 3 }),
  children: fc.integer({ min: 0, max: 2 }),
  category: fc.option(fc.constantFrom('Garden', 'Family', 'Nowhere'), { nil: undefined }),
  status: fc.option(fc.constantFrom('available' as const, 'maintenance' as const, 'cleaning' as const), { nil: undefined }),
  searchTerm: fc.option(fc.constantFrom('g', 'G1', 'f', 'garden', '1', 'x'), { nil: undefined }),
  page: fc.integer({ min: 1, max: 3 }),
  limit: fc.integer({ min: 1, max: 6 }),
  dated: fc.boolean(),
});

async function run(step: Op): Promise<void> {
  const { app, guest, staff, admin } = t;
  const room = (i: number) => rooms[i % rooms.length]!;
  const pickRow = async (statement: ReturnType<typeof sql>, pick: number) => {
    const found = await query<{ id: string }>(app, statement);
    return found.length > 0 ? found[pick % found.length]!.id : undefined;
  };
  switch (step.kind) {
    case 'book': {
      const res = await book(app, guest, room(step.room).id, day(START + step.start), day(START + step.start + step.nights), { adults: 1 });
      expect([201, 400, 409]).toContain(res.statusCode);
      return;
    }
    case 'cancel': {
      // Straight in SQL: the index hears every writer, not only the API.
      const id = await pickRow(sql`select id from bookings where status = 'active' order by id`, step.pick);
      if (id) await query(app, sql`update bookings set status = 'cancelled' where id = ${id}`);
      return;
    }
    case 'shorten': {
      const id = await pickRow(sql`select id from bookings where status = 'active' and check_out - check_in > 1 order by id`, step.pick);
      if (id) await query(app, sql`update bookings set check_out = check_out - 1 where id = ${id}`);
      return;
    }
    case 'block': {
      const res = await app.inject({
        method: 'POST',
        url: '/api/channels/blocks',
        headers: staff.auth,
        payload: { roomId: room(step.room).id, checkIn: day(START + step.start), checkOut: day(START + step.start + step.nights), reason: 'Painting' },
      });
      expect([201, 400, 409]).toContain(res.statusCode);
      return;
    }
    case 'release': {
      const id = await pickRow(sql`select id from room_blocks where released_at is null order by id`, step.pick);
      if (id) await query(app, sql`update room_blocks set released_at = now() where id = ${id}`);
      return;
    }
    case 'status': {
      const res = await app.inject({ method: 'PATCH', url: `/api/room/${room(step.room).id}`, headers: staff.auth, payload: { status: step.status } });
      expect(res.statusCode).toBe(200);
      return;
    }
    case 'rate': {
      const res = await app.inject({
        method: 'POST',
        url: '/api/rates/bulk',
        headers: admin.auth,
        payload: { category: step.category, plan: 'STD', from: day(START + step.start), to: day(START + step.start + step.nights), price: step.price, ...(step.minStay ? { minStay: step.minStay } : {}) },
      });
      expect(res.statusCode).toBe(200);
    }
  }
}

/** Stays asked again and again (and the plain list), so that kept answers meet the changes made between. */
const KEPT_SEARCHES = [
  { start: 0, nights: 3 },
  { start: 10, nights: 2 },
  { start: 25, nights: 7 },
  { start: 40, nights: 1 },
  { start: 0, nights: 0 },
];

describe('the availability index', () => {
  it('answers every search as the SQL search does, after any sequence of changes', async () => {
    const { app } = t;
    let searches = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), fc.array(search, { minLength: 6, maxLength: 6 }), async (ops, asks) => {
        for (const step of ops) await run(step);
        // Writes made in SQL have no answer to wait on: the feed delivers them within its delay.
        await app.availability.caughtUp();
        // The same few searches every run, over HTTP: answered from the kept answers when nothing
        // they depend on changed, and still as the SQL search answers after the changes above.
        for (const kept of KEPT_SEARCHES) {
          const stay = kept.nights ? { checkIn: day(START + kept.start), checkOut: day(START + kept.start + kept.nights), adults: 1, children: 0 } : undefined;
          const url = `/api/room?page=1&limit=20${stay ? `&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=${encodeURIComponent(JSON.stringify({ adults: 1, children: 0 }))}` : ''}`;
          const fromSql = await listRooms(app.db, { page: 1, limit: 20, stay: stay && ({ ...stay, adults: '1', children: '0' } as never) });
          const pricedBySql = stay && JSON.parse(JSON.stringify(await quoteStays(app.db, stay, app.config, undefined, 'online')));
          for (let twice = 0; twice < 2; twice += 1) {
            const res = await app.inject({ url });
            expect(res.statusCode).toBe(200);
            expect({ ids: res.json().data.map((r: { _id: string }) => r._id), total: res.json().meta.total }, url).toEqual({ ids: fromSql.data.map((r) => r._id), total: fromSql.meta.total });
            if (stay) {
              const quoted = await app.inject({ url: `/api/rates/quote?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&adults=1&children=0` });
              expect(quoted.statusCode).toBe(200);
              expect(quoted.json().data, `quote ${stay.checkIn}–${stay.checkOut}`).toEqual(pricedBySql);
            }
          }
        }
        for (const ask of asks) {
          const stay = ask.dated ? { checkIn: day(START + ask.start), checkOut: day(START + ask.start + ask.nights), adults: ask.adults, children: ask.children } : undefined;
          const filter = { page: ask.page, limit: ask.limit, status: ask.status, searchTerm: ask.searchTerm, category: ask.category, stay };
          const fromMemory = app.availability.findRooms(filter);
          expect(fromMemory, 'the index answers inside its window').toBeDefined();
          const fromSql = await listRooms(app.db, { ...filter, stay: stay && { ...stay, adults: String(stay.adults), children: String(stay.children) } as never });
          const memoryIds = fromMemory!.rooms.map((json) => (JSON.parse(json.toString()) as { _id: string })._id);
          expect({ ids: memoryIds, total: fromMemory!.total }).toEqual({ ids: fromSql.data.map((r) => r._id), total: fromSql.meta.total });
          expect(fromMemory!.rooms.map((json) => JSON.parse(json.toString()))).toEqual(JSON.parse(JSON.stringify(fromSql.data)));
          if (stay) {
            const priced = { ...stay, category: ask.category };
            const memory = app.availability.quoteInputs(stay, ask.category);
            expect(memory).toBeDefined();
            const withIndex = await quoteStays(app.db, priced, app.config, undefined, 'online', memory);
            const withSql = await quoteStays(app.db, priced, app.config, undefined, 'online');
            expect(withIndex).toEqual(withSql);
            searches += 1;
          }
        }
      }),
      { numRuns: 25 },
    );
    expect(searches).toBeGreaterThan(50);
    // The kept answers were used (a run whose changes left a search's nights alone reuses it).
    const { hits, entries } = app.availability.health().answers;
    expect(hits).toBeGreaterThan(KEPT_SEARCHES.length * 25);
    expect(entries).toBeGreaterThan(0);
    // The stays and blocks above really were there to be found.
    const [taken] = await query<{ n: number }>(app, sql`select count(*)::int as n from room_occupancy`);
    expect(taken!.n).toBeGreaterThan(0);
  });
});
