import { z } from 'zod';
import { ZPageQuery } from './api.ts';
import { ZImageUrl } from './auth.ts';
import { LANGUAGES } from './event-kinds.ts';
import { zLine, zText } from './text.ts';

/** At most this many pictures on one post, and tags on one post. */
export const BLOG_IMAGES_MAX = 10;
export const BLOG_TAGS_MAX = 20;
/** A description is rich text (HTML, sanitised on the server); this caps what is stored (a long article is some 15,000 characters of HTML). */
const BLOG_DESCRIPTION_MAX = 60_000;

/** Tags typed as 'a, b ,c' become ['a', 'b', 'c'] (spec section 5: split on commas, trimmed). */
export function splitTags(text: string): string[] {
  return [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];
}

const ZTitle = zLine({ message: 'Please input the title!' }).trim().min(1, 'Please input the title!').max(200, 'At most 200 characters.');
const ZDescription = zText({ message: 'Please provide post description' })
  .trim()
  .min(1, 'Please provide post description')
  .max(BLOG_DESCRIPTION_MAX, 'The description is too long.');
/**
 * Tags as an array; each entry may itself be 'a, b' (what the form's one text box holds), so the
 * server splits and trims them too, and drops repeats.
 */
const ZTags = z
  .array(zText().max(1000, 'At most 1000 characters of tags.'), { message: 'Please add at least one tag.' })
  .max(BLOG_TAGS_MAX * 2, `At most ${BLOG_TAGS_MAX} tags.`)
  .transform((tags) => splitTags(tags.join(',')))
  .pipe(
    z
      .array(z.string().max(40, 'A tag has at most 40 characters.'))
      .min(1, 'Please add at least one tag.')
      .max(BLOG_TAGS_MAX, `At most ${BLOG_TAGS_MAX} tags.`),
  );
const ZImages = z
  .array(ZImageUrl, { message: 'Please add at least one image.' })
  .min(1, 'Please add at least one image.')
  .max(BLOG_IMAGES_MAX, `At most ${BLOG_IMAGES_MAX} images.`);

/** `POST /api/blogs` {title, description, category[], images[]} (spec sections 5 and 7). */
export const ZBlogCreate = z.object({
  title: ZTitle,
  description: ZDescription,
  category: ZTags,
  images: ZImages,
  /** The language the post is written in; each language's pages list its own posts. */
  locale: z.enum(LANGUAGES).default('en'),
});
export type TBlogCreate = z.input<typeof ZBlogCreate>;

/** `PUT /api/blogs/:id`: title and description required; tags and images replace what was there when sent. */
export const ZBlogUpdate = z
  .object({ title: ZTitle, description: ZDescription, category: ZTags.optional(), images: ZImages.optional(), locale: z.enum(LANGUAGES).optional() })
  .strict();
export type TBlogUpdate = z.input<typeof ZBlogUpdate>;

export const ZBlog = z.object({
  _id: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  category: z.array(z.string()),
  images: z.array(z.string()),
  locale: z.enum(LANGUAGES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBlog = z.infer<typeof ZBlog>;

/**
 * `GET /api/blogs`: paged; `searchTerm` matches the title or a tag; `locale` keeps one language's
 * posts; `sort` 'title' (the admin list, spec: sorted by title) or 'newest' (public pages).
 */
export const ZBlogListQuery = ZPageQuery.extend({
  searchTerm: zText().trim().max(100).optional(),
  locale: z.enum(LANGUAGES).optional(),
  sort: z.enum(['title', 'newest']).default('newest'),
});
