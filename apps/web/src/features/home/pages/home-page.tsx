import type { THeroSlide } from '@residency/shared/hero-slides';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { afterFirstPaint } from '../../../lib/after-first-paint';
import { getSite } from '../../../lib/site';
import { HeroCarousel } from '../components/hero-carousel';
import { HomeSection } from '../components/home-section';
import { RoomsPlaceholder } from '../components/home-placeholders';
import { inlinedHeroSlides, settledHeroSlides, takeHeroSlides } from '../hero-slides-request';

/**
 * The lists (room types, gallery, stories): one chunk, fetched once the first paint is done, into
 * places drawn at their size.
 */
const RoomsList = lazy(() => import('../components/home-lists').then((m) => ({ default: m.RoomsList })));
/** The rest of the page (below the first screen) and its lists: a chunk of its own, after the first paint. */
const BelowTheFold = lazy(() => import('../components/below-the-fold'));

/** The active slides of a language; undefined while they load, none when they could not be fetched. */
function useHeroSlides(lng: string): THeroSlide[] | undefined {
  const [loaded, setLoaded] = useState<{ lng: string; slides: THeroSlide[] } | null>(() => {
    const slides = inlinedHeroSlides(lng) ?? settledHeroSlides(lng);
    return slides ? { lng, slides } : null;
  });
  const have = loaded?.lng === lng;
  useEffect(() => {
    if (have) return;
    let live = true;
    takeHeroSlides(lng).then(
      (slides) => live && setLoaded({ lng, slides }),
      // Without slides the hero shows the hotel's own words: a failed request is no empty page.
      () => live && setLoaded({ lng, slides: [] }),
    );
    return () => {
      live = false;
    };
  }, [lng, have]);
  return have ? loaded.slides : undefined;
}

/**
 * True once the page has been painted and the browser is idle (what loads then is not in the
 * first paint). A transition: React renders what it brings in slices, between which the browser
 * can answer a tap, instead of one long task.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}

/**
 * The home page: the hero slides of the reader's language (the layout's booking bar above them on
 * large screens, as on every public page), the room types with their prices and Book, a welcome, the events teaser, a gallery row, the latest
 * stories, highlights, and the city and membership teasers. Everything that arrives later is
 * drawn at its final size in the first paint, so nothing moves (no layout shift).
 */
export default function HomePage() {
  const { t, i18n } = useTranslation('home');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const slides = useHeroSlides(lng);
  const painted = usePainted();

  useEffect(() => {
    document.title = `${site.name} | ${t('meta.title')}`;
  }, [t, site.name]);

  return (
    <>
      {/* The page's name for search engines and screen readers; what the eye reads first is the
          slide (whose own subtitle often names the hotel already). Outside the carousel: the
          focus a navigation puts on it must not stop the slides. */}
      <h1 className="sr-only">
        {site.name} · {t('hero.eyebrow')}
      </h1>
      <HeroCarousel key={lng} slides={slides} />

      <HomeSection id="home-rooms" title={t('rooms.title')} intro={t('rooms.intro')} link={{ to: '/accommodation', label: t('rooms.all') }}>
        <AfterPaint painted={painted} placeholder={<RoomsPlaceholder label={t('rooms.loading')} />}>
          <RoomsList />
        </AfterPaint>
      </HomeSection>

      {/* The rest of the page is below the first screen: drawn once the first paint is done (in
          slices, see usePainted), its place held meanwhile so the footer stays out of view. */}
      {painted ? (
        <Suspense fallback={<BelowTheFoldPlace />}>
          <BelowTheFold />
        </Suspense>
      ) : (
        <BelowTheFoldPlace />
      )}
    </>
  );
}

/** Holds the place of the rest of the page until it is drawn: the footer stays out of view meanwhile. */
function BelowTheFoldPlace() {
  return <div className="min-h-[250vh]" aria-hidden="true" />;
}

/** The placeholder until the first paint is done, then the list (its code and data) in its place. */
function AfterPaint({ painted, placeholder, children }: { painted: boolean; placeholder: ReactNode; children: ReactNode }) {
  return painted ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
