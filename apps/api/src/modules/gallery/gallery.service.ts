import type { TGalleryCategory, TGalleryItem, ZGalleryCreate } from '@residency/shared/gallery';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteGalleryItem, findNewestGalleryItem, insertGalleryItems, listGallery, type GalleryRow } from './gallery.repository.ts';

function presentGalleryItem(row: GalleryRow): TGalleryItem {
  return { _id: row.id, title: row.title, category: row.category, url: row.url, createdAt: row.createdAt.toISOString() };
}

export async function getGallery(db: Database, category?: TGalleryCategory): Promise<TGalleryItem[]> {
  return (await listGallery(db, category)).map(presentGalleryItem);
}

/** The picture added last (a page's preview picture, the gallery's last change). */
export async function getNewestGalleryItem(db: Database): Promise<TGalleryItem | undefined> {
  const row = await findNewestGalleryItem(db);
  return row ? presentGalleryItem(row) : undefined;
}

export async function addGalleryItem(db: Database, input: z.output<typeof ZGalleryCreate>): Promise<TGalleryItem> {
  const [row] = await insertGalleryItems(db, [input]);
  return presentGalleryItem(row!);
}

export async function removeGalleryItem(db: Database, id: string): Promise<void> {
  if (!(await deleteGalleryItem(db, id))) throw AppError.notFound('This gallery image does not exist.', 'GALLERY_ITEM_NOT_FOUND');
}
