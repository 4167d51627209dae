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

/** Who a room or category sleeps: most adults, most children, most guests in all. */
export interface CapacityLimits {
  adults: number;
  children: number;
  total: number;
}

/** The beds' three limits as a room or category stores them (any of them may be missing in old data). */
export type BedLimits = { maximum_occupancy?: unknown; maximum_adults?: unknown; maximum_children?: unknown } | null | undefined;

/** The hotel's per-room limits (spec sections 5 and 9): what a room whose beds say nothing takes. */
export const HOTEL_ROOM_LIMITS: CapacityLimits = { adults: GUESTS.adults.max, children: GUESTS.children.max, total: GUESTS.maxTotal };

const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : null;

/**
 * The real limits of a room or category: maximum_adults, maximum_children and maximum_occupancy,
 * each within the hotel's limits (a value left out is the hotel's). Each is also what the others
 * leave room for: adults never more than the total, children never more than the total less one
 * adult, the total never more than adults plus children. Null when the beds give none of the
 * three (nothing to say on a room card); `roomLimits` is the answer a booking is checked against.
 */
export function capacityLimits(beds: BedLimits): CapacityLimits | null {
  const given = {
    adults: whole(beds?.maximum_adults),
    children: whole(beds?.maximum_children),
    total: whole(beds?.maximum_occupancy),
  };
  if (given.adults === null && given.children === null && given.total === null) return null;
  const total = Math.max(1, Math.min(given.total ?? HOTEL_ROOM_LIMITS.total, HOTEL_ROOM_LIMITS.total));
  const adults = Math.max(1, Math.min(given.adults ?? HOTEL_ROOM_LIMITS.adults, HOTEL_ROOM_LIMITS.adults, total));
  const children = Math.min(given.children ?? HOTEL_ROOM_LIMITS.children, HOTEL_ROOM_LIMITS.children, total - 1);
  return { adults, children, total: Math.min(total, adults + children) };
}

/**
 * Who a room takes, the one rule (issue 32): the search in memory, the SQL search, bookings,
 * reservations and stay changes all ask this. A field missing from the beds is the hotel's limit
 * everywhere (the SQL search once read it as 0 and the booking as the hotel's).
 */
export function roomLimits(beds: BedLimits): CapacityLimits {
  return capacityLimits(beds) ?? HOTEL_ROOM_LIMITS;
}

/** Whether these guests fit a room with these beds (and the hotel's rules of the guest picker). */
export function guestsFit(guests: Guests, beds: BedLimits): boolean {
  const limits = roomLimits(beds);
  const total = guests.adults + guests.children;
  return (
    guests.adults >= GUESTS.adults.min &&
    guests.children >= GUESTS.children.min &&
    guests.adults <= limits.adults &&
    guests.children <= limits.children &&
    total <= limits.total
  );
}

/** The refusal when the guests do not fit, saying the room's real limits ("This room" or "Room 204"). */
export function tooManyGuestsMessage(beds: BedLimits, roomNumber?: string): string {
  const { adults, children, total } = roomLimits(beds);
  return `${roomNumber ? `Room ${roomNumber}` : 'This room'} sleeps at most ${adults} adult(s) and ${children} child(ren), ${total} guests in all.`;
}
