import { MAX_NIGHTS } from '@residency/shared/booking-rules';
import { addDays, todayAt } from '@residency/shared/dates';
import { nightsBetween } from '@residency/shared/pricing';
import { AppError } from './app-error.ts';

/**
 * The date rules of a stay, the same for searching and for booking: check-in not before today at
 * the hotel, check-out after check-in, at most MAX_NIGHTS nights, and not past the bookable
 * horizon (BOOKING_HORIZON_DAYS from today). Returns the number of nights.
 */
export function checkStayDates(checkIn: string, checkOut: string, timeZone: string, horizonDays: number): number {
  if (checkIn < todayAt(timeZone)) throw AppError.badRequest('The check-in date cannot be before today.', 'CHECK_IN_PAST');
  checkHorizon(checkOut, timeZone, horizonDays);
  const nights = nightsBetween(checkIn, checkOut);
  if (nights < 1) throw AppError.badRequest('The check-out date must be after the check-in date.', 'DATES_OUT_OF_ORDER');
  if (nights > MAX_NIGHTS) {
    throw AppError.badRequest(`One booking can hold at most ${MAX_NIGHTS} nights. Please split a longer stay.`, 'STAY_TOO_LONG');
  }
  return nights;
}

/** Refuses a stay ending past the bookable horizon: BOOKING_HORIZON_DAYS from the hotel's today. */
export function checkHorizon(checkOut: string, timeZone: string, horizonDays: number): void {
  const lastCheckOut = addDays(todayAt(timeZone), horizonDays);
  if (checkOut > lastCheckOut) {
    throw AppError.badRequest(`Stays can be booked up to ${lastCheckOut}: please choose earlier dates.`, 'BEYOND_HORIZON').with({ lastCheckOut });
  }
}
