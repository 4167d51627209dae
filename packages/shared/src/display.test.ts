import { describe, expect, it } from 'vitest';
import { formatAmount, formatLongDate } from './display.ts';

describe('formatAmount (bill amounts, as the booking pages write them)', () => {
  it('writes whole amounts without decimals and others with two', () => {
    expect(formatAmount(24035)).toBe('৳24,035');
    expect(formatAmount(9487.5)).toBe('৳9,487.50');
    expect(formatAmount(0)).toBe('৳0');
    expect(formatAmount(20872.5, 'bn')).toBe('৳২০,৮৭২.৫০');
  });
});

describe('formatLongDate', () => {
  it("writes an ISO date as 'ddd, MMM D, YYYY', the same day in every time zone", () => {
    expect(formatLongDate('2026-12-01')).toBe('Tue, Dec 1, 2026');
    expect(formatLongDate('2027-01-09')).toBe('Sat, Jan 9, 2027');
    expect(formatLongDate('not a date')).toBe('not a date');
  });
});
