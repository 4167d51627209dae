import type { TLanguage } from '@residency/shared/event-kinds';
import { heroCta, type THeroCta, type THeroSlide, type ZHeroSlideCreate, type ZHeroSlideUpdate } from '@residency/shared/hero-slides';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteHeroSlide, insertHeroSlides, lastHeroSlideChange, listHeroSlides, updateHeroSlide, type HeroSlideRow, type NewHeroSlide } from './hero-slides.repository.ts';

function presentHeroSlide(row: HeroSlideRow): THeroSlide {
  return {
    _id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    imageUrl: row.imageUrl,
    ctaPrimary: row.ctaPrimary ?? null,
    ctaSecondary: row.ctaSecondary ?? null,
    order: row.sortOrder,
    active: row.active,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A call to action as stored (spec section 5): none without a label or a link, and a link that
 * defaults to '#'. The contract fills a missing link with '#', so a bare '#' counts as no link.
 */
function storedCta(cta: THeroCta | null | undefined): THeroCta | null {
  if (!cta) return null;
  return heroCta(cta.label, cta.href === '#' ? '' : cta.href) ?? null;
}

const notFound = () => AppError.notFound('This hero slide does not exist.', 'HERO_SLIDE_NOT_FOUND');

export async function getHeroSlides(db: Database, filter: { includeInactive: boolean; locale?: TLanguage }): Promise<THeroSlide[]> {
  return (await listHeroSlides(db, filter)).map(presentHeroSlide);
}

/** When any slide, active or not, was last changed (the home page's sitemap date); null without slides. */
export function heroSlidesChangedAt(db: Database): Promise<Date | null> {
  return lastHeroSlideChange(db);
}

export async function createHeroSlide(db: Database, input: z.output<typeof ZHeroSlideCreate>): Promise<THeroSlide> {
  const [row] = await insertHeroSlides(db, [
    {
      title: input.title,
      subtitle: input.subtitle,
      description: input.description,
      imageUrl: input.imageUrl,
      ctaPrimary: storedCta(input.ctaPrimary),
      ctaSecondary: storedCta(input.ctaSecondary),
      sortOrder: input.order,
      active: input.active,
      locale: input.locale,
    },
  ]);
  return presentHeroSlide(row!);
}

/** What is sent replaces what was there; a call to action sent as null (or empty) is removed. */
export async function changeHeroSlide(db: Database, id: string, input: z.output<typeof ZHeroSlideUpdate>): Promise<THeroSlide> {
  const values: Partial<NewHeroSlide> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.subtitle !== undefined) values.subtitle = input.subtitle;
  if (input.description !== undefined) values.description = input.description;
  if (input.imageUrl !== undefined) values.imageUrl = input.imageUrl;
  if (input.ctaPrimary !== undefined) values.ctaPrimary = storedCta(input.ctaPrimary);
  if (input.ctaSecondary !== undefined) values.ctaSecondary = storedCta(input.ctaSecondary);
  if (input.order !== undefined) values.sortOrder = input.order;
  if (input.active !== undefined) values.active = input.active;
  if (input.locale !== undefined) values.locale = input.locale;
  const row = await updateHeroSlide(db, id, values);
  if (!row) throw notFound();
  return presentHeroSlide(row);
}

export async function removeHeroSlide(db: Database, id: string): Promise<void> {
  if (!(await deleteHeroSlide(db, id))) throw notFound();
}
