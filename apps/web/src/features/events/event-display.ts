import { formatClockTime, formatLongDate } from '@residency/shared/display';
import { EVENT_LAYOUTS, type TEventLayout, type TEventStatus } from '@residency/shared/event-kinds';
import type { TVenue } from '@residency/shared/events';

/** Status tag colours of spec section 2: pending gold, confirmed green, cancelled red. */
export const EVENT_STATUS_COLORS: Record<TEventStatus, string> = { pending: 'gold', confirmed: 'green', cancelled: 'red' };

/** The event's day with its weekday and year ("Sat, Jan 9, 2027"; Bengali words and digits in bn). */
export function formatEventDate(iso: string, lng: string): string {
  return formatLongDate(iso, lng);
}

/** "18:00–23:00" on the 24-hour clock the request was made with (১৮:০০–২৩:০০ in Bengali). */
export function formatEventTimes(startTime: string, endTime: string, lng: string): string {
  return `${formatClockTime(startTime, lng)}–${formatClockTime(endTime, lng)}`;
}

/** A hall's name and description in the reader's language: Bengali where it has them, else English. */
export function venueTexts(venue: TVenue, lng: string): { name: string; description: string } {
  const bn = lng === 'bn' ? venue.translations.bn : undefined;
  return { name: bn?.name?.trim() || venue.name, description: bn?.description?.trim() || venue.description };
}

/** The layouts a hall offers with their seats, in the contract's order of layouts. */
export function venueSeats(venue: TVenue): { layout: TEventLayout; seats: number }[] {
  return EVENT_LAYOUTS.flatMap((layout) => {
    const seats = venue.capacities[layout];
    return typeof seats === 'number' && seats > 0 ? [{ layout, seats }] : [];
  });
}

/** The most guests a hall seats in any layout (0 when it lists none). */
export function venueMaxSeats(venue: TVenue): number {
  return Math.max(0, ...venueSeats(venue).map((s) => s.seats));
}
