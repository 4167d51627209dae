/**
 * Booking rules without zod, safe to import on the public pages (`@residency/shared/booking-rules`)
 * and meant for the API too, so that the calendar and the server agree on the longest stay.
 */
import { addDays } from './dates.ts';

/** One booking holds at most this many nights; a longer stay is split into several bookings. */
export const MAX_NIGHTS = 60;

/** The latest check-out one booking can have for a check-in (both ISO). */
export function lastCheckOut(checkIn: string): string {
  return addDays(checkIn, MAX_NIGHTS);
}
