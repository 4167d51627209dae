import { describe, expect, it } from 'vitest';
import { bookingActions, bookingState, paymentTag } from './booking-actions';
import { formatLongDate, formatStay, formatStayDate } from './booking-dates';

const booking = (over: Partial<{ isConfirmed: boolean; paymentStatus: 'Pending' | 'Paid'; status: 'active' | 'cancelled' }> = {}) => ({
  isConfirmed: false,
  paymentStatus: 'Pending' as const,
  status: 'active' as const,
  ...over,
});

describe('bookingActions', () => {
  it('offers Confirm and Cancel while a booking is not confirmed', () => {
    expect(bookingActions(booking())).toEqual(['confirm', 'cancel']);
  });
  it('offers Pay and Cancel once confirmed and still pending', () => {
    expect(bookingActions(booking({ isConfirmed: true }))).toEqual(['pay', 'cancel']);
  });
  it('offers only Cancel once confirmed and paid', () => {
    expect(bookingActions(booking({ isConfirmed: true, paymentStatus: 'Paid' }))).toEqual(['cancel']);
  });
  it('offers nothing for a cancelled booking, paid or not', () => {
    expect(bookingActions(booking({ status: 'cancelled' }))).toEqual([]);
    expect(bookingActions(booking({ status: 'cancelled', isConfirmed: true, paymentStatus: 'Paid' }))).toEqual([]);
  });
});

describe('bookingState and paymentTag', () => {
  it('reads awaiting, confirmed and cancelled', () => {
    expect(bookingState(booking())).toBe('awaiting');
    expect(bookingState(booking({ isConfirmed: true }))).toBe('confirmed');
    expect(bookingState(booking({ isConfirmed: true, status: 'cancelled' }))).toBe('cancelled');
  });
  it('shows Cancelled instead of the payment status of a cancelled booking', () => {
    expect(paymentTag(booking())).toBe('Pending');
    expect(paymentTag(booking({ isConfirmed: true, paymentStatus: 'Paid' }))).toBe('Paid');
    expect(paymentTag(booking({ paymentStatus: 'Paid', status: 'cancelled' }))).toBe('Cancelled');
  });
});

describe('stay dates', () => {
  it('uses ddd, MMM D within the reference year and adds the year otherwise', () => {
    expect(formatStayDate('2026-11-22', 'en', 2026)).toBe('Sun, Nov 22');
    expect(formatStayDate('2027-01-05', 'en', 2026)).toBe('Tue, Jan 5, 2027');
    expect(formatLongDate('2026-11-22')).toBe('Sun, Nov 22, 2026');
  });
  it('joins the two dates with ~', () => {
    expect(formatStay('2026-11-22', '2026-11-24', 'en', 2026)).toBe('Sun, Nov 22 ~ Tue, Nov 24');
  });
  it('writes Bengali dates in Bengali', () => {
    expect(formatStayDate('2026-11-22', 'bn', 2026)).toMatch(/[\u0980-\u09FF]/);
    expect(formatLongDate('2026-11-22', 'bn')).toContain('২০২৬');
  });
});
