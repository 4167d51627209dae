import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  filterReducer,
  initialFilterState,
  selectCategory,
  setCheckIn,
  setCheckOut,
  setPage,
  setSearchTerm,
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
});
