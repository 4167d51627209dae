import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  bookingState,
  checkOutDay,
  guestCancelDeadline,
  guestCancelRefusal,
  paymentRefusal,
  paymentState,
  staffActions,
  staffRefusal,
  type StayFacts,
} from './booking-states.ts';
import { instantAt, wallClockAt } from './hotel-time.ts';
import { monthsOf, periodProblem, reportingPeriod, shiftMonth } from './reporting-period.ts';

const stay = (overrides: Partial<StayFacts & { balance: number }> = {}) => ({
  status: 'active' as const,
  stage: 'booked' as const,
  isConfirmed: true,
  startDate: '2026-12-10',
  endDate: '2026-12-13',
  balance: 1000,
  ...overrides,
});
const unconfirmed = stay({ isConfirmed: false });
const confirmed = stay();
const checkedIn = stay({ stage: 'checked_in' });
const checkedOut = stay({ stage: 'checked_out' });
const cancelled = stay({ status: 'cancelled' });
const noShow = stay({ status: 'no_show' });

describe('bookingState', () => {
  it('derives one state from status, stage and confirmation', () => {
    expect([unconfirmed, confirmed, checkedIn, checkedOut, cancelled, noShow].map(bookingState)).toEqual([
      'unconfirmed',
      'confirmed',
      'checked_in',
      'checked_out',
      'cancelled',
      'no_show',
    ]);
  });
});

describe('staff transitions', () => {
  const code = (action: Parameters<typeof staffRefusal>[0], facts: ReturnType<typeof stay>, today = '2026-12-11') =>
    staffRefusal(action, facts, today)?.code ?? 'allowed';

  it('confirms only an unconfirmed booking', () => {
    expect(code('confirm', unconfirmed)).toBe('allowed');
    expect([confirmed, checkedIn, checkedOut].map((s) => code('confirm', s))).toEqual(['ALREADY_CONFIRMED', 'ALREADY_CONFIRMED', 'ALREADY_CONFIRMED']);
    expect(code('confirm', cancelled)).toBe('BOOKING_CANCELLED');
    expect(code('confirm', noShow)).toBe('BOOKING_NO_SHOW');
  });

  it('checks in a confirmed stay from its check-in day to the day before check-out', () => {
    expect(code('check_in', confirmed, '2026-12-09')).toBe('CHECK_IN_NOT_YET');
    expect(code('check_in', confirmed, '2026-12-10')).toBe('allowed');
    expect(code('check_in', confirmed, '2026-12-12')).toBe('allowed');
    expect(code('check_in', confirmed, '2026-12-13')).toBe('STAY_OVER');
    expect(code('check_in', unconfirmed)).toBe('NOT_CONFIRMED');
    expect(code('check_in', checkedIn)).toBe('ALREADY_CHECKED_IN');
    expect(code('check_in', checkedOut)).toBe('ALREADY_CHECKED_OUT');
  });

  it('checks out a checked-in stay on any day', () => {
    for (const today of ['2026-12-10', '2026-12-13', '2027-01-20']) expect(code('check_out', checkedIn, today)).toBe('allowed');
    expect(code('check_out', confirmed)).toBe('NOT_CHECKED_IN');
    expect(code('check_out', checkedOut)).toBe('ALREADY_CHECKED_OUT');
  });

  it('marks a no-show from the day after check-in, never after a check-in', () => {
    expect(code('no_show', confirmed, '2026-12-10')).toBe('NO_SHOW_NOT_YET');
    expect(code('no_show', confirmed, '2026-12-11')).toBe('allowed');
    expect(code('no_show', unconfirmed, '2026-12-20')).toBe('allowed');
    expect(code('no_show', checkedIn)).toBe('ALREADY_CHECKED_IN');
    expect(code('no_show', noShow)).toBe('ALREADY_NO_SHOW');
  });

  it('cancels an unconfirmed or confirmed stay that is not over', () => {
    expect(code('cancel', unconfirmed, '2026-12-12')).toBe('allowed');
    expect(code('cancel', confirmed, '2026-12-13')).toBe('STAY_OVER');
    expect(code('cancel', checkedIn)).toBe('ALREADY_CHECKED_IN');
    expect(code('cancel', checkedOut)).toBe('ALREADY_CHECKED_OUT');
    expect(code('cancel', cancelled)).toBe('BOOKING_CANCELLED');
  });

  it('takes payments up to the balance; on a cancelled stay only its penalty', () => {
    expect(code('pay', noShow)).toBe('allowed');
    expect(code('pay', checkedOut)).toBe('allowed');
    expect(code('pay', { ...cancelled, balance: 0 })).toBe('BOOKING_CANCELLED');
    expect(code('pay', { ...cancelled, balance: 7500 })).toBe('allowed');
    expect(code('pay', stay({ balance: 0 }))).toBe('ALREADY_PAID');
    expect(paymentRefusal(confirmed, 1000, '2026-12-11')).toBeNull();
    expect(paymentRefusal(confirmed, 1000.01, '2026-12-11')?.code).toBe('PAYMENT_OVER_BALANCE');
  });

  it('lists the actions a booking offers today, in order', () => {
    expect(staffActions(unconfirmed, '2026-12-09')).toEqual(['confirm', 'pay', 'cancel']);
    expect(staffActions(confirmed, '2026-12-11')).toEqual(['check_in', 'pay', 'no_show', 'cancel']);
    expect(staffActions(checkedIn, '2026-12-11')).toEqual(['check_out', 'pay']);
    expect(staffActions({ ...checkedOut, balance: 0 }, '2026-12-14')).toEqual([]);
    expect(staffActions({ ...cancelled, balance: 0 }, '2026-12-11')).toEqual([]);
    // A cancellation's penalty is paid like any balance (issue 22).
    expect(staffActions({ ...cancelled, balance: 7500 }, '2026-12-11')).toEqual(['pay']);
  });
});

describe('money', () => {
  it('derives the balance and the payment state to the paisa', () => {
    expect(balanceOf(18975, 5000.5)).toBe(13974.5);
    expect(balanceOf(100, 150)).toBe(0);
    // The state follows the reservation's settlement (the spec's paymentStatus) and what was paid.
    expect(paymentState('Pending', 0)).toBe('unpaid');
    expect(paymentState('Pending', 0.01)).toBe('partly_paid');
    expect(paymentState('Paid', 18975)).toBe('paid');
    // A stay a coupon made free costs nothing: nothing is owed, Paid from the start.
    expect(paymentState('Paid', 0)).toBe('paid');
  });
});

describe('checkOutDay', () => {
  it('ends the stay today when the guest leaves early, after at least one night', () => {
    const s = { startDate: '2026-12-10', endDate: '2026-12-15' };
    expect(checkOutDay(s, '2026-12-12')).toBe('2026-12-12');
    expect(checkOutDay(s, '2026-12-10')).toBe('2026-12-11');
    expect(checkOutDay(s, '2026-12-15')).toBe('2026-12-15');
    expect(checkOutDay(s, '2026-12-17')).toBe('2026-12-15');
  });
});

describe('guest cancellation', () => {
  const policy = { checkInTime: '14:00', cancelHours: 48, timeZone: 'Asia/Dhaka', hotelPhone: '+880 1711-000000' };

  it('closes 48 hours before 14:00 on the check-in day, at the hotel', () => {
    // 14:00 in Dhaka (UTC+6) is 08:00 UTC; two days earlier.
    expect(guestCancelDeadline('2026-12-10', policy).toISOString()).toBe('2026-12-08T08:00:00.000Z');
  });

  it('lets the guest cancel until the check-in time, even after the free deadline (the policy charges it), and refuses any other state', () => {
    const deadline = guestCancelDeadline('2026-12-10', policy);
    expect(guestCancelRefusal(confirmed, new Date(deadline.getTime() - 60_000), policy)).toBeNull();
    expect(guestCancelRefusal(confirmed, new Date(deadline.getTime() + 60_000), policy)).toBeNull();
    const checkInAt = instantAt('2026-12-10', '14:00', 'Asia/Dhaka');
    expect(guestCancelRefusal(confirmed, new Date(checkInAt.getTime() - 60_000), policy)).toBeNull();
    expect(guestCancelRefusal(confirmed, checkInAt, policy)).toEqual({
      code: 'CHECK_IN_PASSED',
      message: 'The check-in time of this stay (Thu, Dec 10, 2026 at 14:00, hotel time) has passed. Please call the hotel at +880 1711-000000.',
    });
    expect(guestCancelRefusal(checkedIn, new Date(0), policy)?.code).toBe('ALREADY_CHECKED_IN');
    expect(guestCancelRefusal(cancelled, new Date(0), policy)?.code).toBe('BOOKING_CANCELLED');
    expect(guestCancelRefusal(noShow, new Date(0), policy)?.code).toBe('BOOKING_NO_SHOW');
  });

  it('counts hours of real time across a daylight-saving change', () => {
    // New York springs forward on 2026-03-08: 14:00 on the 9th is 18:00 UTC (EDT), 48 h before is 18:00 UTC on the 7th (13:00 EST).
    const deadline = guestCancelDeadline('2026-03-09', { ...policy, timeZone: 'America/New_York' });
    expect(deadline.toISOString()).toBe('2026-03-07T18:00:00.000Z');
    expect(wallClockAt(deadline, 'America/New_York')).toEqual({ date: '2026-03-07', time: '13:00' });
  });
});

describe('hotel time', () => {
  it('finds the instant of a wall-clock time in a time zone', () => {
    expect(instantAt('2026-01-01', '00:00', 'Asia/Dhaka').toISOString()).toBe('2025-12-31T18:00:00.000Z');
    expect(instantAt('2026-07-01', '09:30', 'Asia/Kathmandu').toISOString()).toBe('2026-07-01T03:45:00.000Z');
    expect(instantAt('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(wallClockAt(new Date('2025-12-31T18:00:00Z'), 'Asia/Dhaka')).toEqual({ date: '2026-01-01', time: '00:00' });
  });
});

describe('reporting period', () => {
  it('defaults to twelve months to today, month-aligned', () => {
    expect(reportingPeriod('2026-11-23')).toEqual({ from: '2025-12-01', to: '2026-11-23' });
    expect(reportingPeriod('2026-11-23', { to: '2026-03-31' })).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(monthsOf({ from: '2025-12-15', to: '2026-02-01' })).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(shiftMonth('2026-01-31', -1)).toBe('2025-12-01');
  });

  it('refuses a period upside down or longer than three years', () => {
    expect(periodProblem({ from: '2026-02-01', to: '2026-01-31' })).toBe('from must not be after to.');
    expect(periodProblem({ from: '2023-01-01', to: '2025-12-31' })).toBeNull();
    expect(periodProblem({ from: '2023-01-01', to: '2026-01-01' })).toMatch(/at most 1096 days/);
  });
});
