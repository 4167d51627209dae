/** Guest limits of the guest picker (spec sections 5 and 9). */
export const GUESTS = {
  maxTotal: 3,
  adults: { min: 1, max: 3 },
  children: { min: 0, max: 2 },
} as const;

export interface Guests {
  adults: number;
  children: number;
}

/** Whether these guests fit a room whose beds allow the given maximums (and the 3-per-room rule). */
export function guestsFit(
  guests: Guests,
  beds: { maximum_adults?: number; maximum_children?: number; maximum_occupancy?: number },
): boolean {
  const total = guests.adults + guests.children;
  return (
    guests.adults >= GUESTS.adults.min &&
    guests.children >= GUESTS.children.min &&
    total <= GUESTS.maxTotal &&
    guests.adults <= (beds.maximum_adults ?? GUESTS.adults.max) &&
    guests.children <= (beds.maximum_children ?? GUESTS.children.max) &&
    total <= (beds.maximum_occupancy ?? GUESTS.maxTotal)
  );
}
