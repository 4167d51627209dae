import { z } from 'zod';

/** `content`: rooms, categories, gallery, blog, hero slides (admin and staff); `profile`, `event`: anyone signed in. */
export const UPLOAD_PURPOSES = ['content', 'profile', 'event'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** `data` of a successful `POST /api/uploads`. */
export const ZStoredImage = z.object({
  url: z.string().describe('URL of the 1280 px WebP variant: the one to store'),
  secure_url: z.string().describe('Same as url (the name the spec reads)'),
  width: z.number().int().describe('Pixel width of the image at url'),
  height: z.number().int().describe('Pixel height of the image at url'),
  variants: z
    .array(z.object({ width: z.number().int(), url: z.string() }))
    .describe('One WebP per width of 320, 640, 960, 1280, 1920 (`<name>-<width>.webp`); width is the real pixel width'),
});
export type TStoredImage = z.infer<typeof ZStoredImage>;
