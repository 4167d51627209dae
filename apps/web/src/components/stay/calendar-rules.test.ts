import { describe, expect, it } from 'vitest';
import {
  addMonths,
  firstSelectable,
  isAfterMonthClosed,
  isBeforeMonthClosed,
  isDisabledDay,
  lastSelectable,
  monthWeeks,
  moveFocus,
} from './calendar-rules';

describe('month calendar rules', () => {
  it('lays a month out in Sunday-first weeks of 7 days', () => {
    const weeks = monthWeeks({ year: 2026, month: 11 });
    // 1 November 2026 is a Sunday; 30 days.
    expect(weeks[0][0]).toBe('2026-11-01');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    const feb = monthWeeks({ year: 2028, month: 2 });
    // 1 February 2028 is a Tuesday; 2028 is a leap year.
    expect(feb[0].slice(0, 3)).toEqual([null, null, '2028-02-01']);
    expect(feb.flat().filter(Boolean).at(-1)).toBe('2028-02-29');
  });

  it('disables the days before today for check-in', () => {
    const min = firstSelectable('checkIn', '2026-11-22', '2026-11-25');
    expect(min).toBe('2026-11-22');
    expect(isDisabledDay('2026-11-21', min)).toBe(true);
    expect(isDisabledDay('2026-11-22', min)).toBe(false);
  });

  it('disables the days up to and including check-in for check-out', () => {
    const min = firstSelectable('checkOut', '2026-11-22', '2026-11-25');
    expect(min).toBe('2026-11-26');
    expect(isDisabledDay('2026-11-25', min)).toBe(true);
    expect(isDisabledDay('2026-11-24', min)).toBe(true);
    expect(isDisabledDay('2026-11-26', min)).toBe(false);
    // Across a month end.
    expect(firstSelectable('checkOut', '2026-11-22', '2026-11-30')).toBe('2026-12-01');
  });

  it('ends both calendars at the bookable horizon: check-in the day before it, check-out on it', () => {
    // 730 days from 2026-11-22 is 2028-11-21.
    expect(lastSelectable('checkIn', '2026-11-25', '2026-11-22', 730)).toBe('2028-11-20');
    expect(lastSelectable('checkOut', '2026-11-25', '2026-11-22', 730)).toBe('2027-01-24');
    expect(lastSelectable('checkOut', '2028-11-15', '2026-11-22', 730)).toBe('2028-11-21');
    expect(isDisabledDay('2028-11-21', '2026-11-22', lastSelectable('checkIn', '2028-11-15', '2026-11-22', 730))).toBe(true);
  });

  it('moves the focus by day, week and month, never before the first selectable day', () => {
    const min = '2026-11-22';
    expect(moveFocus('2026-11-25', 'ArrowRight', min)).toBe('2026-11-26');
    expect(moveFocus('2026-11-30', 'ArrowRight', min)).toBe('2026-12-01');
    expect(moveFocus('2026-11-25', 'ArrowDown', min)).toBe('2026-12-02');
    expect(moveFocus('2026-11-25', 'ArrowLeft', min)).toBe('2026-11-24');
    expect(moveFocus('2026-11-23', 'ArrowUp', min)).toBe(min);
    expect(moveFocus('2026-11-22', 'ArrowLeft', min)).toBe(min);
    expect(moveFocus('2027-01-31', 'PageDown', min)).toBe('2027-02-28');
    expect(moveFocus('2026-12-25', 'PageUp', min)).toBe('2026-11-25');
    expect(moveFocus('2026-11-25', 'Home', min)).toBe('2026-11-22');
    expect(moveFocus('2026-11-25', 'End', min)).toBe('2026-11-28');
    expect(moveFocus('2026-11-25', 'Enter', min)).toBeNull();
  });

  it('closes the way back to months before the first selectable day', () => {
    expect(isBeforeMonthClosed({ year: 2026, month: 11 }, '2026-11-22')).toBe(true);
    expect(isBeforeMonthClosed({ year: 2026, month: 12 }, '2026-11-22')).toBe(false);
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
  });

  it('offers check-out at most 60 nights after check-in (the longest booking)', () => {
    const max = lastSelectable('checkOut', '2026-11-22', '2026-11-22', 730);
    // 60 nights: 22 November 2026 + 60 days, across a month and a year end.
    expect(max).toBe('2027-01-21');
    const min = firstSelectable('checkOut', '2026-11-22', '2026-11-22');
    expect(isDisabledDay('2027-01-21', min, max)).toBe(false);
    expect(isDisabledDay('2027-01-22', min, max)).toBe(true);
    expect(isDisabledDay('2030-01-01', min)).toBe(false);
  });

  it('closes the way on past the last selectable day, for the keyboard too', () => {
    const max = '2027-01-21';
    expect(isAfterMonthClosed({ year: 2026, month: 12 }, max)).toBe(false);
    expect(isAfterMonthClosed({ year: 2027, month: 1 }, max)).toBe(true);
    expect(isAfterMonthClosed({ year: 2027, month: 1 })).toBe(false);
    expect(moveFocus('2027-01-20', 'ArrowDown', '2026-11-23', max)).toBe(max);
    expect(moveFocus('2027-01-05', 'PageDown', '2026-11-23', max)).toBe(max);
    expect(moveFocus('2027-01-05', 'ArrowRight', '2026-11-23', max)).toBe('2027-01-06');
  });
});
