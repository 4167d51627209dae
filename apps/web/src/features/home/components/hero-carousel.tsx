import type { THeroSlide } from '@residency/shared/hero-slides';
import { imageSrcSet } from '@residency/shared/image-sizes';
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMediaQuery } from '../../../lib/use-media-query';
import { HERO_SIZES, preloadHeroImage } from '../hero-slides-request';

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
/**
 * "1 / 3" in the reader's digits without an Intl formatter: the first one a page builds costs
 * more time than the whole carousel, and this is in the first paint.
 */
const smallNumber = (value: number, lng: string) =>
  lng === 'bn' ? String(value).replace(/\d/g, (d) => BENGALI_DIGITS[Number(d)]!) : String(value);

/** How long a slide stays before the next one, when the slides turn by themselves. */
const SLIDE_MS = 7000;
/** A swipe shorter than this is a tap. */
const SWIPE_PX = 40;

/**
 * The hero's box: the same height from the first paint whatever arrives in it (slides, their
 * pictures, or nothing), so nothing below it moves.
 */
const HERO_BOX = 'relative isolate h-[32rem] overflow-hidden bg-brand-900 text-white sm:h-[34rem] lg:h-[38rem]';

/**
 * The home page's hero: the active slides of the reader's language in a carousel (WAI-ARIA
 * carousel pattern): previous and next buttons, a pause button while the slides turn by
 * themselves (never for a reader who asks for reduced motion; they also stop while the pointer
 * or the keyboard focus is in the hero), swipes, and each slide's calls to action. The first
 * slide's picture is the page's largest paint: preloaded, high priority, at the width the screen
 * needs; the other pictures are fetched once it has arrived. `slides` undefined: still loading.
 * (Keyed by language by its page: new slides start at the first.)
 */
export function HeroCarousel({ slides }: { slides: THeroSlide[] | undefined }) {
  const { t, i18n } = useTranslation('home');
  const lng = i18n.resolvedLanguage ?? 'en';
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // Hover or keyboard focus in the hero: the slides wait for the reader.
  const [holding, setHolding] = useState(false);
  // The first picture has the bandwidth to itself; then the next slide's is fetched ahead of
  // its turn (and each later one when the slide before it shows).
  const [warm, setWarm] = useState(false);
  const [reached, setReached] = useState(0);
  const swipeX = useRef<number | null>(null);
  const total = slides?.length ?? 0;
  const current = total ? Math.min(index, total - 1) : 0;
  const turning = total > 1 && !reducedMotion && !paused;
  if (current > reached) setReached(current);

  useEffect(() => {
    if (!turning || holding) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((i) => (i + 1) % total);
    }, SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [turning, holding, total]);

  if (!slides) return <HeroFrame loading />;
  if (total === 0) return <HeroFallback />;

  const first = slides[0]!;
  preloadHeroImage(first.imageUrl);
  const go = (to: number) => setIndex(((to % total) + total) % total);
  const n = (value: number) => smallNumber(value, lng);
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') swipeX.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipeX.current;
    swipeX.current = null;
    if (start === null || Math.abs(e.clientX - start) < SWIPE_PX) return;
    go(e.clientX < start ? current + 1 : current - 1);
  };

  return (
    <section
      aria-roledescription={t('hero.carousel')}
      aria-label={t('hero.label')}
      className={HERO_BOX}
      data-testid="hero"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHolding(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHolding(false)}
      onFocus={() => setHolding(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHolding(false);
      }}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipeX.current = null)}
    >
      {/* Announced when the reader changes the slide, not every few seconds while they turn. */}
      <div id="hero-slides" aria-live={turning && !holding ? 'off' : 'polite'} className="absolute inset-0">
        {slides.map((slide, i) => {
          const active = i === current;
          return (
            <div
              key={slide._id}
              role="group"
              aria-roledescription={t('hero.slide')}
              aria-label={t('hero.slideOf', { index: n(i + 1), total: n(total) })}
              aria-hidden={!active}
              inert={!active}
              data-testid="hero-slide"
              data-active={active}
              className={`absolute inset-0 isolate transition-[opacity,visibility] duration-700 motion-reduce:transition-none ${active ? 'visible opacity-100' : 'invisible opacity-0'}`}
            >
              {(i === 0 || (warm && i <= reached + 1)) && (
                <img
                  src={slide.imageUrl}
                  srcSet={imageSrcSet(slide.imageUrl)}
                  sizes={HERO_SIZES}
                  width={1280}
                  height={853}
                  alt=""
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                  draggable={false}
                  onLoad={i === 0 ? () => setWarm(true) : undefined}
                  className="absolute inset-0 -z-10 h-full w-full object-cover"
                />
              )}
              <SlideText slide={slide} />
            </div>
          );
        })}
      </div>
      {total > 1 && (
        <div className="absolute right-4 bottom-5 flex items-center gap-2 sm:right-6" data-testid="hero-controls">
          <button type="button" className={ROUND_BUTTON} onClick={() => go(current - 1)} aria-label={t('hero.previous')} aria-controls="hero-slides" data-testid="hero-previous">
            <Chevron back />
          </button>
          <p className="min-w-14 text-center text-sm font-semibold tabular-nums" data-testid="hero-counter">
            <span className="sr-only">{t('hero.counterLabel')} </span>
            {t('hero.counter', { index: n(current + 1), total: n(total) })}
          </p>
          <button type="button" className={ROUND_BUTTON} onClick={() => go(current + 1)} aria-label={t('hero.next')} aria-controls="hero-slides" data-testid="hero-next">
            <Chevron />
          </button>
          {!reducedMotion && (
            <button type="button" className={ROUND_BUTTON} onClick={() => setPaused((p) => !p)} aria-label={paused ? t('hero.play') : t('hero.pause')} data-testid="hero-pause">
              {paused ? <PlayIcon /> : <PauseIcon />}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

const ROUND_BUTTON =
  'flex h-11 w-11 items-center justify-center rounded-full bg-white/15 text-white ring-1 ring-white/40 backdrop-blur-sm transition-colors hover:bg-white/25';

/** A slide's words over the darkened lower part of its picture, and its calls to action. */
function SlideText({ slide }: { slide: THeroSlide }) {
  return (
    <>
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-t from-brand-900/95 via-brand-900/60 to-brand-900/10 lg:bg-gradient-to-r lg:from-brand-900/90 lg:via-brand-900/55 lg:to-transparent" />
      <div className="container-page flex h-full flex-col justify-end pb-20 sm:pb-24 lg:justify-center lg:pb-0">
        <div className="max-w-2xl">
          {slide.subtitle && <p className="text-sm font-semibold text-gold-300 sm:text-base">{slide.subtitle}</p>}
          <h2 className="mt-2 font-display text-4xl leading-tight [text-wrap:balance] sm:text-5xl lg:text-6xl">{slide.title}</h2>
          {slide.description && <p className="mt-4 line-clamp-3 max-w-xl text-base leading-relaxed text-brand-50 sm:text-lg">{slide.description}</p>}
          {(slide.ctaPrimary || slide.ctaSecondary) && (
            <div className="mt-6 flex flex-wrap gap-3">
              {slide.ctaPrimary && <CallToAction cta={slide.ctaPrimary} primary />}
              {slide.ctaSecondary && <CallToAction cta={slide.ctaSecondary} />}
            </div>
          )}
        </div>
      </div>
    </>
  );
}

/** A call to action: a page of the site through the router, any other address as a plain link. */
function CallToAction({ cta, primary = false }: { cta: { label: string; href: string }; primary?: boolean }) {
  const className = primary
    ? 'btn-gold px-6 py-3 text-base'
    : 'inline-flex items-center justify-center rounded-full border border-white/80 px-6 py-3 text-base font-semibold text-white transition-colors hover:bg-white/10';
  const label = cta.label || cta.href;
  if (cta.href.startsWith('/') && !cta.href.startsWith('//')) {
    return (
      <Link to={cta.href} className={className} data-testid="hero-cta">
        {label}
      </Link>
    );
  }
  const external = /^https?:\/\//i.test(cta.href);
  return (
    <a href={cta.href} className={className} data-testid="hero-cta" {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {label}
    </a>
  );
}

/** The hero's box before the slides have arrived: the same size, bars where the words will be. */
function HeroFrame({ loading = false, children }: { loading?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('home');
  return (
    <section aria-label={t('hero.label')} aria-busy={loading || undefined} className={HERO_BOX} data-testid="hero">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700" />
      {children ?? (
        <div className="container-page flex h-full flex-col justify-end pb-20 sm:pb-24 lg:justify-center lg:pb-0" aria-hidden="true">
          <div className="max-w-2xl animate-pulse motion-reduce:animate-none">
            <div className="h-4 w-48 rounded bg-white/15" />
            <div className="mt-4 h-10 w-11/12 rounded bg-white/15 sm:h-12" />
            <div className="mt-3 h-10 w-2/3 rounded bg-white/15 sm:h-12" />
            <div className="mt-6 h-4 w-full max-w-xl rounded bg-white/10" />
            <div className="mt-2 h-4 w-4/5 max-w-xl rounded bg-white/10" />
          </div>
        </div>
      )}
    </section>
  );
}

/** No active slide in this language (or none could be fetched): the hotel's own words. */
function HeroFallback() {
  const { t } = useTranslation('home');
  return (
    <HeroFrame>
      <div className="container-page flex h-full flex-col justify-end pb-20 sm:pb-24 lg:justify-center lg:pb-0" data-testid="hero-fallback">
        <div className="max-w-2xl">
          <h2 className="font-display text-4xl leading-tight sm:text-5xl lg:text-6xl">{t('hero.fallbackTitle')}</h2>
          <p className="mt-4 max-w-xl text-base leading-relaxed text-brand-50 sm:text-lg">{t('hero.promise')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <CallToAction cta={{ label: t('hero.exploreRooms'), href: '/accommodation' }} primary />
            <CallToAction cta={{ label: t('hero.contact'), href: '/contact' }} />
          </div>
        </div>
      </div>
    </HeroFrame>
  );
}

/** (Drawn here: the first paint's code carries no icon module.) */
const Chevron = ({ back = false }: { back?: boolean }) => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d={back ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
  </svg>
);
const PauseIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
  </svg>
);
const PlayIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M8 5.5v13l10.5-6.5z" />
  </svg>
);
