/**
 * The sizes of the home page's lists (room types, gallery, stories), shared by the placeholders
 * drawn in the first paint and by the lists that replace them: a list is one row of cards of a
 * fixed size, so its height is known before anything loads and nothing below it moves.
 */

/**
 * A row of cards that scrolls sideways (swipe on a phone), each card snapping to the start.
 * `relative`: what is positioned inside a card (screen-reader texts) is clipped by the row too,
 * instead of widening the page.
 */
export const STRIP = 'relative flex snap-x snap-mandatory gap-4 overflow-x-auto overscroll-x-contain scroll-smooth pb-4 motion-reduce:scroll-auto';
/** The back and forward buttons under a row (from 640 px; phones swipe): its height is always kept. */
export const STRIP_CONTROLS = 'mt-1 hidden h-10 justify-end gap-2 sm:flex';
/** The stories need none on large screens, where the three cards fit. */
export const STORY_CONTROLS = 'mt-1 hidden h-10 justify-end gap-2 sm:flex lg:hidden';
/** The placeholder row: the same box, not scrollable (nothing in it to reach). */
export const STRIP_PLACEHOLDER = 'flex gap-4 overflow-hidden pb-4';

/** A room type's card: picture 3:2, then a body of fixed height. */
export const ROOM_CARD = 'w-[17rem] shrink-0 snap-start sm:w-[19rem]';
export const ROOM_CARD_BODY = 'flex h-[11.25rem] flex-col p-4';
export const ROOM_SIZES = '(min-width: 640px) 19rem, 17rem';

/** A gallery picture. */
export const PHOTO_TILE = 'h-44 w-[16.5rem] shrink-0 snap-start sm:h-52 sm:w-[19.5rem]';
export const PHOTO_SIZES = '(min-width: 640px) 19.5rem, 16.5rem';

/** A story's card: a row that scrolls on phones, three columns on large screens. */
export const STORY_ROW = 'relative flex snap-x snap-mandatory gap-5 overflow-x-auto overscroll-x-contain pb-4 lg:grid lg:grid-cols-3 lg:overflow-visible';
export const STORY_ROW_PLACEHOLDER = 'flex gap-5 overflow-hidden pb-4 lg:grid lg:grid-cols-3';
export const STORY_CARD = 'w-[17rem] shrink-0 snap-start sm:w-[20rem] lg:w-auto';
export const STORY_SIZES = '(min-width: 1024px) 30vw, (min-width: 640px) 20rem, 17rem';
