import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query, useTestApp } from '../../test/app.ts';
import { act, confirm, day, pay, placeStay, HOTEL_ACCOUNTS, smallHotelRooms } from '../../test/stays.ts';

/*
 * GET /api/bookings with state, payment and from/to filters, on one set of stays in every
 * state (rooms 101, 102 and 201-203).
 */

const ids: Record<string, string> = {};

const ctx = useTestApp({ reset: 'file', accounts: HOTEL_ACCOUNTS });
beforeAll(async () => {
  const rooms = await smallHotelRooms(ctx.app, ctx.admin, { Twin: { rooms: '201, 202, 203', price: 5000 } });
  const place = async (name: string, room: string, from: number, to: number) => {
    ids[name] = (await placeStay(ctx.app, ctx.guest, rooms[room]!, day(from), day(to)))._id;
  };
  await place('unconfirmed', '101', 10, 12);
  await place('confirmed', '102', 10, 12);
  await confirm(ctx.app, ctx.staff, ids.confirmed!);
  await place('checkedIn', '201', -1, 2);
  await confirm(ctx.app, ctx.staff, ids.checkedIn!);
  await act(ctx.app, ctx.staff, ids.checkedIn!, 'check-in');
  await place('checkedOut', '202', -6, -3);
  await confirm(ctx.app, ctx.staff, ids.checkedOut!);
  await query(ctx.app, sql`update bookings set stage = 'checked_out' where id = ${ids.checkedOut!}`);
  await place('cancelled', '203', 20, 22);
  await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${ids.cancelled}`, headers: ctx.staff.auth });
  await place('noShow', '203', -10, -8);
  await act(ctx.app, ctx.staff, ids.noShow!, 'no-show');
  // Payments: the checked-out stay paid in full, the one in the house in part.
  await pay(ctx.app, ctx.staff, ids.checkedOut!, { amount: 18975, method: 'cash' });
  await pay(ctx.app, ctx.staff, ids.checkedIn!, { amount: 1000, method: 'card' });
}, 60_000);

const names = (data: { _id: string }[]) =>
  data.map((b) => Object.keys(ids).find((name) => ids[name] === b._id)).sort();
async function list(q: string) {
  const res = await ctx.app.inject({ url: `/api/bookings?limit=100&${q}`, headers: ctx.staff.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/bookings filters', () => {
  it.each([
    ['unconfirmed', ['unconfirmed']],
    ['confirmed', ['confirmed']],
    ['checked_in', ['checkedIn']],
    ['checked_out', ['checkedOut']],
    ['cancelled', ['cancelled']],
    ['no_show', ['noShow']],
  ])('state=%s', async (state, expected) => {
    const res = await list(`state=${state}`);
    expect(names(res.data)).toEqual(expected);
    expect(res.meta.total).toBe(expected.length);
    expect(res.data.every((b: { state: string }) => b.state === state)).toBe(true);
  });

  it('payment=paid|partly_paid|unpaid', async () => {
    expect(names((await list('payment=paid')).data)).toEqual(['checkedOut']);
    expect(names((await list('payment=partly_paid')).data)).toEqual(['checkedIn']);
    expect(names((await list('payment=unpaid')).data)).toEqual(['cancelled', 'confirmed', 'noShow', 'unconfirmed']);
  });

  it('from/to keep the stays with a night in the period, both days included', async () => {
    // Nights of the stay under way: day -1, 0, 1 (check-out day 2).
    expect(names((await list(`from=${day(1)}&to=${day(1)}`)).data)).toEqual(['checkedIn']);
    expect(names((await list(`from=${day(2)}&to=${day(9)}`)).data)).toEqual([]);
    expect(names((await list(`from=${day(-8)}&to=${day(-3)}`)).data)).toEqual(['checkedOut']);
    expect(names((await list(`from=${day(-9)}&to=${day(-4)}`)).data)).toEqual(['checkedOut', 'noShow']);
    // One end alone: from (not over by then), to (begun by then).
    expect(names((await list(`from=${day(10)}`)).data)).toEqual(['cancelled', 'confirmed', 'unconfirmed']);
    expect(names((await list(`to=${day(-4)}`)).data)).toEqual(['checkedOut', 'noShow']);
  });

  it('combines filters with the search and keeps the newest first', async () => {
    const res = await list(`state=confirmed&from=${day(0)}&to=${day(30)}&payment=unpaid`);
    expect(names(res.data)).toEqual(['confirmed']);
    const all = (await list('')).data as { createdAt: string }[];
    expect(all).toHaveLength(6);
    expect(all.map((b) => b.createdAt)).toEqual([...all.map((b) => b.createdAt)].sort().reverse());
  });

  it.each([
    ['state=paid', 'state'],
    ['payment=Paid', 'payment'],
    ['from=2026-02-30', 'from'],
    [`from=${day(3)}&to=${day(2)}`, 'to'],
  ])('answers 400 to %s', async (q, path) => {
    const res = await ctx.app.inject({ url: `/api/bookings?${q}`, headers: ctx.staff.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});
