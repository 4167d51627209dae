import type { TCategory, TRoom } from '@residency/shared';

/** The free rooms of one category, as the rates page shows them. */
export interface RateGroup {
  category: string;
  /** The category's template (photos, texts, rack rate), when it is known. */
  info?: TCategory;
  /** Free rooms, cheapest first, then by room number. */
  rooms: TRoom[];
}

const byPriceThenNumber = (a: TRoom, b: TRoom) =>
  a.price - b.price || a.room_overview.room_number.localeCompare(b.room_overview.room_number, 'en', { numeric: true });

/**
 * Groups the free rooms by category: each group's first room is the one its Book button books
 * (the cheapest free one); groups come cheapest first, then by name.
 */
export function groupRoomsByCategory(rooms: readonly TRoom[], categories: readonly TCategory[] = []): RateGroup[] {
  const groups = new Map<string, TRoom[]>();
  for (const room of rooms) {
    const list = groups.get(room.category);
    if (list) list.push(room);
    else groups.set(room.category, [room]);
  }
  return [...groups.entries()]
    .map(([category, list]) => ({
      category,
      info: categories.find((c) => c.name === category),
      rooms: [...list].sort(byPriceThenNumber),
    }))
    .sort((a, b) => a.rooms[0].price - b.rooms[0].price || a.category.localeCompare(b.category));
}
