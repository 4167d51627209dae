import { addDays, defaultCategory, todayAt } from '@residency/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../../test/app.ts';
import { categoryPayload, roomNumbersOf, saveCategory } from '../../test/rooms.ts';
import { bookingRoomGuard } from '../reservations/bookings.service.ts';

const ctx = useTestApp({ accounts: { admin: true }, noRoomRemovalGuards: true });

describe('PUT /api/room-categories (save and sync rooms)', () => {
  it('creates the category and rooms 101, 102, 103A from "101, 102, 103a"', async () => {
    const res = await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101, 102, 103a' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sync).toMatchObject({ preSyncError: null, created: ['101', '102', '103A'], deleted: [] });
    expect(res.json().data.category).toMatchObject({ name: 'Deluxe King', roomCount: 3, offerPrice: 7500 });
    expect(await roomNumbersOf(ctx.app, 'Deluxe King')).toEqual(['101', '102', '103A']);

    const room = (await ctx.app.inject({ url: '/api/room?searchTerm=103A' })).json().data[0];
    // Made from the template: status available, price from the offer price.
    expect(room).toMatchObject({ category: 'Deluxe King', status: 'available', price: 7500, images: [] });
    expect(room.room_overview).toMatchObject({ name: 'Deluxe King', room_number: '103A', size: '40 sq m / 430 sq ft' });
    expect(room.room_features.windows).toBe('Floor-to-ceiling, city view');
  });

  it('with the destructive switch, "101, 104" creates 104 and removes 102 and 103A', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101, 102, 103a' });
    const res = await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101, 104', removeMissing: true });
    expect(res.json().data.sync).toMatchObject({ created: ['104'], deleted: ['102', '103A'], kept: [] });
    expect(await roomNumbersOf(ctx.app, 'Deluxe King')).toEqual(['101', '104']);
  });

  it('without the switch, rooms not in the list stay', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101, 102' });
    const res = await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101' });
    expect(res.json().data.sync).toMatchObject({ created: [], deleted: [] });
    expect(await roomNumbersOf(ctx.app, 'Deluxe King')).toEqual(['101', '102']);
  });

  it('never removes a room that a guard protects (a current or future booking), and says why', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101, 102, 103' });
    const booked = (await ctx.app.inject({ url: '/api/room?searchTerm=102' })).json().data[0]._id as string;
    ctx.app.roomRemovalGuards.push(async (_tx, ids) => new Map(ids.filter((id) => id === booked).map((id) => [id, 'it has a booking from 2026-12-01'])));
    const res = await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101', removeMissing: true });
    expect(res.json().data.sync).toMatchObject({
      deleted: ['103'],
      // A guard that gives only words: the generic code, no params.
      kept: [{ number: '102', reason: 'it has a booking from 2026-12-01', code: 'ROOM_IN_USE', params: {} }],
    });
    expect(await roomNumbersOf(ctx.app, 'Deluxe King')).toEqual(['101', '102']);
  });

  it('with the destructive switch and no room numbers, removes every room that may go and keeps a booked one, saying why', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101, 102, 103' });
    const booked = (await ctx.app.inject({ url: '/api/room?searchTerm=102' })).json().data[0]._id as string;
    ctx.app.roomRemovalGuards.push(bookingRoomGuard(ctx.app.config));
    const guest = await createUser(ctx.app, { role: 'user' });
    const today = todayAt(ctx.app.config.hotel.timeZone);
    const [checkIn, checkOut] = [addDays(today, 2), addDays(today, 4)];
    const stay = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: guest.auth,
      payload: { roomId: booked, checkIn, checkOut, adults: 1, children: 0, phone: '+880 1711-223344' },
    });
    expect(stay.statusCode).toBe(201);
    const transactionId = stay.json().data.transactionId as string;

    const res = await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '', removeMissing: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sync).toEqual({
      preSyncError: null,
      created: [],
      deleted: ['101', '103'],
      kept: [
        {
          number: '102',
          // English for API clients; the code and params for the web to say it in Bengali.
          reason: `it has a stay from ${checkIn} to ${checkOut} (${transactionId}).`,
          code: 'ROOM_HAS_STAY',
          params: { checkIn, checkOut, transactionId },
        },
      ],
      failed: [],
      invalid: [],
    });
    expect(res.json().data.category.roomCount).toBe(1);
    expect(await roomNumbersOf(ctx.app, 'Deluxe King')).toEqual(['102']);
  });

  it('without the switch, no room numbers leave the rooms alone', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101, 102' });
    const res = await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '', removeMissing: false });
    expect(res.json().data.sync).toMatchObject({ created: [], deleted: [], kept: [] });
    expect(await roomNumbersOf(ctx.app, 'Deluxe King')).toEqual(['101', '102']);
  });

  it('skips rooms that break the per-room rules and reports the spec messages', async () => {
    const res = await saveCategory(ctx.app, ctx.admin.auth, 'Twin', {
      roomNumbers: '201, 202',
      beds_and_bedding: { ...categoryPayload('Twin').beds_and_bedding, maximum_adults: 3, maximum_occupancy: 2, beds: '' },
    });
    expect(res.statusCode).toBe(200);
    const sync = res.json().data.sync;
    expect(sync.created).toEqual([]);
    expect(sync.invalid).toEqual([
      { number: '201', messages: expect.arrayContaining(['Beds are required', 'Maximum adults cannot exceed maximum occupancy']) },
      { number: '202', messages: expect.arrayContaining(['Beds are required', 'Maximum adults cannot exceed maximum occupancy']) },
    ]);
    expect(await roomNumbersOf(ctx.app, 'Twin')).toEqual([]);
  });

  it('reports a number that another category already uses and creates the rest', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101' });
    const res = await saveCategory(ctx.app, ctx.admin.auth, 'Twin', { roomNumbers: '101, 201' });
    expect(res.json().data.sync).toMatchObject({
      created: ['201'],
      failed: [
        {
          number: '101',
          message: 'Room 101 already exists in Deluxe King.',
          code: 'ROOM_NUMBER_TAKEN',
          params: { number: '101', category: 'Deluxe King' },
        },
      ],
    });
  });

  it.each([
    [{ room_overview: { wireless_internet: '' } }, 'Room overview data is incomplete. Please check all fields are filled.'],
    [{ room_features: { ...categoryPayload('x').room_features, windows: '' } }, 'Missing required field: windows in room features'],
    [
      { food_and_beverages: { ...categoryPayload('x').food_and_beverages, minibar: '' } },
      'Missing required field: minibar in food and beverages',
    ],
  ])('saves the category but syncs nothing when the template is incomplete (%#)', async (overrides, message) => {
    const res = await saveCategory(ctx.app, ctx.admin.auth, 'Suite', { roomNumbers: '301', ...overrides });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sync).toMatchObject({ preSyncError: message, created: [] });
    expect(res.json().data.category.roomCount).toBe(0);
  });

  it('refuses a nameless category with 400 and saves nothing', async () => {
    const res = await saveCategory(ctx.app, ctx.admin.auth, '', { roomNumbers: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Category name is required');
    expect((await ctx.app.inject({ url: '/api/room-categories' })).json().data).toEqual([]);
  });

  it('is for admins only', async () => {
    const staff = await createUser(ctx.app, { role: 'staff' });
    expect((await saveCategory(ctx.app, staff.auth, 'Nope')).statusCode).toBe(403);
    expect((await saveCategory(ctx.app, {}, 'Nope')).statusCode).toBe(401);
  });
});

describe('PUT /api/room-categories (the defaults of a new category, spec section 3)', () => {
  const put = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: '/api/room-categories', headers: ctx.admin.auth, payload });

  it('gives a new category sent with only a name every default of the spec', async () => {
    const res = await put({ name: 'Bare' });
    expect(res.statusCode).toBe(200);
    const { name: _name, ...defaults } = defaultCategory();
    expect(res.json().data.category).toMatchObject({ name: 'Bare', ...defaults });
    expect(res.json().data.category).toMatchObject({
      offerPrice: 5500,
      rackRate: 0,
      special_benefits: ['Complimentary Breakfast'],
      food_and_beverages: { room_service: '24-hour', bottled_water: 'Complimentary', minibar: 'Stocked, charges apply' },
      entertainment: { international_channels: ['All TV Channels', 'Netflix'] },
    });
    // Stored, not only answered.
    expect((await ctx.app.inject({ url: '/api/room-categories/Bare' })).json().data).toMatchObject(defaults);
  });

  it('keeps every part given, even an empty one, and fills only the parts left out', async () => {
    const res = await put({ name: 'Plain', offerPrice: 4200, special_benefits: [], room_features: { windows: 'Garden' } });
    const category = res.json().data.category;
    expect(category.offerPrice).toBe(4200);
    expect(category.special_benefits).toEqual([]);
    expect(category.room_features).toEqual({ windows: 'Garden' });
    expect(category.food_and_beverages).toEqual(defaultCategory().food_and_beverages);
  });

  it("never puts the defaults over an existing category's values", async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', {
      special_benefits: ['Late checkout'],
      food_and_beverages: { ...categoryPayload('x').food_and_beverages, minibar: 'Empty on request' },
      translations: { bn: { name: 'ডিলাক্স কিং' } },
    });
    const before = (await ctx.app.inject({ url: '/api/room-categories/Deluxe%20King' })).json().data;
    const res = await put({ name: 'Deluxe King', rackRate: 9900 });
    expect(res.statusCode).toBe(200);
    const { updatedAt: _a, rackRate: _r, ...kept } = before;
    expect(res.json().data.category).toMatchObject({ ...kept, rackRate: 9900 });
    expect(res.json().data.category.special_benefits).toEqual(['Late checkout']);
    expect(res.json().data.category.translations).toEqual({ bn: { name: 'ডিলাক্স কিং' } });
  });
});

describe('GET /api/room-categories', () => {
  it('lists categories by name with their room counts, publicly', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Twin', { roomNumbers: '201' });
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101, 102' });
    const res = await ctx.app.inject({ url: '/api/room-categories' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { name: string; roomCount: number }) => [c.name, c.roomCount])).toEqual([
      ['Deluxe King', 2],
      ['Twin', 1],
    ]);
  });

  it('finds one by its URL-encoded name, and 404s an unknown one', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Family & Friends', {
      translations: { bn: { name: 'পরিবার ও বন্ধু', description: 'বড় পরিবারের জন্য' } },
    });
    const res = await ctx.app.inject({ url: `/api/room-categories/${encodeURIComponent('Family & Friends')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Family & Friends', translations: { bn: { name: 'পরিবার ও বন্ধু' } } });
    const missing = await ctx.app.inject({ url: '/api/room-categories/Nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('CATEGORY_NOT_FOUND');
  });

  it('shows a change at once, although answers are cached', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Twin', { offerPrice: 5000 });
    const before = await ctx.app.inject({ url: '/api/room-categories' });
    expect(before.json().data[0].offerPrice).toBe(5000);
    await saveCategory(ctx.app, ctx.admin.auth, 'Twin', { offerPrice: 5200 });
    expect((await ctx.app.inject({ url: '/api/room-categories' })).json().data[0].offerPrice).toBe(5200);
  });
});

describe('GET /api/room-categories?public=true (what guests see)', () => {
  type Listed = { name: string; hiddenReason: string | null };
  const names = async (url: string) => ((await ctx.app.inject({ url })).json().data as Listed[]).map((c) => c.name);
  const reasons = async () =>
    Object.fromEntries(((await ctx.app.inject({ url: '/api/room-categories' })).json().data as Listed[]).map((c) => [c.name, c.hiddenReason]));
  const setStatus = async (number: string, status: string) => {
    const id = (await ctx.app.inject({ url: `/api/room?searchTerm=${number}` })).json().data[0]._id as string;
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/room/${id}`, headers: ctx.admin.auth, payload: { status } });
    expect(res.statusCode).toBe(200);
  };

  beforeEach(async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101' });
    await saveCategory(ctx.app, ctx.admin.auth, 'Empty Wing');
    await saveCategory(ctx.app, ctx.admin.auth, 'Twin', { roomNumbers: '201, 202' });
    await setStatus('201', 'maintenance');
    await setStatus('202', 'unavailable');
  });

  it('leaves out a category with no rooms and one whose every room is out of service', async () => {
    expect(await names('/api/room-categories?public=true')).toEqual(['Deluxe King']);
  });

  it('still gives the back office every category, each with why guests do not see it', async () => {
    expect(await names('/api/room-categories')).toEqual(['Deluxe King', 'Empty Wing', 'Twin']);
    expect(await names('/api/room-categories?public=false')).toEqual(['Deluxe King', 'Empty Wing', 'Twin']);
    expect(await reasons()).toEqual({ 'Deluxe King': null, 'Empty Wing': 'NO_ROOMS', Twin: 'NO_ROOM_IN_SERVICE' });
    // One category says the same, and so does the answer to a save.
    expect((await ctx.app.inject({ url: '/api/room-categories/Twin' })).json().data.hiddenReason).toBe('NO_ROOM_IN_SERVICE');
    expect((await saveCategory(ctx.app, ctx.admin.auth, 'Empty Wing', { offerPrice: 6000 })).json().data.category.hiddenReason).toBe('NO_ROOMS');
  });

  it('counts a booked or cleaning room as bookable: only maintenance and unavailable hide', async () => {
    await setStatus('101', 'cleaning');
    await setStatus('201', 'booked');
    expect(await names('/api/room-categories?public=true')).toEqual(['Deluxe King', 'Twin']);
  });

  it('shows a category once a room is back in service or added, though answers are cached', async () => {
    // Read first, so both lists are in the cache when the rooms change.
    expect(await names('/api/room-categories?public=true')).toEqual(['Deluxe King']);
    expect((await reasons()).Twin).toBe('NO_ROOM_IN_SERVICE');

    await setStatus('202', 'available');
    expect(await names('/api/room-categories?public=true')).toEqual(['Deluxe King', 'Twin']);
    expect((await reasons()).Twin).toBeNull();

    await saveCategory(ctx.app, ctx.admin.auth, 'Empty Wing', { roomNumbers: '301' });
    expect(await names('/api/room-categories?public=true')).toEqual(['Deluxe King', 'Empty Wing', 'Twin']);
    expect((await reasons())['Empty Wing']).toBeNull();

    // And it goes again when its last room in service leaves service.
    await setStatus('301', 'maintenance');
    expect(await names('/api/room-categories?public=true')).toEqual(['Deluxe King', 'Twin']);
    expect((await reasons())['Empty Wing']).toBe('NO_ROOM_IN_SERVICE');
  });

  it('hides a category whose rooms were all deleted', async () => {
    const id = (await ctx.app.inject({ url: '/api/room?searchTerm=101' })).json().data[0]._id as string;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/room/${id}`, headers: ctx.admin.auth })).statusCode).toBe(200);
    expect(await names('/api/room-categories?public=true')).toEqual([]);
    expect((await reasons())['Deluxe King']).toBe('NO_ROOMS');
  });

  it('refuses a public flag that is neither true nor false (400)', async () => {
    expect((await ctx.app.inject({ url: '/api/room-categories?public=maybe' })).statusCode).toBe(400);
  });
});

describe('The "From" price and applying a category\'s price to its rooms (issue 19, section 3)', () => {
  /** The category's rooms by number with their prices. */
  async function roomPrices(category: string): Promise<Record<string, number>> {
    const res = await ctx.app.inject({ url: `/api/room?categories=${encodeURIComponent(category)}&limit=1000` });
    return Object.fromEntries(
      (res.json().data as { price: number; room_overview: { room_number: string } }[]).map((r) => [r.room_overview.room_number, r.price]),
    );
  }
  async function patchRoom(number: string, patch: Record<string, unknown>) {
    const id = (await ctx.app.inject({ url: `/api/room?searchTerm=${number}` })).json().data[0]._id as string;
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/room/${id}`, headers: ctx.admin.auth, payload: patch });
    expect(res.statusCode).toBe(200);
  }
  async function shown(name: string) {
    const list = (await ctx.app.inject({ url: '/api/room-categories?public=true' })).json().data as { name: string }[];
    return list.find((c) => c.name === name);
  }

  beforeEach(async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101, 102, 103' });
    await patchRoom('101', { price: 12900 });
    await patchRoom('102', { price: 13500 });
    // Cheaper, but out of service: no guest can book it.
    await patchRoom('103', { price: 9000, status: 'maintenance' });
  });

  it("says From the lowest price among the type's bookable rooms, not the category's offer price", async () => {
    // The offer price was 7,500: 101 carries a supplement of 5,400, 102 of 6,000, 103 of 1,500.
    expect(await shown('Deluxe King')).toMatchObject({ offerPrice: 7500, fromPrice: 12900, fromMinStay: 1 });
    const res = await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { offerPrice: 12500 });
    expect(res.statusCode).toBe(200);
    // Without being asked, each room keeps its supplement over the type's price (issue 21): all move by 5,000.
    expect(await roomPrices('Deluxe King')).toEqual({ '101': 17900, '102': 18500, '103': 14000 });
    expect(res.json().data.category).toMatchObject({ offerPrice: 12500, fromPrice: 17900 });
    expect(await shown('Deluxe King')).toMatchObject({ offerPrice: 12500, fromPrice: 17900 });
    expect((await ctx.app.inject({ url: '/api/room-categories/Deluxe%20King' })).json().data.fromPrice).toBe(17900);

    // A room back in service is bookable again: the From price follows it.
    await patchRoom('103', { status: 'available' });
    expect(await shown('Deluxe King')).toMatchObject({ fromPrice: 14000 });
  });

  it("applies the category's price to every room of it only when asked, in the same save", async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { offerPrice: 12500, applyPriceToRooms: false });
    // Not asked: each room keeps its supplement (issue 21).
    expect(await roomPrices('Deluxe King')).toEqual({ '101': 17900, '102': 18500, '103': 14000 });

    const res = await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { offerPrice: 12500, applyPriceToRooms: true });
    expect(res.statusCode).toBe(200);
    expect(await roomPrices('Deluxe King')).toEqual({ '101': 12500, '102': 12500, '103': 12500 });
    expect(res.json().data.category).toMatchObject({ offerPrice: 12500, fromPrice: 12500 });
    expect(await shown('Deluxe King')).toMatchObject({ fromPrice: 12500 });
  });

  it('leaves the rooms of other categories alone, and a refused save changes no price', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Twin', { roomNumbers: '201' });
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { offerPrice: 11000, applyPriceToRooms: true });
    expect(await roomPrices('Twin')).toEqual({ '201': 7500 });
    // A save refused by the contract changes nothing.
    const bad = await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { offerPrice: -1, applyPriceToRooms: true });
    expect(bad.statusCode).toBe(400);
    expect(await roomPrices('Deluxe King')).toEqual({ '101': 11000, '102': 11000, '103': 11000 });
  });
});

describe('DELETE /api/room-categories/:name', () => {
  it('deletes a category without rooms', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Old Wing');
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/room-categories/Old%20Wing', headers: ctx.admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Deleted');
    expect((await ctx.app.inject({ url: '/api/room-categories/Old%20Wing' })).statusCode).toBe(404);
  });

  it('answers 404 to a name that is no category', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/room-categories/No%20Such%20Wing', headers: ctx.admin.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('refuses while the category has rooms (409), and keeps everything', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101' });
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/room-categories/Deluxe%20King', headers: ctx.admin.auth });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CATEGORY_HAS_ROOMS', message: '"Deluxe King" still has 1 room(s). Delete or move them first.' });
    expect(await roomNumbersOf(ctx.app, 'Deluxe King')).toEqual(['101']);
  });
});
