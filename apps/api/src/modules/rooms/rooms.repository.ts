import { and, asc, count, eq, ilike, inArray, isNull, notInArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { HOTEL_ROOM_LIMITS } from '@residency/shared';
import { preparedPer, type Executor } from '../../db/client.ts';
import { roomCategories, rooms } from '../../db/schema.ts';
import { likePattern } from '../../lib/accounts.ts';

export type RoomRow = typeof rooms.$inferSelect;
export type NewRoom = typeof rooms.$inferInsert;

const active = isNull(rooms.deletedAt);
/** 99 before 101 before 1001: shorter numbers first, then alphabetically. */
const naturalOrder = [asc(sql`length(${rooms.roomNumber})`), asc(rooms.roomNumber)];

/**
 * A room's supplement over its type's offer price (issue 21: the calendar prices the type, the room
 * adds its supplement), kept in step with the room's price wherever the price is set.
 */
const supplementFor = (price: number, category: SQL | string) =>
  sql`${price} - coalesce((select ${roomCategories.offerPrice} from ${roomCategories} where ${roomCategories.name} = ${category}), ${price})`;

export async function insertRoom(db: Executor, values: NewRoom): Promise<RoomRow> {
  const [row] = await db
    .insert(rooms)
    .values({ ...values, supplement: supplementFor(values.price, values.category) })
    .returning();
  return row!;
}

export async function findActiveRoom(db: Executor, id: string): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(rooms).where(and(eq(rooms.id, id), active)).limit(1);
  return row;
}

/**
 * What a booking needs of a room that is not retired, with its row lock (FOR NO KEY UPDATE)
 * until the transaction ends: bookings of one room then run one after another, in a single
 * order, which is what keeps racing bookings from deadlocking on the overlap constraint. (It
 * does not block rows that merely point at the room, which take the weaker FOR KEY SHARE.)
 */
export async function lockRoomForBooking(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: rooms.id,
      status: rooms.status,
      price: rooms.price,
      supplement: rooms.supplement,
      category: rooms.category,
      roomNumber: rooms.roomNumber,
      bedsAndBedding: rooms.bedsAndBedding,
    })
    .from(rooms)
    .where(and(eq(rooms.id, id), active))
    .limit(1)
    .for('no key update');
  return row;
}

/**
 * Several rooms for one reservation, each with the lock of lockRoomForBooking, in one statement:
 * rows are locked in id order (ORDER BY before FOR NO KEY UPDATE), the one order every booking
 * takes, so reservations of overlapping rooms never deadlock.
 */
export async function lockRoomsForBooking(db: Executor, ids: readonly string[]) {
  return db
    .select({
      id: rooms.id,
      status: rooms.status,
      price: rooms.price,
      supplement: rooms.supplement,
      category: rooms.category,
      roomNumber: rooms.roomNumber,
      bedsAndBedding: rooms.bedsAndBedding,
    })
    .from(rooms)
    .where(and(inArray(rooms.id, [...ids]), active))
    .orderBy(rooms.id)
    .for('no key update');
}

/** Active rooms holding any of these numbers, whatever their category. */
export async function findActiveByNumbers(db: Executor, numbers: string[]): Promise<RoomRow[]> {
  if (numbers.length === 0) return [];
  return db.select().from(rooms).where(and(inArray(rooms.roomNumber, numbers), active));
}

/** Every active room, in the lists' natural order. */
export async function activeRoomsInOrder(db: Executor): Promise<RoomRow[]> {
  return db.select().from(rooms).where(active).orderBy(...naturalOrder);
}

export async function activeRoomsOfCategory(db: Executor, category: string): Promise<RoomRow[]> {
  return db
    .select()
    .from(rooms)
    .where(and(eq(rooms.category, category), active))
    .orderBy(...naturalOrder);
}

interface Stay<T> {
  checkIn: T;
  checkOut: T;
  adults: T | number;
  children: T | number;
}

export interface RoomFilter {
  page: number;
  limit: number;
  status?: RoomRow['status'];
  searchTerm?: string;
  category?: string;
  /** Only rooms that can be booked for [checkIn, checkOut) by these guests. */
  stay?: Stay<string>;
}

/** One of the beds' limits when it is a number (whole, not below 0); null when missing or not a number. */
const bedLimit = (key: 'maximum_adults' | 'maximum_children' | 'maximum_occupancy') =>
  sql`(case when jsonb_typeof(${rooms.bedsAndBedding}->'${sql.raw(key)}') = 'number'
    then greatest(floor((${rooms.bedsAndBedding}->>'${sql.raw(key)}')::numeric), 0) end)`;
// The hotel's limits as literals: constants of the code, not parameters of the query.
const HOTEL = {
  adults: sql.raw(String(HOTEL_ROOM_LIMITS.adults)),
  children: sql.raw(String(HOTEL_ROOM_LIMITS.children)),
  total: sql.raw(String(HOTEL_ROOM_LIMITS.total)),
};
const totalGiven = sql`greatest(1, least(coalesce(${bedLimit('maximum_occupancy')}, ${HOTEL.total}), ${HOTEL.total}))`;
const adultsLimit = sql`greatest(1, least(coalesce(${bedLimit('maximum_adults')}, ${HOTEL.adults}), ${HOTEL.adults}, ${totalGiven}))`;
const childrenLimit = sql`least(coalesce(${bedLimit('maximum_children')}, ${HOTEL.children}), ${HOTEL.children}, ${totalGiven} - 1)`;
/**
 * Who a room takes, in SQL: `roomLimits` of packages/shared/src/guests.ts, line for line (a field
 * missing is the hotel's limit; once read here as 0, so such a room was never found by a search
 * though it could be booked). room-fit.test.ts holds the two, and the index, to one answer.
 */
const ROOM_LIMITS = {
  adults: adultsLimit,
  children: childrenLimit,
  total: sql`least(${totalGiven}, ${adultsLimit} + ${childrenLimit})`,
};

/**
 * A room can be booked for a stay when it is in service, the guests fit its beds and no active
 * stay or block holds any of its nights (decision 0011, one occupancy table). The overlap test uses
 * the GiST index of the occupancy table (migration 0013).
 */
function bookable(stay: Stay<string | Placeholder>): SQL[] {
  const total = sql`(${stay.adults}::int + ${stay.children}::int)`;
  return [
    notInArray(rooms.status, ['maintenance', 'unavailable']),
    sql`${ROOM_LIMITS.adults} >= ${stay.adults}::int`,
    sql`${ROOM_LIMITS.children} >= ${stay.children}::int`,
    sql`${ROOM_LIMITS.total} >= ${total}`,
    // The rooms taken for the stay (by a guest's stay, a channel's block or the desk's), found
    // once through the occupancy table's GiST index and hashed, rather than one probe per room.
    sql`${rooms.id} not in (select o."room_id" from "room_occupancy" o
      where o."nights" && daterange(${stay.checkIn}::date, ${stay.checkOut}::date, '[)'))`,
  ];
}

/**
 * The cheapest free room of each room type for the stay (the one a Book button books: lowest
 * supplement, then number), and how many of the type are free: one row per type, counted in
 * the database (a window over the free rooms), as a prepared statement.
 */
const cheapestStatement = preparedPer((db: Executor) => {
  const p = (name: string) => sql.placeholder(name);
  const free = db
    .select({
      category: rooms.category,
      roomId: rooms.id,
      supplement: rooms.supplement,
      rank: sql<number>`row_number() over (partition by ${rooms.category} order by ${rooms.supplement}, length(${rooms.roomNumber}), ${rooms.roomNumber})`.as('rank'),
      free: sql<number>`count(*) over (partition by ${rooms.category})`.as('free'),
    })
    .from(rooms)
    .where(
      and(
        active,
        sql`(${p('category')}::text is null or ${rooms.category} = ${p('category')}::text)`,
        ...bookable({ checkIn: p('checkIn'), checkOut: p('checkOut'), adults: p('adults'), children: p('children') }),
      ),
    )
    .as('free');
  return db
    .select({ category: free.category, roomId: free.roomId, supplement: free.supplement, free: sql<number>`${free.free}`.mapWith(Number) })
    .from(free)
    .where(sql`${free.rank} = 1`)
    .prepare('rooms_cheapest_free_per_category');
});

export async function cheapestFreeRoomPerCategory(db: Executor, stay: Stay<string>, category?: string) {
  const rows = await cheapestStatement(db).execute({ category: category ?? null, checkIn: stay.checkIn, checkOut: stay.checkOut, adults: stay.adults, children: stay.children });
  return new Map(rows.map((r) => [r.category, { roomId: r.roomId, supplement: Number(r.supplement), free: r.free }]));
}

/**
 * The guests' search (dates and guests, maybe a category) as a prepared statement: planned once
 * per connection instead of on every search. It answers only the ids of one page and the total,
 * so the database sorts narrow rows and sends no room templates; the rooms' JSON comes from the
 * rooms cache (rooms.service).
 */
const searchStatement = preparedPer((db: Executor) => {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select({ id: rooms.id, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(rooms)
    .where(
      and(
        active,
        sql`(${p('category')}::text is null or ${rooms.category} = ${p('category')}::text)`,
        ...bookable({ checkIn: p('checkIn'), checkOut: p('checkOut'), adults: p('adults'), children: p('children') }),
      ),
    )
    .orderBy(...naturalOrder)
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare('rooms_available_for_stay');
});

/** Whether `searchAvailableRoomIds` answers this filter (dates and guests, maybe a category, nothing else). */
export function isStaySearch(filter: RoomFilter): filter is RoomFilter & { stay: Stay<string> } {
  return Boolean(filter.stay) && !filter.status && !filter.searchTerm;
}

/** One page of the rooms free for the stay, as ids in the list's order, and how many there are. */
export async function searchAvailableRoomIds(db: Executor, filter: RoomFilter & { stay: Stay<string> }) {
  const rows = await searchStatement(db).execute({
    category: filter.category ?? null,
    checkIn: filter.stay.checkIn,
    checkOut: filter.stay.checkOut,
    adults: filter.stay.adults,
    children: filter.stay.children,
    limit: filter.limit,
    offset: (filter.page - 1) * filter.limit,
  });
  if (rows.length > 0 || filter.page === 1) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
  // A page past the end has no rows to carry the total.
  const category = filter.category ? eq(rooms.category, filter.category) : undefined;
  const [total] = await db.select({ n: count() }).from(rooms).where(and(active, category, ...bookable(filter.stay)));
  return { ids: [] as string[], total: total?.n ?? 0 };
}

/** Active rooms by id (any order). */
export async function findActiveRoomsByIds(db: Executor, ids: string[]): Promise<RoomRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(rooms).where(and(inArray(rooms.id, ids), active));
}

export async function listActiveRooms(db: Executor, filter: RoomFilter) {
  const conditions: SQL[] = [active];
  if (filter.status) conditions.push(eq(rooms.status, filter.status));
  if (filter.category) conditions.push(eq(rooms.category, filter.category));
  if (filter.stay) conditions.push(...bookable(filter.stay));
  if (filter.searchTerm) {
    const pattern = likePattern(filter.searchTerm);
    conditions.push(or(ilike(rooms.roomNumber, pattern), ilike(rooms.name, pattern))!);
  }
  const where = and(...conditions);
  // One query: the page and, through a window, the total of all matching rooms.
  const rows = await db
    .select({ room: rooms, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(rooms)
    .where(where)
    .orderBy(...naturalOrder)
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  if (rows.length > 0) return { data: rows.map((r) => r.room), total: rows[0]!.total };
  // A page past the end has no rows to carry the total.
  const [total] = filter.page > 1 ? await db.select({ n: count() }).from(rooms).where(where) : [{ n: 0 }];
  return { data: [], total: total?.n ?? 0 };
}

export async function updateRoom(db: Executor, id: string, values: Partial<NewRoom>): Promise<RoomRow | undefined> {
  const price = values.price;
  const [row] = await db
    .update(rooms)
    .set({
      ...values,
      ...(price !== undefined ? { supplement: supplementFor(price, values.category ?? sql`${rooms.category}`) } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(rooms.id, id), active))
    .returning();
  return row;
}

/** Retires rooms: they leave every list, their numbers are free again, past stays keep them. */
/**
 * The category's offer price moved (issue 21): each active room keeps its supplement, so its
 * price (what lists show: offer price + supplement) moves with it.
 */
export async function followCategoryPrice(db: Executor, category: string, offerPrice: number): Promise<void> {
  await db
    .update(rooms)
    .set({ price: sql`greatest(0, ${offerPrice} + ${rooms.supplement})`, updatedAt: new Date() })
    .where(and(eq(rooms.category, category), active));
}

/** Sets the price of every active room of the category; the number of rooms changed. */
export async function setCategoryRoomPrices(db: Executor, category: string, price: number): Promise<number> {
  const changed = await db
    .update(rooms)
    .set({ price, supplement: 0, updatedAt: new Date() })
    .where(and(eq(rooms.category, category), active))
    .returning({ id: rooms.id });
  return changed.length;
}

export async function retireRooms(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(rooms)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(inArray(rooms.id, ids), active));
}

/** Whether a category of that name exists (a room must belong to one). */
export async function categoryExists(db: Executor, name: string): Promise<boolean> {
  const [row] = await db.select({ id: roomCategories.id }).from(roomCategories).where(eq(roomCategories.name, name)).limit(1);
  return Boolean(row);
}

/**
 * The room of a stay, retired or not, with its row lock until the transaction ends, for the
 * front desk's status changes (check-in, check-out). Taken after the booking's own lock and
 * before the booking changes: a booking of the same room holds the room lock first and then
 * writes its stay, so the two wait in one order and never deadlock.
 */
export async function lockRoomOfStay(db: Executor, id: string): Promise<Pick<RoomRow, 'id' | 'status'> | undefined> {
  const [row] = await db.select({ id: rooms.id, status: rooms.status }).from(rooms).where(eq(rooms.id, id)).limit(1).for('no key update');
  return row;
}

/** Sets a room's status (its history row is written by the rooms_status_history trigger). */
export async function setRoomStatus(db: Executor, id: string, status: RoomRow['status']): Promise<void> {
  await db.update(rooms).set({ status, updatedAt: new Date() }).where(eq(rooms.id, id));
}
