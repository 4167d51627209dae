import { GALLERY_IMAGE_MAX_BYTES } from '@residency/shared/gallery';

export type GalleryFileProblem = 'notImage' | 'tooLarge' | null;

/**
 * Why a chosen file cannot be a gallery picture, checked before anything is uploaded (spec
 * sections 5 and 9): it must be an image (image/*) of at most 10 MB.
 */
export function galleryFileProblem(file: Pick<File, 'type' | 'size'>): GalleryFileProblem {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > GALLERY_IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}
