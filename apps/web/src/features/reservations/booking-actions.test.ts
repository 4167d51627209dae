import type { TBooking } from '@residency/shared';
import { BOOKING_STATES, bookingState } from '@residency/shared/booking-states';
import { describe, expect, it } from 'vitest';
import { deskActions, factsOfState, isFiltered, listQuery, paymentColor, readFilters, writeFilters } from './booking-actions';

type Stay = Pick<TBooking, 'status' | 'stage' | 'isConfirmed' | 'startDate' | 'endDate' | 'balance'>;
const TODAY = '2026-12-10';
const stay = (over: Partial<Stay> = {}): Stay => ({
  status: 'active',
  stage: 'booked',
  isConfirmed: false,
  startDate: TODAY,
  endDate: '2026-12-12',
  balance: 5000,
  ...over,
});

describe('deskActions: the buttons of a reservation row, from the shared rules', () => {
  it('offers Confirm, Pay and Cancel on an unconfirmed stay, never Check in', () => {
    expect(deskActions(stay(), TODAY)).toEqual(['confirm', 'pay', 'cancel']);
  });
  it('offers Check in on a confirmed stay from its check-in day, not before', () => {
    expect(deskActions(stay({ isConfirmed: true }), TODAY)).toEqual(['check_in', 'pay', 'cancel']);
    expect(deskActions(stay({ isConfirmed: true, startDate: '2026-12-11', endDate: '2026-12-13' }), TODAY)).toEqual(['pay', 'cancel']);
  });
  it('offers No-show from the day after check-in, beside a late Check in', () => {
    expect(deskActions(stay({ isConfirmed: true, startDate: '2026-12-09' }), TODAY)).toEqual(['check_in', 'pay', 'no_show', 'cancel']);
  });
  it('offers Check out and Pay to a guest in the house, never Cancel', () => {
    expect(deskActions(stay({ isConfirmed: true, stage: 'checked_in' }), TODAY)).toEqual(['check_out', 'pay']);
    expect(deskActions(stay({ isConfirmed: true, stage: 'checked_in', balance: 0 }), TODAY)).toEqual(['check_out']);
  });
  it('offers nothing but Pay (while something is due) after check-out, and no Cancel on a past stay', () => {
    expect(deskActions(stay({ isConfirmed: true, stage: 'checked_out' }), TODAY)).toEqual(['pay']);
    expect(deskActions(stay({ isConfirmed: true, stage: 'checked_out', balance: 0 }), TODAY)).toEqual([]);
    const past = stay({ isConfirmed: true, startDate: '2026-12-01', endDate: '2026-12-03', balance: 0 });
    expect(deskActions(past, TODAY)).not.toContain('cancel');
  });
  it('offers no Cancel on a cancelled booking, and Pay only for a penalty still due', () => {
    expect(deskActions(stay({ status: 'cancelled', balance: 0 }), TODAY)).toEqual([]);
    // Cancelled late: the plan's penalty is charged to the folio and paid like any balance (issue 22).
    expect(deskActions(stay({ status: 'cancelled', balance: 7500 }), TODAY)).toEqual(['pay']);
  });
  it('lets a no-show still pay what it owes, and nothing else', () => {
    expect(deskActions(stay({ status: 'no_show', isConfirmed: true }), TODAY)).toEqual(['pay']);
  });
});

describe('factsOfState', () => {
  it('gives back facts whose state is the state it was given', () => {
    for (const state of BOOKING_STATES) expect(bookingState(factsOfState(state))).toBe(state);
  });
});

describe('paymentColor', () => {
  it('mutes the payment tag of a cancelled booking instead of calling it cancelled', () => {
    expect(paymentColor({ status: 'cancelled', paymentState: 'paid' })).toBe('default');
    expect(paymentColor({ status: 'active', paymentState: 'partly_paid' })).toBe('cyan');
    expect(paymentColor({ status: 'active', paymentState: 'paid' })).toBe('green');
  });
});

describe('reservation filters in the URL', () => {
  it('reads what the staff dashboard links with', () => {
    expect(readFilters(new URLSearchParams('state=confirmed&from=2026-12-10&to=2026-12-10'))).toEqual({
      state: 'confirmed',
      payment: undefined,
      from: '2026-12-10',
      to: '2026-12-10',
      page: 1,
    });
  });
  it('drops what the API would refuse: unknown states, bad dates, a bad page', () => {
    const filters = readFilters(new URLSearchParams('state=lost&payment=free&from=10-12-2026&to=2026-13-01&page=0'));
    expect(filters).toEqual({ state: undefined, payment: undefined, page: 1 });
    expect(readFilters(new URLSearchParams('page=2.5')).page).toBe(1);
  });
  it('puts the ends of a range given backwards in order', () => {
    const { from, to } = readFilters(new URLSearchParams('from=2026-12-20&to=2026-12-10'));
    expect([from, to]).toEqual(['2026-12-10', '2026-12-20']);
  });
  it('writes and reads back the same filters, without empty ones and without page 1', () => {
    const filters = { state: 'checked_in' as const, payment: 'partly_paid' as const, from: '2026-12-01', q: 'Rahim ', page: 3 };
    const written = writeFilters(filters);
    expect(written.toString()).toBe('state=checked_in&payment=partly_paid&from=2026-12-01&q=Rahim+&page=3');
    expect(readFilters(written)).toEqual({ ...filters, payment: 'partly_paid', to: undefined });
    expect(writeFilters({ page: 1 }).toString()).toBe('');
  });
  it('sends the API the filters of ZBookingListQuery, the search trimmed', () => {
    expect(listQuery({ state: 'unconfirmed', q: '  RSV-1  ', page: 2 })).toEqual({ page: 2, state: 'unconfirmed', searchTerm: 'RSV-1' });
    expect(listQuery({ q: '   ', page: 1 })).toEqual({ page: 1 });
  });
  it('knows when the list is narrowed', () => {
    expect(isFiltered({ page: 4 })).toBe(false);
    expect(isFiltered({ q: ' ', page: 1 })).toBe(false);
    expect(isFiltered({ payment: 'unpaid', page: 1 })).toBe(true);
  });
});
