import type { TBooking, TFolio } from '@residency/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { act, book, confirm, day, pay, placeStay, HOTEL_ACCOUNTS, ON_ACCOUNT, smallHotelRooms } from '../../../test/stays.ts';

/*
 * Issue 31: every answer that shows a stay's amount, paid and due gives the folio's figures as
 * they are now. Room 401's row said "৳43,832.25 · Paid ৳20,000 · Due ৳23,832.25" (the three
 * nights booked) after the guest had left after one.
 */

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
let rooms: Record<string, string>;
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
});

const read = async <T>(path: string, who = ctx.admin): Promise<{ data: T }> => {
  const res = await ctx.app.inject({ url: path, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Three nights in 101 from yesterday (৳28,462.50), ৳5,000 paid, checked in; the guest leaves today after one night. */
async function earlyDeparture() {
  const booking = await placeStay(ctx.app, ctx.guest, rooms['101']!, day(-1), day(2));
  expect(booking.amount).toBe(28462.5);
  expect((await confirm(ctx.app, ctx.staff, booking._id)).statusCode).toBe(200);
  expect((await pay(ctx.app, ctx.staff, booking._id, { amount: 5000, method: 'cash' })).statusCode).toBe(201);
  expect((await act(ctx.app, ctx.staff, booking._id, 'check-in')).statusCode).toBe(200);
  const out = await act(ctx.app, ctx.staff, booking._id, 'check-out', ON_ACCOUNT);
  expect(out.statusCode, out.body).toBe(200);
  const folio = (await read<TFolio>(`/api/reservations/${booking.reservationId}/folio`)).data;
  // One night: 7,500 + service 750 + VAT 1,237.50.
  expect(folio).toMatchObject({ charged: 9487.5, paid: 5000, balance: 4487.5 });
  return { booking, folio };
}

const figures = (b: TBooking) => ({ amount: b.amount, charged: b.charged, paid: b.paid, balance: b.balance, nights: b.nights });

describe('GET /api/bookings after an early departure', () => {
  it("answers the folio's amount, paid and due, and the stay's nights as it stands, in the staff list and the booking", async () => {
    const { booking, folio } = await earlyDeparture();
    const expected = { amount: folio.charged, charged: folio.charged, paid: folio.paid, balance: folio.balance, nights: 1 };

    const list = await read<TBooking[]>(`/api/bookings?searchTerm=${booking.transactionId}`);
    expect(list.data.map(figures)).toEqual([expected]);
    const one = (await read<TBooking>(`/api/bookings/${booking._id}`)).data;
    expect(figures(one)).toEqual(expected);
    // "Why this price" lists the night stayed, and the day the guest had booked stays known.
    expect(one.nightlyLines.map((n) => n.date)).toEqual([day(-1)]);
    expect(one).toMatchObject({ startDate: day(-1), endDate: day(0), bookedEndDate: day(2), subtotal: 7500, serviceCharge: 750, vat: 1237.5 });
  });

  it("answers the guest's My Bookings and dashboard with the same figures", async () => {
    const { booking, folio } = await earlyDeparture();
    const mine = await read<TBooking[]>('/api/bookings/my-bookings', ctx.guest);
    expect(mine.data.filter((b) => b._id === booking._id).map(figures)).toEqual([
      { amount: folio.charged, charged: folio.charged, paid: folio.paid, balance: folio.balance, nights: 1 },
    ]);
    const dashboard = await read<{ pastStays: { recent: { _id: string; amount: number }[] } }>('/api/user/dashboard', ctx.guest);
    expect(dashboard.data.pastStays.recent.find((s) => s._id === booking._id)?.amount).toBe(folio.charged);
  });
});

describe('GET /api/bookings/:id: what cancelling costs now (issue 31)', () => {
  it('says a same-day booking costs its first night to cancel, its free cancellation having ended before it was made', async () => {
    // Booked today for tonight: the free cancellation ended GUEST_CANCEL_HOURS before today's check-in time.
    const res = await book(ctx.app, ctx.guest, rooms['101']!, day(0), day(2));
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json().data as TBooking;
    expect(new Date(booking.guestCancelUntil).getTime()).toBeLessThan(Date.parse(booking.createdAt));
    expect(booking.cancellationFeeNow).toBe(7500);
    expect((await read<TBooking>(`/api/bookings/${booking._id}`, ctx.guest)).data.cancellationFeeNow).toBe(7500);
    // What the guest is then asked to confirm is the same fee.
    expect((await read<{ fee: number; free: boolean }>(`/api/bookings/${booking._id}/cancellation`, ctx.guest)).data).toMatchObject({ fee: 7500, free: false });
  });

  it('says nothing is due while cancelling is free', async () => {
    const res = await book(ctx.app, ctx.guest, rooms['101']!, day(20), day(22));
    expect((res.json().data as TBooking).cancellationFeeNow).toBe(0);
  });
});
