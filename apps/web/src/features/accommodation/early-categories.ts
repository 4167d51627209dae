import type { TCategory } from '@residency/shared';
import { imageSrcSet, imageVariant, ROOM_COVER_SIZES } from '@residency/shared/image-sizes';
import { preload } from 'react-dom';
import { earlyList } from '../../lib/early-list';

/**
 * The room types of /accommodation, asked for beside the page's code on the first visit of the
 * page (the router calls requestShownCategories as it loads the page), not after it: the first
 * room type's photo is the page's largest paint, and it can only be asked for once the list is
 * here. The page hands the answer to RTK Query's cache (see accommodation-page.tsx), which keeps
 * the list from then on.
 */

/** The room types guests can book, asked for early by the router. */
export const shownCategories = earlyList<TCategory>('/api/room-categories?public=true');

export function requestShownCategories(): void {
  shownCategories.request((list) => {
    // The first card's cover, at the width the screen needs, before the page has rendered it.
    const cover = list[0]?.images[0];
    if (!cover) return;
    const srcSet = imageSrcSet(cover);
    preload(srcSet ? imageVariant(cover, 1280) : cover, { as: 'image', fetchPriority: 'high', ...(srcSet ? { imageSrcSet: srcSet, imageSizes: ROOM_COVER_SIZES } : {}) });
  });
}
