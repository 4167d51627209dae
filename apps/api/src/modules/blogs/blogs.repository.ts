import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogs } from '../../db/schema.ts';
import { likePattern } from '../../lib/accounts.ts';

export type BlogRow = typeof blogs.$inferSelect;
export type NewBlog = typeof blogs.$inferInsert;

export interface BlogFilter {
  page: number;
  limit: number;
  searchTerm?: string;
  locale?: BlogRow['locale'];
  sort: 'title' | 'newest';
}

/** One page of posts: by title or a tag (case-insensitive, part of a word), one language, in the order asked. */
export async function listBlogs(db: Executor, filter: BlogFilter) {
  const conditions: SQL[] = [];
  if (filter.locale) conditions.push(eq(blogs.locale, filter.locale));
  if (filter.searchTerm) {
    const pattern = likePattern(filter.searchTerm);
    conditions.push(
      or(ilike(blogs.title, pattern), sql`exists (select 1 from unnest(${blogs.category}) as tag where tag ilike ${pattern})`)!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  // The id last, so that a page boundary between equal titles or times is stable.
  const order = filter.sort === 'title' ? [asc(sql`lower(${blogs.title})`), asc(blogs.id)] : [desc(blogs.createdAt), desc(blogs.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blogs)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(blogs).where(where),
  ]);
  return { data: rows, total: total?.n ?? 0 };
}

export async function findBlog(db: Executor, id: string): Promise<BlogRow | undefined> {
  const [row] = await db.select().from(blogs).where(eq(blogs.id, id)).limit(1);
  return row;
}

export async function insertBlog(db: Executor, values: NewBlog): Promise<BlogRow> {
  const [row] = await db.insert(blogs).values(values).returning();
  return row!;
}

export async function updateBlog(db: Executor, id: string, values: Partial<NewBlog>): Promise<BlogRow | undefined> {
  const [row] = await db
    .update(blogs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blogs.id, id))
    .returning();
  return row;
}

export async function deleteBlog(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(blogs).where(eq(blogs.id, id)).returning({ id: blogs.id });
  return rows.length > 0;
}

/** The newest post written in `locale`. */
export async function findNewestBlog(db: Executor, locale: BlogRow['locale']): Promise<BlogRow | undefined> {
  const [row] = await db.select().from(blogs).where(eq(blogs.locale, locale)).orderBy(desc(blogs.createdAt)).limit(1);
  return row;
}

/** Every post's id, language and last change, newest first: for the sitemap. */
export async function listBlogStamps(db: Executor, max: number) {
  return db
    .select({ id: blogs.id, locale: blogs.locale, updatedAt: blogs.updatedAt })
    .from(blogs)
    .orderBy(desc(blogs.updatedAt))
    .limit(max);
}
