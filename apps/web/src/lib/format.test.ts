import { describe, expect, it } from 'vitest';
import { formatNumber, formatShortDate, formatTaka } from './format';
import { roleFromToken } from './jwt';

describe('formatting', () => {
  it('shows Taka with the ৳ sign and grouping', () => {
    expect(formatTaka(5500)).toBe('৳5,500');
    expect(formatTaka(1250000)).toBe('৳1,250,000');
  });
  it('uses Bengali digits in Bengali', () => {
    expect(formatTaka(5500, 'bn')).toBe('৳৫,৫০০');
    // Bills: never one decimal.
    expect(formatTaka(20872.5)).toBe('৳20,872.50');
    expect(formatTaka(20872.5, 'bn')).toBe('৳২০,৮৭২.৫০');
    expect(formatNumber(12, 'bn')).toBe('১২');
  });
  it('shows dates as ddd, MMM D', () => {
    expect(formatShortDate('2026-11-22')).toBe('Sun, Nov 22');
    expect(formatShortDate('2027-01-05')).toBe('Tue, Jan 5');
  });
});

describe('roleFromToken', () => {
  it('reads the role claim of a JWT, base64url encoded', () => {
    const payload = btoa(JSON.stringify({ sub: 'x', role: 'staff', name: 'Ñandú ü' }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(roleFromToken(`a.${payload}.b`)).toBe('staff');
  });
  it('answers null for a missing or unreadable token', () => {
    expect(roleFromToken(null)).toBeNull();
    expect(roleFromToken('garbage')).toBeNull();
  });
  it('answers null once the token has expired, so an old sign-in counts as none', () => {
    const now = Date.UTC(2026, 10, 22, 12);
    const token = (exp: number) => `a.${btoa(JSON.stringify({ role: 'user', exp })).replace(/=+$/, '')}.b`;
    expect(roleFromToken(token(now / 1000 + 60), now)).toBe('user');
    expect(roleFromToken(token(now / 1000 - 1), now)).toBeNull();
  });
});
