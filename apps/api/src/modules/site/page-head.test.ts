import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TBlog, TBlogCreate } from '@residency/shared/blogs';
import { ROOM_COVER_SIZES } from '@residency/shared/image-sizes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomCategories } from '../../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import { saveCategory } from '../../test/rooms.ts';
import { clip, escapeHtml } from './page-head.ts';

/**
 * The head of public pages as the server sends it (link previews and search engines read it
 * without running the app), and the sitemap and robots.txt, on a build directory of our own
 * shaped like the real one.
 */
let dist: string;
let dataDir: string;

const BASE = 'https://stay.residency.example';
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The app's own description." />
    <title>Residency | Hotel in Gulshan, Dhaka</title>
    <!--site-config-->
  </head>
  <body><div id="root"></div></body>
</html>`;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'residency-head-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'residency-head-data-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  // The app's own page titles, which the head uses when the build has them.
  for (const [lng, title] of [['en', 'Our city: Dhaka and Gulshan'], ['bn', 'আমাদের শহর: ঢাকা ও গুলশান']] as const) {
    mkdirSync(path.join(dist, 'locales', lng), { recursive: true });
    writeFileSync(path.join(dist, 'locales', lng, 'city.json'), JSON.stringify({ meta: { title } }));
  }
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});
const ctx = useTestApp({
  env: () => ({ DATA_DIR: dataDir, PUBLIC_URL: `${BASE}/` }),
  config: () => ({ webDist: dist }),
  accounts: { admin: true },
});

async function post(overrides: Partial<TBlogCreate> = {}): Promise<TBlog> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: ctx.admin.auth,
    payload: {
      title: 'Ilish season at the rooftop',
      description: '<h2>Monsoon</h2><p>Shorshe ilish is back on the menu, steamed in mustard.</p><p>Book a table by the glass.</p>',
      category: ['Dining'],
      images: ['/uploads/2026/11/ilish-1280.webp'],
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The content of `<meta property|name="key">` tags in a page, in order. */
function metas(html: string, key: string): string[] {
  const found: string[] = [];
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)"`, 'g');
  for (const m of html.matchAll(re)) found.push(m[1]!);
  return found;
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const linkOf = (html: string, rel: string, hreflang?: string) =>
  new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)"`).exec(html)?.[1];

describe('the head of a blog post', () => {
  it("carries the post's title, description, picture and Open Graph article tags", async () => {
    const created = await post();
    const res = await ctx.app.inject({ url: `/blog/${created._id}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<div id="root">');
    expect(html).toContain('id="site-config"');
    expect(titleOf(html)).toBe('Ilish season at the rooftop | Residency');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metas(html, 'description')).toEqual(['Monsoon Shorshe ilish is back on the menu, steamed in mustard. Book a table by the glass.']);
    expect(metas(html, 'og:type')).toEqual(['article']);
    expect(metas(html, 'og:title')).toEqual(['Ilish season at the rooftop | Residency']);
    expect(metas(html, 'og:description')[0]).toContain('Shorshe ilish');
    expect(metas(html, 'og:image')).toEqual([`${BASE}/uploads/2026/11/ilish-1280.webp`]);
    expect(metas(html, 'og:url')).toEqual([`${BASE}/blog/${created._id}`]);
    expect(metas(html, 'article:tag')).toEqual(['Dining']);
    expect(linkOf(html, 'canonical')).toBe(`${BASE}/blog/${created._id}`);
    expect(linkOf(html, 'alternate', 'en')).toBe(`${BASE}/blog/${created._id}`);
  });

  it('gives a Bengali post its Bengali address and the page the language asked for', async () => {
    const created = await post({ title: 'বর্ষায় ইলিশ', description: '<p>সরিষা ইলিশ ফিরে এসেছে।</p>', locale: 'bn' });
    const res = await ctx.app.inject({ url: `/blog/${created._id}?lang=bn` });
    expect(res.body).toMatch(/<html lang="bn">/);
    expect(titleOf(res.body)).toBe('বর্ষায় ইলিশ | Residency');
    expect(linkOf(res.body, 'canonical')).toBe(`${BASE}/blog/${created._id}?lang=bn`);
    expect(linkOf(res.body, 'alternate', 'bn')).toBe(`${BASE}/blog/${created._id}?lang=bn`);
    expect(metas(res.body, 'og:locale')).toEqual(['bn_BD']);
  });

  it('escapes a title and text that hold markup, so nothing of them runs or breaks the head', async () => {
    const created = await post({ title: '</title><script>alert("x")</script> & "friends"', description: '<p>Tea &amp; "toast" <b>now</b></p>' });
    const html = (await ctx.app.inject({ url: `/blog/${created._id}` })).body;
    expect(html).not.toContain('<script>alert');
    expect(titleOf(html)).toBe('&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;friends&quot; | Residency');
    expect(metas(html, 'og:title')[0]).toBe('&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;friends&quot; | Residency');
    expect(metas(html, 'description')).toEqual(['Tea &amp; &quot;toast&quot; now']);
  });

  it('still serves the app for an unknown post, with 404 and noindex, so the app shows its not-found page', async () => {
    for (const url of ['/blog/3f1c1a56-9a0e-4e55-9a59-1b6f1c2a0c11', '/blog/not-a-post']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root">');
      expect(metas(res.body, 'robots')).toEqual(['noindex']);
      expect(titleOf(res.body)).toBe('Page not found | Residency');
    }
  });
});

describe('the head of the other public pages', () => {
  it("gives each page its title, description and both languages' addresses", async () => {
    const res = await ctx.app.inject({ url: '/gallery' });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Gallery | Residency');
    expect(metas(res.body, 'description')[0]).toContain('Photos of Residency');
    expect(metas(res.body, 'og:type')).toEqual(['website']);
    expect(linkOf(res.body, 'canonical')).toBe(`${BASE}/gallery`);
    expect(linkOf(res.body, 'alternate', 'x-default')).toBe(`${BASE}/gallery`);
    expect(linkOf(res.body, 'alternate', 'en')).toBe(`${BASE}/gallery`);
    expect(linkOf(res.body, 'alternate', 'bn')).toBe(`${BASE}/gallery?lang=bn`);
    // The app's own description is replaced, not repeated.
    expect(res.body).not.toContain("The app's own description.");
  });

  it('writes the Bengali page in Bengali, with the title the app uses', async () => {
    const res = await ctx.app.inject({ url: '/our-city?lang=bn' });
    expect(res.body).toMatch(/<html lang="bn">/);
    expect(titleOf(res.body)).toBe('আমাদের শহর: ঢাকা ও গুলশান | Residency');
    expect(metas(res.body, 'description')[0]).toMatch(/[\u0980-\u09FF]/);
    expect(linkOf(res.body, 'canonical')).toBe(`${BASE}/our-city?lang=bn`);
    const home = await ctx.app.inject({ url: '/' });
    expect(home.body).toMatch(/<html lang="en">/);
    expect(titleOf(home.body)).toBe('Residency | Hotel in Gulshan, Dhaka');
  });

  it("previews the home page with its first hero slide in the page's language", async () => {
    for (const [locale, title, order] of [['en', 'Welcome', 2], ['en', 'First', 1], ['bn', 'স্বাগতম', 1]] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/hero-slides',
        headers: ctx.admin.auth,
        payload: { title, locale, order, imageUrl: `https://cdn.example.com/${locale}-${order}.webp` },
      });
      expect(res.statusCode).toBe(201);
    }
    expect(metas((await ctx.app.inject({ url: '/' })).body, 'og:image')).toEqual(['https://cdn.example.com/en-1.webp']);
    expect(metas((await ctx.app.inject({ url: '/?lang=bn' })).body, 'og:image')).toEqual(['https://cdn.example.com/bn-1.webp']);
  });

  it("preloads the first slide's picture from the HTML, with the app's srcset and sizes, in the language the app will show", async () => {
    const stored = '/uploads/2026/11/0b7c6a3e-2f4d-4e8a-9c1b-5d6e7f8a9b0c-1280.webp';
    await ctx.app.inject({ method: 'POST', url: '/api/hero-slides', headers: ctx.admin.auth, payload: { title: 'Stay', imageUrl: stored } });
    await ctx.app.inject({ method: 'POST', url: '/api/hero-slides', headers: ctx.admin.auth, payload: { title: 'থাকুন', locale: 'bn', imageUrl: 'https://cdn.example.com/bn.webp' } });
    const en = (await ctx.app.inject({ url: '/' })).body;
    const srcset = [320, 640, 960, 1280, 1920].map((w) => `/uploads/2026/11/0b7c6a3e-2f4d-4e8a-9c1b-5d6e7f8a9b0c-${w}.webp ${w}w`).join(', ');
    expect(en).toContain(`<link rel="preload" as="image" href="${stored}" imagesrcset="${srcset}" imagesizes="100vw" fetchpriority="high" />`);
    // One picture preloaded (the page's code, data and texts are preloaded too: route-preloads.ts).
    expect(en.match(/rel="preload" as="image"/g)).toHaveLength(1);
    // A Bengali browser with no language in the URL: the app will show Bengali, so that slide's
    // picture is preloaded, while the page's address stays the English one.
    const guessed = (await ctx.app.inject({ url: '/', headers: { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' } })).body;
    expect(guessed).toContain('<link rel="preload" as="image" href="https://cdn.example.com/bn.webp" fetchpriority="high" />');
    expect(linkOf(guessed, 'canonical')).toBe(`${BASE}/`);
    // Only the home page has a hero.
    expect((await ctx.app.inject({ url: '/gallery' })).body).not.toContain('rel="preload" as="image"');
  });

  it('writes the slides the app will show into the home page, as GET /api/hero-slides answers them, with markup kept as text', async () => {
    const make = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/hero-slides', headers: ctx.admin.auth, payload });
    expect((await make({ title: 'Rooftop </script><script>alert(1)</script>', order: 1, imageUrl: 'https://cdn.example.com/en-1.webp' })).statusCode).toBe(201);
    expect((await make({ title: 'Hidden', order: 0, active: false, imageUrl: 'https://cdn.example.com/off.webp' })).statusCode).toBe(201);
    expect((await make({ title: 'থাকুন', locale: 'bn', imageUrl: 'https://cdn.example.com/bn.webp' })).statusCode).toBe(201);
    const inlined = (html: string) => {
      const found = /<script type="application\/json" id="hero-slides" data-lang="(en|bn)">([^<]*)<\/script>/.exec(html);
      return found ? { lang: found[1], slides: JSON.parse(found[2]!) as unknown } : null;
    };
    const en = (await ctx.app.inject({ url: '/' })).body;
    const api = (await ctx.app.inject({ url: '/api/hero-slides?locale=en' })).json().data;
    expect(inlined(en)).toEqual({ lang: 'en', slides: api });
    expect(api.map((slide: { title: string }) => slide.title)).toEqual(['Rooftop </script><script>alert(1)</script>']);
    // The title's markup is only text inside the JSON: one script element of ours, none of its.
    expect(en.match(/<script>alert/g)).toBeNull();
    // The Bengali page and a Bengali browser get the Bengali slides.
    expect(inlined((await ctx.app.inject({ url: '/?lang=bn' })).body)).toEqual({ lang: 'bn', slides: (await ctx.app.inject({ url: '/api/hero-slides?locale=bn' })).json().data });
    expect(inlined((await ctx.app.inject({ url: '/', headers: { 'accept-language': 'bn' } })).body)?.lang).toBe('bn');
    // Other pages have no hero.
    expect(inlined((await ctx.app.inject({ url: '/gallery' })).body)).toBeNull();
  });

  it('previews a room category from /accommodation?category=, in the language asked for', async () => {
    await ctx.app.db.insert(roomCategories).values({
      name: 'Deluxe King',
      offerPrice: 9500,
      description: 'A king bed and a view over Gulshan Lake.',
      images: ['/uploads/2026/11/deluxe-1280.webp'],
      translations: { bn: { name: 'ডিলাক্স কিং', description: 'কিং বেড আর গুলশান লেকের দৃশ্য।' } },
    });
    const en = (await ctx.app.inject({ url: '/accommodation?category=Deluxe%20King' })).body;
    expect(titleOf(en)).toBe('Deluxe King | Accommodation | Residency');
    expect(metas(en, 'description')).toEqual(['From ৳9,500 a night. A king bed and a view over Gulshan Lake.']);
    expect(metas(en, 'og:image')).toEqual([`${BASE}/uploads/2026/11/deluxe-1280.webp`]);
    expect(metas(en, 'og:url')).toEqual([`${BASE}/accommodation?category=Deluxe+King`]);
    expect(linkOf(en, 'canonical')).toBe(`${BASE}/accommodation`);
    const bn = (await ctx.app.inject({ url: '/accommodation?category=Deluxe%20King&lang=bn' })).body;
    expect(titleOf(bn)).toBe('ডিলাক্স কিং | থাকার ব্যবস্থা | Residency');
    expect(metas(bn, 'description')[0]).toContain('৳৯,৫০০');
    // An unknown category is the page itself.
    expect(titleOf((await ctx.app.inject({ url: '/accommodation?category=Nope' })).body)).toBe('Accommodation | Residency');
  });

  it('previews /accommodation with a room type guests can see, never a hidden one', async () => {
    const ids = { annex: '1a2b3c4d-0000-4000-8000-000000000001', deluxe: '1a2b3c4d-0000-4000-8000-000000000002' };
    const cover = (name: keyof typeof ids) => `/uploads/2026/11/${ids[name]}-1280.webp`;
    // 'Annex' is the cheaper one, but it has no room in service, so guests do not see it.
    expect((await saveCategory(ctx.app, ctx.admin.auth, 'Annex', { offerPrice: 1000, images: [cover('annex')] })).statusCode).toBeLessThan(300);
    expect((await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe King', { offerPrice: 9000, images: [cover('deluxe')], roomNumbers: '101' })).statusCode).toBeLessThan(300);
    const shown = (await ctx.app.inject({ url: '/api/room-categories?public=true' })).json().data as { name: string }[];
    expect(shown.map((c) => c.name)).toEqual(['Deluxe King']);
    const html = (await ctx.app.inject({ url: '/accommodation' })).body;
    expect(metas(html, 'og:image')).toEqual([`${BASE}${cover('deluxe')}`]);
    // The first card's cover (the page's largest paint) is asked for by the HTML itself, with the
    // srcset and sizes the card draws it at, so the browser uses that download for the card.
    const srcset = [320, 640, 960, 1280, 1920].map((w) => `/uploads/2026/11/${ids.deluxe}-${w}.webp ${w}w`).join(', ');
    expect(html).toContain(
      `<link rel="preload" as="image" href="${cover('deluxe')}" imagesrcset="${srcset}" imagesizes="${ROOM_COVER_SIZES}" fetchpriority="high" />`,
    );
    expect(html.match(/rel="preload" as="image"/g)).toHaveLength(1);
  });

  it("leaves pages that are not public (sign-in, dashboards) with the app's own head", async () => {
    const res = await ctx.app.inject({ url: '/admin/blog-management' });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Residency | Hotel in Gulshan, Dhaka');
    expect(metas(res.body, 'description')).toEqual(["The app's own description."]);
    expect(res.body).not.toContain('og:title');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages in both languages and every post at its address, with lastmod', async () => {
    const created = await post();
    const bn = await post({ title: 'বর্ষায় ইলিশ', locale: 'bn' });
    const res = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    for (const page of ['/', '/accommodation', '/events', '/gallery', '/blog', '/contact', '/our-city', '/membership-benefits', '/terms']) {
      expect(locs, page).toContain(`${BASE}${page}`);
      expect(locs, page).toContain(`${BASE}${page}?lang=bn`);
    }
    expect(locs).toContain(`${BASE}/blog/${created._id}`);
    expect(locs).toContain(`${BASE}/blog/${bn._id}?lang=bn`);
    expect(locs.some((l) => l?.includes('/admin'))).toBe(false);
    const today = new Date().toISOString().slice(0, 10);
    expect(xml).toContain(`<loc>${BASE}/blog/${created._id}</loc><lastmod>${today}</lastmod>`);
    expect(xml).toContain(`hreflang="bn" href="${BASE}/gallery?lang=bn"`);
    expect(xml.match(/<url>/g)!.length).toBe(xml.match(/<lastmod>/g)!.length);
  });

  it('drops a deleted post', async () => {
    const created = await post();
    await ctx.app.inject({ method: 'DELETE', url: `/api/blogs/${created._id}`, headers: ctx.admin.auth });
    expect((await ctx.app.inject({ url: '/sitemap.xml' })).body).not.toContain(created._id);
  });
});

describe('GET /robots.txt', () => {
  it('allows the public site, keeps crawlers out of the dashboards and the API, and names the sitemap', async () => {
    const res = await ctx.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/admin', '/user', '/staff', '/api']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('helpers', () => {
  it('escapes the five characters that matter in HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('cuts a long description at a word, with an ellipsis', () => {
    const text = 'word '.repeat(60);
    const cut = clip(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    expect(clip('  Short   text. ')).toBe('Short text.');
  });
});
