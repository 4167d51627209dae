import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { categoryPayload, saveCategory } from '../../test/rooms.ts';

const ctx = useTestApp({ noRoomRemovalGuards: true });

/** A valid room of category "Deluxe King" (made first) with this number. */
function roomBody(number: string, overrides: Record<string, unknown> = {}) {
  const { name: _n, rackRate: _r, offerPrice: _o, description: _d, images: _i, translations: _t, roomNumbers: _rn, removeMissing: _rm, ...template } =
    categoryPayload('Deluxe King');
  return {
    ...template,
    category: 'Deluxe King',
    price: 7000,
    status: 'available',
    images: [],
    room_overview: { ...template.room_overview, name: `Deluxe King ${number}`, room_number: number },
    ...overrides,
  };
}

async function createRoom(number: string, overrides: Record<string, unknown> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/room/create-room', headers: ctx.admin.auth, payload: roomBody(number, overrides) });
}

const list = async (query: string) => (await ctx.app.inject({ url: `/api/room?${query}` })).json();

describe('POST /api/room/create-room', () => {
  beforeEach(async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King');
  });

  it('creates a room with a normalised number', async () => {
    const res = await createRoom(' 5-01b ');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Room Added Successfully');
    expect(res.json().data).toMatchObject({ category: 'Deluxe King', price: 7000, status: 'available' });
    expect(res.json().data.room_overview.room_number).toBe('501B');
  });

  it('refuses a number that is taken (409), an unknown category (400) and more than 3 images (400)', async () => {
    await createRoom('501');
    const taken = await createRoom('5-01');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'ROOM_NUMBER_TAKEN', message: 'Room 501 already exists (in Deluxe King).' });
    expect((await createRoom('502', { category: 'Nope' })).statusCode).toBe(400);
    const images = await createRoom('503', { images: ['/a.webp', '/b.webp', '/c.webp', '/d.webp'] });
    expect(images.statusCode).toBe(400);
    expect(images.json().message).toBe('Maximum 3 images allowed');
    expect((await list('limit=100')).meta.total).toBe(1);
  });

  it('answers 409 ROOM_NUMBER_TAKEN, never 500, to rooms created with one number at the same moment', async () => {
    // On PostgreSQL the requests run side by side and the unique index decides; each round one wins.
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => createRoom(`7${round}0`)));
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((r) => r.statusCode === 409)) {
        expect(refused.json()).toMatchObject({ success: false, code: 'ROOM_NUMBER_TAKEN', message: `Room 7${round}0 already exists (in Deluxe King).` });
      }
    }
  });

  it('gives the spec message for a text price', async () => {
    const res = await createRoom('504', { price: 'cheap' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'price', message: 'Price must be a number' });
  });

  it('is for admins only', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/room/create-room', headers: ctx.staff.auth, payload: roomBody('9') });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/room', () => {
  beforeEach(async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101, 102, 99, 1001' });
    await saveCategory(ctx.app, ctx.admin.auth, 'Twin Garden', { roomNumbers: '201, 202' });
  });

  it('lists rooms publicly in natural number order with meta', async () => {
    const body = await list('page=1&limit=4');
    expect(body.meta).toEqual({ page: 1, limit: 4, total: 6 });
    expect(body.data.map((r: { room_overview: { room_number: string } }) => r.room_overview.room_number)).toEqual(['99', '101', '102', '201']);
    expect((await list('page=2&limit=4')).data).toHaveLength(2);
  });

  it('filters by category (one at a time) and by status, and searches number and name', async () => {
    expect((await list('categories=Twin%20Garden')).meta.total).toBe(2);
    const id = (await list('searchTerm=202')).data[0]._id;
    await ctx.app.inject({ method: 'PATCH', url: `/api/room/${id}`, headers: ctx.staff.auth, payload: { status: 'cleaning' } });
    expect((await list('status=cleaning')).data.map((r: { _id: string }) => r._id)).toEqual([id]);
    expect((await list('searchTerm=garden')).meta.total).toBe(2);
    expect((await list('searchTerm=10')).meta.total).toBe(3);
  });

  it('answers up to 1000 rooms in one page and refuses more', async () => {
    expect((await ctx.app.inject({ url: '/api/room?limit=1000' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/room?limit=1001' })).statusCode).toBe(400);
  });

  it('shows a change at once although the answer is cached', async () => {
    const first = await list('categories=Twin%20Garden');
    expect(first.data[0].status).toBe('available');
    await ctx.app.inject({ method: 'PATCH', url: `/api/room/${first.data[0]._id}`, headers: ctx.staff.auth, payload: { status: 'maintenance' } });
    expect((await list('categories=Twin%20Garden')).data[0].status).toBe('maintenance');
  });
});

describe('PATCH /api/room/:id', () => {
  let id: string;
  beforeEach(async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101, 102' });
    id = (await list('searchTerm=101')).data[0]._id;
  });

  it('lets staff change the status and nothing else', async () => {
    const ok = await ctx.app.inject({ method: 'PATCH', url: `/api/room/${id}`, headers: ctx.staff.auth, payload: { status: 'cleaning' } });
    expect(ok.json()).toMatchObject({ message: 'Room Status updated successfully', data: { status: 'cleaning' } });
    const price = await ctx.app.inject({ method: 'PATCH', url: `/api/room/${id}`, headers: ctx.staff.auth, payload: { price: 1 } });
    expect(price.statusCode).toBe(403);
    expect(price.json().code).toBe('STATUS_ONLY');
    const asGuest = await ctx.app.inject({ method: 'PATCH', url: `/api/room/${id}`, headers: ctx.guest.auth, payload: { status: 'available' } });
    expect(asGuest.statusCode).toBe(403);
  });

  it('lets an admin update the details, with at most 3 images', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/room/${id}`,
      headers: ctx.admin.auth,
      payload: {
        price: 8100,
        images: ['/uploads/a-1280.webp', '/uploads/b-1280.webp', '/uploads/c-1280.webp'],
        room_overview: { ...roomBody('101').room_overview, name: 'Corner Deluxe', room_number: '101' },
      },
    });
    expect(res.json()).toMatchObject({ message: 'Room updated successfully', data: { price: 8100 } });
    expect(res.json().data.room_overview.name).toBe('Corner Deluxe');
    const four = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/room/${id}`,
      headers: ctx.admin.auth,
      payload: { images: ['/1', '/2', '/3', '/4'] },
    });
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe('Maximum 3 images allowed');
    expect((await ctx.app.inject({ url: `/api/room/${id}` })).json().data.images).toHaveLength(3);
  });

  it('keeps the rules that span fields (adults cannot exceed occupancy)', async () => {
    const beds = { ...roomBody('101').beds_and_bedding, maximum_adults: 3 };
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/room/${id}`, headers: ctx.admin.auth, payload: { beds_and_bedding: beds } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Maximum adults cannot exceed maximum occupancy');
  });

  it('refuses to take a number another room has', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/room/${id}`,
      headers: ctx.admin.auth,
      payload: { room_overview: { ...roomBody('102').room_overview } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ROOM_NUMBER_TAKEN');
  });

  it('answers 404 to an unknown room and changes nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/room/${unknown}`, headers: ctx.admin.auth, payload: { status: 'cleaning' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });
});

describe('DELETE /api/room/:id', () => {
  it('answers 404 to an unknown room', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/room/00000000-0000-4000-8000-000000000000', headers: ctx.admin.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('retires the room: gone from lists, its number free again', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101' });
    const id = (await list('searchTerm=101')).data[0]._id;
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/room/${id}`, headers: ctx.admin.auth });
    expect(res.json().message).toBe('Room Deleted successfully');
    expect((await ctx.app.inject({ url: `/api/room/${id}` })).statusCode).toBe(404);
    expect((await list('limit=10')).meta.total).toBe(0);
    expect((await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101' })).json().data.sync.created).toEqual(['101']);
  });

  it('refuses a room a guard protects, with the reason', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101' });
    const id = (await list('searchTerm=101')).data[0]._id;
    ctx.app.roomRemovalGuards.push(async (_tx, ids) => new Map(ids.map((i) => [i, 'a guest is staying in it'])));
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/room/${id}`, headers: ctx.admin.auth });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ROOM_IN_USE', message: 'Room 101 cannot be deleted: a guest is staying in it' });
    expect((await list('limit=10')).meta.total).toBe(1);
  });

  it('is for admins only', async () => {
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101' });
    const id = (await list('searchTerm=101')).data[0]._id;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/room/${id}`, headers: ctx.staff.auth })).statusCode).toBe(403);
  });
});
