import { asc, eq, inArray, sql } from 'drizzle-orm';
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
 * The "From" price guests see (issue 21): the lowest nightly price a guest can book in the next
 * 30 days at the hotel (a day that does not stop selling), on an active online plan, in the
 * category's cheapest room in service (its supplement on top), with that night's minimum stay;
 * null when no room is in service. Each day resolved as the calendar does (decision 0012: the
 * plan's own value, else its parent's changed in whole Taka, else the offer price). Today is the
 * hotel's (the reporting time zone, HOTEL_TIME_ZONE); the rooms cache keeps answers 30 s at most.
 */
const fromRate = sql<{ price: number; minStay: number } | null>`(
  select json_build_object('price', q.price + s.supplement, 'minStay', q.min_stay)
  from (select min(r."supplement") as supplement from "rooms" r
        where r."category" = "room_categories"."name" and r."deleted_at" is null and r."status" not in ('maintenance', 'unavailable')) s,
  lateral (
    select coalesce(own."price", case when p."parent_id" is null then "room_categories"."offer_price"
             else greatest(0, round(coalesce(par."price", "room_categories"."offer_price") * (1 + p."derive_percent" / 100) + p."derive_amount")) end) as price,
           coalesce(own."min_stay", par."min_stay", 1) as min_stay,
           coalesce(own."stop_sell", par."stop_sell", false) as stop_sell
    from "rate_plans" p
    cross join generate_series((now() at time zone reporting_time_zone())::date, (now() at time zone reporting_time_zone())::date + 29, interval '1 day') d(day)
    left join "rate_days" own on own."plan_id" = p."id" and own."day" = d.day::date
    left join "rate_days" par on par."plan_id" = p."parent_id" and par."day" = d.day::date
    where p."category_id" = "room_categories"."id" and p."active" and p."online"
  ) q
  where s.supplement is not null and not q.stop_sell
  order by q.price + s.supplement, q.min_stay
  limit 1)`.mapWith((value: unknown) => {
  if (value === null || value === undefined) return null;
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as { price: number | string; minStay: number | string };
  return { price: Number(parsed.price), minStay: Number(parsed.minStay) };
});

/** Every category by name, or (`shownOnly`) only those with a room in service: the guests' list. */
export async function listCategories(db: Executor, { shownOnly = false }: { shownOnly?: boolean } = {}) {
  return db
    .select({ category: roomCategories, roomCount, inServiceCount, fromRate })
    .from(roomCategories)
    .where(shownOnly ? sql`${inServiceCount} > 0` : undefined)
    .orderBy(asc(roomCategories.name));
}

export async function findCategory(db: Executor, name: string) {
  const [row] = await db
    .select({ category: roomCategories, roomCount, inServiceCount, fromRate })
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

/** The Bengali names (`translations.bn.name`) of these categories, by English name; a category without one is left out. */
export async function bengaliNamesOf(db: Executor, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const found = await db
    .select({ name: roomCategories.name, bn: sql<string | null>`nullif(btrim(${roomCategories.translations} -> 'bn' ->> 'name'), '')` })
    .from(roomCategories)
    .where(inArray(roomCategories.name, [...new Set(names)]));
  return new Map(found.flatMap((row) => (row.bn ? [[row.name, row.bn] as const] : [])));
}
