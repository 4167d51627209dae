import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatAmount } from '@residency/shared/display';
import { imageSrcSet, imageVariant, ROOM_COVER_SIZES } from '@residency/shared/image-sizes';
import type { THeroSlide } from '@residency/shared/hero-slides';
import { fromPriceOf } from '@residency/shared/room-rules';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { findPost, getNewestPost, postText } from '../blogs/blogs.service.ts';
import { findCategoryByName, getCategories } from '../categories/categories.service.ts';
import { getVenues } from '../events/events.service.ts';
import { getNewestGalleryItem } from '../gallery/gallery.service.ts';
import { getHeroSlides } from '../hero-slides/hero-slides.service.ts';
import type { RoutePreloads } from './route-preloads.ts';

/*
 * The <head> of each public page as the server sends it, so that link previews (WhatsApp,
 * Facebook, Slack) and search engines read the page's own title, description and picture
 * without running the app: `<title>`, meta description, canonical URL, hreflang alternates and
 * Open Graph tags, from the blog post for /blog/{id}, from the room category for
 * /accommodation?category=…, else per page.
 *
 * The language is addressed by the query: `?lang=bn` is the Bengali page, no parameter the
 * English one (the default). The web app reads the same parameter at start.
 *
 * What a head shows of other features (posts, categories, halls, pictures, slides) is read
 * through their services.
 */

export type Lang = 'en' | 'bn';
export const LANGS: readonly Lang[] = ['en', 'bn'];

export interface PageHead {
  lang: Lang;
  title: string;
  description: string;
  /** Absolute URL of the page as it should be indexed. */
  canonical: string;
  /** The page in each language (hreflang), with x-default first. */
  alternates: { hreflang: string; href: string }[];
  /** Absolute URL of the page itself, for og:url (may differ from canonical: a category on /accommodation). */
  url: string;
  image?: { url: string; alt: string };
  type: 'website' | 'article';
  article?: { publishedTime: string; modifiedTime: string; tags: string[] };
  /** 404 for a blog post that does not exist: the app still loads and shows its not-found page. */
  status: 200 | 404;
  noindex?: boolean;
  /**
   * The page's largest picture, preloaded from the HTML itself so that its download starts at
   * once, not after the app has asked for the list it is in: the home page's first hero slide,
   * /accommodation's first room card's cover. The same URL, srcset and sizes as the app's own
   * preload and picture, so the browser uses this download. (/accommodation's was measured slower
   * once, 3.3 s against 3.2 s, while its first paint carried 174 KB of JS; with 150 KB its largest
   * paint is earlier: bench/README.md, issue 23.)
   */
  preloadImage?: string;
  /** The `sizes` the app draws preloadImage at (the hero's 100vw when not given). */
  preloadSizes?: string;
  /**
   * The home page's slides in the language the visitor will most likely read, written into the
   * page (`<script type="application/json" id="hero-slides" data-lang>`): the app's first render
   * shows the first slide without asking the API first (hero-slides-request.ts reads them).
   */
  heroSlides?: { lang: Lang; slides: THeroSlide[] };
  /**
   * What the page asks for before its largest paint, named in the HTML so it downloads beside the
   * `app` chunk (route-preloads.ts): its chunks and their CSS, its texts in the likely language
   * (and English, the fallback) and its list.
   */
  preloads?: { modules: string[]; styles: string[]; fetches: string[] };
  /** The head follows the browser's Accept-Language (the URL names no language). */
  followsAcceptLanguage?: boolean;
}

/** How wide the app draws the hero picture (its HERO_SIZES): the preload must say the same. */
const HERO_SIZES = '100vw';

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The language a page URL asks for: `?lang=bn`, else English. */
export function languageOf(query: URLSearchParams): Lang {
  return query.get('lang') === 'bn' ? 'bn' : 'en';
}

/**
 * The language the app will most likely show: the URL's, else the browser's first choice (the
 * app's own fallback after a remembered choice, which only the browser knows).
 */
function likelyLanguage(query: URLSearchParams, acceptLanguage: string | undefined): Lang {
  if (query.has('lang')) return languageOf(query);
  return /^\s*bn\b/i.test(acceptLanguage ?? '') ? 'bn' : 'en';
}

/** A page's path with the language's parameter added to its own query (`extra`). */
export function pageUrl(base: string, pathname: string, lang: Lang, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (lang === 'bn') query.set('lang', 'bn');
  const text = query.toString();
  return `${base}${pathname}${text ? `?${text}` : ''}`;
}

/** A description cut to what search results show (about 160 characters), at a word. */
export function clip(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

type Texts = Record<Lang, (name: string) => string>;

interface PublicPage {
  /** The web app's translation namespace whose `meta.title` (and `meta.description`, when written) the page uses. */
  ns: string;
  title: Texts;
  description: Texts;
  /** The home page puts the hotel's name first, as the app does. */
  nameFirst?: boolean;
  /** Where the page's preview picture comes from. */
  image: 'hero' | 'gallery' | 'venue' | 'blog' | 'category';
  /** Listed in the sitemap. */
  sitemap: boolean;
}

/** The public pages: the menu's, the footer's and the blog. */
export const PUBLIC_PAGES: Record<string, PublicPage> = {
  '/': {
    ns: 'home',
    nameFirst: true,
    title: { en: () => 'Hotel in Gulshan, Dhaka', bn: () => 'গুলশান, ঢাকার হোটেল' },
    description: {
      en: (n) => `${n} is a calm hotel in Gulshan 2, Dhaka: quiet rooms, a 24-hour front desk, a rooftop terrace and halls for weddings and meetings, with honest prices in Taka.`,
      bn: (n) => `${n} গুলশান ২, ঢাকার একটি শান্ত হোটেল: নিরিবিলি কক্ষ, ২৪ ঘণ্টার ফ্রন্ট ডেস্ক, ছাদের টেরেস আর বিয়ে ও সভার জন্য হল, টাকায় স্বচ্ছ দামে।`,
    },
    image: 'hero',
    sitemap: true,
  },
  '/accommodation': {
    ns: 'accommodation',
    title: { en: () => 'Accommodation', bn: () => 'থাকার ব্যবস্থা' },
    description: {
      en: (n) => `Rooms and suites at ${n} in Gulshan, Dhaka: photos, beds, sizes and prices per night in Taka. Book the dates you want online.`,
      bn: (n) => `গুলশান, ঢাকায় ${n}-এর কক্ষ ও স্যুট: ছবি, বিছানা, আয়তন আর টাকায় প্রতি রাতের ভাড়া। পছন্দের তারিখে অনলাইনে বুক করুন।`,
    },
    image: 'category',
    sitemap: true,
  },
  '/view-rates': {
    ns: 'stay-search',
    title: { en: () => 'Rates & availability', bn: () => 'ভাড়া ও খালি রুম' },
    description: {
      en: (n) => `Rooms free at ${n} for your dates and guests, with the price of each night in Taka. Book online in a few steps.`,
      bn: (n) => `আপনার তারিখ ও অতিথির সংখ্যায় ${n}-এ খালি কক্ষ, টাকায় প্রতি রাতের ভাড়াসহ। কয়েক ধাপে অনলাইনে বুক করুন।`,
    },
    image: 'category',
    sitemap: false,
  },
  '/events': {
    ns: 'events',
    title: { en: () => 'Meetings & Events', bn: () => 'মিটিং ও ইভেন্ট' },
    description: {
      en: (n) => `Weddings, receptions, conferences and meetings at ${n} in Gulshan: halls for small and large groups, catering, and a team that plans the day with you.`,
      bn: (n) => `${n}-এ বিয়ে, সংবর্ধনা, সম্মেলন ও মিটিং: ছোট-বড় দলের জন্য হল, খাবারের আয়োজন আর দিনটি আপনার সঙ্গে বসে সাজানোর মতো একটি দল।`,
    },
    image: 'venue',
    sitemap: true,
  },
  '/gallery': {
    ns: 'gallery',
    title: { en: () => 'Gallery', bn: () => 'গ্যালারি' },
    description: {
      en: (n) => `Photos of ${n}: the rooms, the hotel, dining, events and the sights of Dhaka nearby.`,
      bn: (n) => `${n}-এর ছবি: কক্ষ, হোটেল, খাবার, অনুষ্ঠান আর কাছেই ঢাকার দর্শনীয় জায়গা।`,
    },
    image: 'gallery',
    sitemap: true,
  },
  '/blog': {
    ns: 'blog',
    title: { en: () => 'Blog', bn: () => 'ব্লগ' },
    description: {
      en: (n) => `Stories from ${n}: where to go in Dhaka, what to eat, and how we plan weddings and meetings.`,
      bn: (n) => `${n}-এর গল্প: ঢাকায় কোথায় যাবেন, কী খাবেন, আর কীভাবে আমরা বিয়ে ও মিটিং সাজাই।`,
    },
    image: 'blog',
    sitemap: true,
  },
  '/contact': {
    ns: 'contact',
    title: { en: () => 'Contact & about us', bn: () => 'যোগাযোগ ও আমাদের কথা' },
    description: {
      en: (n) => `How to reach ${n} in Gulshan, Dhaka: address, phone and e-mail, a map, and a form to send us a message.`,
      bn: (n) => `গুলশান, ঢাকায় ${n}-এ যোগাযোগ: ঠিকানা, ফোন ও ই-মেইল, মানচিত্র আর বার্তা পাঠানোর ফর্ম।`,
    },
    image: 'hero',
    sitemap: true,
  },
  '/our-city': {
    ns: 'city',
    title: { en: () => 'Our city: Dhaka and Gulshan', bn: () => 'আমাদের শহর: ঢাকা ও গুলশান' },
    description: {
      en: (n) => `The front desk of ${n} on Dhaka and Gulshan: Old Dhaka, museums, food to try and how to get around the city.`,
      bn: (n) => `ঢাকা ও গুলশান নিয়ে ${n}-এর ফ্রন্ট ডেস্কের পরামর্শ: পুরান ঢাকা, জাদুঘর, কী খাবেন আর শহরে কীভাবে ঘুরবেন।`,
    },
    image: 'gallery',
    sitemap: true,
  },
  '/membership-benefits': {
    ns: 'membership',
    title: { en: () => 'Membership benefits', bn: () => 'সদস্য সুবিধা' },
    description: {
      en: (n) => `Every guest with an account is a member of ${n}: free, automatic, with a membership number and benefits each time you book with us directly.`,
      bn: (n) => `অ্যাকাউন্ট থাকলেই আপনি ${n}-এর সদস্য: বিনামূল্যে, আপনাআপনি, সদস্য নম্বরসহ, আর সরাসরি বুক করলেই প্রতিবার সুবিধা।`,
    },
    image: 'hero',
    sitemap: true,
  },
  '/terms': {
    ns: 'terms',
    title: { en: () => 'Terms & conditions', bn: () => 'শর্তাবলি' },
    description: {
      en: (n) => `The terms of a stay at ${n}: booking, payment, cancellation, check-in and check-out, and the house rules.`,
      bn: (n) => `${n}-এ থাকার শর্তাবলি: বুকিং, পেমেন্ট, বাতিল, চেক-ইন ও চেক-আউট, আর হোটেলের নিয়মকানুন।`,
    },
    image: 'hero',
    sitemap: true,
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `meta` texts of the built web app's translations, read once per namespace and language. */
export function createLocaleMeta(dist: string | undefined) {
  const cache = new Map<string, { title?: string; description?: string }>();
  return (lang: Lang, ns: string) => {
    const key = `${lang}/${ns}`;
    let meta = cache.get(key);
    if (!meta) {
      meta = {};
      if (dist) {
        try {
          const json = JSON.parse(readFileSync(path.join(dist, 'locales', lang, `${ns}.json`), 'utf8')) as { meta?: Record<string, unknown> };
          if (typeof json.meta?.title === 'string' && json.meta.title.trim()) meta.title = json.meta.title.trim();
          if (typeof json.meta?.description === 'string' && json.meta.description.trim()) meta.description = json.meta.description.trim();
        } catch {
          // No such namespace in this build: the texts above stand in.
        }
      }
      cache.set(key, meta);
    }
    return meta;
  };
}

export interface HeadContext {
  db: Database;
  config: Config;
  localeMeta: ReturnType<typeof createLocaleMeta>;
  /** The build's page chunks (none: no module preloads). */
  routePreloads?: (route: string) => RoutePreloads | undefined;
}

/** An absolute URL for a stored picture (uploads are served from our own origin, S3 ones are absolute). */
const absolute = (base: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`);

/**
 * The head of the page at `pathname` (with its query), or null for a path that is not a public
 * page (sign-in, dashboards, bookings): those keep the app's own head.
 */
export async function pageHead(
  ctx: HeadContext,
  pathname: string,
  query: URLSearchParams,
  hints: { acceptLanguage?: string } = {},
): Promise<PageHead | null> {
  const lang = languageOf(query);
  const base = ctx.config.publicUrl;
  const name = ctx.config.hotel.name;
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

  const post = /^\/blog\/([^/]+)$/.exec(route);
  if (post) return blogHead(ctx, decodeURIComponent(post[1]!), lang);

  const page = PUBLIC_PAGES[route];
  if (!page) return null;
  const meta = ctx.localeMeta(lang, page.ns);
  const pageTitle = meta.title ?? page.title[lang](name);
  const head: PageHead = {
    lang,
    title: page.nameFirst ? `${name} | ${pageTitle}` : `${pageTitle} | ${name}`,
    description: meta.description ?? page.description[lang](name),
    canonical: pageUrl(base, route, lang),
    alternates: alternates(base, route),
    url: pageUrl(base, route, lang),
    type: 'website',
    status: 200,
  };
  const preloads = ctx.routePreloads?.(route);
  if (preloads) {
    // The texts the router loads with the page (lazy-page.ts), `common` first, in the language
    // the app will most likely show and in English, i18next's fallback, which it loads too.
    const likely = likelyLanguage(query, hints.acceptLanguage);
    const texts = (likely === 'bn' ? ['bn', 'en'] : ['en']).flatMap((lng) => ['common', page.ns].map((ns) => `/locales/${lng}/${ns}.json`));
    head.preloads = { modules: preloads.modules, styles: preloads.styles, fetches: [...preloads.data, ...texts] };
    head.followsAcceptLanguage = !query.has('lang');
  }
  if (route === '/accommodation') {
    // The first card's cover: the page's list is the categories guests see, in this order.
    const [first] = await getCategories(ctx.db, { shownOnly: true });
    if (first?.images[0]) {
      head.preloadImage = first.images[0];
      head.preloadSizes = ROOM_COVER_SIZES;
    }
  }
  const categoryName = query.get('category');
  if (route === '/accommodation' && categoryName) {
    const category = await findCategoryByName(ctx.db, categoryName.slice(0, 200));
    if (category) {
      const bn = lang === 'bn' ? (category.translations.bn as { name?: string; description?: string } | undefined) : undefined;
      const title = bn?.name?.trim() || category.name;
      const from = lang === 'bn' ? `প্রতি রাত ${formatAmount(fromPriceOf(category), 'bn')} থেকে।` : `From ${formatAmount(fromPriceOf(category), 'en')} a night.`;
      head.title = `${title} | ${pageTitle} | ${name}`;
      head.description = clip(`${from} ${bn?.description?.trim() || category.description}`);
      // The list is the page; a shared link to one category still previews that category.
      head.url = pageUrl(base, route, lang, { category: category.name });
      if (category.images[0]) head.image = { url: absolute(base, category.images[0]), alt: title };
      return head;
    }
  }
  const image = await pageImage(ctx, page.image, lang);
  if (image) head.image = { url: absolute(base, image.url), alt: image.alt || pageTitle };
  if (route === '/') {
    const likely = likelyLanguage(query, hints.acceptLanguage);
    const slides = await getHeroSlides(ctx.db, { includeInactive: false, locale: likely });
    head.heroSlides = { lang: likely, slides };
    if (slides[0]) head.preloadImage = slides[0].imageUrl;
  }
  return head;
}

function alternates(base: string, path: string) {
  return [
    { hreflang: 'x-default', href: pageUrl(base, path, 'en') },
    { hreflang: 'en', href: pageUrl(base, path, 'en') },
    { hreflang: 'bn', href: pageUrl(base, path, 'bn') },
  ];
}

async function blogHead(ctx: HeadContext, id: string, lang: Lang): Promise<PageHead> {
  const base = ctx.config.publicUrl;
  const name = ctx.config.hotel.name;
  const post = UUID.test(id) ? await findPost(ctx.db, id) : undefined;
  if (!post) {
    return {
      lang,
      title: `${lang === 'bn' ? 'পাতাটি পাওয়া যায়নি' : 'Page not found'} | ${name}`,
      description: lang === 'bn' ? 'এই লেখাটি আর নেই।' : 'This post does not exist.',
      canonical: pageUrl(base, '/blog', lang),
      alternates: [],
      url: pageUrl(base, `/blog/${encodeURIComponent(id)}`, lang),
      type: 'website',
      status: 404,
      noindex: true,
    };
  }
  // A post is written in one language: that is its address.
  const canonical = pageUrl(base, `/blog/${post._id}`, post.locale);
  const description = clip(postText(post));
  return {
    lang,
    title: `${post.title} | ${name}`,
    description: description || post.title,
    canonical,
    alternates: [
      { hreflang: 'x-default', href: canonical },
      { hreflang: post.locale, href: canonical },
    ],
    url: canonical,
    image: post.images[0] ? { url: absolute(base, post.images[0]), alt: post.title } : undefined,
    type: 'article',
    article: { publishedTime: post.createdAt, modifiedTime: post.updatedAt, tags: post.category },
    status: 200,
  };
}

/** The picture that previews a page: the first hero slide, the newest gallery picture, a hall's, a post's or a room's. */
async function pageImage(ctx: HeadContext, kind: PublicPage['image'], lang: Lang): Promise<{ url: string; alt: string } | undefined> {
  const { db } = ctx;
  switch (kind) {
    case 'gallery': {
      const item = await getNewestGalleryItem(db);
      if (item) return { url: item.url, alt: item.title };
      break;
    }
    case 'venue': {
      // The first hall in the halls' own order.
      const [hall] = await getVenues(db);
      if (hall?.images[0]) return { url: hall.images[0], alt: hall.name };
      break;
    }
    case 'blog': {
      const post = await getNewestPost(db, lang);
      if (post?.images[0]) return { url: post.images[0], alt: post.title };
      break;
    }
    case 'category': {
      // The cheapest room type a guest can see (a hidden one would preview a page without it).
      const [category] = (await getCategories(db, { shownOnly: true })).filter((c) => c.images[0]).sort((a, b) => fromPriceOf(a) - fromPriceOf(b));
      if (category) return { url: category.images[0]!, alt: category.name };
      break;
    }
    case 'hero':
      break;
  }
  // Every page falls back to the home page's first slide in its language (or in English).
  return firstSlide(db, lang);
}

/** The first active hero slide of a language (of English when that language has none). */
async function firstSlide(db: Database, lang: Lang): Promise<{ url: string; alt: string } | undefined> {
  for (const locale of lang === 'bn' ? (['bn', 'en'] as const) : (['en'] as const)) {
    const [slide] = await getHeroSlides(db, { includeInactive: false, locale });
    if (slide) return { url: slide.imageUrl, alt: slide.title };
  }
  return undefined;
}

/** The tags of a head, HTML-escaped: what replaces the app's default title and description. */
function headTags(head: PageHead, siteName: string): string {
  const e = escapeHtml;
  const meta = (property: string, content: string) => `<meta property="${property}" content="${e(content)}" />`;
  const lines = [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}" />`,
  ];
  if (head.noindex) lines.push('<meta name="robots" content="noindex" />');
  else lines.push(`<link rel="canonical" href="${e(head.canonical)}" />`);
  for (const a of head.alternates) lines.push(`<link rel="alternate" hreflang="${e(a.hreflang)}" href="${e(a.href)}" />`);
  lines.push(
    meta('og:site_name', siteName),
    meta('og:type', head.type),
    meta('og:title', head.title),
    meta('og:description', head.description),
    meta('og:url', head.url),
    meta('og:locale', head.lang === 'bn' ? 'bn_BD' : 'en_US'),
    meta('og:locale:alternate', head.lang === 'bn' ? 'en_US' : 'bn_BD'),
  );
  if (head.image) {
    lines.push(meta('og:image', head.image.url), meta('og:image:alt', head.image.alt));
    lines.push(`<meta name="twitter:card" content="summary_large_image" />`);
  } else {
    lines.push(`<meta name="twitter:card" content="summary" />`);
  }
  if (head.preloadImage) {
    const srcSet = imageSrcSet(head.preloadImage);
    lines.push(
      srcSet
        ? `<link rel="preload" as="image" href="${e(imageVariant(head.preloadImage, 1280))}" imagesrcset="${e(srcSet)}" imagesizes="${e(head.preloadSizes ?? HERO_SIZES)}" fetchpriority="high" />`
        : `<link rel="preload" as="image" href="${e(head.preloadImage)}" fetchpriority="high" />`,
    );
  }
  if (head.preloads) {
    // crossorigin: the same credentials mode as the app's own requests (module scripts and
    // fetch() are CORS-mode, same-origin credentials), or the browser would not use them.
    for (const href of head.preloads.modules) lines.push(`<link rel="modulepreload" crossorigin href="${e(href)}" />`);
    for (const href of head.preloads.styles) lines.push(`<link rel="preload" as="style" crossorigin href="${e(href)}" />`);
    for (const href of head.preloads.fetches) lines.push(`<link rel="preload" as="fetch" crossorigin href="${e(href)}" />`);
  }
  if (head.heroSlides) {
    // JSON in a script the browser does not run; '<' escaped so no text can close the tag.
    const json = JSON.stringify(head.heroSlides.slides).replaceAll('<', '\\u003c');
    lines.push(`<script type="application/json" id="hero-slides" data-lang="${head.heroSlides.lang}">${json}</script>`);
  }
  if (head.article) {
    lines.push(meta('article:published_time', head.article.publishedTime), meta('article:modified_time', head.article.modifiedTime));
    for (const tag of head.article.tags) lines.push(meta('article:tag', tag));
  }
  return lines.join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;
const HTML_TAG = /<html\b[^>]*>/i;

/**
 * The built index.html as a function of the head: the app's own title and description are taken
 * out once, and each page's tags go where the title was (or at the end of <head>).
 */
export function createIndexRenderer(indexHtml: string) {
  const hadTitle = TITLE.test(indexHtml);
  const template = indexHtml.replace(DESCRIPTION, '').replace(TITLE, hadTitle ? '<!--page-head-->' : '');
  const withSlot = hadTitle ? template : template.replace(/<\/head>/i, '<!--page-head--></head>');
  const [before, after] = withSlot.split('<!--page-head-->') as [string, string];
  const defaultHead = indexHtml.match(TITLE)?.[0] ?? '';
  const defaultDescription = indexHtml.match(DESCRIPTION)?.[0] ?? '';
  return (head: PageHead | null, lang: Lang, siteName: string): string => {
    const tags = head ? `${headTags(head, siteName)}\n    ` : `${defaultHead}${defaultDescription}`;
    return `${before}${tags}${after}`.replace(HTML_TAG, (tag) => withLang(tag, lang));
  };
}

function withLang(tag: string, lang: Lang): string {
  return /\slang=/i.test(tag) ? tag.replace(/\slang=(["'])[^"']*\1/i, ` lang="${lang}"`) : tag.replace(/^<html/i, `<html lang="${lang}"`);
}
