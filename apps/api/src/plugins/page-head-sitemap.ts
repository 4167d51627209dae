import { desc, max } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { blogs, galleryItems, heroSlides } from '../db/schema.ts';
import { LANGS, PUBLIC_PAGES, escapeHtml, pageUrl, type Lang } from './page-head.ts';

/** Posts listed at most: far more than a hotel writes, far below the sitemap limit of 50,000 URLs. */
const POSTS_MAX = 5000;

/** Paths a crawler has no business in: the dashboards, the API, a guest's own bookings. */
const PRIVATE_PREFIXES = ['/admin', '/user', '/staff', '/api', '/booking/', '/auth/'];

/** robots.txt: the public pages are open, the private areas closed, and the sitemap named. */
export function robotsTxt(base: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * sitemap.xml: each public page in both languages (each entry naming its twin with hreflang),
 * and every blog post at its own language's address. `lastmod` is the day the page last
 * changed: its newest content where it shows some (slides, pictures, posts), else the day the
 * web app was built.
 */
export async function sitemapXml(db: Database, base: string, builtAt: Date): Promise<string> {
  const [[slides], [pictures], [posts], list] = await Promise.all([
    db.select({ at: max(heroSlides.updatedAt) }).from(heroSlides),
    db.select({ at: max(galleryItems.createdAt) }).from(galleryItems),
    db.select({ at: max(blogs.updatedAt) }).from(blogs),
    db
      .select({ id: blogs.id, locale: blogs.locale, updatedAt: blogs.updatedAt })
      .from(blogs)
      .orderBy(desc(blogs.updatedAt))
      .limit(POSTS_MAX),
  ]);
  const newest = (...dates: (Date | null | undefined)[]) =>
    dates.reduce<Date>((a, b) => (b && b > a ? b : a), builtAt);
  const lastmodOf: Record<string, Date> = {
    '/': newest(slides?.at, posts?.at),
    '/gallery': newest(pictures?.at),
    '/blog': newest(posts?.at),
  };

  const entries: string[] = [];
  for (const [path, page] of Object.entries(PUBLIC_PAGES)) {
    if (!page.sitemap) continue;
    const twins = LANGS.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeHtml(pageUrl(base, path, lang))}"/>`).join('');
    const lastmod = day(lastmodOf[path] ?? builtAt);
    for (const lang of LANGS) {
      entries.push(`<url><loc>${escapeHtml(pageUrl(base, path, lang))}</loc><lastmod>${lastmod}</lastmod>${twins}</url>`);
    }
  }
  for (const post of list) {
    entries.push(`<url><loc>${escapeHtml(pageUrl(base, `/blog/${post.id}`, post.locale as Lang))}</loc><lastmod>${day(post.updatedAt)}</lastmod></url>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
