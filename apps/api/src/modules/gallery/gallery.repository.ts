import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { galleryItems } from '../../db/schema.ts';

export type GalleryRow = typeof galleryItems.$inferSelect;
export type NewGalleryItem = typeof galleryItems.$inferInsert;

/** The whole gallery (a hotel's gallery is some dozens of pictures), newest first, optionally one category. */
export async function listGallery(db: Executor, category?: GalleryRow['category']): Promise<GalleryRow[]> {
  return db
    .select()
    .from(galleryItems)
    .where(category ? eq(galleryItems.category, category) : undefined)
    .orderBy(desc(galleryItems.createdAt), desc(galleryItems.id));
}

/** The picture added last. */
export async function findNewestGalleryItem(db: Executor): Promise<GalleryRow | undefined> {
  const [row] = await db.select().from(galleryItems).orderBy(desc(galleryItems.createdAt)).limit(1);
  return row;
}

export async function insertGalleryItems(db: Executor, values: NewGalleryItem[]): Promise<GalleryRow[]> {
  if (values.length === 0) return [];
  return db.insert(galleryItems).values(values).returning();
}

export async function deleteGalleryItem(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(galleryItems).where(eq(galleryItems.id, id)).returning({ id: galleryItems.id });
  return rows.length > 0;
}
