import { describe, expect, it } from 'vitest';
import { formatAmount, formatLongDate, formatSignedAmount, formatWholeNumber } from './display.ts';

describe('formatAmount (bill amounts, as the booking pages write them)', () => {
  it('writes whole amounts without decimals and others with two', () => {
    expect(formatAmount(24035)).toBe('৳24,035');
    expect(formatAmount(9487.5)).toBe('৳9,487.50');
    expect(formatAmount(0)).toBe('৳0');
    expect(formatAmount(20872.5, 'bn')).toBe('৳২০,৮৭২.৫০');
  });

  it('groups lakh and crore as Bangladesh writes them, in English and in Bengali', () => {
    // Under a lakh both groupings read the same.
    expect(formatAmount(99999)).toBe('৳99,999');
    expect(formatAmount(100000)).toBe('৳1,00,000');
    expect(formatAmount(1509896.5)).toBe('৳15,09,896.50');
    expect(formatAmount(1509896.5, 'bn')).toBe('৳১৫,০৯,৮৯৬.৫০');
    expect(formatAmount(10000000)).toBe('৳1,00,00,000');
    expect(formatAmount(10000000, 'bn')).toBe('৳১,০০,০০,০০০');
    expect(formatAmount(1234567890.05)).toBe('৳1,23,45,67,890.05');
    expect(formatAmount(1234567890.05, 'bn')).toBe('৳১,২৩,৪৫,৬৭,৮৯০.০৫');
  });

  it('writes paisa with two digits and rounds to the paisa', () => {
    expect(formatAmount(0.5)).toBe('৳0.50');
    expect(formatAmount(0.05, 'bn')).toBe('৳০.০৫');
    expect(formatAmount(125000.1)).toBe('৳1,25,000.10');
    expect(formatAmount(125000.005)).toBe('৳1,25,000.01');
  });

  it('writes a negative amount one way everywhere: the minus sign (U+2212) before the ৳ (issue 31: "-৳" here, "−৳" there)', () => {
    expect(formatAmount(-500)).toBe('−৳500');
    expect(formatAmount(-1509896.5)).toBe('−৳15,09,896.50');
    expect(formatAmount(-1509896.5, 'bn')).toBe('−৳১৫,০৯,৮৯৬.৫০');
    // A paisa that rounds to nothing has no sign.
    expect(formatAmount(-0.001)).toBe('৳0.00');
  });

  it('writes a change with its sign either way: +৳500, −৳200', () => {
    expect(formatSignedAmount(500)).toBe('+৳500');
    expect(formatSignedAmount(-200)).toBe('−৳200');
    expect(formatSignedAmount(-200, 'bn')).toBe('−৳২০০');
  });
});

describe('formatWholeNumber', () => {
  it('groups lakh and crore in both languages, with Bengali digits in Bengali', () => {
    expect(formatWholeNumber(120)).toBe('120');
    expect(formatWholeNumber(12345678)).toBe('1,23,45,678');
    expect(formatWholeNumber(12345678, 'bn')).toBe('১,২৩,৪৫,৬৭৮');
  });
});

describe('formatLongDate', () => {
  it("writes an ISO date as 'ddd, MMM D, YYYY', the same day in every time zone", () => {
    expect(formatLongDate('2026-12-01')).toBe('Tue, Dec 1, 2026');
    expect(formatLongDate('2027-01-09')).toBe('Sat, Jan 9, 2027');
    expect(formatLongDate('not a date')).toBe('not a date');
  });
});
