import type { Database } from '../../db/client.ts';
import { getPostStamps } from '../blogs/blogs.service.ts';
import { getNewestGalleryItem } from '../gallery/gallery.service.ts';
import { heroSlidesChangedAt } from '../hero-slides/hero-slides.service.ts';
import { LANGS, PUBLIC_PAGES, escapeHtml, pageUrl, type Lang } from './page-head.ts';

/** Posts listed at most: far more than a hotel writes, far below the sitemap limit of 50,000 URLs. */
const POSTS_MAX = 5000;

/** Paths a crawler has no business in: the dashboards, the API, a guest's own bookings. */
const PRIVATE_PREFIXES = ['/admin', '/user', '/staff', '/api', '/booking/', '/auth/', '/pay/'];

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
  const [slidesAt, picture, list] = await Promise.all([heroSlidesChangedAt(db), getNewestGalleryItem(db), getPostStamps(db, POSTS_MAX)]);
  // The list starts with the post changed last.
  const postsAt = list[0]?.updatedAt;
  const picturesAt = picture ? new Date(picture.createdAt) : undefined;
  const newest = (...dates: (Date | null | undefined)[]) =>
    dates.reduce<Date>((a, b) => (b && b > a ? b : a), builtAt);
  const lastmodOf: Record<string, Date> = {
    '/': newest(slidesAt, postsAt),
    '/gallery': newest(picturesAt),
    '/blog': newest(postsAt),
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
