import type { TRoom } from '@residency/shared';
import { isIsoDate } from '@residency/shared/dates';
import { GUESTS, type Guests } from '@residency/shared/guests';

/**
 * reservations.ts's RESERVATION_ROOMS_MAX (10), repeated so the public pages do not carry zod with
 * it (room-choice.test.ts holds the two equal).
 */
export const RESERVATION_ROOMS_MAX = 10;

/** One room of a reservation of several, as the guest chose it on /view-rates (issue 22). */
export interface ChosenRoom extends Guests {
  roomId: string;
  /** Its room type (the guest chooses types; the page picks the room). */
  category: string;
  /** Its rate plan's code. */
  plan: string;
}

/** The rooms of one reservation and its dates, as `/booking/rooms` carries them in its URL. */
export interface RoomsStay {
  checkIn: string;
  checkOut: string;
  rooms: ChosenRoom[];
}

// '~' is in no room id (a UUID), plan code or guest count; the room type, which may hold any
// character but this one in practice, comes last and takes the rest.
const SEP = '~';

/**
 * `checkIn=…&checkOut=…&room=<id>~<plan>~<adults>~<children>~<type>` (once per room): a reload
 * or the login round trip keeps every room and its guests.
 */
export function roomsToQuery({ checkIn, checkOut, rooms }: RoomsStay): string {
  const params = new URLSearchParams({ checkIn, checkOut });
  for (const r of rooms) params.append('room', [r.roomId, r.plan, r.adults, r.children, r.category].join(SEP));
  return params.toString();
}

/** Whether one room's guests are within the hotel's per-room limits (spec: ≤ 3 adults, ≤ 2 children, ≤ 3 guests). */
const withinRoomLimits = (g: Guests) =>
  g.adults >= GUESTS.adults.min &&
  g.adults <= GUESTS.adults.max &&
  g.children >= GUESTS.children.min &&
  g.children <= GUESTS.children.max &&
  g.adults + g.children <= GUESTS.maxTotal;

/**
 * The reservation of a URL query, or null when anything is off (dates, a room's guests beyond
 * the per-room limits, no room, more than a reservation holds, a room twice): an edited link
 * leads back to the rates page rather than to a refusal on Confirm.
 */
export function roomsFromQuery(params: URLSearchParams): RoomsStay | null {
  const checkIn = params.get('checkIn') ?? '';
  const checkOut = params.get('checkOut') ?? '';
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut) || checkOut <= checkIn) return null;
  const rooms: ChosenRoom[] = [];
  for (const value of params.getAll('room')) {
    const [roomId = '', plan = '', adults = '', children = '', ...type] = value.split(SEP);
    const category = type.join(SEP);
    if (!roomId || !plan || !category || !/^\d$/.test(adults) || !/^\d$/.test(children)) return null;
    const room = { roomId, plan, adults: Number(adults), children: Number(children), category };
    if (!withinRoomLimits(room)) return null;
    rooms.push(room);
  }
  if (rooms.length === 0 || rooms.length > RESERVATION_ROOMS_MAX) return null;
  if (new Set(rooms.map((r) => r.roomId)).size !== rooms.length) return null;
  return { checkIn, checkOut, rooms };
}

/**
 * The room to add for a type: the first of its free rooms (cheapest first, as the rates page
 * lists them) not chosen yet; none once every free room is chosen or the reservation is full.
 */
export function nextFreeRoom(freeOfType: readonly TRoom[], chosen: readonly ChosenRoom[]): TRoom | undefined {
  if (chosen.length >= RESERVATION_ROOMS_MAX) return undefined;
  const taken = new Set(chosen.map((r) => r.roomId));
  return freeOfType.find((room) => !taken.has(room._id));
}

/** How many guests the rooms sleep in all. */
export function guestTotals(rooms: readonly Guests[]): Guests {
  return rooms.reduce((sum, r) => ({ adults: sum.adults + r.adults, children: sum.children + r.children }), { adults: 0, children: 0 });
}
