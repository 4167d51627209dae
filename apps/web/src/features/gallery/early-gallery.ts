import type { TGalleryItem } from '@residency/shared/gallery';
import { imageSrcSet, imageVariant } from '@residency/shared/image-sizes';
import { preload } from 'react-dom';
import { earlyList } from '../../lib/early-list';

/**
 * The gallery's photos, asked for beside the /gallery page's code on its first visit (the
 * router calls requestGallery as it loads the page), not after it: the first photo of the tab
 * is among the page's largest paints. The page hands the answer to RTK Query's cache (see
 * gallery-page.tsx), which keeps the list from then on.
 */

/** How wide a tile is drawn: two columns on phones, three from 640 px, four from 1024 px. */
export const TILE_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 24vw, (min-width: 640px) 32vw, 50vw';

/** The gallery's photos, asked for early by the router. */
export const galleryPhotos = earlyList<TGalleryItem>('/api/gallery');

/** `category`: the tab the address opens (its first photo is preloaded). */
export function requestGallery(category: string): void {
  galleryPhotos.request((list) => {
    const first = list.find((item) => item.category === category)?.url;
    if (!first) return;
    const srcSet = imageSrcSet(first);
    preload(srcSet ? imageVariant(first, 640) : first, { as: 'image', fetchPriority: 'high', ...(srcSet ? { imageSrcSet: srcSet, imageSizes: TILE_SIZES } : {}) });
  });
}
