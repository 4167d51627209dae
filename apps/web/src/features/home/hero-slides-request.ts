import type { THeroSlide } from '@residency/shared/hero-slides';
import { imageSrcSet, imageVariant } from '@residency/shared/image-sizes';
import { preload } from 'react-dom';

/**
 * The home page's hero slides come with a plain `fetch`, not RTK Query: they are drawn in the
 * first paint, whose code must stay within its budget (RTK Query's client is loaded after the
 * first paint, for the lists further down).
 */

/** How wide the hero image is drawn: the whole width of the screen. */
export const HERO_SIZES = '100vw';

/** Asked for as the home page's code starts to load (see takeHeroSlides), per language. */
const early = new Map<string, Promise<THeroSlide[]>>();
/** The early answers that have arrived: the page's first render can show them at once. */
const settled = new Map<string, THeroSlide[]>();

async function fetchHeroSlides(lng: string): Promise<THeroSlide[]> {
  const response = await fetch(`/api/hero-slides?locale=${encodeURIComponent(lng)}`);
  if (!response.ok) throw new Error(`hero slides: ${response.status}`);
  const body = (await response.json()) as { data?: THeroSlide[] };
  const slides = Array.isArray(body.data) ? body.data : [];
  // The first slide's picture is the page's largest paint: its download starts now, at the
  // width the screen needs, ahead of everything else the page asks for.
  const first = slides[0];
  if (first) preloadHeroImage(first.imageUrl);
  return slides;
}

/** `<link rel=preload as=image imagesrcset imagesizes fetchpriority=high>` of a hero picture. */
export function preloadHeroImage(url: string) {
  const srcSet = imageSrcSet(url);
  preload(srcSet ? imageVariant(url, 1280) : url, {
    as: 'image',
    fetchPriority: 'high',
    ...(srcSet ? { imageSrcSet: srcSet, imageSizes: HERO_SIZES } : {}),
  });
}

/** The element the server may write the slides into, as it writes the site's facts (site.ts). */
const INLINE_ID = 'hero-slides';

/**
 * The slides of a language written into the page by the server
 * (`<script type="application/json" id="hero-slides" data-lang="en">[…]</script>`), read once:
 * with them the first render already shows the first slide, whose picture the server also
 * preloads, so the page's largest paint waits for no request. Undefined when there are none
 * (or for another language).
 */
export function inlinedHeroSlides(lng: string): THeroSlide[] | undefined {
  const node = typeof document === 'undefined' ? null : document.getElementById(INLINE_ID);
  if (!node || node.dataset.lang !== lng) return undefined;
  node.remove();
  try {
    const slides = JSON.parse(node.textContent ?? '') as unknown;
    return Array.isArray(slides) ? (slides as THeroSlide[]) : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the request of a language's slides before the page renders (from its module's start). */
export function requestHeroSlides(lng: string): void {
  const inlined = document.getElementById(INLINE_ID)?.dataset.lang === lng;
  if (inlined || early.has(lng)) return;
  const request = fetchHeroSlides(lng);
  early.set(lng, request);
  request.then((slides) => early.get(lng) === request && settled.set(lng, slides)).catch(() => undefined);
}

/**
 * The early answer when it has already arrived (the usual case: the slides are a small answer,
 * the page's code and texts are more), used once; undefined otherwise.
 */
export function settledHeroSlides(lng: string): THeroSlide[] | undefined {
  const slides = settled.get(lng);
  if (slides) {
    settled.delete(lng);
    early.delete(lng);
  }
  return slides;
}

/**
 * The slides of a language: the request started early when there is one (used once: a later
 * visit of the home page asks again, so it shows what an admin changed since), else a new one.
 */
export function takeHeroSlides(lng: string): Promise<THeroSlide[]> {
  const started = early.get(lng);
  early.delete(lng);
  settled.delete(lng);
  return started ?? fetchHeroSlides(lng);
}
