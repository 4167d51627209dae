import type { TLanguage } from '@residency/shared/event-kinds';
import type { TGalleryCategory } from '@residency/shared/gallery';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { blogs, galleryItems, heroSlides, roomCategories, venues } from '../db/schema.ts';
import { sanitizeBlogHtml } from '../modules/blogs/blog-html.ts';
import { storeImage } from '../modules/uploads/uploads.service.ts';
import type { Storage } from '../plugins/storage.ts';
import { contentSceneSvg, type ContentSceneOptions } from './demo-content-scenes.ts';
import { DEMO_POSTS } from './demo-content-posts.ts';
import { DEMO_HALLS } from './demo-events.ts';
import { hallSceneSvg, type HallSceneOptions } from './demo-hall-scenes.ts';
import { DEMO_CATEGORIES } from './demo-rooms.ts';
import { roomSceneSvg } from './demo-room-scenes.ts';

/*
 * The demo hotel's own content: hero slides in both languages, the blog (demo-content-posts.ts)
 * and a gallery with pictures in every category. The pictures the rooms and halls already have
 * are used again (the gallery's rooms and events); the others are drawn here
 * (demo-content-scenes.ts) and stored like any upload, so each has its WebP sizes.
 */

/** The pictures the demo content shows: drawn scenes, the halls' pictures, the room categories' covers. */
export type DemoPicture =
  | ContentSceneOptions['kind']
  | 'hall-ballroom'
  | 'hall-wedding'
  | 'hall-boardroom'
  | `room-${number}`;

/** How each drawn picture is made. */
const SCENES: Partial<Record<DemoPicture, ContentSceneOptions>> = {
  facade: { kind: 'facade', time: 'dusk', seed: 3 },
  lobby: { kind: 'lobby', seed: 4 },
  'rooftop-pool': { kind: 'rooftop-pool', seed: 5 },
  restaurant: { kind: 'restaurant', seed: 6 },
  thali: { kind: 'thali', seed: 7 },
  'rooftop-dining': { kind: 'rooftop-dining', seed: 8 },
  river: { kind: 'river', seed: 9 },
  'lake-park': { kind: 'lake-park', seed: 10 },
  'pink-palace': { kind: 'pink-palace', seed: 11 },
};

/** The halls' pictures, by the hall and the position of the picture in it (demo-events.ts). */
const HALL_PICTURES: Record<'hall-ballroom' | 'hall-wedding' | 'hall-boardroom', { hall: number; picture: number }> = {
  'hall-ballroom': { hall: 0, picture: 0 },
  'hall-wedding': { hall: 0, picture: 1 },
  'hall-boardroom': { hall: 1, picture: 0 },
};

interface DemoGalleryItem {
  title: string;
  category: TGalleryCategory;
  picture: DemoPicture;
}

/** Newest first, as the gallery lists them: every category, mixed, so "All" reads well. */
export const DEMO_GALLERY: DemoGalleryItem[] = [
  { title: 'Residency at dusk, Gulshan 2', category: 'hotel', picture: 'facade' },
  { title: 'A Bengali thali: rice, dal, bhortas and shorshe ilish', category: 'dining', picture: 'thali' },
  { title: 'Padma Hall dressed for a holud', category: 'event', picture: 'hall-wedding' },
  ...DEMO_CATEGORIES.slice(0, 2).map((c, i) => ({ title: c.name, category: 'room' as const, picture: `room-${i}` as DemoPicture })),
  { title: 'Country boats on the Buriganga at sunset', category: 'others', picture: 'river' },
  { title: 'The lobby and front desk', category: 'hotel', picture: 'lobby' },
  { title: 'The restaurant, laid for dinner', category: 'dining', picture: 'restaurant' },
  { title: 'Padma Hall set for a reception', category: 'event', picture: 'hall-ballroom' },
  ...DEMO_CATEGORIES.slice(2, 4).map((c, i) => ({ title: c.name, category: 'room' as const, picture: `room-${i + 2}` as DemoPicture })),
  { title: 'Ahsan Manzil, the Pink Palace of Old Dhaka', category: 'others', picture: 'pink-palace' },
  { title: 'The rooftop pool at dusk', category: 'hotel', picture: 'rooftop-pool' },
  { title: 'Dinner on the rooftop terrace', category: 'dining', picture: 'rooftop-dining' },
  { title: 'Jamuna Room, ready for a board meeting', category: 'event', picture: 'hall-boardroom' },
  ...DEMO_CATEGORIES.slice(4).map((c, i) => ({ title: c.name, category: 'room' as const, picture: `room-${i + 4}` as DemoPicture })),
  { title: 'Gulshan Lake Park, a short walk away', category: 'others', picture: 'lake-park' },
];

interface DemoSlide {
  locale: TLanguage;
  order: number;
  title: string;
  subtitle: string;
  description: string;
  picture: DemoPicture;
  ctaPrimary: { label: string; href: string };
  ctaSecondary: { label: string; href: string };
}

/** Three slides in each language, the same three stories. */
const DEMO_SLIDES: DemoSlide[] = [
  {
    locale: 'en',
    order: 1,
    title: 'A calm stay in the heart of Gulshan',
    subtitle: 'Residency · Gulshan 2, Dhaka',
    description: 'Quiet rooms, a front desk awake all night and honest prices in Taka, a short walk from Gulshan Lake.',
    picture: 'facade',
    ctaPrimary: { label: 'Book your stay', href: '/view-rates' },
    ctaSecondary: { label: 'Explore rooms', href: '/accommodation' },
  },
  {
    locale: 'en',
    order: 2,
    title: 'Dinner with the city all around you',
    subtitle: 'The rooftop terrace · every evening from 6 pm',
    description: 'Kebabs, grilled fish and the best cha in the house under the string lights, with Dhaka glowing below.',
    picture: 'rooftop-dining',
    ctaPrimary: { label: 'See the gallery', href: '/gallery' },
    ctaSecondary: { label: 'Read our stories', href: '/blog' },
  },
  {
    locale: 'en',
    order: 3,
    title: 'Weddings, holuds and conferences',
    subtitle: 'Padma Hall · Jamuna Room',
    description: 'Two halls for 20 to 400 guests, and a team that plans the food, the flowers and the details with you.',
    picture: 'hall-wedding',
    ctaPrimary: { label: 'Plan an event', href: '/events' },
    ctaSecondary: { label: 'Contact us', href: '/contact' },
  },
  {
    locale: 'bn',
    order: 1,
    title: 'গুলশানের প্রাণকেন্দ্রে নিরিবিলি থাকা',
    subtitle: 'রেসিডেন্সি · গুলশান ২, ঢাকা',
    description: 'শান্ত কক্ষ, সারা রাত খোলা ফ্রন্ট ডেস্ক আর টাকায় স্বচ্ছ দাম; গুলশান লেক থেকে হাঁটা পথ।',
    picture: 'facade',
    ctaPrimary: { label: 'রুম বুক করুন', href: '/view-rates' },
    ctaSecondary: { label: 'কক্ষগুলো দেখুন', href: '/accommodation' },
  },
  {
    locale: 'bn',
    order: 2,
    title: 'চারপাশে শহরের আলো, টেবিলে রাতের খাবার',
    subtitle: 'ছাদের টেরেস · প্রতি সন্ধ্যা ৬টা থেকে',
    description: 'ঝিকিমিকি আলোর নিচে কাবাব, গ্রিল করা মাছ আর বাড়ির সেরা চা, নিচে আলো-ঝলমলে ঢাকা।',
    picture: 'rooftop-dining',
    ctaPrimary: { label: 'গ্যালারি দেখুন', href: '/gallery' },
    ctaSecondary: { label: 'আমাদের গল্প পড়ুন', href: '/blog' },
  },
  {
    locale: 'bn',
    order: 3,
    title: 'বিয়ে, গায়েহলুদ আর সম্মেলন',
    subtitle: 'পদ্মা হল · যমুনা রুম',
    description: '২০ থেকে ৪০০ অতিথির জন্য দুটি হল, আর খাবার, ফুল ও খুঁটিনাটি আপনার সঙ্গে বসে সাজানোর মতো একটি দল।',
    picture: 'hall-wedding',
    ctaPrimary: { label: 'অনুষ্ঠানের পরিকল্পনা করুন', href: '/events' },
    ctaSecondary: { label: 'যোগাযোগ করুন', href: '/contact' },
  },
];

export interface DemoContentResult {
  slides: number;
  posts: number;
  gallery: number;
  /** Pictures drawn for the content (the rooms' and halls' are used again). */
  drawn: number;
  ms: number;
}

export interface DemoContentOptions {
  /** Size of the drawn pictures relative to 1920 × 1280 (tests draw them smaller). */
  scale?: number;
  /** Pictures drawn at once. */
  concurrency?: number;
}

/**
 * The demo slides, posts and gallery, unless any of them exists. Pictures are stored first; the
 * rows follow in one transaction, so a start cut off half-way leaves no half-made content.
 */
export async function seedDemoContent(db: Database, storage: Storage, options: DemoContentOptions = {}): Promise<DemoContentResult | null> {
  const counts = await Promise.all([blogs, galleryItems, heroSlides].map(async (table) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0));
  if (counts.some((n) => n > 0)) return null;
  const started = performance.now();

  const wanted = new Set<DemoPicture>([
    ...DEMO_GALLERY.map((g) => g.picture),
    ...DEMO_SLIDES.map((s) => s.picture),
    ...DEMO_POSTS.flatMap((p) => p.pictures),
  ]);
  const urls = new Map<DemoPicture, string>();
  const draw: [DemoPicture, () => string][] = [];

  // The halls' and rooms' pictures where the demo made them; drawn again only if a hotel's own
  // halls or categories stand in their place.
  const halls = await Promise.all(DEMO_HALLS.map(async (h) => (await db.select({ images: venues.images }).from(venues).where(eq(venues.name, h.hall.name)))[0]));
  const covers = await Promise.all(
    DEMO_CATEGORIES.map(async (c) => (await db.select({ images: roomCategories.images }).from(roomCategories).where(eq(roomCategories.name, c.name)))[0]),
  );
  for (const picture of wanted) {
    const scene = SCENES[picture];
    if (scene) {
      draw.push([picture, () => contentSceneSvg(scene)]);
    } else if (picture in HALL_PICTURES) {
      const { hall, picture: index } = HALL_PICTURES[picture as keyof typeof HALL_PICTURES];
      const url = halls[hall]?.images[index];
      const hallScene = DEMO_HALLS[hall]!.scenes[index] as HallSceneOptions;
      if (url) urls.set(picture, url);
      else draw.push([picture, () => hallSceneSvg(hallScene)]);
    } else {
      const index = Number(picture.slice('room-'.length));
      const url = covers[index]?.images[0];
      if (url) urls.set(picture, url);
      else draw.push([picture, () => roomSceneSvg(DEMO_CATEGORIES[index]!.scenes[0]!)]);
    }
  }
  const scale = options.scale ?? 1;
  const drawn = await mapLimit(draw, options.concurrency ?? 2, async ([, svg]) => {
    // A high-quality JPEG, which sharp decodes quickly for each of the WebP sizes.
    const jpeg = await sharp(Buffer.from(svg()), { density: 72 * scale }).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
    return (await storeImage(storage, jpeg)).url;
  });
  draw.forEach(([picture], i) => urls.set(picture, drawn[i]!));
  const url = (picture: DemoPicture) => urls.get(picture)!;

  const now = Date.now();
  const minutes = (n: number) => new Date(now - n * 60_000);
  await db.transaction(async (tx) => {
    await tx.insert(heroSlides).values(
      DEMO_SLIDES.map((s, i) => ({
        title: s.title,
        subtitle: s.subtitle,
        description: s.description,
        imageUrl: url(s.picture),
        ctaPrimary: s.ctaPrimary,
        ctaSecondary: s.ctaSecondary,
        sortOrder: s.order,
        active: true,
        locale: s.locale,
        createdAt: minutes(600 - i),
        updatedAt: minutes(600 - i),
      })),
    );
    await tx.insert(blogs).values(
      DEMO_POSTS.map((p) => ({
        title: p.title,
        description: sanitizeBlogHtml(p.html),
        category: p.tags,
        images: p.pictures.map(url),
        locale: p.locale,
        createdAt: minutes(p.daysAgo * 24 * 60),
        updatedAt: minutes(p.daysAgo * 24 * 60),
      })),
    );
    await tx.insert(galleryItems).values(DEMO_GALLERY.map((g, i) => ({ title: g.title, category: g.category, url: url(g.picture), createdAt: minutes(i + 1) })));
  });
  return { slides: DEMO_SLIDES.length, posts: DEMO_POSTS.length, gallery: DEMO_GALLERY.length, drawn: draw.length, ms: Math.round(performance.now() - started) };
}

async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
