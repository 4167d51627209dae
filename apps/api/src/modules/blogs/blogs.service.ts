import type { TBlog, ZBlogCreate, ZBlogUpdate } from '@residency/shared/blogs';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { blogText, sanitizeBlogHtml } from './blog-html.ts';
import {
  deleteBlog,
  findBlog,
  findNewestBlog,
  insertBlog,
  listBlogStamps,
  listBlogs,
  updateBlog,
  type BlogFilter,
  type BlogRow,
} from './blogs.repository.ts';

function presentBlog(row: BlogRow): TBlog {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    images: row.images,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => AppError.notFound('This blog post does not exist.', 'BLOG_NOT_FOUND');

const DESCRIPTION_MESSAGE = 'Please provide post description';

/**
 * The description as it is stored: sanitised. One that held nothing but what the sanitiser
 * removes (a script, an empty paragraph) is no description, and is refused like an empty one.
 */
function cleanDescription(html: string): string {
  const clean = sanitizeBlogHtml(html);
  if (!blogText(clean) && !/<img\s/i.test(clean)) {
    throw new AppError('VALIDATION_ERROR', DESCRIPTION_MESSAGE, 400, [{ path: 'description', message: DESCRIPTION_MESSAGE }]);
  }
  return clean;
}

export async function getBlogs(db: Database, filter: BlogFilter) {
  const { data, total } = await listBlogs(db, filter);
  return { data: data.map(presentBlog), meta: { page: filter.page, limit: filter.limit, total } };
}

export async function getBlog(db: Database, id: string): Promise<TBlog> {
  const row = await findBlog(db, id);
  if (!row) throw notFound();
  return presentBlog(row);
}

/** The post, or undefined when there is none (a page's head: no error, a not-found head). */
export async function findPost(db: Database, id: string): Promise<TBlog | undefined> {
  const row = await findBlog(db, id);
  return row ? presentBlog(row) : undefined;
}

/** The newest post written in `locale` (the blog page's preview picture). */
export async function getNewestPost(db: Database, locale: TBlog['locale']): Promise<TBlog | undefined> {
  const row = await findNewestBlog(db, locale);
  return row ? presentBlog(row) : undefined;
}

/** A post's text without markup, for page descriptions. */
export function postText(post: Pick<TBlog, 'description'>): string {
  return blogText(post.description);
}

/** Up to `max` posts' id, language and last change, the last changed first (the sitemap). */
export function getPostStamps(db: Database, max: number) {
  return listBlogStamps(db, max);
}

export async function createBlog(db: Database, input: z.output<typeof ZBlogCreate>): Promise<TBlog> {
  const row = await insertBlog(db, {
    title: input.title,
    description: cleanDescription(input.description),
    category: input.category,
    images: input.images,
    locale: input.locale,
  });
  return presentBlog(row);
}

/** Title and description always; tags, images and language replace what was there when sent. */
export async function changeBlog(db: Database, id: string, input: z.output<typeof ZBlogUpdate>): Promise<TBlog> {
  const row = await updateBlog(db, id, {
    title: input.title,
    description: cleanDescription(input.description),
    ...(input.category ? { category: input.category } : {}),
    ...(input.images ? { images: input.images } : {}),
    ...(input.locale ? { locale: input.locale } : {}),
  });
  if (!row) throw notFound();
  return presentBlog(row);
}

export async function removeBlog(db: Database, id: string): Promise<void> {
  if (!(await deleteBlog(db, id))) throw notFound();
}
