import type { TSiteInfo } from '@residency/shared';
import { instantAt } from '@residency/shared/hotel-time';
import { roomNumberText } from './category-texts';

/** The instant rooms are ready on the check-in day, at the hotel: the guest's countdown's end. */
export function checkInInstant(startDate: string, site: TSiteInfo): Date {
  return instantAt(startDate, site.checkInTime, site.timeZone);
}

/** A clock time (HH:mm) in the reader's digits (the digit swap of room numbers). */
export function clockText(hhmm: string, lng: string): string {
  return roomNumberText(hhmm, lng);
}
