import { addDays, isIsoDate } from '@residency/shared/dates';
import { GUESTS, type Guests } from '@residency/shared/guests';
import type { StayDates } from './stay-rules';

/**
 * The search of `/view-rates` as its address carries it (`checkIn`, `checkOut` ISO, `adults`,
 * `children`, `category` = the room type's name), so a reload, a bookmark or a shared link
 * opens the same search. The same names as the booking page's address (stay-query.ts).
 */
export interface RatesSearch {
  stay?: StayDates;
  guests?: Guests;
  /** The room type's name (categories are named uniquely). */
  category?: string;
}

/** Longer than any room type's name: anything longer is not one. */
const CATEGORY_MAX = 100;

const count = (value: string | null, fallback: number): number | null => {
  if (value === null || value === '') return fallback;
  return /^\d{1,2}$/.test(value) ? Number(value) : null;
};

/**
 * Each part of the address that is right; a wrong part (a date that does not exist, check-out not
 * after check-in, guests outside the per-room limits, an empty name) is left out, so its default
 * or the search already on screen applies. Never throws: the address is anyone's to type.
 */
export function parseRatesSearch(params: URLSearchParams): RatesSearch {
  const search: RatesSearch = {};
  const checkIn = params.get('checkIn') ?? '';
  const checkOut = params.get('checkOut') ?? '';
  if (isIsoDate(checkIn) && isIsoDate(checkOut) && checkOut > checkIn) search.stay = { checkIn, checkOut };
  if (params.has('adults') || params.has('children')) {
    const adults = count(params.get('adults'), 1);
    const children = count(params.get('children'), 0);
    if (
      adults !== null &&
      children !== null &&
      adults >= GUESTS.adults.min &&
      adults <= GUESTS.adults.max &&
      children >= GUESTS.children.min &&
      children <= GUESTS.children.max &&
      adults + children <= GUESTS.maxTotal
    ) {
      search.guests = { adults, children };
    }
  }
  const category = params.get('category')?.trim();
  if (category && category.length <= CATEGORY_MAX) search.category = category;
  return search;
}

/** The default stay (today and tomorrow at the hotel) and guests (one adult) stay out of the address. */
function isDefaultStay(stay: StayDates, today: string): boolean {
  return stay.checkIn === today && stay.checkOut === addDays(today, 1);
}
const isDefaultGuests = (guests: Guests) => guests.adults === 1 && guests.children === 0;

/**
 * The query of a search, without what is its default (a link to the rates of today says no
 * date, so it stays right tomorrow). Parts in a fixed order: one search, one address.
 */
export function ratesQuery(search: RatesSearch, today: string): string {
  const parts: [string, string][] = [];
  if (search.stay && !isDefaultStay(search.stay, today)) parts.push(['checkIn', search.stay.checkIn], ['checkOut', search.stay.checkOut]);
  if (search.guests && !isDefaultGuests(search.guests)) parts.push(['adults', String(search.guests.adults)], ['children', String(search.guests.children)]);
  if (search.category) parts.push(['category', search.category]);
  // encodeURIComponent (a space is %20, as the other links to this page write it), not
  // URLSearchParams' form encoding ('+').
  return parts.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

/** `/view-rates` with a search (see ratesQuery). */
export function ratesHref(search: RatesSearch, today: string): string {
  const query = ratesQuery(search, today);
  return query ? `/view-rates?${query}` : '/view-rates';
}
