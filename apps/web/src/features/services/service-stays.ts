import type { TBooking } from '@residency/shared';
import { takesServiceRequests } from '@residency/shared/services';

type Stay = Pick<TBooking, '_id' | 'status' | 'startDate' | 'endDate'> & Partial<Pick<TBooking, 'stage'>>;

/**
 * The guest's stays that can take a service request today (not cancelled, not checked out, not over: the shared
 * rule the server applies), soonest first.
 */
export function openStays<S extends Stay>(bookings: readonly S[], today: string): S[] {
  return bookings
    .filter((stay) => takesServiceRequests(stay, today))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a._id.localeCompare(b._id));
}

/** Whether the guest is at the hotel on `today` (from check-in up to and including check-out day). */
export function isCurrentStay(stay: Stay, today: string): boolean {
  return stay.startDate <= today && today <= stay.endDate;
}

/**
 * The stay a request is for unless the guest picks another: the one they are in today, else
 * their next one (what the server chooses when no booking is named).
 */
export function defaultStay<S extends Stay>(stays: readonly S[], today: string): S | undefined {
  return stays.find((stay) => isCurrentStay(stay, today)) ?? stays[0];
}
