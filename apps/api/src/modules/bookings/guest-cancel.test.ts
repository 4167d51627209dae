import { addDays, instantAt } from '@residency/shared';
import { formatLongDate } from '@residency/shared/display';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, createUser, outbox, query, useTestApp } from '../../test/app.ts';
import { act, book, bookingOf, confirm, day, HOTEL_ACCOUNTS, smallHotelRooms } from '../../test/stays.ts';

/*
 * POST /api/bookings/:id/cancel: the guest cancels their own booking until GUEST_CANCEL_HOURS
 * (48) before HOTEL_CHECK_IN_TIME (14:00) on the check-in day, in Asia/Dhaka (UTC+6).
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

  it('cancels one minute before the cut-off (Asia/Dhaka), and refuses one minute after it', async () => {
    // Near enough for the guest's token (valid 7 days) to be valid at the cut-off. Dates are
    // read before the clock moves: "today" moves with it.
    const checkIn = day(5);
    const early = (await book(ctx.app, ctx.guest, rooms['101']!, checkIn, addDays(checkIn, 2))).json().data;
    const late = (await book(ctx.app, ctx.guest, rooms['102']!, checkIn, addDays(checkIn, 2))).json().data;
    // 14:00 at the hotel on the check-in day is 08:00 UTC; the cut-off is 48 hours before.
    const cutOff = instantAt(checkIn, '14:00', 'Asia/Dhaka').getTime() - 48 * 3_600_000;
    expect(new Date(cutOff).toISOString()).toBe(`${addDays(checkIn, -2)}T08:00:00.000Z`);
    expect(early.guestCancelUntil).toBe(new Date(cutOff).toISOString());

    clockAt(cutOff - MINUTE);
    const res = await cancel(ctx.guest, early._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Booking is canceled', data: { state: 'cancelled', status: 'cancelled' } });

    clockAt(cutOff + MINUTE);
    const refused = await cancel(ctx.guest, late._id);
    expect(refused.statusCode).toBe(409);
    // The day as the site writes dates (Tue, Dec 8, 2026).
    const until = formatLongDate(addDays(checkIn, -2));
    expect(refused.json()).toEqual({
      success: false,
      code: 'CANCEL_CUTOFF_PASSED',
      message: `This booking could be cancelled online until ${until} at 14:00 (hotel time). Please call the hotel at +880 1711-000000.`,
    });
    // Exactly at the cut-off it has passed.
    clockAt(cutOff);
    expect((await cancel(ctx.guest, late._id)).json().code).toBe('CANCEL_CUTOFF_PASSED');
    vi.useRealTimers();
    expect((await bookingOf(ctx.app, ctx.admin, late._id)).status).toBe('active');
  });

  it('follows the hotel settings: 24 hours before 12:00', async () => {
    const other = await buildTestApp({ GUEST_CANCEL_HOURS: '24', HOTEL_CHECK_IN_TIME: '12:00' }, { reset: false });
    try {
      const checkIn = day(5);
      const booking = (await book(other, ctx.guest, rooms['101']!, checkIn, day(6))).json().data;
      const cutOff = instantAt(checkIn, '12:00', 'Asia/Dhaka').getTime() - 24 * 3_600_000;
      expect(booking.guestCancelUntil).toBe(new Date(cutOff).toISOString());
      clockAt(cutOff + MINUTE);
      expect((await act(other, ctx.guest, booking._id, 'cancel')).json().code).toBe('CANCEL_CUTOFF_PASSED');
      clockAt(cutOff - MINUTE);
      expect((await act(other, ctx.guest, booking._id, 'cancel')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await other.close();
    }
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
