import { addDays, instantAt } from '@residency/shared';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { buildTestApp, createUser, outbox, query, useTestApp } from '../../../test/app.ts';
import { act, book, bookingOf, confirm, day, HOTEL_ACCOUNTS, smallHotelRooms } from '../../../test/stays.ts';

/*
 * POST /api/bookings/:id/cancel: the guest cancels their own booking before checking in; the
 * default policy is free until GUEST_CANCEL_HOURS (48) before HOTEL_CHECK_IN_TIME (14:00) on the
 * check-in day in Asia/Dhaka (UTC+6), then the first night (issue 21).
 */

let rooms: Record<string, string>;

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
beforeEach(async () => {
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
});
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
/** The clock of this process (the API's "now") set to `at`; only Date is faked, timers run as usual. */
const clockAt = (at: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
};
const cancel = (who: { auth: Record<string, string> }, id: string) => act(ctx.app, who, id, 'cancel');

describe('POST /api/bookings/:id/cancel', () => {
  it('has the settings HOTEL_CHECK_IN_TIME 14:00 and GUEST_CANCEL_HOURS 48 by default', () => {
    const config = loadConfig({ JWT_SECRET: 'a-secret-that-is-long-enough-0123456789' });
    expect(config.hotel).toMatchObject({ checkInTime: '14:00', guestCancelHours: 48, timeZone: 'Asia/Dhaka' });
    const custom = loadConfig({ JWT_SECRET: 'a-secret-that-is-long-enough-0123456789', HOTEL_CHECK_IN_TIME: '12:30', GUEST_CANCEL_HOURS: '24' });
    expect(custom.hotel).toMatchObject({ checkInTime: '12:30', guestCancelHours: 24 });
    expect(() => loadConfig({ HOTEL_CHECK_IN_TIME: '25:00' })).toThrow(/HOTEL_CHECK_IN_TIME: must be a time written HH:mm/);
  });

  it('is free until the cut-off (Asia/Dhaka); from it on, the default policy charges the first night, shown before and recorded after', async () => {
    // Near enough for the guest's token (valid 7 days) to be valid at the cut-off. Dates are
    // read before the clock moves: "today" moves with it.
    const checkIn = day(5);
    const early = (await book(ctx.app, ctx.guest, rooms['101']!, checkIn, addDays(checkIn, 2))).json().data;
    const late = (await book(ctx.app, ctx.guest, rooms['102']!, checkIn, addDays(checkIn, 2))).json().data;
    // 14:00 at the hotel on the check-in day is 08:00 UTC; the cut-off is 48 hours before.
    const cutOff = instantAt(checkIn, '14:00', 'Asia/Dhaka').getTime() - 48 * 3_600_000;
    expect(new Date(cutOff).toISOString()).toBe(`${addDays(checkIn, -2)}T08:00:00.000Z`);
    expect(early.guestCancelUntil).toBe(new Date(cutOff).toISOString());
    const preview = async (id: string) => (await ctx.app.inject({ url: `/api/bookings/${id}/cancellation`, headers: ctx.guest.auth })).json().data;

    clockAt(cutOff - MINUTE);
    expect(await preview(early._id)).toEqual({
      fee: 0,
      free: true,
      freeUntil: new Date(cutOff).toISOString(),
      policy: { freeHours: null, penalty: 'first_night', penaltyPercent: null },
    });
    const res = await cancel(ctx.guest, early._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Booking is canceled', data: { state: 'cancelled', status: 'cancelled', cancellationFee: 0 } });

    // Exactly at the cut-off it has passed: the first night (৳7,500) is the cost, said before and kept after.
    clockAt(cutOff);
    expect(await preview(late._id)).toMatchObject({ fee: 7500, free: false });
    const charged = await cancel(ctx.guest, late._id);
    expect(charged.statusCode).toBe(200);
    expect(charged.json().data).toMatchObject({ status: 'cancelled', cancellationFee: 7500 });
  });

  it('follows the hotel settings: 24 hours before 12:00', async () => {
    const other = await buildTestApp({ GUEST_CANCEL_HOURS: '24', HOTEL_CHECK_IN_TIME: '12:00' }, { reset: false });
    try {
      const checkIn = day(5);
      const booking = (await book(other, ctx.guest, rooms['101']!, checkIn, day(6))).json().data;
      const cutOff = instantAt(checkIn, '12:00', 'Asia/Dhaka').getTime() - 24 * 3_600_000;
      expect(booking.guestCancelUntil).toBe(new Date(cutOff).toISOString());
      const preview = async () => (await other.inject({ url: `/api/bookings/${booking._id}/cancellation`, headers: ctx.guest.auth })).json().data;
      clockAt(cutOff - MINUTE);
      expect(await preview()).toMatchObject({ fee: 0, free: true });
      clockAt(cutOff + MINUTE);
      expect(await preview()).toMatchObject({ fee: 7500, free: false });
    } finally {
      vi.useRealTimers();
      await other.close();
    }
  });

  it("a non-refundable plan costs the whole stay at any time; another guest's preview is a 404", async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/rate-plans',
      headers: ctx.admin.auth,
      payload: { category: 'Deluxe King', code: 'NRF', name: { en: 'Non-refundable', bn: 'অফেরতযোগ্য' }, parent: 'STD', derivePercent: -10, cancellationPolicy: { penalty: 'non_refundable' } },
    });
    const booking = (await book(ctx.app, ctx.guest, rooms['101']!, day(20), day(22), { ratePlan: 'NRF' })).json().data;
    expect(booking.guestCancelUntil).toBe(booking.createdAt);
    const stranger = await createUser(ctx.app);
    expect((await ctx.app.inject({ url: `/api/bookings/${booking._id}/cancellation`, headers: stranger.auth })).statusCode).toBe(404);
    // The desk sees the same cost before cancelling, and the booking keeps it.
    const desk = (await ctx.app.inject({ url: `/api/bookings/${booking._id}/cancellation`, headers: ctx.staff.auth })).json().data;
    expect(desk).toMatchObject({ fee: booking.amount, free: false, freeUntil: null, policy: { penalty: 'non_refundable' } });
    const cancelled = await ctx.app.inject({ method: 'DELETE', url: `/api/bookings/${booking._id}`, headers: ctx.staff.auth });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancellationFee: booking.amount });
  });

  it("answers 404 for someone else's booking, as for one that does not exist, and changes nothing", async () => {
    const booking = (await book(ctx.app, ctx.guest, rooms['101']!, day(10), day(12))).json().data;
    const stranger = await createUser(ctx.app);
    const res = await cancel(stranger, booking._id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(
      (await cancel(stranger, '00000000-0000-4000-8000-000000000000')).json(),
    );
    // Staff and admins are not the guest either: they cancel with DELETE.
    expect((await cancel(ctx.staff, booking._id)).statusCode).toBe(404);
    expect((await bookingOf(ctx.app, ctx.admin, booking._id)).status).toBe('active');
  });

  it('sends the cancellation mail, gives the coupon use back and frees the nights', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/coupons',
      headers: ctx.admin.auth,
      payload: { code: 'ONCE', discountType: 'percentage', discountValue: 10, expirationDate: day(60), usageLimit: 1 },
    });
    const booking = (await book(ctx.app, ctx.guest, rooms['101']!, day(10), day(12), { couponCode: 'ONCE' })).json().data;
    expect((await cancel(ctx.guest, booking._id)).statusCode).toBe(200);
    const mail = (await outbox(ctx.app)).find((m) => m.kind === 'BOOKING_CANCELLATION');
    expect(mail).toMatchObject({ to: ctx.guest.email, subject: `Booking ${booking.transactionId} is cancelled` });
    const [coupon] = await query<{ used_count: number }>(ctx.app, sql`select used_count from coupons where code = 'ONCE'`);
    expect(coupon!.used_count).toBe(0);
    const [row] = await query<{ cancelled_by: string }>(ctx.app, sql`select cancelled_by from bookings where id = ${booking._id}`);
    expect(row!.cancelled_by).toBe(ctx.guest.id);
    expect((await book(ctx.app, await createUser(ctx.app), rooms['101']!, day(10), day(12), { couponCode: 'ONCE' })).statusCode).toBe(201);
  });

  it('cancels a confirmed booking too, but not twice, nor one that was checked in', async () => {
    const booking = (await book(ctx.app, ctx.guest, rooms['101']!, day(10), day(12))).json().data;
    await confirm(ctx.app, ctx.staff, booking._id);
    expect((await cancel(ctx.guest, booking._id)).statusCode).toBe(200);
    expect((await cancel(ctx.guest, booking._id)).json().code).toBe('BOOKING_CANCELLED');

    const now = (await book(ctx.app, ctx.guest, rooms['102']!, day(0), day(3))).json().data;
    await confirm(ctx.app, ctx.staff, now._id);
    await act(ctx.app, ctx.staff, now._id, 'check-in');
    expect((await cancel(ctx.guest, now._id)).json().code).toBe('ALREADY_CHECKED_IN');
  });

  it('needs a signed-in caller', async () => {
    const booking = (await book(ctx.app, ctx.guest, rooms['101']!, day(10), day(12))).json().data;
    expect((await cancel({ auth: {} }, booking._id)).statusCode).toBe(401);
  });
});
