import { describe, expect, it } from 'vitest';
import { characterCount, formatDateTime, formatLongDate, formatNumber, formatShortDate, formatStay, formatStayDate, formatTaka } from './format';
import { roleFromToken } from './jwt';

describe('formatting', () => {
  it('shows Taka with the ৳ sign, grouped in lakh and crore in both languages', () => {
    expect(formatTaka(5500)).toBe('৳5,500');
    expect(formatTaka(1250000)).toBe('৳12,50,000');
    expect(formatTaka(1250000, 'bn')).toBe('৳১২,৫০,০০০');
    expect(formatNumber(1509896)).toBe('15,09,896');
    expect(formatNumber(1509896, 'bn')).toBe('১৫,০৯,৮৯৬');
    // A coupon's percentage keeps its decimal.
    expect(formatNumber(12.5)).toBe('12.5');
  });
  it("counts a text field's characters in the reader's digits", () => {
    expect(characterCount('bn').formatter({ count: 7, maxLength: 200 })).toBe('৭ / ২০০');
    expect(characterCount('en').formatter({ count: 7, maxLength: 200 })).toBe('7 / 200');
    expect(characterCount('bn').formatter({ count: 12 })).toBe('১২');
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

describe('formatDateTime', () => {
  it("shows a moment on the hotel's clock, 24-hour, whatever the reader's time zone", () => {
    // 08:45 UTC is 14:45 in Dhaka (UTC+6) and still the same day.
    expect(formatDateTime('2026-11-22T08:45:00.000Z', 'en', 'Asia/Dhaka')).toBe('Nov 22, 2026, 14:45');
    // 20:30 UTC is already the next day in Dhaka.
    expect(formatDateTime('2026-11-22T20:30:00.000Z', 'en', 'Asia/Dhaka')).toBe('Nov 23, 2026, 02:30');
  });
  it('uses Bengali digits and month names in Bengali', () => {
    const text = formatDateTime('2026-11-22T08:45:00.000Z', 'bn', 'Asia/Dhaka');
    expect(text).toContain('১৪:৪৫');
    expect(text).toContain('২০২৬');
    expect(text).not.toMatch(/[0-9]/);
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

describe('stay dates', () => {
  it('uses ddd, MMM D within the reference year and adds the year otherwise', () => {
    expect(formatStayDate('2026-11-22', 'en', 2026)).toBe('Sun, Nov 22');
    expect(formatStayDate('2027-01-05', 'en', 2026)).toBe('Tue, Jan 5, 2027');
    expect(formatLongDate('2026-11-22')).toBe('Sun, Nov 22, 2026');
  });
  it("writes a moment as the hotel's day (Asia/Dhaka), not UTC's nor the reader's (issue 31)", () => {
    // Booked on Dec 1 at 22:22 UTC: Dec 2, 04:22 in Dhaka, as the history says.
    expect(formatLongDate('2026-12-01T22:22:00.000Z')).toBe('Wed, Dec 2, 2026');
    expect(formatShortDate(new Date(Date.UTC(2026, 11, 1, 22, 22)))).toBe('Wed, Dec 2');
    expect(formatLongDate('2026-12-02T04:22:00+06:00')).toBe('Wed, Dec 2, 2026');
    // New Year's Eve at 20:00 UTC is already 2027 at the hotel.
    expect(formatStayDate('2026-12-31T20:00:00.000Z', 'en', 2027)).toBe('Fri, Jan 1');
    // A day, and a time without a zone, are read as written.
    expect(formatLongDate('2026-12-01')).toBe('Tue, Dec 1, 2026');
    expect(formatStayDate('2026-12-31T23:30:00', 'en', 2027)).toBe('Thu, Dec 31, 2026');
  });
  it('joins the two dates with ~', () => {
    expect(formatStay('2026-11-22', '2026-11-24', 'en', 2026)).toBe('Sun, Nov 22 ~ Tue, Nov 24');
  });
  it('writes Bengali dates in Bengali', () => {
    expect(formatStayDate('2026-11-22', 'bn', 2026)).toMatch(/[\u0980-\u09FF]/);
    expect(formatLongDate('2026-11-22', 'bn')).toContain('২০২৬');
  });
});
