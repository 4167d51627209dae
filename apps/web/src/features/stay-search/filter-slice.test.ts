import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  filterReducer,
  initialFilterState,
  refreshStay,
  selectCategory,
  setCheckIn,
  setCheckOut,
  setGuests,
  setPage,
  setSearchTerm,
  stayOf,
} from './filter-slice';

const start = () => initialFilterState('2026-11-22');

describe('filter state (spec sections 3 and 4)', () => {
  it('starts with today and tomorrow, one adult, page 1', () => {
    expect(start()).toMatchObject({ date: ['22-11-2026', '23-11-2026'], guests: { adults: 1, children: 0 }, page: 1 });
  });

  it('moves check-out to the day after a check-in later than it', () => {
    const state = filterReducer(start(), setCheckIn('30-11-2026'));
    expect(state.date).toEqual(['30-11-2026', '01-12-2026']);
  });

  it('keeps check-out when the new check-in is before it', () => {
    const later = filterReducer(start(), setCheckOut('28-11-2026'));
    expect(filterReducer(later, setCheckIn('25-11-2026')).date).toEqual(['25-11-2026', '28-11-2026']);
  });

  it('ignores a check-out on or before check-in', () => {
    const state = start();
    expect(filterReducer(state, setCheckOut('22-11-2026')).date).toEqual(state.date);
    expect(filterReducer(state, setCheckOut('20-11-2026')).date).toEqual(state.date);
  });

  it('ignores dates that are not real', () => {
    expect(filterReducer(start(), setCheckIn('31-02-2027')).date).toEqual(['22-11-2026', '23-11-2026']);
  });

  it('keeps one category at a time', () => {
    const one = filterReducer(start(), selectCategory('Deluxe King'));
    const other = filterReducer(one, selectCategory('Twin Garden'));
    expect(other.categories).toEqual(['Twin Garden']);
    expect(filterReducer(other, selectCategory('Twin Garden')).categories).toEqual([]);
  });

  it('clears status, search, categories, sort, date and rates', () => {
    let state = filterReducer(start(), selectCategory('Deluxe King'));
    state = filterReducer(state, setSearchTerm('king'));
    state = filterReducer(state, setPage(3));
    const cleared = filterReducer({ ...state, status: 'available', sort: 'price', rates: 'member' }, clearFilters());
    expect(cleared).toMatchObject({ status: '', searchTerm: '', categories: [], sort: '', date: [], rates: '', page: 1 });
    expect(cleared.guests).toEqual(state.guests);
  });

  it('brings the guests within a category chosen after them (its maxima), and only when choosing it', () => {
    const three = filterReducer(start(), setGuests({ adults: 2, children: 1 }));
    const twin = { adults: 2, children: 0, total: 2 };
    const chosen = filterReducer(three, selectCategory('Twin Garden', twin));
    expect(chosen).toMatchObject({ categories: ['Twin Garden'], guests: { adults: 2, children: 0 } });
    // Clearing the category (choosing it again) changes no guests.
    const cleared = filterReducer({ ...chosen, guests: { adults: 3, children: 0 } }, selectCategory('Twin Garden', twin));
    expect(cleared).toMatchObject({ categories: [], guests: { adults: 3, children: 0 } });
    // Without maxima (the category's template is unknown) the guests stay.
    expect(filterReducer(three, selectCategory('Twin Garden')).guests).toEqual({ adults: 2, children: 1 });
  });

  it('reads a stay whose check-in has passed as starting today, with the same nights', () => {
    const stale = filterReducer(initialFilterState('2026-11-18'), setCheckOut('21-11-2026'));
    expect(stayOf(stale, '2026-11-18')).toEqual({ checkIn: '2026-11-18', checkOut: '2026-11-21' });
    expect(stayOf(stale, '2026-11-22')).toEqual({ checkIn: '2026-11-22', checkOut: '2026-11-25' });
    // An emptied date reads as today and tomorrow.
    expect(stayOf({ ...stale, date: [] }, '2026-11-22')).toEqual({ checkIn: '2026-11-22', checkOut: '2026-11-23' });
  });

  it('writes the move into the filter when the day changes, so later picks follow the stay on screen', () => {
    const stale = filterReducer(initialFilterState('2026-11-18'), setCheckOut('21-11-2026'));
    const moved = filterReducer(stale, refreshStay('2026-11-22'));
    expect(moved.date).toEqual(['22-11-2026', '25-11-2026']);
    expect(filterReducer(moved, setCheckOut('24-11-2026')).date).toEqual(['22-11-2026', '24-11-2026']);
    const current = start();
    expect(filterReducer(current, refreshStay('2026-11-22'))).toBe(current);
    expect(filterReducer({ ...current, date: [] }, refreshStay('2026-11-30')).date).toEqual([]);
  });
});
