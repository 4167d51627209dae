import type { TCategory } from '@residency/shared';
import { isoToDmy } from '@residency/shared/dates';
import { useEffect, useRef } from 'react';
import { shallowEqual, useStore } from 'react-redux';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import type { RootState } from '../../lib/store-registry';
import { injectedFilters, selectCategory, selectGuests, selectStay, setCheckIn, setCheckOut, setGuests } from './filter-slice';
import { guestMaxima } from '../../components/stay/guest-rules';
import { keepStayCurrent } from '../../components/stay/stay-rules';
import { parseRatesSearch, ratesQuery } from '../../components/stay/rates-url';

/** The address's parts that are the search (rates-url.ts); any other part is left as it is. */
const SEARCH_KEYS = new Set(['checkIn', 'checkOut', 'adults', 'children', 'category']);

/**
 * Keeps the search of `/view-rates` (stay, guests, room type) in the page's address, both ways:
 * - what the address asks for is applied to the shared filter state when the address changes
 *   (a reload, a bookmark, a shared link, a Book button); a wrong part is ignored;
 * - every change of the search on the page (or in the booking bar) is written back to the
 *   address, replacing the entry (no history step per click) without scrolling the page.
 * The room type can only be checked once the room types are known (`categories` undefined while
 * they load): until then it is held and stays in the address. Returns whether the address asks
 * for a search the state does not hold yet, so the page does not search the former one first.
 */
export function useRatesUrl(categories: TCategory[] | undefined, today: string): { pending: boolean } {
  const [params] = useSearchParams();
  const search = params.toString();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  // Re-run on every change of the search, whatever caused it.
  const stay = useAppSelector(selectStay, shallowEqual);
  const guests = useAppSelector(selectGuests);
  const category = useAppSelector((state) => injectedFilters.selectSlice(state).categories[0]);
  /** The address seen last time: it is applied when it changes... */
  const seen = useRef<string | null>(null);
  /**
   * ...unless it is one this hook wrote (several writes can be on their way while the router
   * catches up; applying an older one would undo a later change). Emptied once the router shows
   * the latest write.
   */
  const ours = useRef<string[]>([]);
  /** A room type the address asked for, waiting for the list of room types. */
  const pending = useRef<string | null>(null);

  useEffect(() => {
    if (search !== seen.current && !ours.current.includes(search)) {
      const asked = parseRatesSearch(new URLSearchParams(search));
      if (asked.stay) {
        // Check-in first: one on or after the current check-out moves it, then check-out lands.
        dispatch(setCheckIn(isoToDmy(asked.stay.checkIn)));
        dispatch(setCheckOut(isoToDmy(asked.stay.checkOut)));
      }
      if (asked.guests) dispatch(setGuests(asked.guests));
      pending.current = asked.category ?? null;
    }
    if (pending.current !== null && categories) {
      const match = categories.find((c) => c.name === pending.current);
      const current = injectedFilters.selectSlice(store.getState()).categories[0];
      // (selectCategory of the chosen one would clear it.) Guests the room type cannot sleep
      // are brought within its maxima, as a click on its chip does.
      if (match && current !== match.name) dispatch(selectCategory(match.name, guestMaxima(match.beds_and_bedding)));
      pending.current = null;
    }
    const state = store.getState();
    const query = ratesQuery(
      {
        stay: selectStay(state),
        guests: selectGuests(state),
        category: pending.current ?? injectedFilters.selectSlice(state).categories[0],
      },
      today,
    );
    // What else the address carries (`?lang=bn` of a link made for one language) stays, after the search.
    const others = [...new URLSearchParams(search)].filter(([key]) => !SEARCH_KEYS.has(key));
    const next = [query, new URLSearchParams(others).toString()].filter(Boolean).join('&');
    seen.current = search;
    // Compared as parsed (the address may write a space as %20 or as '+').
    const normal = new URLSearchParams(next).toString();
    if (normal === search) {
      ours.current = [];
    } else {
      ours.current.push(normal);
      navigate({ pathname, search: next ? `?${next}` : '' }, { replace: true, preventScrollReset: true });
    }
  }, [search, stay, guests, category, categories, today, dispatch, store, navigate, pathname]);

  // Until the effect above has applied the address (it runs after the render), the page must not
  // search what the state held before: e.g. every room type, while the room types load.
  const asked = parseRatesSearch(params);
  const askedStay = asked.stay && keepStayCurrent(asked.stay, today);
  const waiting =
    (askedStay !== undefined && (askedStay.checkIn !== stay.checkIn || askedStay.checkOut !== stay.checkOut)) ||
    (asked.guests !== undefined && (asked.guests.adults !== guests.adults || asked.guests.children !== guests.children)) ||
    (asked.category !== undefined && asked.category !== category && (!categories || categories.some((c) => c.name === asked.category)));
  return { pending: waiting };
}
