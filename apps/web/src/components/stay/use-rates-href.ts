import { dmyToIso, todayAt } from '@residency/shared/dates';
import type { Guests } from '@residency/shared/guests';
import { getSite } from '../../lib/site';
import { useAppSelector } from '../../lib/store-hooks';
import { ratesHref, type RatesSearch } from './rates-url';

/** What a Book link carries of the stay search's state (`filters`, features/stay-search/filter-slice.ts). */
interface ChosenStay {
  /** [check-in, check-out] as DD-MM-YYYY; empty for the defaults. */
  date: [string, string] | [];
  guests: Guests;
}

/**
 * The address of the rates of a room type (a Book button anywhere on the site): `/view-rates`
 * with that room type, and with the dates and guests the guest picked in the booking bar (or on
 * the rates page before), none when they are still the defaults.
 *
 * It reads the filter state by its shape, without importing its slice: the slice joins the
 * store when the booking bar or the rates page loads, which is also the only way the guest can
 * have picked a stay. Until then there is nothing to carry, and a page with Book buttons (the
 * home page's rooms, /accommodation) does not load the search's code in its first paint. The
 * rates page checks what the address brings (a stay that has passed moves to today).
 */
export function useRatesHref(category?: string): string {
  const filters = useAppSelector((state) => (state as { filters?: ChosenStay }).filters);
  const search: RatesSearch = { category };
  if (filters) {
    const [checkIn, checkOut] = filters.date.length ? filters.date.map(dmyToIso) : [];
    if (checkIn && checkOut) search.stay = { checkIn, checkOut };
    search.guests = filters.guests;
  }
  return ratesHref(search, filters ? todayAt(getSite().timeZone) : '');
}
