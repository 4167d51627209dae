import { describe, expect, it } from 'vitest';
import { parseRatesSearch, ratesHref, ratesQuery } from './rates-url';

const parse = (query: string) => parseRatesSearch(new URLSearchParams(query));
const today = '2026-12-01';

describe('the search of /view-rates in its address', () => {
  it('reads the stay, the guests and the room type', () => {
    expect(parse('checkIn=2026-12-10&checkOut=2026-12-12&adults=2&children=1&category=Deluxe%20King')).toEqual({
      stay: { checkIn: '2026-12-10', checkOut: '2026-12-12' },
      guests: { adults: 2, children: 1 },
      category: 'Deluxe King',
    });
  });

  it('leaves out each wrong part and keeps the right ones', () => {
    expect(parse('checkIn=2026-02-30&checkOut=2026-03-02&adults=2')).toEqual({ guests: { adults: 2, children: 0 } });
    expect(parse('checkIn=2026-12-12&checkOut=2026-12-12&category=Twin')).toEqual({ category: 'Twin' });
    expect(parse('checkIn=2026-12-10&checkOut=2026-12-11&adults=4')).toEqual({ stay: { checkIn: '2026-12-10', checkOut: '2026-12-11' } });
    for (const q of ['adults=0', 'adults=2&children=2', 'children=3', 'adults=two', 'adults=1.5', 'adults=-1', 'adults=999999999999']) {
      expect(parse(q).guests, q).toBeUndefined();
    }
    expect(parse(`category=${'x'.repeat(101)}`)).toEqual({});
    expect(parse('category=%20%20&checkIn=&checkOut=')).toEqual({});
    expect(parse('checkIn=<script>&checkOut=%00')).toEqual({});
  });

  it('writes only what differs from the defaults, in a fixed order', () => {
    expect(ratesHref({ stay: { checkIn: today, checkOut: '2026-12-02' }, guests: { adults: 1, children: 0 } }, today)).toBe('/view-rates');
    expect(ratesHref({ category: 'Deluxe King' }, today)).toBe('/view-rates?category=Deluxe%20King');
    expect(parse('category=Deluxe%20King')).toEqual(parse('category=Deluxe+King'));
    const query = ratesQuery({ category: 'Twin', guests: { adults: 2, children: 0 }, stay: { checkIn: '2026-12-05', checkOut: '2026-12-07' } }, today);
    expect(query).toBe('checkIn=2026-12-05&checkOut=2026-12-07&adults=2&children=0&category=Twin');
    expect(parse(query)).toEqual({
      stay: { checkIn: '2026-12-05', checkOut: '2026-12-07' },
      guests: { adults: 2, children: 0 },
      category: 'Twin',
    });
  });
});
