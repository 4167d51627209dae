import { randomUUID } from 'node:crypto';
import { IMAGE_STORED_WIDTH, IMAGE_WIDTHS, type Role } from '@residency/shared';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../plugins/storage.ts';

/**
 * What an image is for. `content` is the hotel's own pictures (rooms, categories, gallery, blog,
 * hero slides): admin and staff only. `profile` and `event` pictures come from any signed-in user.
 */
import { UPLOAD_PURPOSES, type UploadPurpose } from '@residency/shared/uploads';

export { UPLOAD_PURPOSES, type UploadPurpose };

const STAFF_ROLES: readonly Role[] = ['admin', 'staff'];

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
/** Larger pictures would take seconds and hundreds of MB to decode: 100 MP is far above any phone camera. */
export const MAX_IMAGE_PIXELS = 100_000_000;
const WEBP_QUALITY = 80;

export const NOT_AN_IMAGE_MESSAGE = 'This file is not a picture we can use. Choose a JPEG, PNG, WebP, AVIF, GIF or HEIC image.';
export const DAMAGED_IMAGE_MESSAGE = 'This picture is damaged or incomplete and cannot be read. Choose another image.';

/** Throws 403 unless the caller's role may upload pictures for this purpose. */
export function assertMayUpload(role: Role, purpose: UploadPurpose): void {
  if (purpose === 'content' && !STAFF_ROLES.includes(role)) {
    throw AppError.forbidden('Only admin and staff can upload pictures for rooms, the gallery, the blog and the home page.');
  }
}

/** `POST /api/uploads`: the purpose rule, then the image itself. */
export async function uploadImage(
  storage: Storage,
  caller: { role: Role },
  purpose: UploadPurpose,
  buffer: Buffer,
): Promise<StoredImage> {
  assertMayUpload(caller.role, purpose);
  return storeImage(storage, buffer);
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
  const meta = await readMetadata(buffer);
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw AppError.badRequest(NOT_AN_IMAGE_MESSAGE, 'NOT_AN_IMAGE');
  }
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      'IMAGE_TOO_LARGE',
      `This picture is ${meta.width}x${meta.height} pixels; the most we take is 100 megapixels. Make it smaller and try again.`,
      413,
    );
  }

  const encoded = await Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      try {
        const { data, info } = await sharp(buffer, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return { name: width, data, width: info.width, height: info.height };
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
    }),
  );

  const now = new Date();
  const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const id = randomUUID();
  const variants = await Promise.all(
    encoded.map(async (v) => ({
      ...v,
      url: await storage.put(`${folder}/${id}-${v.name}.webp`, v.data, 'image/webp'),
    })),
  );
  const stored = variants.find((v) => v.name === IMAGE_STORED_WIDTH)!;
  return {
    url: stored.url,
    secure_url: stored.url,
    width: stored.width,
    height: stored.height,
    variants: variants.map((v) => ({ width: v.width, url: v.url })),
  };
}

async function readMetadata(buffer: Buffer): Promise<Metadata> {
  try {
    return await sharp(buffer).metadata();
  } catch {
    throw AppError.badRequest(NOT_AN_IMAGE_MESSAGE, 'NOT_AN_IMAGE');
  }
}
