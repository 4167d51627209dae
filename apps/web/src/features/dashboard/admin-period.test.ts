import { describe, expect, it } from 'vitest';
import { periodFromSearch, searchOfPeriod } from './admin-period';

const today = '2026-11-23';
const read = (query: string) => periodFromSearch(new URLSearchParams(query), today);

describe('the admin dashboard period in the URL', () => {
  it('is the last twelve months by default, this month included', () => {
    expect(read('')).toEqual({ choice: 'last-12-months', from: '2025-12-01', to: '2026-11-23' });
  });
  it('reads this month and a custom range', () => {
    expect(read('period=this-month')).toEqual({ choice: 'this-month', from: '2026-11-01', to: '2026-11-23' });
    expect(read('period=custom&from=2026-01-01&to=2026-03-31')).toEqual({ choice: 'custom', from: '2026-01-01', to: '2026-03-31' });
  });
  it('falls back to the default for a range the server would refuse', () => {
    expect(read('period=custom&from=2026-03-31&to=2026-01-01').choice).toBe('last-12-months');
    expect(read('period=custom&from=2020-01-01&to=2026-01-01').choice).toBe('last-12-months');
    expect(read('period=custom&from=2026-02-30&to=2026-03-01').choice).toBe('last-12-months');
  });
  it('writes back what it reads, the default as a clean URL', () => {
    for (const query of ['period=this-month', 'period=custom&from=2026-01-01&to=2026-03-31']) {
      expect(new URLSearchParams(searchOfPeriod(read(query))).toString()).toBe(query);
    }
    expect(searchOfPeriod(read(''))).toEqual({});
  });
});
