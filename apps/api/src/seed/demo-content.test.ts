import { existsSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_WIDTHS, imageVariant, type TCategory, type TVenue } from '@residency/shared';
import type { TBlog } from '@residency/shared/blogs';
import { GALLERY_CATEGORIES, type TGalleryItem } from '@residency/shared/gallery';
import type { THeroSlide } from '@residency/shared/hero-slides';
import { beforeAll, describe, expect, it } from 'vitest';
import { sanitizeBlogHtml } from '../modules/blogs/blog-html.ts';
import { uploadsDir } from '../plugins/storage.ts';
import { useTestApp } from '../test/app.ts';
import { DEMO_POSTS } from './demo-content-posts.ts';
import { DEMO_GALLERY, seedDemoContent } from './demo-content.ts';
import { seedDemoData } from './index.ts';

const ctx = useTestApp({ reset: 'file', accounts: {} });
beforeAll(async () => {
  // A first start, at a quarter of the picture size: rooms and halls, then the content.
  expect(await seedDemoData(ctx.app.dbHandle, ctx.app.storage, ctx.app.config, { scale: 0.25 })).toBe('seeded');
}, 180_000);

const get = async <T>(url: string): Promise<T> => (await ctx.app.inject({ url })).json().data as T;
/** The file behind an /uploads/ URL. */
const fileOf = (url: string) => path.join(uploadsDir(ctx.app.config.dataDir), url.replace(/^\/uploads\//, ''));
const BENGALI = /[\u0980-\u09FF]/;

function expectStoredWithSizes(url: string) {
  expect(url, url).toMatch(/^\/uploads\/.+-1280\.webp$/);
  for (const width of IMAGE_WIDTHS) expect(existsSync(fileOf(imageVariant(url, width))), `${url} at ${width}`).toBe(true);
}

describe('demo hero slides', () => {
  it('shows three active slides in each language, in order, with calls to action that lead to real pages', async () => {
    for (const locale of ['en', 'bn'] as const) {
      const slides = await get<THeroSlide[]>(`/api/hero-slides?locale=${locale}`);
      expect(slides.map((s) => s.order)).toEqual([1, 2, 3]);
      for (const slide of slides) {
        expect(slide.active).toBe(true);
        expectStoredWithSizes(slide.imageUrl);
        expect(slide.ctaPrimary?.href).toMatch(/^\/(view-rates|accommodation|gallery|blog|events|contact)$/);
        expect(slide.ctaSecondary?.href).toMatch(/^\/(view-rates|accommodation|gallery|blog|events|contact)$/);
        if (locale === 'bn') {
          for (const text of [slide.title, slide.subtitle, slide.description, slide.ctaPrimary!.label]) expect(text).toMatch(BENGALI);
        } else {
          expect(slide.title).not.toMatch(BENGALI);
        }
      }
    }
    const [first] = await get<THeroSlide[]>('/api/hero-slides?locale=en');
    expect(first!.ctaPrimary).toEqual({ label: 'Book your stay', href: '/view-rates' });
    const events = (await get<THeroSlide[]>('/api/hero-slides?locale=en')).find((s) => s.ctaPrimary?.href === '/events');
    expect(events?.ctaPrimary?.label).toBe('Plan an event');
  });
});

describe('demo blog', () => {
  it('has three posts in each language, newest first, with tags and one to three stored pictures', async () => {
    for (const locale of ['en', 'bn'] as const) {
      const res = (await ctx.app.inject({ url: `/api/blogs?locale=${locale}` })).json();
      expect(res.meta.total).toBe(3);
      const posts = res.data as TBlog[];
      const times = posts.map((p) => Date.parse(p.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const post of posts) {
        expect(post.category.length).toBeGreaterThanOrEqual(2);
        expect(post.images.length).toBeGreaterThanOrEqual(1);
        expect(post.images.length).toBeLessThanOrEqual(3);
        for (const url of post.images) expectStoredWithSizes(url);
        if (locale === 'bn') expect(post.title + post.category.join('')).toMatch(BENGALI);
      }
    }
  });

  it('writes rich text that the sanitiser keeps whole: headings, paragraphs, lists, quotes and links', async () => {
    for (const demo of DEMO_POSTS) expect(sanitizeBlogHtml(demo.html), demo.title).toBe(demo.html.trim());
    const [post] = await get<TBlog[]>('/api/blogs?locale=en&searchTerm=weekend');
    expect(post!.description).toContain('<h2>');
    expect(post!.description).toContain('<ul>');
    expect(post!.description).toContain('<blockquote>');
    expect(post!.description).toContain('<a href="/our-city" rel="noopener noreferrer">');
    // Several paragraphs of real text.
    expect(post!.description.match(/<p>/g)!.length).toBeGreaterThanOrEqual(4);
  });
});

describe('demo gallery', () => {
  it('has at least three pictures in every category, each stored with its sizes', async () => {
    const items = await get<TGalleryItem[]>('/api/gallery');
    expect(items).toHaveLength(DEMO_GALLERY.length);
    for (const category of GALLERY_CATEGORIES) {
      const inCategory = await get<TGalleryItem[]>(`/api/gallery?category=${category}`);
      expect(inCategory.length, category).toBeGreaterThanOrEqual(3);
    }
    for (const item of items) expectStoredWithSizes(item.url);
    // Newest first, in the order the demo lists them.
    expect(items.map((i) => i.title)).toEqual(DEMO_GALLERY.map((g) => g.title));
  });

  it("shows the rooms' and halls' own pictures again instead of drawing them twice", async () => {
    const covers = new Set((await get<TCategory[]>('/api/room-categories')).map((c) => c.images[0]));
    const halls = new Set((await get<TVenue[]>('/api/venues')).flatMap((h) => h.images));
    const rooms = await get<TGalleryItem[]>('/api/gallery?category=room');
    const events = await get<TGalleryItem[]>('/api/gallery?category=event');
    for (const item of rooms) expect(covers.has(item.url), item.title).toBe(true);
    for (const item of events) expect(halls.has(item.url), item.title).toBe(true);
  });

  it('adds nothing on a second run', async () => {
    expect(await seedDemoContent(ctx.app.db, ctx.app.storage, { scale: 0.25 })).toBeNull();
    expect(await get<TGalleryItem[]>('/api/gallery')).toHaveLength(DEMO_GALLERY.length);
  });
});
