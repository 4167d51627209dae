import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RoomStatus } from '@residency/shared';
import { addDays, dmyToIso, isoToDmy, todayAt } from '@residency/shared/dates';
import type { Guests } from '@residency/shared/guests';
import { fitGuests, type GuestMaxima } from '../../components/stay/guest-rules';
import { keepStayCurrent } from '../../components/stay/stay-rules';
import { getSite } from '../../lib/site';
import { rootReducer } from '../../lib/store-registry';

/**
 * The filter state of spec section 3: search, status, one category at a time, sort, page, the
 * stay's dates (DD-MM-YYYY; today and tomorrow at the hotel by default) and the guests.
 */
export interface FilterState {
  searchTerm: string;
  status: RoomStatus | '';
  /** At most one category: selecting another replaces it. */
  categories: string[];
  sort: string;
  page: number;
  /** [check-in, check-out] as DD-MM-YYYY; empty after "clear filters" (the defaults apply). */
  date: [string, string] | [];
  guests: Guests;
  rates: string;
}

function defaultStay(today = todayAt(getSite().timeZone)): [string, string] {
  return [isoToDmy(today), isoToDmy(addDays(today, 1))];
}

/**
 * The filter's stay as ISO dates, the defaults filling in for an empty date, and a stay whose
 * check-in has passed moved to start today with the same length (a tab left open past midnight).
 */
export function stayOf(state: FilterState, today = todayAt(getSite().timeZone)): { checkIn: string; checkOut: string } {
  const [checkIn, checkOut] = state.date.length ? state.date : defaultStay(today);
  return keepStayCurrent({ checkIn: dmyToIso(checkIn)!, checkOut: dmyToIso(checkOut)! }, today);
}

export function initialFilterState(today?: string): FilterState {
  return {
    searchTerm: '',
    status: '',
    categories: [],
    sort: '',
    page: 1,
    date: defaultStay(today),
    guests: { adults: 1, children: 0 },
    rates: '',
  };
}

const filterSlice = createSlice({
  name: 'filters',
  initialState: () => initialFilterState(),
  reducers: {
    setSearchTerm(state, action: PayloadAction<string>) {
      state.searchTerm = action.payload;
      state.page = 1;
    },
    setStatus(state, action: PayloadAction<FilterState['status']>) {
      state.status = action.payload;
      state.page = 1;
    },
    /**
     * Selecting a category replaces any previous one; selecting the same one again clears it.
     * With the category's guest maxima, guests it cannot sleep are brought within them (else the
     * search would only find that no room is free).
     */
    selectCategory: {
      reducer(state, action: PayloadAction<{ name: string; maxima?: GuestMaxima }>) {
        const { name, maxima } = action.payload;
        const clearing = state.categories[0] === name;
        state.categories = clearing ? [] : [name];
        if (!clearing && maxima) state.guests = fitGuests(state.guests, maxima);
        state.page = 1;
      },
      prepare: (name: string, maxima?: GuestMaxima) => ({ payload: { name, maxima } }),
    },
    setSort(state, action: PayloadAction<string>) {
      state.sort = action.payload;
    },
    setPage(state, action: PayloadAction<number>) {
      state.page = Math.max(1, Math.floor(action.payload));
    },
    /** A check-in on or after the current check-out moves check-out to the next day. */
    setCheckIn(state, action: PayloadAction<string>) {
      const checkIn = dmyToIso(action.payload);
      if (!checkIn) return;
      const [, currentOut] = state.date.length ? state.date : defaultStay();
      const checkOut = dmyToIso(currentOut)!;
      state.date = [action.payload, checkIn >= checkOut ? isoToDmy(addDays(checkIn, 1)) : currentOut];
    },
    /** A check-out on or before check-in is ignored. */
    setCheckOut(state, action: PayloadAction<string>) {
      const checkOut = dmyToIso(action.payload);
      const [currentIn] = state.date.length ? state.date : defaultStay();
      if (!checkOut || checkOut <= dmyToIso(currentIn)!) return;
      state.date = [currentIn, action.payload];
    },
    setGuests(state, action: PayloadAction<Guests>) {
      state.guests = action.payload;
    },
    /**
     * Moves a stay whose check-in is before `today` (ISO) to start today, same length; the
     * screens send it when the day changes, so the date rules work on the stay they show.
     */
    refreshStay(state, action: PayloadAction<string>) {
      if (!state.date.length) return;
      const raw = { checkIn: dmyToIso(state.date[0])!, checkOut: dmyToIso(state.date[1])! };
      const stay = keepStayCurrent(raw, action.payload);
      if (stay !== raw) state.date = [isoToDmy(stay.checkIn), isoToDmy(stay.checkOut)];
    },
    setRates(state, action: PayloadAction<string>) {
      state.rates = action.payload;
    },
    /** Empties status, search, categories, sort, date and rates (spec section 4). */
    clearFilters(state) {
      state.status = '';
      state.searchTerm = '';
      state.categories = [];
      state.sort = '';
      state.date = [];
      state.rates = '';
      state.page = 1;
    },
  },
  selectors: {
    /** The stay as ISO dates, never starting before today (see stayOf). */
    selectStay: (state): { checkIn: string; checkOut: string } => stayOf(state),
    selectGuests: (state) => state.guests,
  },
});

export const {
  setSearchTerm,
  selectCategory,
  setPage,
  setCheckIn,
  setCheckOut,
  setGuests,
  refreshStay,
  clearFilters,
} = filterSlice.actions;
export const filterReducer = filterSlice.reducer;

declare module '../../lib/store-registry' {
  interface LazyLoadedSlices {
    filters: FilterState;
  }
}

// Joins the store when the booking bar or a search screen first loads.
export const injectedFilters = filterSlice.injectInto(rootReducer);
export const { selectStay, selectGuests } = injectedFilters.selectors;
