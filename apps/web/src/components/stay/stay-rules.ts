import { lastCheckOut } from '@residency/shared/booking-rules';
import { addDays } from '@residency/shared/dates';
import { nightsBetween } from '@residency/shared/pricing';

/** The dates of a stay, ISO (YYYY-MM-DD). */
export interface StayDates {
  checkIn: string;
  checkOut: string;
}

/**
 * A stay whose check-in has passed (a tab left open past midnight, an old link) moved to start
 * today with the same number of nights, so the "no day before today" rule holds wherever the
 * stay is read; any other stay unchanged (the same object).
 */
export function keepStayCurrent<T extends StayDates>(stay: T, today: string): T {
  if (stay.checkIn >= today) return stay;
  const nights = Math.max(1, nightsBetween(stay.checkIn, stay.checkOut));
  return { ...stay, checkIn: today, checkOut: addDays(today, nights) };
}

/** Whether one booking cannot hold the stay: more than MAX_NIGHTS nights (the server refuses it). */
export const isStayTooLong = (stay: StayDates) => stay.checkOut > lastCheckOut(stay.checkIn);
