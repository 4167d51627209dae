import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MailIcon, MapPinIcon, PhoneIcon } from '../../../components/icons';
import { getSite } from '../../../lib/site';

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

/** The home page: hero, welcome, highlights, city and membership teasers, contact strip. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const site = getSite();

  useEffect(() => {
    document.title = `${site.name} | ${t('meta.title')}`;
  }, [t, site.name]);

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div aria-hidden="true" className="pointer-events-none absolute right-[10%] bottom-12 h-14 w-14 rounded-full bg-gold-300/80 shadow-[0_0_90px_40px_rgba(240,211,138,0.22)] sm:right-[14%] sm:bottom-32 sm:h-24 sm:w-24 lg:bottom-36 lg:h-28 lg:w-28" />
        <div className="container-page relative pt-14 pb-36 sm:pt-24 sm:pb-44 lg:pb-52">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase [&:lang(bn)]:tracking-normal">
            {t('hero.eyebrow')}
          </p>
          <h1 className="mt-3 font-display text-5xl leading-tight sm:text-6xl lg:text-7xl">{site.name}</h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-brand-50 sm:text-xl">{t('hero.promise')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/accommodation" className="btn-gold px-6 py-3 text-base">
              {t('hero.exploreRooms')}
            </Link>
            <Link to="/contact" className="inline-flex items-center justify-center rounded-full border border-white/80 px-6 py-3 text-base font-semibold text-white transition-colors hover:bg-white/10">
              {t('hero.contact')}
            </Link>
          </div>
        </div>
        <Skyline />
      </section>

      <section aria-labelledby="home-welcome" className="container-page grid gap-10 py-14 sm:py-20 lg:grid-cols-[3fr_2fr] lg:items-center">
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

      <section aria-labelledby="home-highlights" className="bg-white py-14 sm:py-20">
        <div className="container-page">
          <h2 id="home-highlights" className="max-w-2xl font-display text-3xl text-brand-800 sm:text-4xl">
            {t('highlights.title')}
          </h2>
          <p className="mt-3 max-w-2xl text-slate-700">{t('highlights.intro')}</p>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {HIGHLIGHTS.map(({ id, icon }) => (
              <li key={id} className="rounded-2xl bg-sand-50 p-6 ring-1 ring-slate-200/70">
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

      <div className="container-page grid gap-6 py-14 sm:py-20 lg:grid-cols-2">
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

      <section aria-labelledby="home-contact" className="container-page">
        <div className="rounded-3xl bg-brand-50 p-8 ring-1 ring-brand-100 sm:p-10 lg:flex lg:items-center lg:justify-between lg:gap-10">
          <div className="max-w-md">
            <h2 id="home-contact" className="font-display text-2xl text-brand-800 sm:text-3xl">
              {t('contact.title')}
            </h2>
            <p className="mt-2 text-slate-700">{t('contact.text')}</p>
          </div>
          <ul className="mt-6 space-y-3 text-sm lg:mt-0">
            <li className="flex gap-3">
              <MapPinIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              <span>
                <span className="sr-only">{t('contact.address')}: </span>
                {site.address}
              </span>
            </li>
            <li>
              <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`} className="inline-flex gap-3 font-medium text-brand-800 hover:underline">
                <PhoneIcon className="h-5 w-5 shrink-0 text-brand-700" />
                <span className="sr-only">{t('contact.phone')}: </span>
                {site.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.email}`} className="inline-flex gap-3 font-medium break-all text-brand-800 hover:underline">
                <MailIcon className="h-5 w-5 shrink-0 text-brand-700" />
                <span className="sr-only">{t('contact.email')}: </span>
                {site.email}
              </a>
            </li>
          </ul>
          <Link to="/contact" className="btn-primary mt-6 shrink-0 lg:mt-0">
            {t('contact.link')}
          </Link>
        </div>
      </section>
    </>
  );
}

/** A stylised Dhaka skyline (towers, a mosque, Kahn's parliament) fading into the page below. */
function Skyline() {
  return (
    <svg
      viewBox="0 0 1280 200"
      preserveAspectRatio="xMidYMax slice"
      className="absolute inset-x-0 bottom-0 h-32 w-full sm:h-40 lg:h-48"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="#fff"
        fillOpacity=".07"
        d="M0 200V130H40V95H70V115H120V70H145V105H190V80H250V120H280V60H320V100H375V85H410V125H460V50H490V90H535V110H595V75H635V100H665V65H720V115H765V82H800V104H850V55H890V95H950V112H980V72H1025V108H1080V88H1120V62H1155V102H1205V80H1250V116H1290V200Z"
      />
      <g fill="#fff" fillOpacity=".13">
        <path d="M515 160v-38h90v38zM520 122a40 40 0 0 1 80 0zM558 82h4v-10h-4zM498 160V96l5-8 5 8v64zM612 160V96l5-8 5 8v64z" />
        <path fillRule="evenodd" d="M860 160V100h150v60zM935 112a16 16 0 1 0 0 32 16 16 0 0 0 0-32zM880 150l20-34 20 34zM970 150l20-34 20 34z" />
      </g>
      <path
        fill="#fff"
        fillOpacity=".1"
        d="M0 200V160H60V138H100V152H170V125H205V145H255V156H335V130H380V148H435V134H500V154H540V142H615V120H665V150H725V136H770V158H840V128H880V146H935V140H1000V152H1050V132H1110V150H1155V144H1225V154H1280V200Z"
      />
      <path fill="#fbf8f2" d="M0 200v-26c110-14 220 10 330-2s210-16 320-2 220 12 320-2 210-10 310 4v28z" />
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
