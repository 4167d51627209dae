import { and, asc, eq, max, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { heroSlides } from '../../db/schema.ts';

export type HeroSlideRow = typeof heroSlides.$inferSelect;
export type NewHeroSlide = typeof heroSlides.$inferInsert;

/** Slides by their order, then the older first; only the active ones unless asked, optionally one language. */
export async function listHeroSlides(
  db: Executor,
  filter: { includeInactive: boolean; locale?: HeroSlideRow['locale'] },
): Promise<HeroSlideRow[]> {
  const conditions: SQL[] = [];
  if (!filter.includeInactive) conditions.push(eq(heroSlides.active, true));
  if (filter.locale) conditions.push(eq(heroSlides.locale, filter.locale));
  return db
    .select()
    .from(heroSlides)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(heroSlides.sortOrder), asc(heroSlides.createdAt), asc(heroSlides.id));
}

/** When any slide, active or not, was last changed (null without slides). */
export async function lastHeroSlideChange(db: Executor): Promise<Date | null> {
  const [row] = await db.select({ at: max(heroSlides.updatedAt) }).from(heroSlides);
  return row?.at ?? null;
}

export async function insertHeroSlides(db: Executor, values: NewHeroSlide[]): Promise<HeroSlideRow[]> {
  if (values.length === 0) return [];
  return db.insert(heroSlides).values(values).returning();
}

export async function updateHeroSlide(db: Executor, id: string, values: Partial<NewHeroSlide>): Promise<HeroSlideRow | undefined> {
  const [row] = await db
    .update(heroSlides)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(heroSlides.id, id))
    .returning();
  return row;
}

export async function deleteHeroSlide(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(heroSlides).where(eq(heroSlides.id, id)).returning({ id: heroSlides.id });
  return rows.length > 0;
}
