import { z } from 'zod';
import { ZImageUrl } from './auth.ts';
import { zLine } from './text.ts';

/** Spec section 3: room, hotel, dining, event, others (shown as Nearby). */
export const GALLERY_CATEGORIES = ['room', 'hotel', 'dining', 'event', 'others'] as const;
export type TGalleryCategory = (typeof GALLERY_CATEGORIES)[number];
/** Spec section 9: a gallery image is at most 10 MB. */
export const GALLERY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** `POST /api/gallery` {title, category, url}. */
export const ZGalleryCreate = z.object({
  title: zLine({ message: 'Please input the title!' }).trim().min(1, 'Please input the title!').max(200, 'At most 200 characters.'),
  category: z.enum(GALLERY_CATEGORIES, { message: 'Please select a category!' }),
  url: ZImageUrl,
});
export type TGalleryCreate = z.input<typeof ZGalleryCreate>;

export const ZGalleryItem = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.enum(GALLERY_CATEGORIES),
  url: z.string(),
  createdAt: z.string(),
});
export type TGalleryItem = z.infer<typeof ZGalleryItem>;

/** `GET /api/gallery`: the whole list (spec: data list), newest first, optionally one category. */
export const ZGalleryListQuery = z.object({ category: z.enum(GALLERY_CATEGORIES).optional() });
