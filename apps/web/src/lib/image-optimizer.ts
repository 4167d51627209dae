/**
 * The browser-side image optimiser of spec section 9: before an upload, a picture is scaled down
 * and re-encoded when that makes it clearly smaller. It never fails: any problem, or a time-out,
 * gives back the original file (spec section 8, "Image optimisation failures fall back silently").
 */

/** Files smaller than this are sent as they are. */
const OPTIMIZE_MIN_BYTES = 8192;
/** The longest side of an optimised picture, in pixels. */
const OPTIMIZE_MAX_SIDE = 1920;
export const AVIF_QUALITY = 0.6;
export const WEBP_QUALITY = 0.7;
/** The result is used only when it is at most this share of the original size. */
const OPTIMIZE_MAX_RATIO = 0.98;
export const OPTIMIZE_TIMEOUT_MS = 10_000;

export type EncodedType = 'image/avif' | 'image/webp';

/** A decoded picture, ready to be drawn at another size. */
export interface DecodedImage {
  width: number;
  height: number;
  /** Frees the decoded pixels. */
  close(): void;
}

/**
 * Decoding and encoding, injected so the decisions around them can be tested without a canvas.
 * `encode` resolves to the blob the browser made: a browser that cannot write the asked type
 * hands back a PNG instead, so callers look at the blob's `type`.
 */
export interface ImageCodec<T extends DecodedImage = DecodedImage> {
  decode(file: Blob): Promise<T>;
  encode(image: T, size: { width: number; height: number }, type: EncodedType, quality: number): Promise<Blob | null>;
}

interface BitmapImage extends DecodedImage {
  bitmap: ImageBitmap;
}

/** The real codec: createImageBitmap (which applies EXIF orientation) and a canvas. */
const canvasCodec: ImageCodec<BitmapImage> = {
  async decode(file) {
    const bitmap = await createImageBitmap(file);
    return { bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  },
  async encode(image, { width, height }, type, quality) {
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.drawImage(image.bitmap, 0, 0, width, height);
      return canvas.convertToBlob({ type, quality });
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(image.bitmap, 0, 0, width, height);
    return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
  },
};

/** Size that keeps the proportions and fits the longest side in OPTIMIZE_MAX_SIDE (never enlarges). */
export function fitWithin(width: number, height: number, maxSide = OPTIMIZE_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The optimised file, or `file` itself when it is small, when the browser cannot decode or
 * encode it, when the result would not be at most 98 % of the original size, or after 10 s.
 * AVIF (quality 0.6) is tried first; WebP (quality 0.7) when AVIF cannot be written here.
 */
export async function optimizeImage<T extends DecodedImage>(
  file: File,
  options: { codec?: ImageCodec<T>; timeoutMs?: number } = {},
): Promise<File> {
  if (file.size < OPTIMIZE_MIN_BYTES) return file;
  const codec = (options.codec ?? canvasCodec) as ImageCodec<T>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeOut = new Promise<File>((resolve) => {
    timer = setTimeout(() => resolve(file), options.timeoutMs ?? OPTIMIZE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([reencode(file, codec).catch(() => file), timeOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function reencode<T extends DecodedImage>(file: File, codec: ImageCodec<T>): Promise<File> {
  const image = await codec.decode(file);
  try {
    const size = fitWithin(image.width, image.height);
    const blob = (await encodeAs(codec, image, size, 'image/avif', AVIF_QUALITY)) ??
      (await encodeAs(codec, image, size, 'image/webp', WEBP_QUALITY));
    if (!blob || blob.size > file.size * OPTIMIZE_MAX_RATIO) return file;
    const extension = blob.type === 'image/avif' ? 'avif' : 'webp';
    const name = `${file.name.replace(/\.[^./\\]+$/, '') || 'image'}.${extension}`;
    return new File([blob], name, { type: blob.type, lastModified: file.lastModified });
  } finally {
    image.close();
  }
}

/** The blob when the browser really wrote `type` (not its PNG stand-in); null otherwise. */
async function encodeAs<T extends DecodedImage>(
  codec: ImageCodec<T>,
  image: T,
  size: { width: number; height: number },
  type: EncodedType,
  quality: number,
): Promise<Blob | null> {
  try {
    const blob = await codec.encode(image, size, type, quality);
    return blob && blob.type === type && blob.size > 0 ? blob : null;
  } catch {
    return null;
  }
}
