import { describe, expect, it } from 'vitest';
import { isStayTooLong, keepStayCurrent } from './stay-rules';

describe('stay rules', () => {
  it('moves a stay whose check-in has passed to start today, keeping its nights', () => {
    expect(keepStayCurrent({ checkIn: '2026-11-20', checkOut: '2026-11-23' }, '2026-11-22')).toEqual({
      checkIn: '2026-11-22',
      checkOut: '2026-11-25',
    });
    // Left open past midnight: yesterday to today becomes today to tomorrow.
    expect(keepStayCurrent({ checkIn: '2026-11-21', checkOut: '2026-11-22' }, '2026-11-22')).toEqual({
      checkIn: '2026-11-22',
      checkOut: '2026-11-23',
    });
  });

  it('keeps the other fields of the stay (guests) and leaves a current stay untouched', () => {
    const old = { checkIn: '2026-10-30', checkOut: '2026-11-02', adults: 2, children: 1 };
    expect(keepStayCurrent(old, '2026-11-22')).toEqual({ checkIn: '2026-11-22', checkOut: '2026-11-25', adults: 2, children: 1 });
    const current = { checkIn: '2026-11-22', checkOut: '2026-11-23' };
    expect(keepStayCurrent(current, '2026-11-22')).toBe(current);
  });

  it('says when one booking cannot hold the stay: more than 60 nights', () => {
    expect(isStayTooLong({ checkIn: '2026-11-22', checkOut: '2027-01-21' })).toBe(false);
    expect(isStayTooLong({ checkIn: '2026-11-22', checkOut: '2027-01-22' })).toBe(true);
    expect(isStayTooLong({ checkIn: '2026-11-22', checkOut: '2026-11-23' })).toBe(false);
  });
});
