import { GUESTS, roomLimits, type BedLimits, type CapacityLimits, type Guests } from '@residency/shared/guests';

/** The most guests the picker allows: the hotel's per-room limits, narrowed by a room or category. */
export type GuestMaxima = CapacityLimits;

/**
 * Adults 1-3, children 0-2, at most 3 in total (spec sections 5 and 9), and never more than the
 * chosen room or category allows: the one rule the server books by (`roomLimits`, issue 32).
 */
export function guestMaxima(beds?: BedLimits): GuestMaxima {
  return roomLimits(beds);
}

export interface StepperState {
  canDecrease: boolean;
  canIncrease: boolean;
}

/**
 * Which stepper buttons work: plus is disabled once the total reaches the maximum or the count
 * reaches its own maximum; minus is disabled at the minimum (adults 1, children 0).
 */
export function guestSteppers(guests: Guests, maxima: GuestMaxima = guestMaxima()): { adults: StepperState; children: StepperState } {
  const total = guests.adults + guests.children;
  const room = total < maxima.total;
  return {
    adults: { canDecrease: guests.adults > GUESTS.adults.min, canIncrease: room && guests.adults < maxima.adults },
    children: { canDecrease: guests.children > GUESTS.children.min, canIncrease: room && guests.children < maxima.children },
  };
}

/** One step of a stepper, never past the limits (a no-op when the button would be disabled). */
export function stepGuests(guests: Guests, who: keyof Guests, delta: 1 | -1, maxima: GuestMaxima = guestMaxima()): Guests {
  const state = guestSteppers(guests, maxima)[who];
  if ((delta > 0 && !state.canIncrease) || (delta < 0 && !state.canDecrease)) return guests;
  return { ...guests, [who]: guests[who] + delta };
}

/** Whether the guests fit within the maxima (a category chosen after the guests may allow fewer). */
export function withinMaxima(guests: Guests, maxima: GuestMaxima): boolean {
  return guests.adults <= maxima.adults && guests.children <= maxima.children && guests.adults + guests.children <= maxima.total;
}

/**
 * The guests brought within the maxima (a room type chosen after the guests may sleep fewer):
 * adults stay as many as allowed (at least one), children give way first. Guests that already fit
 * come back unchanged (the same object).
 */
export function fitGuests(guests: Guests, maxima: GuestMaxima): Guests {
  if (withinMaxima(guests, maxima)) return guests;
  const adults = Math.max(GUESTS.adults.min, Math.min(guests.adults, maxima.adults, maxima.total));
  const children = Math.max(GUESTS.children.min, Math.min(guests.children, maxima.children, maxima.total - adults));
  return { adults, children };
}
