import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox, query, useTestApp } from '../../test/app.ts';
import { day, HOTEL_ACCOUNTS, pay, smallHotelRooms, walkIn as deskWalkIn } from '../../test/stays.ts';

/*
 * A walk-in guest without an e-mail (issue 19, section 5): a name and a phone are enough at the
 * desk. The account has no e-mail and no password, the desk finds the guest again by phone, and
 * no mail goes to the guest (the hotel's own copy still does).
 */

let rooms: Record<string, string>;
const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin, { Twin: { rooms: '301, 302, 303, 304', price: 5000 } });
});

function walkIn(guest: { name: string; email?: string }, phone: string, room = '101', from = 1, to = 2) {
  return deskWalkIn(ctx.app, ctx.staff, { roomId: rooms[room], checkIn: day(from), checkOut: day(to), adults: 1, phone, guest });
}

const accountsWithPhone = (digits: string) =>
  query<{ id: string; email: string | null; password_hash: string | null }>(
    ctx.app,
    sql`select id, email, password_hash from users where regexp_replace(phone, '[^0-9]', '', 'g') like ${`%${digits}`}`,
  );

describe('a walk-in guest without an e-mail', () => {
  it('is booked with a name and phone: an account with no e-mail or password, and no mail to the guest', async () => {
    const res = await walkIn({ name: 'Abdul Karim', email: '' }, '+880 1711-424242');
    expect(res.statusCode).toBe(201);
    const [booking] = res.json().data.bookings;
    expect(booking).toMatchObject({ source: 'walk-in', state: 'confirmed', phone: '+880 1711-424242', user: { name: 'Abdul Karim', email: null } });
    expect(await accountsWithPhone('1711424242')).toEqual([{ id: booking.user._id, email: null, password_hash: null }]);
    // The hotel is told; the guest has no address to write to.
    const mails = await outbox(ctx.app);
    expect(mails.map((m) => [m.kind, m.to])).toEqual([['BOOKING_CONFIRMATION_ADMIN', ctx.app.config.hotel.email]]);
    // Paying in full sends the guest nothing either, and changes nothing else.
    expect((await pay(ctx.app, ctx.staff, booking._id, { amount: booking.amount, method: 'cash' })).statusCode).toBe(201);
    expect((await outbox(ctx.app)).map((m) => m.kind)).toEqual(['BOOKING_CONFIRMATION_ADMIN']);
    // It can't sign in: no e-mail to sign in with, and a reset for a guessed address finds nothing.
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'abdul.karim@example.com' } });
    expect(reset.statusCode).toBe(200);
    expect(await outbox(ctx.app)).toHaveLength(1);
  });

  it('is found again by phone, however it is written, and gets the e-mail they give later', async () => {
    const first = (await walkIn({ name: 'Abdul Karim' }, '+880 1711-424242')).json().data;
    const second = await walkIn({ name: 'Abdul Karim' }, '01711 424242', '102', 3, 4);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.user._id).toBe(first.user._id);
    expect(await accountsWithPhone('1711424242')).toHaveLength(1);

    // The desk finds both stays, and the guest, by the phone in any form.
    for (const term of ['01711424242', '+8801711-424242', '1711 4242']) {
      const found = (await ctx.app.inject({ url: `/api/bookings?searchTerm=${encodeURIComponent(term)}`, headers: ctx.staff.auth })).json();
      expect(found.meta.total, term).toBe(2);
      const users = (await ctx.app.inject({ url: `/api/users?searchTerm=${encodeURIComponent(term)}`, headers: ctx.admin.auth })).json();
      expect(users.data.map((u: { _id: string; email: string | null }) => [u._id, u.email]), term).toEqual([[first.user._id, null]]);
    }

    // Back a month later with an e-mail: it is added to their account, and the mails go to it.
    const third = await walkIn({ name: 'Abdul Karim', email: 'Abdul.Karim@Example.com' }, '01711-424242', '301', 10, 11);
    expect(third.statusCode).toBe(201);
    expect(third.json().data.user).toEqual({ _id: first.user._id, name: 'Abdul Karim', email: 'abdul.karim@example.com' });
    expect((await outbox(ctx.app)).filter((m) => m.to === 'abdul.karim@example.com').map((m) => m.kind)).toEqual(['BOOKING_CONFIRMATION_USER']);
    // Now "Forgot your password?" reaches them, and they can choose a password and sign in.
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'abdul.karim@example.com' } });
    expect((await outbox(ctx.app)).filter((m) => m.kind === 'password-reset').map((m) => m.to)).toEqual(['abdul.karim@example.com']);
  });

  it("never puts a stay in the account of someone who has an e-mail, even with the same phone", async () => {
    const online = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: ctx.guest.auth,
      payload: { roomId: rooms['101'], checkIn: day(1), checkOut: day(2), adults: 1, phone: '01811-777000' },
    });
    expect(online.statusCode).toBe(201);
    await query(ctx.app, sql`update users set phone = '01811-777000' where id = ${ctx.guest.id}`);
    const desk = await walkIn({ name: 'Someone Else' }, '01811-777000', '102');
    expect(desk.statusCode).toBe(201);
    expect(desk.json().data.user._id).not.toBe(ctx.guest.id);
    expect(desk.json().data.user.email).toBeNull();
    expect((await outbox(ctx.app)).filter((m) => m.to === ctx.guest.email).map((m) => m.kind)).toEqual(['BOOKING_CONFIRMATION_USER']);
  });

  it('gives desks booking one new phone at once a single account', async () => {
    const results = await Promise.all(['301', '302', '303', '304'].map((room) => walkIn({ name: 'Family Party' }, '+880 1999-000111', room)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const accounts = await accountsWithPhone('1999000111');
    expect(accounts).toHaveLength(1);
    expect(new Set(results.map((r) => r.json().data.user._id))).toEqual(new Set([accounts[0]!.id]));
  });

  it('still refuses a name without a phone, and a bad e-mail when one is given (400, nothing booked)', async () => {
    const noPhone = await walkIn({ name: 'Abdul Karim' }, '');
    expect(noPhone.statusCode).toBe(400);
    const badEmail = await walkIn({ name: 'Abdul Karim', email: 'not-an-address' }, '01711-424242');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toMatch(/valid e-mail/i);
    expect(await query(ctx.app, sql`select id from bookings`)).toHaveLength(0);
    expect(await accountsWithPhone('1711424242')).toHaveLength(0);
  });
});
