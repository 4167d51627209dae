import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getSite } from '../../../lib/site';
import { PhotosPlaceholder, StoriesPlaceholder } from './home-placeholders';
import { HomeSection, LATER } from './home-section';

const PhotosList = lazy(() => import('./home-lists').then((m) => ({ default: m.PhotosList })));
const StoriesList = lazy(() => import('./home-lists').then((m) => ({ default: m.StoriesList })));

/** Highlight cards: translation key and a 24 × 24 stroke icon (inline: no icon library on the home page). */
const HIGHLIGHTS = [
  { id: 'location', icon: 'M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12zM12 11.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z' },
  { id: 'rooms', icon: 'M3 19V8M3 15h18v4M21 15v-2a3 3 0 0 0-3-3h-7v5M7 13a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z' },
  { id: 'dining', icon: 'M7 3v18M5 3v5a2 2 0 0 0 4 0V3M17 21V3c-2 1.5-3 4-3 7v3h3' },
  { id: 'events', icon: 'M4 5h16v10H4zM12 15v3M8 21l4-3 4 3M8 9h8M8 12h5' },
  { id: 'shuttle', icon: 'M5 17v-6l2-5h10l2 5v6M4 11h16M4 17h16M6 17v2M18 17v2M8 14h.01M16 14h.01' },
  { id: 'desk', icon: 'M4 17h16M6 17a6 6 0 0 1 12 0M12 11V8M10 8h4M3 20h18' },
] as const;

const FACTS = ['checkIn', 'checkOut', 'airport', 'desk'] as const;

/** The welcome, the events teaser, the gallery row, the latest stories, highlights, and the city and membership teasers. */
export default function BelowTheFold() {
  const { t } = useTranslation('home');
  const site = getSite();
  return (
    <>
      <section aria-labelledby="home-welcome" className={`${LATER} container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[3fr_2fr] lg:items-center`}>
        <div>
          <p className="text-sm font-semibold text-brand-700">{t('welcome.eyebrow')}</p>
          <h2 id="home-welcome" className="mt-2 font-display text-3xl text-brand-800 sm:text-4xl">
            {t('welcome.title')}
          </h2>
          <p className="mt-5 leading-relaxed text-slate-700">{t('welcome.p1', { name: site.name })}</p>
          <p className="mt-4 leading-relaxed text-slate-700">{t('welcome.p2')}</p>
        </div>
        <div className="card border-t-4 border-gold-400">
          <h3 className="font-display text-xl text-brand-800">{t('welcome.factsTitle')}</h3>
          <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-5">
            {FACTS.map((fact) => (
              <div key={fact}>
                <dt className="text-sm text-slate-600">{t(`welcome.${fact}Label`)}</dt>
                <dd className="mt-0.5 font-semibold text-brand-800">{t(`welcome.${fact}`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className={`${LATER} container-page`}>
        <section aria-labelledby="home-events" className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 to-brand-900 p-8 text-white sm:p-10 lg:flex lg:items-center lg:justify-between lg:gap-10" data-testid="home-events">
          <HallMark />
          <div className="relative max-w-2xl">
            <p className="text-sm font-semibold text-gold-300">{t('events.eyebrow')}</p>
            <h2 id="home-events" className="mt-2 font-display text-3xl sm:text-4xl">
              {t('events.title')}
            </h2>
            <p className="mt-3 leading-relaxed text-brand-50">{t('events.text')}</p>
          </div>
          <Link to="/events" className="btn-gold relative mt-6 shrink-0 px-6 py-3 text-base lg:mt-0">
            {t('events.link')}
          </Link>
        </section>
      </div>

      <HomeSection later id="home-gallery" title={t('gallery.title')} intro={t('gallery.intro')} link={{ to: '/gallery', label: t('gallery.all') }}>
        <Suspense fallback={<PhotosPlaceholder label={t('gallery.loading')} />}>
          <PhotosList />
        </Suspense>
      </HomeSection>

      <HomeSection later id="home-stories" title={t('stories.title')} intro={t('stories.intro')} link={{ to: '/blog', label: t('stories.all') }} tinted>
        <Suspense fallback={<StoriesPlaceholder label={t('stories.loading')} />}>
          <StoriesList />
        </Suspense>
      </HomeSection>

      <section aria-labelledby="home-highlights" className={`${LATER} py-12 sm:py-16`}>
        <div className="container-page">
          <h2 id="home-highlights" className="max-w-2xl font-display text-3xl text-brand-800 sm:text-4xl">
            {t('highlights.title')}
          </h2>
          <p className="mt-3 max-w-2xl text-slate-700">{t('highlights.intro')}</p>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {HIGHLIGHTS.map(({ id, icon }) => (
              <li key={id} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200/70">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-800 text-gold-300">
                  <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
                    <path d={icon} />
                  </svg>
                </span>
                <h3 className="mt-4 font-display text-xl text-brand-800">{t(`highlights.${id}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{t(`highlights.${id}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className={`${LATER} container-page grid gap-6 lg:grid-cols-2`}>
        <section aria-labelledby="home-city" className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-8 text-white sm:p-10">
          <CityMark />
          <h2 id="home-city" className="relative font-display text-3xl">{t('city.title')}</h2>
          <p className="relative mt-3 max-w-md leading-relaxed text-brand-50">{t('city.text')}</p>
          <Link to="/our-city" className="btn-gold relative mt-6">
            {t('city.link')}
          </Link>
        </section>
        <section aria-labelledby="home-membership" className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-gold-300 to-gold-400 p-8 text-brand-900 sm:p-10">
          <div aria-hidden="true" className="absolute -right-10 -bottom-10 h-48 w-48 rounded-full border-[18px] border-white/30" />
          <h2 id="home-membership" className="relative font-display text-3xl">{t('membership.title')}</h2>
          <p className="relative mt-3 max-w-md leading-relaxed">{t('membership.text')}</p>
          <Link to="/membership-benefits" className="btn-primary relative mt-6">
            {t('membership.link')}
          </Link>
        </section>
      </div>
    </>
  );
}

/** Rows of chairs before a small stage: a mark for the events teaser. */
function HallMark() {
  return (
    <svg
      viewBox="0 0 200 140"
      className="pointer-events-none absolute -right-6 -bottom-6 h-44 w-60 text-white opacity-10"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M40 30h120v18H40zM60 48v10M140 48v10" />
      <path d="M30 80h24M70 80h24M110 80h24M150 80h24M30 104h24M70 104h24M110 104h24M150 104h24M34 80v10M50 80v10M74 80v10M90 80v10M114 80v10M130 80v10M154 80v10M170 80v10" />
    </svg>
  );
}

/** A lake, a boat and a rickshaw wheel: a small mark for the city teaser. */
function CityMark() {
  return (
    <svg
      viewBox="0 0 200 140"
      className="pointer-events-none absolute -right-6 -bottom-4 h-40 w-56 text-white opacity-15"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="150" cy="40" r="22" />
      <path d="M150 18v44M128 40h44M134 24l32 32M166 24l-32 32" strokeWidth="2" />
      <path d="M20 100c20-8 40 8 60 0s40-8 60 0 40 8 60 0M20 120c20-8 40 8 60 0s40-8 60 0 40 8 60 0" />
      <path d="M40 88h70l-12 10H52zM75 88V58l22 26z" />
    </svg>
  );
}
