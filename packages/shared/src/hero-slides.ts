import { z } from 'zod';
import { isSitePath, SITE_PATH_PATTERN, ZImageUrl } from './auth.ts';
import { zNumberFrom } from './api.ts';
import { LANGUAGES } from './event-kinds.ts';
import { zLine, zText } from './text.ts';

/** A call to action's link: a page of the site, an anchor, or a web, mail or phone address (never `javascript:`). */
const ZLink = zText()
  .trim()
  .max(500, 'At most 500 characters.')
  .refine(
    (v) => v === '' || isSitePath(v) || /^(#|https?:\/\/|mailto:|tel:)[^\s\\]*$/i.test(v),
    'A link is a page of this site (one /), #, http://, https://, mailto: or tel:.',
  )
  // The API reference's words for the rule above.
  .meta({
    format: 'uri-reference',
    pattern: String.raw`^(?:|${SITE_PATH_PATTERN}|(?:#|[Hh][Tt][Tt][Pp][Ss]?://|[Mm][Aa][Ii][Ll][Tt][Oo]:|[Tt][Ee][Ll]:)[^\s\\\u0000]*)$`,
  });

/** A call to action: sent only when a label or link is given; the link defaults to '#' (spec section 5). */
const ZHeroCta = z.object({
  label: zLine().trim().max(60, 'At most 60 characters.').default(''),
  href: ZLink.default('#'),
});
export type THeroCta = z.infer<typeof ZHeroCta>;

const slideFields = {
  title: zLine({ message: 'Title is required.' }).trim().min(1, 'Title is required.').max(120, 'At most 120 characters.'),
  subtitle: zLine().trim().max(200, 'At most 200 characters.').default(''),
  description: zText().trim().max(1000, 'At most 1000 characters.').default(''),
  imageUrl: zText({ message: 'Image is required.' }).trim().min(1, 'Image is required.').pipe(ZImageUrl),
  ctaPrimary: ZHeroCta.nullable().default(null),
  ctaSecondary: ZHeroCta.nullable().default(null),
  /** A number, or a form's string of one, default 0 (spec section 5). */
  order: zNumberFrom(z.number().int('Order is a whole number.').min(0).max(1000)).default(0),
  active: z.boolean().default(true),
  locale: z.enum(LANGUAGES).default('en'),
};

/** `POST /api/hero-slides`. */
export const ZHeroSlideCreate = z.object(slideFields);
export type THeroSlideCreate = z.input<typeof ZHeroSlideCreate>;

/** `PATCH /api/hero-slides/:id`: what is sent replaces what was there. */
export const ZHeroSlideUpdate = z
  .object({
    title: slideFields.title,
    subtitle: zLine().trim().max(200),
    description: zText().trim().max(1000),
    imageUrl: slideFields.imageUrl,
    ctaPrimary: ZHeroCta.nullable(),
    ctaSecondary: ZHeroCta.nullable(),
    order: zNumberFrom(z.number().int('Order is a whole number.').min(0).max(1000)),
    active: z.boolean(),
    locale: z.enum(LANGUAGES),
  })
  .partial()
  .strict();
export type THeroSlideUpdate = z.input<typeof ZHeroSlideUpdate>;

export const ZHeroSlide = z.object({
  _id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  ctaPrimary: z.object({ label: z.string(), href: z.string() }).nullable(),
  ctaSecondary: z.object({ label: z.string(), href: z.string() }).nullable(),
  order: z.number(),
  active: z.boolean(),
  locale: z.enum(LANGUAGES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type THeroSlide = z.infer<typeof ZHeroSlide>;

/** `GET /api/hero-slides`: active slides (by order) unless an admin sends includeInactive=1; `locale` keeps one language. */
export const ZHeroSlideListQuery = z.object({
  includeInactive: z.enum(['0', '1', 'true', 'false']).optional(),
  locale: z.enum(LANGUAGES).optional(),
});

/**
 * The form's coercions (spec section 5): a call to action only when a label or link is given,
 * with the link defaulting to '#'.
 */
export function heroCta(label: string | undefined, href: string | undefined): THeroCta | null {
  const l = (label ?? '').trim();
  const h = (href ?? '').trim();
  if (!l && !h) return null;
  return { label: l, href: h || '#' };
}
