import type { StoredRateDay } from '@residency/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { preparedPer, rows, type Executor } from '../../db/client.ts';
import { rateChanges, rateDays, ratePlans, roomCategories, users } from '../../db/schema.ts';

export type PlanRow = typeof ratePlans.$inferSelect;
export type NewPlan = typeof ratePlans.$inferInsert;
export type DayRow = typeof rateDays.$inferSelect;

export async function categoryNameOf(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ name: roomCategories.name }).from(roomCategories).where(eq(roomCategories.id, id)).limit(1);
  return row?.name;
}

/** A room type as the calendar needs it: its id, offer price, extra adult charge and included guests. */
export async function findCategoryForRates(db: Executor, name: string) {
  const [row] = await db
    .select({
      id: roomCategories.id,
      name: roomCategories.name,
      offerPrice: roomCategories.offerPrice,
      bedsAndBedding: roomCategories.bedsAndBedding,
      includedAdults: roomCategories.includedAdults,
      includedChildren: roomCategories.includedChildren,
    })
    .from(roomCategories)
    .where(eq(roomCategories.name, name))
    .limit(1);
  return row;
}

/** The rate calendar's change number (migration 0036); null when its row is missing (nothing is then priced from memory). */
export async function pricingVersion(db: Executor): Promise<number | null> {
  const [row] = await rows<{ n: string | number }>(db, sql`select n from pricing_version`);
  return row ? Number(row.n) : null;
}

/** Every room type's name. */
export async function allCategoryNames(db: Executor): Promise<string[]> {
  return (await db.select({ name: roomCategories.name }).from(roomCategories)).map((r) => r.name);
}

const categoriesWithPlansStatement = preparedPer((db) =>
  db
    .select({
      category: {
        id: roomCategories.id,
        name: roomCategories.name,
        offerPrice: roomCategories.offerPrice,
        bedsAndBedding: roomCategories.bedsAndBedding,
        includedAdults: roomCategories.includedAdults,
        includedChildren: roomCategories.includedChildren,
      },
      plan: ratePlans,
    })
    .from(roomCategories)
    .innerJoin(ratePlans, eq(ratePlans.categoryId, roomCategories.id))
    .where(sql`${roomCategories.name} = any(${sql.placeholder('names')}::text[])`)
    .orderBy(roomCategories.name, sql`${ratePlans.code} <> 'STD'`, asc(ratePlans.sortOrder), asc(ratePlans.createdAt))
    .prepare('rates_categories_with_plans'),
);

/**
 * The room types of these names as the calendar needs them, each with its plans (every plan:
 * the caller picks the ones it sells, and parents are needed for the days), in one query.
 */
export async function categoriesWithPlans(db: Executor, names: string[]) {
  if (names.length === 0) return [];
  const rows = await categoriesWithPlansStatement(db).execute({ names });
  const byName = new Map<string, { category: (typeof rows)[number]['category']; plans: PlanRow[] }>();
  for (const row of rows) {
    const entry = byName.get(row.category.name) ?? { category: row.category, plans: [] };
    entry.plans.push(row.plan);
    byName.set(row.category.name, entry);
  }
  return [...byName.values()];
}

const daysOfPlansStatement = preparedPer((db) =>
  db
    .select()
    .from(rateDays)
    .where(
      and(
        sql`${rateDays.planId} = any(${sql.placeholder('plans')}::uuid[])`,
        sql`${rateDays.day} between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date`,
      ),
    )
    .prepare('rates_days_of_plans'),
);

/** The rows of several plans from `from` to `to`, inclusive, by plan and day, in one query. */
export async function daysOfPlans(db: Executor, planIds: string[], from: string, to: string): Promise<Map<string, Map<string, DayRow>>> {
  const byPlan = new Map<string, Map<string, DayRow>>();
  if (planIds.length === 0) return byPlan;
  for (const row of await daysOfPlansStatement(db).execute({ plans: planIds, from, to })) {
    const days = byPlan.get(row.planId) ?? new Map<string, DayRow>();
    days.set(row.day, row);
    byPlan.set(row.planId, days);
  }
  return byPlan;
}

/** The plans of a room type, in their order (Standard first, then as created). */
export async function plansOfCategory(db: Executor, categoryId: string): Promise<PlanRow[]> {
  return db
    .select()
    .from(ratePlans)
    .where(eq(ratePlans.categoryId, categoryId))
    .orderBy(sql`${ratePlans.code} <> 'STD'`, asc(ratePlans.sortOrder), asc(ratePlans.createdAt));
}

/** One plan of a room type by its code; `lock` holds it while its days are edited (decision 0012). */
export async function findPlan(db: Executor, categoryId: string, code: string, lock = false): Promise<PlanRow | undefined> {
  const query = db
    .select()
    .from(ratePlans)
    .where(and(eq(ratePlans.categoryId, categoryId), eq(ratePlans.code, code)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findPlanById(db: Executor, id: string, lock = false): Promise<PlanRow | undefined> {
  const query = db.select().from(ratePlans).where(eq(ratePlans.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Plans that follow this one. */
export async function childrenOf(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ratePlans).where(eq(ratePlans.parentId, id));
  return row?.n ?? 0;
}

/** Inserts a plan; undefined when its code is taken in the room type already. */
export async function insertPlan(db: Executor, values: NewPlan): Promise<PlanRow | undefined> {
  const [row] = await db.insert(ratePlans).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updatePlanRow(db: Executor, id: string, values: Partial<NewPlan>): Promise<PlanRow> {
  const [row] = await db
    .update(ratePlans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ratePlans.id, id))
    .returning();
  return row!;
}

/** The Standard plan of a new room type (its offer price every day until the calendar says otherwise). */
export async function insertStandardPlan(db: Executor, categoryId: string): Promise<void> {
  await db.insert(ratePlans).values({ categoryId, code: 'STD', nameEn: 'Standard', nameBn: 'সাধারণ রেট' }).onConflictDoNothing();
}

/** Writes a plan's own values of these days (a row whose values are all null is removed). */
export async function writeDays(db: Executor, planId: string, days: { day: string; values: StoredRateDay }[]): Promise<void> {
  const kept = days.filter((d) => Object.values(d.values).some((v) => v !== null));
  const emptied = days.filter((d) => !Object.values(d.values).some((v) => v !== null)).map((d) => d.day);
  if (emptied.length) await db.delete(rateDays).where(and(eq(rateDays.planId, planId), inArray(rateDays.day, emptied)));
  if (kept.length === 0) return;
  const rows = kept.map(({ day, values }) => ({
    planId,
    day,
    price: values.price as number | null,
    extraAdult: values.extraAdult as number | null,
    extraChild: values.extraChild as number | null,
    minStay: values.minStay as number | null,
    maxStay: values.maxStay as number | null,
    closedToArrival: values.closedToArrival as boolean | null,
    closedToDeparture: values.closedToDeparture as boolean | null,
    stopSell: values.stopSell as boolean | null,
    priceRule: values.price === null ? null : values.priceRule,
  }));
  await db
    .insert(rateDays)
    .values(rows)
    .onConflictDoUpdate({
      target: [rateDays.planId, rateDays.day],
      set: {
        price: sql`excluded.price`,
        extraAdult: sql`excluded.extra_adult`,
        extraChild: sql`excluded.extra_child`,
        minStay: sql`excluded.min_stay`,
        maxStay: sql`excluded.max_stay`,
        closedToArrival: sql`excluded.closed_to_arrival`,
        closedToDeparture: sql`excluded.closed_to_departure`,
        stopSell: sql`excluded.stop_sell`,
        priceRule: sql`excluded.price_rule`,
      },
    });
}

export async function insertChange(db: Executor, values: typeof rateChanges.$inferInsert): Promise<void> {
  await db.insert(rateChanges).values(values);
}

/** The log of these plans, newest first (the order the edits took effect), with who made each change. */
export async function listChanges(db: Executor, planIds: string[], page: number, limit: number) {
  if (planIds.length === 0) return { rows: [], total: 0 };
  const where = inArray(rateChanges.planId, planIds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ change: rateChanges, planCode: ratePlans.code, byName: users.name })
      .from(rateChanges)
      .innerJoin(ratePlans, eq(ratePlans.id, rateChanges.planId))
      .leftJoin(users, eq(users.id, rateChanges.changedBy))
      .where(where)
      .orderBy(desc(rateChanges.seq))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(rateChanges).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
