import type { TCouponCheck, TRoom } from '@residency/shared';
import { describe, expect, it } from 'vitest';
import { couponReason, otherRooms, readApiFailure, validateBookingFields } from './booking-rules';

const check = (over: Partial<TCouponCheck>): TCouponCheck => ({
  code: 'SAVE10',
  valid: false,
  reason: null,
  discountType: 'percentage',
  discountValue: 10,
  minimumPurchaseAmount: 0,
  discount: null,
  ...over,
});

describe('booking form rules', () => {
  it('needs a phone number that looks like one', () => {
    expect(validateBookingFields({ phone: '' }, false)).toEqual({ phone: 'required' });
    expect(validateBookingFields({ phone: 'call me' }, false)).toEqual({ phone: 'invalid' });
    expect(validateBookingFields({ phone: '+880 1711-000000' }, false)).toEqual({});
  });

  it("needs the guest's name for a walk-in, and their e-mail only to be valid when given", () => {
    expect(validateBookingFields({ phone: '01711000000', guestName: ' ', guestEmail: 'x' }, true)).toEqual({
      guestName: 'required',
      guestEmail: 'invalid',
    });
    expect(validateBookingFields({ phone: '01711000000', guestName: 'Rahim', guestEmail: 'rahim@example.com' }, true)).toEqual({});
    // Many walk-in guests have no e-mail: a name and a phone are enough.
    expect(validateBookingFields({ phone: '01711000000', guestName: 'Rahim', guestEmail: '  ' }, true)).toEqual({});
    expect(validateBookingFields({ phone: '', guestName: 'Rahim', guestEmail: '' }, true)).toEqual({ phone: 'required' });
  });

  it('names why a coupon does not apply', () => {
    expect(couponReason(check({ valid: true }), 10000)).toBeNull();
    expect(couponReason(check({ discountType: null, reason: 'There is no coupon with this code.' }), 10000)).toBe('notFound');
    expect(couponReason(check({ minimumPurchaseAmount: 20000, reason: 'This coupon needs a stay of at least ৳20,000.' }), 10000)).toBe('minimum');
    expect(couponReason(check({ reason: 'This coupon has expired.' }), 10000)).toBe('expired');
    expect(couponReason(check({ reason: 'This coupon is not active.' }), 10000)).toBe('inactive');
    expect(couponReason(check({ reason: 'This coupon has been fully used.' }), 10000)).toBe('usedUp');
    expect(couponReason(check({ reason: 'Some new reason.' }), 10000)).toBeNull();
  });

  it("reads the server's message and code out of an RTK Query error", () => {
    expect(
      readApiFailure({ status: 409, data: { success: false, message: 'Sorry, taken.', code: 'ROOM_NOT_AVAILABLE' } }),
    ).toEqual({ status: 409, message: 'Sorry, taken.', code: 'ROOM_NOT_AVAILABLE', errors: [] });
    expect(readApiFailure({ status: 'FETCH_ERROR', error: 'TypeError' })).toMatchObject({ status: 'FETCH_ERROR', message: null });
    expect(readApiFailure(undefined)).toMatchObject({ status: 'UNKNOWN' });
  });

  it('offers the other free rooms, the same category first, cheapest first', () => {
    const room = (id: string, category: string, price: number, number = id) =>
      ({ _id: id, category, price, room_overview: { room_number: number } }) as unknown as TRoom;
    const free = [room('1', 'Twin', 6800), room('2', 'King', 9500), room('3', 'Queen', 5500), room('4', 'King', 9000), room('5', 'King', 9500)];
    expect(otherRooms(free, { _id: '2', category: 'King' }).map((r) => r._id)).toEqual(['4', '5', '3', '1']);
    // Many of the same category: a few of them, then the other categories too.
    const kings = Array.from({ length: 8 }, (_, i) => room(`k${i}`, 'King', 9500, `30${i}`));
    const others = [room('1', 'Twin', 6800), room('3', 'Queen', 5500), room('6', 'Suite', 17500), room('7', 'Family', 12500)];
    expect(otherRooms([...kings, ...others], { _id: 'k0', category: 'King' }).map((r) => r._id)).toEqual(['k1', 'k2', 'k3', '3', '1', '7']);
    // Fewer rooms of other categories: more of the same fill the list.
    expect(otherRooms([...kings, ...others.slice(0, 2)], { _id: 'k0', category: 'King' }).map((r) => r._id)).toEqual(['k1', 'k2', 'k3', 'k4', '3', '1']);
    expect(otherRooms(kings, { _id: 'k0', category: 'King' })).toHaveLength(6);
  });
});
