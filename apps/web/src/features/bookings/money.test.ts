import { describe, expect, it } from 'vitest';
import { formatAmount } from './money';

describe('bill amounts', () => {
  it('writes whole amounts without decimals and others with two', () => {
    expect(formatAmount(24035)).toBe('৳24,035');
    expect(formatAmount(20872.5)).toBe('৳20,872.50');
    expect(formatAmount(20872.5, 'bn')).toBe('৳২০,৮৭২.৫০');
  });
});
