import type { TBooking } from '@residency/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { book, day, HOTEL_ACCOUNTS, smallHotelRooms, walkIn } from '../../test/stays.ts';

/*
 * The 201 of a booking is built from what its transaction wrote, without reading it back (issue
 * 23): it must be what a read of the same booking and reservation answers right after, for every
 * kind of stay the triggers settle differently (nothing to pay, a deposit, several rooms, the
 * desk's walk-in).
 */

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
let rooms: Record<string, string>;
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin, { Suite: { rooms: '201', price: 9000 } });
});

const read = async (path: string) => {
  const res = await ctx.app.inject({ url: path, headers: ctx.admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const coupon = (code: string, discountType: 'fixed' | 'percentage', discountValue: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/coupons',
    headers: ctx.admin.auth,
    payload: { code, discountType, discountValue, expirationDate: day(60), minimumPurchaseAmount: 0, usageLimit: 5, isActive: true },
  });
/** A booking's 201 against GET /api/bookings/:id (less the payments only that read lists). */
async function expectAnsweredAsRead(answer: TBooking) {
  const { payments, ...again } = await read(`/api/bookings/${answer._id}`);
  expect(payments).toEqual([]);
  expect(answer).toEqual(again);
}

describe('the 201 of POST /api/bookings and /api/reservations', () => {
  it('is what a read answers right after: a plain stay, owing its whole price', async () => {
    const res = await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(8));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json().data as TBooking;
    expect(answer).toMatchObject({ paymentStatus: 'Pending', charged: 28462.5, paid: 0, balance: 28462.5 });
    await expectAnsweredAsRead(answer);
  });

  it('is what a read answers right after: a stay a coupon makes free is Paid from the start', async () => {
    expect((await coupon('ALLFREE', 'percentage', 100)).statusCode).toBe(201);
    const res = await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(6), { couponCode: 'ALLFREE' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json().data as TBooking;
    expect(answer).toMatchObject({ amount: 0, paymentStatus: 'Paid', charged: 0, balance: 0 });
    await expectAnsweredAsRead(answer);
  });

  it('is what a read answers right after: a plan asking a deposit has it all due', async () => {
    const plan = await ctx.app.inject({
      method: 'POST',
      url: '/api/rate-plans',
      headers: ctx.admin.auth,
      payload: { category: 'Deluxe King', code: 'DEP', name: { en: 'DEP', bn: 'DEP' }, deposit: { policy: 'first_night' } },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const res = await book(ctx.app, ctx.guest, rooms['101']!, day(5), day(7), { ratePlan: 'DEP' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json().data as TBooking;
    expect(answer).toMatchObject({ deposit: 9487.5, depositDue: 9487.5 });
    await expectAnsweredAsRead(answer);
  });

  it('is what a read answers right after: several rooms with a fixed coupon shared, and the reservation', async () => {
    expect((await coupon('FAMILY3000', 'fixed', 3000)).statusCode).toBe(201);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: ctx.guest.auth,
      payload: {
        checkIn: day(5),
        checkOut: day(7),
        phone: '+880 1711-223344',
        couponCode: 'FAMILY3000',
        rooms: [
          { roomId: rooms['101'], adults: 2, children: 0 },
          { roomId: rooms['201'], adults: 2, children: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json().data;
    expect(answer).toEqual(await read(`/api/reservations/${answer._id}`));
    for (const booking of answer.bookings) await expectAnsweredAsRead(booking);
  });

  it("is what a read answers right after: the desk's walk-in, confirmed when booked", async () => {
    const res = await walkIn(ctx.app, ctx.staff, {
      roomId: rooms['102'],
      checkIn: day(0),
      checkOut: day(2),
      adults: 1,
      children: 0,
      phone: '+880 1711-000111',
      guest: { name: 'Karim Ahmed', email: 'karim@example.com' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json().data;
    expect(answer).toEqual(await read(`/api/reservations/${answer._id}`));
    const [booking] = answer.bookings as TBooking[];
    expect(booking).toMatchObject({ isConfirmed: true, paymentStatus: 'Pending' });
    await expectAnsweredAsRead(booking!);
  });
});
