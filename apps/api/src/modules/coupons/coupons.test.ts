import { addDays, todayAt } from '@residency/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, query, useTestApp } from '../../test/app.ts';
import { sql } from 'drizzle-orm';
import { saveCategory } from '../../test/rooms.ts';

const day = (n: number) => addDays(todayAt('Asia/Dhaka'), n);

const ctx = useTestApp({ accounts: { admin: true } });

const create = (payload: Record<string, unknown>, auth = ctx.admin.auth) =>
  ctx.app.inject({ method: 'POST', url: '/api/coupons', headers: auth, payload });

describe('POST /api/coupons', () => {
  it('creates a coupon with the spec defaults, code in capitals', async () => {
    const res = await create({ code: 'eid25', discountType: 'percentage', discountValue: 25, expirationDate: day(10) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      code: 'EID25',
      discountType: 'percentage',
      discountValue: 25,
      minimumPurchaseAmount: 0,
      usageLimit: 0,
      usedCount: 0,
      isActive: true,
      expirationDate: day(10),
    });
  });

  it('refuses the same code in another case (409)', async () => {
    await create({ code: 'EID25', discountType: 'fixed', discountValue: 500, expirationDate: day(10) });
    const res = await create({ code: 'eid25', discountType: 'fixed', discountValue: 500, expirationDate: day(10) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('COUPON_CODE_TAKEN');
  });

  it.each([
    [{ discountType: 'fixed', discountValue: 1, expirationDate: '2027-01-01' }, 'Please input the coupon code!'],
    [{ code: 'A', discountValue: 1, expirationDate: '2027-01-01' }, 'Please select a discount type!'],
    [{ code: 'A', discountType: 'fixed', expirationDate: '2027-01-01' }, 'Please input the discount value!'],
    [{ code: 'A', discountType: 'fixed', discountValue: 1 }, 'Please select the expiration date!'],
    [{ code: 'A', discountType: 'percentage', discountValue: 120, expirationDate: '2027-01-01' }, 'A percentage discount cannot be more than 100.'],
  ])('gives the spec message for a missing field (%#)', async (payload, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it('is for admins only', async () => {
    const staff = await createUser(ctx.app, { role: 'staff' });
    expect((await create({ code: 'X', discountType: 'fixed', discountValue: 1, expirationDate: day(1) }, staff.auth)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/coupons', headers: staff.auth })).statusCode).toBe(403);
  });
});

describe('GET /api/coupons/:code (public check)', () => {
  beforeEach(async () => {
    await create({ code: 'WINTER', discountType: 'percentage', discountValue: 10, expirationDate: day(5), minimumPurchaseAmount: 10000 });
  });

  it('400 for an amount no stay costs (1e308 made the discount Infinity and the answer 500)', async () => {
    for (const amount of ['1e308', '1.7976931348623157e%2B308', '2000000000']) {
      const res = await ctx.app.inject({ url: `/api/coupons/WINTER?amount=${amount}` });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect((await ctx.app.inject({ url: '/api/coupons/WINTER?amount=999999999' })).statusCode).toBe(200);
  });

  it('says the code applies and what it takes off an amount', async () => {
    const res = await ctx.app.inject({ url: '/api/coupons/winter?amount=15000' });
    expect(res.json().data).toMatchObject({ code: 'WINTER', valid: true, reason: null, discount: 1500 });
  });

  it('says why not: below the minimum, unknown code', async () => {
    const low = (await ctx.app.inject({ url: '/api/coupons/WINTER?amount=5000' })).json().data;
    expect(low).toMatchObject({ valid: false, reason: 'This coupon needs a stay of at least ৳10,000.' });
    const unknown = (await ctx.app.inject({ url: '/api/coupons/NOPE' })).json().data;
    expect(unknown).toMatchObject({ valid: false, reason: 'There is no coupon with this code.' });
  });
});

describe('GET and DELETE /api/coupons', () => {
  it('lists newest first, with meta, and deletes', async () => {
    await create({ code: 'FIRST', discountType: 'fixed', discountValue: 100, expirationDate: day(5) });
    const second = (await create({ code: 'SECOND', discountType: 'fixed', discountValue: 100, expirationDate: day(5) })).json().data;
    const all = (await ctx.app.inject({ url: '/api/coupons', headers: ctx.admin.auth })).json();
    expect(all.data.map((c: { code: string }) => c.code)).toEqual(['SECOND', 'FIRST']);
    expect(all.meta).toEqual({ page: 1, limit: 10, total: 2 });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/coupons/${second._id}`, headers: ctx.admin.auth })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/coupons/${second._id}`, headers: ctx.admin.auth })).statusCode).toBe(404);
  });
});

describe('GET /api/coupons pages', () => {
  it('answers page and limit like the other lists, and refuses a limit over 100', async () => {
    for (const code of ['C1', 'C2', 'C3']) await create({ code, discountType: 'fixed', discountValue: 100, expirationDate: day(5) });
    const page2 = (await ctx.app.inject({ url: '/api/coupons?page=2&limit=2', headers: ctx.admin.auth })).json();
    expect(page2.data.map((c: { code: string }) => c.code)).toEqual(['C1']);
    expect(page2.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect((await ctx.app.inject({ url: '/api/coupons?limit=101', headers: ctx.admin.auth })).statusCode).toBe(400);
  });
});

describe('GET /api/coupons/:code rate limit', () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await buildTestApp({ RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_WINDOW: '1 minute' }, { reset: false });
  });
  afterAll(async () => limited.close());

  it('answers 429 after RATE_LIMIT_AUTH_MAX checks in the window, whatever the code', async () => {
    for (const code of ['GUESS1', 'GUESS2', 'GUESS3']) expect((await limited.inject({ url: `/api/coupons/${code}` })).statusCode).toBe(200);
    const fourth = await limited.inject({ url: '/api/coupons/GUESS4' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(fourth.headers['retry-after']).toBeDefined();
    // Only the public check is limited: the admin's list still answers.
    expect((await limited.inject({ url: '/api/coupons', headers: ctx.admin.auth })).statusCode).toBe(200);
  });
});

describe('PATCH /api/coupons/:id', () => {
  const patch = (id: string, payload: Record<string, unknown>, auth = ctx.admin.auth) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/coupons/${id}`, headers: auth, payload });

  it('changes the fields given, keeps the others, and switches a coupon off and on', async () => {
    const coupon = (await create({ code: 'SPRING', discountType: 'percentage', discountValue: 10, expirationDate: day(30) })).json().data;
    const changed = await patch(coupon._id, { discountValue: 15, minimumPurchaseAmount: 5000, code: 'spring 26' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ message: 'Coupon updated', data: { code: 'SPRING26', discountValue: 15, minimumPurchaseAmount: 5000, expirationDate: day(30), isActive: true } });
    expect((await patch(coupon._id, { isActive: false })).json().data.isActive).toBe(false);
    const check = await ctx.app.inject({ url: '/api/coupons/SPRING26?amount=10000' });
    expect(check.json().data).toMatchObject({ valid: false });
    expect((await patch(coupon._id, { isActive: true })).json().data.isActive).toBe(true);
    expect((await ctx.app.inject({ url: '/api/coupons/SPRING26?amount=10000' })).json().data.valid).toBe(true);
  });

  it('answers the coupon unchanged to a patch that sets nothing (found by the fuzz test: it was a 500)', async () => {
    const coupon = (await create({ code: 'SAME', discountType: 'fixed', discountValue: 500, expirationDate: day(30) })).json().data;
    const res = await patch(coupon._id, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'SAME', discountType: 'fixed', discountValue: 500, isActive: true });
  });

  it('refuses a percentage over 100 (also when only the type changes), an unknown field, a taken code, an unknown id, and a staff caller', async () => {
    const fixed = (await create({ code: 'FLAT500', discountType: 'fixed', discountValue: 500, expirationDate: day(30) })).json().data;
    await create({ code: 'OTHER', discountType: 'fixed', discountValue: 100, expirationDate: day(30) });
    const percent = await patch(fixed._id, { discountType: 'percentage' });
    expect(percent.statusCode).toBe(400);
    expect(percent.json().message).toBe('A percentage discount cannot be more than 100.');
    expect((await patch(fixed._id, { usedCount: 0 })).statusCode).toBe(400);
    const taken = await patch(fixed._id, { code: 'other' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('COUPON_CODE_TAKEN');
    expect((await patch('00000000-0000-4000-8000-000000000000', { isActive: false })).statusCode).toBe(404);
    const staff = await createUser(ctx.app, { role: 'staff' });
    expect((await patch(fixed._id, { isActive: false }, staff.auth)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/coupons', headers: ctx.admin.auth })).json().data.find((c: { code: string }) => c.code === 'FLAT500').discountType).toBe('fixed');
  });

  it('keeps the code of a coupon a booking was made with (even once cancelled), and its limit above its uses', async () => {
    const coupon = (await create({ code: 'USED10', discountType: 'percentage', discountValue: 10, expirationDate: day(60), usageLimit: 5 })).json().data;
    await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101' });
    const [room] = (await ctx.app.inject({ url: '/api/room?limit=5' })).json().data;
    const guest = await createUser(ctx.app);
    const booking = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: guest.auth,
      payload: { roomId: room._id, checkIn: day(10), checkOut: day(12), adults: 1, phone: '+880 1711-223344', couponCode: 'USED10' },
    });
    expect(booking.statusCode).toBe(201);
    const locked = await patch(coupon._id, { code: 'RENAMED' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'COUPON_CODE_LOCKED', message: 'Bookings were made with USED10: its code cannot change. Create a new coupon instead.' });
    // Other fields may change; the limit not below the one use.
    expect((await patch(coupon._id, { discountValue: 12 })).statusCode).toBe(200);
    expect((await patch(coupon._id, { usageLimit: 0 })).statusCode).toBe(200);
    const staff = await createUser(ctx.app, { role: 'staff' });
    await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${booking.json().data._id}`, headers: staff.auth });
    expect((await patch(coupon._id, { code: 'RENAMED' })).statusCode).toBe(409);
  });

  it('refuses a usage limit below the uses already made', async () => {
    const coupon = (await create({ code: 'TWICE', discountType: 'fixed', discountValue: 100, expirationDate: day(60), usageLimit: 5 })).json().data;
    await query(ctx.app, sql`update coupons set used_count = 3 where id = ${coupon._id}`);
    const low = await patch(coupon._id, { usageLimit: 2 });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors).toEqual([{ path: 'usageLimit', message: 'This coupon has been used 3 times: its limit cannot be lower than that (0 is unlimited).' }]);
    expect((await patch(coupon._id, { usageLimit: 3 })).statusCode).toBe(200);
  });
});
