import { addDays, todayAt, type TServiceRequest } from '@residency/shared';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, useTestApp, type TestAccount } from '../../test/app.ts';
import { saveCategory } from '../../test/rooms.ts';

let other: TestAccount;
let rooms: Record<string, string>;

const today = () => todayAt('Asia/Dhaka');
const day = (n: number) => addDays(today(), n);

const ctx = useTestApp({ accounts: { admin: true, staff: true, guest: { name: 'Rahim Uddin' } } });
beforeEach(async () => {
  other = await createUser(ctx.app, { name: 'Karim Mia' });
  await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { roomNumbers: '101, 102, 103' });
  const all = (await ctx.app.inject({ url: '/api/room?limit=100' })).json().data as { _id: string; room_overview: { room_number: string } }[];
  rooms = Object.fromEntries(all.map((r) => [r.room_overview.room_number, r._id]));
});

/** A stay of `who` in `room` from day `from` to day `to` (past days are written straight to the table). */
async function stay(who: { id: string; auth: Record<string, string> }, room: string, from: number, to: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: who.auth,
    payload: { roomId: rooms[room], checkIn: day(Math.max(from, 0) + 300), checkOut: day(Math.max(to, 1) + 300), adults: 1, phone: '+880 1711-223344' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data._id as string;
  await ctx.app.db.execute(sql`update bookings set check_in = ${day(from)}, check_out = ${day(to)} where id = ${id}`);
  return id;
}

const ask = (who: { auth: Record<string, string> }, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/services', headers: who.auth, payload: body as object });

describe('POST /api/services', () => {
  it('takes a request for the stay the guest is in today, and finds its room', async () => {
    await stay(ctx.guest, '103', 10, 12);
    await stay(ctx.guest, '101', -1, 2);
    const res = await ask(ctx.guest, { service: 'extra_towels', description: 'Two bath towels, please.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      service: 'extra_towels',
      description: 'Two bath towels, please.',
      isCompleted: false,
      room: { category: 'Deluxe King', roomNumber: '101' },
      booking: { startDate: day(-1), endDate: day(2) },
      user: { name: 'Rahim Uddin' },
    });
  });

  it('takes one for an upcoming stay, and for a stay that ends today', async () => {
    await stay(ctx.guest, '102', 5, 7);
    expect((await ask(ctx.guest, { service: 'wake_up_call', description: '6:30, please' })).json().data.room.roomNumber).toBe('102');
    await stay(other, '103', -2, 0);
    expect((await ask(other, { service: 'laundry' })).statusCode).toBe(201);
  });

  it('takes one for a chosen stay of the guest, and refuses a stay of someone else', async () => {
    await stay(ctx.guest, '101', -1, 2);
    const later = await stay(ctx.guest, '102', 6, 8);
    const chosen = await ask(ctx.guest, { service: 'room_service', bookingId: later });
    expect(chosen.json().data.room.roomNumber).toBe('102');
    const notMine = await ask(other, { service: 'room_service', bookingId: later });
    expect(notMine.statusCode).toBe(409);
    expect(notMine.json()).toMatchObject({ code: 'NO_OPEN_STAY' });
  });

  it('409 NO_OPEN_STAY for a guest whose only stays are past or cancelled', async () => {
    await stay(ctx.guest, '101', -5, -2);
    const cancelled = await stay(ctx.guest, '102', 3, 5);
    await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${cancelled}`, headers: ctx.staff.auth });
    const res = await ask(ctx.guest, { service: 'housekeeping' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'NO_OPEN_STAY',
      message: 'You can ask for services during a stay. You have no current or upcoming stay with us.',
    });
    expect((await ctx.app.inject({ url: '/api/services/my-services', headers: ctx.guest.auth })).json().data).toHaveLength(0);
  });

  it('409 NO_OPEN_STAY once the guest has checked out, even on the day the stay ends', async () => {
    const id = await stay(ctx.guest, '101', -2, 0);
    await ctx.app.inject({ method: 'PATCH', url: `/api/bookings/${id}`, headers: ctx.staff.auth, payload: { isConfirmed: true } });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/bookings/${id}/check-in`, headers: ctx.staff.auth })).statusCode).toBe(409);
    // Checked in on the first day (written as the desk would have), out today.
    await ctx.app.db.execute(sql`update bookings set stage = 'checked_in', checked_in_at = now() where id = ${id}`);
    expect((await ask(ctx.guest, { service: 'wake_up_call' })).statusCode).toBe(201);
    const out = await ctx.app.inject({ method: 'POST', url: `/api/bookings/${id}/check-out`, headers: ctx.staff.auth, payload: { cityLedger: true } });
    expect(out.statusCode, out.body).toBe(200);
    const res = await ask(ctx.guest, { service: 'wake_up_call' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NO_OPEN_STAY');
  });

  it('400 for an unknown service, or "other" without saying what; 403 for staff; 401 without a sign-in', async () => {
    await stay(ctx.guest, '101', 0, 2);
    const unknown = await ask(ctx.guest, { service: 'spa' });
    expect(unknown.json().errors).toEqual([{ path: 'service', message: 'Choose a service.' }]);
    const vague = await ask(ctx.guest, { service: 'other', description: '  ' });
    expect(vague.json().errors).toEqual([{ path: 'description', message: 'Tell us what you need.' }]);
    expect((await ask(ctx.staff, { service: 'laundry' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/services', payload: { service: 'laundry' } })).statusCode).toBe(401);
  });
});

describe('lists of service requests', () => {
  it('GET /api/services: staff see pending first, newest first, with search, status filter and meta', async () => {
    await stay(ctx.guest, '101', 0, 3);
    await stay(other, '102', 0, 3);
    const a = (await ask(ctx.guest, { service: 'housekeeping' })).json().data as TServiceRequest;
    const b = (await ask(other, { service: 'laundry' })).json().data as TServiceRequest;
    const c = (await ask(ctx.guest, { service: 'extra_towels' })).json().data as TServiceRequest;
    await ctx.app.inject({ method: 'PATCH', url: `/api/services/${c._id}`, headers: ctx.staff.auth, payload: { isCompleted: true } });

    expect((await ctx.app.inject({ url: '/api/services', headers: ctx.guest.auth })).statusCode).toBe(403);
    const all = (await ctx.app.inject({ url: '/api/services', headers: ctx.staff.auth })).json();
    expect(all.data.map((r: TServiceRequest) => r._id)).toEqual([b._id, a._id, c._id]);
    expect(all.meta).toEqual({ page: 1, limit: 10, total: 3 });
    const pending = (await ctx.app.inject({ url: '/api/services?status=pending', headers: ctx.admin.auth })).json();
    expect(pending.data.map((r: TServiceRequest) => r._id)).toEqual([b._id, a._id]);
    const completed = (await ctx.app.inject({ url: '/api/services?status=completed', headers: ctx.admin.auth })).json();
    expect(completed.data.map((r: TServiceRequest) => r.isCompleted)).toEqual([true]);
    const byName = (await ctx.app.inject({ url: '/api/services?searchTerm=karim', headers: ctx.staff.auth })).json();
    expect(byName.data.map((r: TServiceRequest) => r._id)).toEqual([b._id]);
    const byRoom = (await ctx.app.inject({ url: '/api/services?searchTerm=101', headers: ctx.staff.auth })).json();
    expect(byRoom.meta.total).toBe(2);
    const paged = (await ctx.app.inject({ url: '/api/services?page=2&limit=2', headers: ctx.staff.auth })).json();
    expect(paged.data.map((r: TServiceRequest) => r._id)).toEqual([c._id]);
  });

  it('GET /api/services/my-services shows guests only their own', async () => {
    await stay(ctx.guest, '101', 0, 3);
    await stay(other, '102', 0, 3);
    await ask(ctx.guest, { service: 'housekeeping' });
    await ask(other, { service: 'laundry' });
    const mine = (await ctx.app.inject({ url: '/api/services/my-services', headers: ctx.guest.auth })).json();
    expect(mine.data.map((r: TServiceRequest) => r.service)).toEqual(['housekeeping']);
    expect(mine.meta.total).toBe(1);
  });
});

describe('PATCH and DELETE /api/services/:id', () => {
  it('completes once (409 the second time), shows who asked; deletes, then 404', async () => {
    await stay(ctx.guest, '101', 0, 3);
    const request = (await ask(ctx.guest, { service: 'maintenance', description: 'The tap drips.' })).json().data as TServiceRequest;
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/services/${request._id}`, headers: ctx.guest.auth, payload: { isCompleted: true } })).statusCode).toBe(403);
    const done = await ctx.app.inject({ method: 'PATCH', url: `/api/services/${request._id}`, headers: ctx.staff.auth, payload: { isCompleted: true } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Marked as complete', data: { isCompleted: true, completedAt: expect.any(String) } });
    const again = await ctx.app.inject({ method: 'PATCH', url: `/api/services/${request._id}`, headers: ctx.admin.auth, payload: { isCompleted: true } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_COMPLETED');
    const bad = await ctx.app.inject({ method: 'PATCH', url: `/api/services/${request._id}`, headers: ctx.admin.auth, payload: { isCompleted: false } });
    expect(bad.statusCode).toBe(400);
    // The guest sees it completed.
    expect((await ctx.app.inject({ url: '/api/services/my-services', headers: ctx.guest.auth })).json().data[0].isCompleted).toBe(true);

    expect((await ctx.app.inject({ url: `/api/services/${request._id}`, headers: ctx.staff.auth })).json().data.description).toBe('The tap drips.');
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/services/${request._id}`, headers: ctx.staff.auth })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/services/${request._id}`, headers: ctx.staff.auth })).statusCode).toBe(404);
    const missing = await ctx.app.inject({ method: 'PATCH', url: `/api/services/${request._id}`, headers: ctx.staff.auth, payload: { isCompleted: true } });
    expect(missing.statusCode).toBe(404);
  });

  it('completes a request exactly once when two staff press at the same moment', async () => {
    await stay(ctx.guest, '101', 0, 3);
    const request = (await ask(ctx.guest, { service: 'laundry' })).json().data as TServiceRequest;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.app.inject({ method: 'PATCH', url: `/api/services/${request._id}`, headers: ctx.staff.auth, payload: { isCompleted: true } }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });
});
