import { isIsoDate } from '@residency/shared/dates';
import { GUESTS, type Guests } from '@residency/shared/guests';

/** A stay as the booking pages carry it in their URL. */
export interface Stay extends Guests {
  /** ISO dates (YYYY-MM-DD). */
  checkIn: string;
  checkOut: string;
}

/** `checkIn=…&checkOut=…&adults=…&children=…`: a reload or the login round trip keeps the stay. */
export function stayToQuery(stay: Stay): string {
  return new URLSearchParams({
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    adults: String(stay.adults),
    children: String(stay.children),
  }).toString();
}

const count = (value: string | null, fallback: number) => {
  if (value === null || value === '') return fallback;
  return /^\d+$/.test(value) ? Number(value) : NaN;
};

/**
 * The stay of a URL query, or null when its dates are missing or wrong (check-out not after
 * check-in). Guests default to one adult; counts outside the per-room limits make it null too.
 */
export function stayFromQuery(params: URLSearchParams): Stay | null {
  const checkIn = params.get('checkIn') ?? '';
  const checkOut = params.get('checkOut') ?? '';
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut) || checkOut <= checkIn) return null;
  const adults = count(params.get('adults'), 1);
  const children = count(params.get('children'), 0);
  if (
    !(adults >= GUESTS.adults.min && adults <= GUESTS.adults.max) ||
    !(children >= GUESTS.children.min && children <= GUESTS.children.max) ||
    adults + children > GUESTS.maxTotal
  ) {
    return null;
  }
  return { checkIn, checkOut, adults, children };
}
