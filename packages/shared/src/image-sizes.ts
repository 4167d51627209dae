/**
 * The sizes of our uploaded pictures, without anything else: pages that only show pictures
 * (the halls on /events, room cards) import this alone.
 */

/** Widths of the WebP variants made for every uploaded image. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/**
 * How wide /accommodation draws a room card's cover photo (its `sizes`): the card's left column on
 * wide screens, the screen's width less the margins on phones. The server's preload of the first
 * card's cover says the same, so the browser uses that download for the card.
 */
export const ROOM_COVER_SIZES = '(min-width: 1280px) 600px, (min-width: 1024px) 46vw, (min-width: 640px) calc(100vw - 5rem), calc(100vw - 2.5rem)';
/** The variant whose URL is stored (the others differ only in the width suffix). */
export const IMAGE_STORED_WIDTH = 1280;
/**
 * One of our variants, wherever it is served from (`/uploads/…` on the disk, or the bucket's
 * address with S3): `YYYY/MM/<uuid>-<width>.webp`, as the upload pipeline names them.
 */
const VARIANT = /(\/\d{4}\/\d{2}\/[0-9a-f-]{36})-(320|640|960|1280|1920)\.webp$/;

/** `srcset` for one of our uploaded images; undefined for any other URL. */
export function imageSrcSet(url: string): string | undefined {
  if (!VARIANT.test(url)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${url.replace(VARIANT, `$1-${w}.webp`)} ${w}w`).join(', ');
}

/** The URL of another width of one of our uploaded images (the URL itself for others). */
export function imageVariant(url: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  return url.replace(VARIANT, `$1-${width}.webp`);
}
