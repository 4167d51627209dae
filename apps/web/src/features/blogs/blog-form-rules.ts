import { BLOG_TAGS_MAX, splitTags, type TBlog, type TBlogCreate } from '@residency/shared/blogs';
import type { TLanguage } from '@residency/shared/event-kinds';
import { richTextValue } from './rich-text-rules';

/** The post's pictures in the form: those already stored (URLs) and files picked but not sent yet. */
export interface BlogImages {
  existing: string[];
  pending: File[];
}

/** What the blog form holds (Add Blog and the Update modal). */
export interface BlogFormValues {
  title?: string;
  locale?: TLanguage;
  /** Tags as typed: 'Dining, Dhaka, Offers'. */
  tags?: string;
  images?: BlogImages;
  /** HTML from the rich-text editor, '' when empty. */
  description?: string;
}

export const NO_IMAGES: BlogImages = { existing: [], pending: [] };

/** A tag is at most this long (the contract's rule). */
const TAG_MAX_LENGTH = 40;

/** The form's values for a post as it is stored (the Update modal). */
export function blogFormValuesOf(blog: TBlog): BlogFormValues {
  return {
    title: blog.title,
    locale: blog.locale,
    tags: blog.category.join(', '),
    images: { existing: [...blog.images], pending: [] },
    description: blog.description,
  };
}

export type TagProblem = 'required' | 'tooLong' | 'tooMany' | null;

/** Why the typed tags cannot be sent, or null when they can (spec section 5: required, split on commas). */
export function tagProblem(text: string | undefined): TagProblem {
  const tags = splitTags(text ?? '');
  if (tags.length === 0) return 'required';
  if (tags.some((tag) => tag.length > TAG_MAX_LENGTH)) return 'tooLong';
  if (tags.length > BLOG_TAGS_MAX) return 'tooMany';
  return null;
}

/**
 * The body of `POST /api/blogs` (and `PUT /api/blogs/:id`, which takes the same fields) from the
 * validated form and the URLs of its pictures, stored ones first, then the new uploads.
 */
export function blogPayload(values: BlogFormValues, uploaded: readonly string[]): Required<TBlogCreate> {
  return {
    title: (values.title ?? '').trim(),
    description: richTextValue(values.description ?? ''),
    category: splitTags(values.tags ?? ''),
    images: [...(values.images?.existing ?? []), ...uploaded],
    locale: values.locale ?? 'en',
  };
}
