import type { TLanguage } from '@residency/shared/event-kinds';
import { heroCta, type THeroSlide, type THeroSlideCreate } from '@residency/shared/hero-slides';

/** What the hero slide form holds. */
export interface HeroSlideFormValues {
  title?: string;
  subtitle?: string;
  description?: string;
  primaryLabel?: string;
  primaryHref?: string;
  secondaryLabel?: string;
  secondaryHref?: string;
  /** An InputNumber: null when cleared. */
  order?: number | string | null;
  active?: boolean;
  locale?: TLanguage;
}

export const NEW_SLIDE: HeroSlideFormValues = { order: 0, active: true, locale: 'en' };

/** The form's values for a stored slide (the edit page). */
export function heroSlideFormValuesOf(slide: THeroSlide): HeroSlideFormValues {
  return {
    title: slide.title,
    subtitle: slide.subtitle,
    description: slide.description,
    primaryLabel: slide.ctaPrimary?.label ?? '',
    primaryHref: slide.ctaPrimary?.href ?? '',
    secondaryLabel: slide.ctaSecondary?.label ?? '',
    secondaryHref: slide.ctaSecondary?.href ?? '',
    order: slide.order,
    active: slide.active,
    locale: slide.locale,
  };
}

/** Order as the spec coerces it: a number, 0 when empty or not a number. */
export function slideOrder(value: HeroSlideFormValues['order']): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/**
 * The body of `POST /api/hero-slides` (and of the PATCH, which replaces every field) with the
 * spec's coercions (section 5): a call to action only when its label or link is given, its link
 * '#' when left empty; order a number (default 0); active a boolean; locale en unless chosen.
 */
export function heroSlidePayload(values: HeroSlideFormValues, imageUrl: string): Required<THeroSlideCreate> {
  return {
    title: (values.title ?? '').trim(),
    subtitle: (values.subtitle ?? '').trim(),
    description: (values.description ?? '').trim(),
    imageUrl,
    ctaPrimary: heroCta(values.primaryLabel, values.primaryHref),
    ctaSecondary: heroCta(values.secondaryLabel, values.secondaryHref),
    order: slideOrder(values.order),
    active: values.active !== false,
    locale: values.locale ?? 'en',
  };
}

/**
 * Whether a button's link can go on the home page: a site path ('/events'), an anchor ('#rooms')
 * or an http(s) address. Anything else ('javascript:…', 'www.example.com' without a scheme) is
 * refused in the form. Empty is fine (the spec's default '#').
 */
export function ctaLinkAllowed(href: string | undefined): boolean {
  const text = (href ?? '').trim();
  if (!text) return true;
  if (/\s/.test(text)) return false;
  return (text.startsWith('/') && !text.startsWith('//')) || text.startsWith('#') || /^https?:\/\/[^/\s]+/i.test(text);
}
