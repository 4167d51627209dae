import { randomUUID } from 'node:crypto';
import { IMAGE_STORED_WIDTH, IMAGE_WIDTHS, type Role } from '@residency/shared';
import pLimit, { type LimitFunction } from 'p-limit';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../plugins/storage.ts';

/**
 * What an image is for. `content` is the hotel's own pictures (rooms, categories, gallery, blog,
 * hero slides): admin and staff only. `profile` pictures come from any signed-in user, `event`
 * pictures (of an event request) from anyone: asking for a hall needs no account.
 */
import { UPLOAD_PURPOSES, type UploadPurpose } from '@residency/shared/uploads';

export { UPLOAD_PURPOSES, type UploadPurpose };

const STAFF_ROLES: readonly Role[] = ['admin', 'staff'];

// libvips keeps the results of recent operations (50 MB by default) in case the same operation
// runs again on the same input; each picture here is processed once, so the cache only held
// memory (issue 23). One libvips thread per picture: the image gate already runs two at a time.
sharp.cache(false);
sharp.concurrency(1);

/** A stored image: `url` (= `secure_url`) is the IMAGE_STORED_WIDTH variant; the others differ only in the width suffix. */
export interface StoredImage {
  url: string;
  secure_url: string;
  /** Pixel size of the image at `url`. */
  width: number;
  height: number;
  /** One entry per width of IMAGE_WIDTHS: the pixel width of that file (smaller when the source was narrower) and its URL. */
  variants: { width: number; url: string }[];
}

/** Formats accepted, as sharp names them from the bytes (AVIF and HEIC both read as `heif`). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/**
 * Pixels a picture may have, read from its header before anything is decoded. A decoded pixel
 * costs 3–4 bytes, so 40 MP is ~160 MB at most: above every common camera (a 48 MP phone
 * sensor saves 12 MP photos by default), far below a tiny PNG that decodes to 100 MP and more.
 */
const MAX_IMAGE_PIXELS = 40_000_000;
const MAX_IMAGE_MEGAPIXELS = MAX_IMAGE_PIXELS / 1_000_000;
const WEBP_QUALITY = 80;

const NOT_AN_IMAGE_MESSAGE = 'This file is not a picture we can use. Choose a JPEG, PNG, WebP, AVIF, GIF or HEIC image.';
const DAMAGED_IMAGE_MESSAGE = 'This picture is damaged or incomplete and cannot be read. Choose another image.';

/** Throws 403 unless the caller's role may upload pictures for this purpose. */
function assertMayUpload(role: Role | undefined, purpose: UploadPurpose): void {
  if (purpose === 'content' && (!role || !STAFF_ROLES.includes(role))) {
    throw AppError.forbidden('Only admin and staff can upload pictures for rooms, the gallery, the blog and the home page.');
  }
}

/** `POST /api/uploads`: the purpose rule, then the image itself, through the decode gate. */
export async function uploadImage(
  deps: { storage: Storage; gate: ImageGate },
  caller: { role: Role } | null,
  purpose: UploadPurpose,
  buffer: Buffer,
): Promise<StoredImage> {
  assertMayUpload(caller?.role, purpose);
  // The header check costs nothing and needs no slot: a bomb is refused without waiting.
  const meta = await inspectImage(buffer);
  return deps.gate(() => storeInspected(deps.storage, buffer, meta));
}

/**
 * Checks the bytes are a picture (by content, never by name or declared type), turns it upright
 * by its EXIF orientation, drops all metadata (EXIF, GPS, XMP, ICC), and stores one WebP per
 * width of IMAGE_WIDTHS under `YYYY/MM/<uuid>-<width>.webp`, never enlarging. Nothing is stored
 * unless every variant was made. Also used by the demo-data seed.
 */
export async function storeImage(target: Storage | { storage: Storage }, buffer: Buffer): Promise<StoredImage> {
  // A Fastify instance has a `put` method of its own (the route shorthand): look for `storage`.
  const storage = 'storage' in target ? target.storage : target;
  return storeInspected(storage, buffer, await inspectImage(buffer));
}

/** The picture's header, when it is a format we take and within the pixel limit; 400/413 otherwise. */
export async function inspectImage(buffer: Buffer): Promise<Metadata> {
  const meta = await readMetadata(buffer);
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw AppError.badRequest(NOT_AN_IMAGE_MESSAGE, 'NOT_AN_IMAGE');
  }
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      'IMAGE_TOO_LARGE',
      `This picture is ${meta.width}x${meta.height} pixels; the most we take is ${MAX_IMAGE_MEGAPIXELS} megapixels. Make it smaller and try again.`,
      413,
    );
  }
  return meta;
}

async function storeInspected(storage: Storage, buffer: Buffer, meta: Metadata): Promise<StoredImage> {
  const encoded = await encodeVariants(buffer, meta);

  const now = new Date();
  const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const id = randomUUID();
  const keyOf = (v: (typeof encoded)[number]) => `${folder}/${id}-${v.name}.webp`;
  // Every write is waited for, and the ones that worked are undone when one failed: nothing of
  // a refused upload is left behind, nor lands after the answer.
  const results = await Promise.allSettled(encoded.map((v) => storage.put(keyOf(v), v.data, 'image/webp')));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.allSettled(encoded.filter((_, i) => results[i]!.status === 'fulfilled').map((v) => storage.delete(keyOf(v))));
    throw failed.reason;
  }
  const variants = encoded.map((v, i) => ({ ...v, url: (results[i] as PromiseFulfilledResult<string>).value }));
  const stored = variants.find((v) => v.name === IMAGE_STORED_WIDTH)!;
  return {
    url: stored.url,
    secure_url: stored.url,
    width: stored.width,
    height: stored.height,
    variants: variants.map((v) => ({ width: v.width, url: v.url })),
  };
}

/**
 * Decodes the picture once, upright, at the largest stored width, then makes each smaller
 * variant from that decoded copy: one full decode per upload rather than one per width.
 */
async function encodeVariants(buffer: Buffer, meta: Metadata) {
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(buffer, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: Math.max(...IMAGE_WIDTHS), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // The header was readable but the pixels are not: a cut-off file, a corrupt one, or a
    // variant (such as HEVC-coded HEIC) that this build of libvips cannot decode.
    throw AppError.badRequest(
      meta.format === 'heif' && meta.compression === 'hevc'
        ? 'This HEIC photo cannot be read here. Save it as JPEG or PNG and upload it again.'
        : DAMAGED_IMAGE_MESSAGE,
      'NOT_AN_IMAGE',
    );
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  return Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      const { data, info } = await sharp(base.data, { raw })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { name: width, data, width: info.width, height: info.height };
    }),
  );
}

/**
 * Runs image work at most `concurrency` at a time, with at most `queue` more waiting; past that
 * the upload is refused with 503 and Retry-After, so a burst of uploads can neither take all the
 * memory nor make every other request (pages, bookings) wait behind it.
 */
export function createImageGate(options: { concurrency: number; queue: number }) {
  const limit: LimitFunction = pLimit(options.concurrency);
  return <T>(work: () => Promise<T>): Promise<T> => {
    if (limit.activeCount + limit.pendingCount >= options.concurrency + options.queue) {
      const busy = new AppError('IMAGES_BUSY', 'Many pictures are being uploaded right now. Please try again in a few seconds.', 503);
      busy.retryAfterSeconds = 5;
      return Promise.reject(busy);
    }
    return limit(work);
  };
}

export type ImageGate = ReturnType<typeof createImageGate>;

const gates = new WeakMap<object, ImageGate>();
/**
 * The app's one gate (keyed by its configuration object, the same in every plugin scope): the
 * public uploads and the ID photos (issue 34) share IMAGE_DECODE_CONCURRENCY rather than each
 * having as many.
 */
export function imageGateOf(config: { images: { decodeConcurrency: number; decodeQueue: number } }): ImageGate {
  let gate = gates.get(config);
  if (!gate) {
    gate = createImageGate({ concurrency: config.images.decodeConcurrency, queue: config.images.decodeQueue });
    gates.set(config, gate);
  }
  return gate;
}

async function readMetadata(buffer: Buffer): Promise<Metadata> {
  try {
    // Only the header is read, so the library's own pixel limit (268 MP) is lifted here: past it,
    // it called the file "not a picture" before inspectImage could say it is too large (413).
    return await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw AppError.badRequest(NOT_AN_IMAGE_MESSAGE, 'NOT_AN_IMAGE');
  }
}
