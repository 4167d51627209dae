import { describe, expect, it } from 'vitest';
import { stayFromQuery, stayToQuery } from './stay-query';

describe('the stay in a booking URL', () => {
  it('goes into the query and comes back out', () => {
    const stay = { checkIn: '2026-12-01', checkOut: '2026-12-03', adults: 2, children: 1 };
    const query = stayToQuery(stay);
    expect(query).toBe('checkIn=2026-12-01&checkOut=2026-12-03&adults=2&children=1');
    expect(stayFromQuery(new URLSearchParams(query))).toEqual(stay);
  });

  it('defaults the guests to one adult', () => {
    expect(stayFromQuery(new URLSearchParams('checkIn=2026-12-01&checkOut=2026-12-02'))).toEqual({
      checkIn: '2026-12-01',
      checkOut: '2026-12-02',
      adults: 1,
      children: 0,
    });
  });

  it('refuses wrong dates and guests outside the per-room limits', () => {
    for (const q of [
      '',
      'checkIn=2026-12-03&checkOut=2026-12-03',
      'checkIn=2026-12-03&checkOut=2026-12-01',
      'checkIn=2026-02-30&checkOut=2026-03-02',
      'checkIn=2026-12-01&checkOut=2026-12-02&adults=0',
      'checkIn=2026-12-01&checkOut=2026-12-02&adults=2&children=2',
      'checkIn=2026-12-01&checkOut=2026-12-02&children=3',
      'checkIn=2026-12-01&checkOut=2026-12-02&adults=two',
    ]) {
      expect(stayFromQuery(new URLSearchParams(q)), q).toBeNull();
    }
  });
});
