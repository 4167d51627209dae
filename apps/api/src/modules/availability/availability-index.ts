/*
 * The availability and rate index (issue 23): what a search reads, held in memory. Pure data and
 * pure functions: no query, no timer. AvailabilityIndex (availability.service.ts) keeps one
 * current; the searches in rooms and rates read it. The exclusion constraint on room_occupancy
 * still judges every booking: this index only answers searches.
 */

/** A day written YYYY-MM-DD as a whole number of days since 1970-01-01 (UTC). */
export function dayNumber(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;
}

export function isoOfDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** What a search needs of an active room, and its JSON as the room list sends it. */
export interface IndexedRoom {
  id: string;
  number: string;
  name: string;
  category: string;
  status: string;
  maxAdults: number;
  maxChildren: number;
  maxOccupancy: number;
  supplement: number;
  /** Its beds as stored (a booking made from the index sends them, and the database compares). */
  beds: unknown;
  /** Place in the lists' natural order (shorter numbers first, then as the database sorts). */
  rank: number;
  /** Number and name in lower case, for the search term (any case). */
  numberLower: string;
  nameLower: string;
  json: Buffer;
}

export interface RoomQuery {
  page: number;
  limit: number;
  status?: string;
  searchTerm?: string;
  category?: string;
  stay?: { checkIn: string; checkOut: string; adults: number; children: number };
}

const UNBOOKABLE = new Set(['maintenance', 'unavailable']);

/**
 * Per room, one byte per night from `firstDay` (1 = taken by a stay or a block), over
 * `nights` nights. A room's array exists once it has a stay or a block in the window.
 */
export class Occupancy {
  private readonly rooms = new Map<string, Uint8Array>();
  readonly firstDay: number;
  readonly nights: number;

  constructor(firstDay: number, nights: number) {
    this.firstDay = firstDay;
    this.nights = nights;
  }

  /** Marks (`taken` true) or frees the nights [from, to) of a room, clipped to the window. */
  mark(roomId: string, from: string, to: string, taken: boolean): void {
    const start = Math.max(0, dayNumber(from) - this.firstDay);
    const end = Math.min(this.nights, dayNumber(to) - this.firstDay);
    if (end <= start) return;
    let nights = this.rooms.get(roomId);
    if (!nights) {
      if (!taken) return;
      nights = new Uint8Array(this.nights);
      this.rooms.set(roomId, nights);
    }
    nights.fill(taken ? 1 : 0, start, end);
  }

  /** Whether the window holds the stay's nights [from, to) (day numbers). */
  covers(from: number, to: number): boolean {
    return from >= this.firstDay && to - this.firstDay <= this.nights;
  }

  /** Whether every night [from, to) of the room is free (day numbers inside the window). */
  isFree(roomId: string, from: number, to: number): boolean {
    const nights = this.rooms.get(roomId);
    if (!nights) return true;
    for (let i = from - this.firstDay; i < to - this.firstDay; i += 1) if (nights[i] !== 0) return false;
    return true;
  }

  /** Bytes held by the night arrays. */
  get bytes(): number {
    return this.rooms.size * this.nights;
  }

  get roomCount(): number {
    return this.rooms.size;
  }
}

/** Rooms in the lists' order, with what filters them. */
export class RoomTable {
  readonly rooms: readonly IndexedRoom[];
  /** The rooms of each room type, in the same order: a list of one type walks only its rooms. */
  readonly byCategory = new Map<string, IndexedRoom[]>();

  /** `rooms` in the lists' natural order (rank). */
  constructor(rooms: readonly IndexedRoom[]) {
    this.rooms = rooms;
    for (const room of rooms) {
      const ofType = this.byCategory.get(room.category);
      if (ofType) ofType.push(room);
      else this.byCategory.set(room.category, [room]);
    }
  }

  /** A room by its id. */
  byId(id: string): IndexedRoom | undefined {
    this.#ids ??= new Map(this.rooms.map((room) => [room.id, room]));
    return this.#ids.get(id);
  }
  #ids: Map<string, IndexedRoom> | undefined;

  /** The rooms a list of this type (or of every type) walks. */
  of(category: string | undefined): readonly IndexedRoom[] {
    return category === undefined ? this.rooms : (this.byCategory.get(category) ?? []);
  }

  get jsonBytes(): number {
    let bytes = 0;
    for (const room of this.rooms) bytes += room.json.length;
    return bytes;
  }
}

/** Whether the guests fit the room and it is in service (the SQL search's `bookable`, less the nights). */
function fits(room: IndexedRoom, adults: number, children: number): boolean {
  return (
    !UNBOOKABLE.has(room.status) &&
    room.maxAdults >= adults &&
    room.maxChildren >= children &&
    room.maxOccupancy >= adults + children
  );
}

/**
 * The room list's filter in memory, as the SQL list does it: active rooms of a status and a
 * category, whose number or name holds the search term (any case), free for the stay when one is
 * given; one page in the natural order and the total. Undefined when the stay is outside the
 * index's window (the caller asks the database).
 */
export function findRooms(table: RoomTable, occupancy: Occupancy, query: RoomQuery): { rooms: IndexedRoom[]; total: number } | undefined {
  const stay = query.stay;
  let from = 0;
  let to = 0;
  if (stay) {
    from = dayNumber(stay.checkIn);
    to = dayNumber(stay.checkOut);
    if (!occupancy.covers(from, to)) return undefined;
  }
  const term = query.searchTerm?.toLowerCase();
  const skip = (query.page - 1) * query.limit;
  const page: IndexedRoom[] = [];
  let total = 0;
  for (const room of table.of(query.category)) {
    if (query.status && room.status !== query.status) continue;
    if (term && !room.numberLower.includes(term) && !room.nameLower.includes(term)) continue;
    if (stay && (!fits(room, stay.adults, stay.children) || !occupancy.isFree(room.id, from, to))) continue;
    if (total >= skip && page.length < query.limit) page.push(room);
    total += 1;
  }
  return { rooms: page, total };
}

/**
 * The cheapest free room of each room type for the stay (lowest supplement, then the lists'
 * order: the room a Book button books) and how many of the type are free. Undefined when the
 * stay is outside the window.
 */
export function cheapestFreePerCategory(
  table: RoomTable,
  occupancy: Occupancy,
  stay: { checkIn: string; checkOut: string; adults: number; children: number },
  category?: string,
): Map<string, { roomId: string; supplement: number; free: number }> | undefined {
  const from = dayNumber(stay.checkIn);
  const to = dayNumber(stay.checkOut);
  if (!occupancy.covers(from, to)) return undefined;
  const best = new Map<string, { room: IndexedRoom; free: number }>();
  for (const room of table.of(category)) {
    if (!fits(room, stay.adults, stay.children) || !occupancy.isFree(room.id, from, to)) continue;
    const held = best.get(room.category);
    if (!held) best.set(room.category, { room, free: 1 });
    else {
      held.free += 1;
      // Rooms come in rank order: a later room wins only with a lower supplement.
      if (room.supplement < held.room.supplement) held.room = room;
    }
  }
  return new Map([...best].map(([name, { room, free }]) => [name, { roomId: room.id, supplement: room.supplement, free }]));
}

/** One change of room_occupancy from the feed: nights [from, to) of a room taken (+) or given back (−). */
export interface OccupancyChange {
  taken: boolean;
  roomId: string;
  from: string;
  to: string;
}

/** The `o` payload body of migration 0019: "+room,from,to;-room,from,to;…". */
export function parseOccupancyChanges(body: string): OccupancyChange[] {
  const changes: OccupancyChange[] = [];
  for (const part of body.split(';')) {
    if (part.length < 3) continue;
    const [roomId, from, to] = part.slice(1).split(',');
    if (!roomId || !from || !to) continue;
    changes.push({ taken: part[0] === '+', roomId, from, to });
  }
  return changes;
}
