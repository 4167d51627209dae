import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roomCategories } from '../../db/schema.ts';

export type CategoryRow = typeof roomCategories.$inferSelect;
export type NewCategory = typeof roomCategories.$inferInsert;

/** Active rooms of the category, counted in the same query. */
// Written out with aliases: both tables have a `name` column, which drizzle would leave unqualified.
const roomCount = sql<number>`(select count(*) from "rooms" r where r."category" = "room_categories"."name" and r."deleted_at" is null)`.mapWith(
  Number,
);

/**
 * Active rooms of the category that guests can book: in service, i.e. neither in maintenance nor
 * unavailable (the same statuses the stay search leaves out, rooms.repository `bookable`).
 */
const inServiceCount = sql<number>`(select count(*) from "rooms" r where r."category" = "room_categories"."name" and r."deleted_at" is null and r."status" not in ('maintenance', 'unavailable'))`.mapWith(
  Number,
);

/**
 * The lowest nightly price among the category's bookable rooms (active and in service, as
 * `inServiceCount`), or null when it has none: the "From" price guests see, which a guest can
 * book, unlike the category's offer price, which rooms may not have (issue 19, section 3).
 */
const fromPrice = sql<number | null>`(select min(r."price") from "rooms" r where r."category" = "room_categories"."name" and r."deleted_at" is null and r."status" not in ('maintenance', 'unavailable'))`.mapWith(
  (value: unknown) => (value === null || value === undefined ? null : Number(value)),
);

/** Every category by name, or (`shownOnly`) only those with a room in service: the guests' list. */
export async function listCategories(db: Executor, { shownOnly = false }: { shownOnly?: boolean } = {}) {
  return db
    .select({ category: roomCategories, roomCount, inServiceCount, fromPrice })
    .from(roomCategories)
    .where(shownOnly ? sql`${inServiceCount} > 0` : undefined)
    .orderBy(asc(roomCategories.name));
}

export async function findCategory(db: Executor, name: string) {
  const [row] = await db
    .select({ category: roomCategories, roomCount, inServiceCount, fromPrice })
    .from(roomCategories)
    .where(eq(roomCategories.name, name))
    .limit(1);
  return row;
}

/** Insert or update by name (the category's identifier); the row is locked for the sync that follows. */
export async function upsertCategory(db: Executor, values: NewCategory): Promise<CategoryRow> {
  const { name: _name, ...changes } = values;
  const [row] = await db
    .insert(roomCategories)
    .values(values)
    .onConflictDoUpdate({ target: roomCategories.name, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function deleteCategoryRow(db: Executor, name: string): Promise<boolean> {
  const deleted = await db.delete(roomCategories).where(eq(roomCategories.name, name)).returning({ id: roomCategories.id });
  return deleted.length > 0;
}
