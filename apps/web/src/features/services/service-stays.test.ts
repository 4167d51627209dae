import { describe, expect, it } from 'vitest';
import { defaultStay, openStays } from './service-stays';

const TODAY = '2026-12-10';
const stay = (id: string, startDate: string, endDate: string, status: 'active' | 'cancelled' = 'active') => ({ _id: id, startDate, endDate, status });

describe('which stays can take a service request', () => {
  const past = stay('past', '2026-11-01', '2026-11-03');
  const leavingToday = stay('leaving', '2026-12-07', TODAY);
  const current = stay('current', '2026-12-09', '2026-12-12');
  const next = stay('next', '2027-01-05', '2027-01-08');
  const cancelled = stay('cancelled', '2026-12-09', '2026-12-15', 'cancelled');

  it('offers current and upcoming stays, soonest first, and never a past or cancelled one', () => {
    expect(openStays([next, past, cancelled, current, leavingToday], TODAY).map((s) => s._id)).toEqual(['leaving', 'current', 'next']);
  });

  it('offers nothing to a guest whose stays are over or cancelled', () => {
    expect(openStays([past, cancelled], TODAY)).toEqual([]);
  });

  it('asks for the stay the guest is in today unless they choose another', () => {
    expect(defaultStay(openStays([next, current], TODAY), TODAY)?._id).toBe('current');
  });

  it('falls back to the next stay for a guest who has not arrived yet', () => {
    const later = stay('later', '2027-03-01', '2027-03-02');
    expect(defaultStay(openStays([later, next], TODAY), TODAY)?._id).toBe('next');
    expect(defaultStay([], TODAY)).toBeUndefined();
  });
});
