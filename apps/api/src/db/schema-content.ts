/** Blogs, gallery items and hero slides (migration 0009_content). */
import { GALLERY_CATEGORIES } from '@residency/shared/gallery';
import { LANGUAGES } from '@residency/shared/event-kinds';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/**
 * The `language` type of migration 0007 (declared in schema.ts). Declared again here, unexported,
 * because this file is re-exported by schema.ts: importing it back would be a cycle.
 */
const contentLanguage = pgEnum('language', LANGUAGES);

export const galleryCategory = pgEnum('gallery_category', GALLERY_CATEGORIES);

/** A post of the hotel's blog (spec section 3, Blog). `category` holds its tags. */
export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** Rich text, sanitised by the blogs service before it is written. */
    description: text('description').notNull(),
    category: text('category').array().notNull().default([]),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** The language the post is written in. */
    locale: contentLanguage('locale').notNull().default('en'),
    ...timestamps,
  },
  (t) => [index('blogs_locale_created_idx').on(t.locale, t.createdAt), index('blogs_title_idx').on(t.title)],
);

/** A picture of the gallery (spec section 3, Gallery item). */
export const galleryItems = pgTable(
  'gallery_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    category: galleryCategory('category').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('gallery_items_category_created_idx').on(t.category, t.createdAt)],
);

/** A call to action of a hero slide. */
export interface HeroCtaValue {
  label: string;
  href: string;
}

/** A slide of the home page's carousel (spec section 3, Hero slide). */
export const heroSlides = pgTable(
  'hero_slides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    ctaPrimary: jsonb('cta_primary').$type<HeroCtaValue | null>(),
    ctaSecondary: jsonb('cta_secondary').$type<HeroCtaValue | null>(),
    /** The spec's `order`; a reserved word in SQL. */
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    locale: contentLanguage('locale').notNull().default('en'),
    ...timestamps,
  },
  (t) => [index('hero_slides_locale_order_idx').on(t.locale, t.sortOrder, t.createdAt)],
);
