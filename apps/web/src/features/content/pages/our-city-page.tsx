import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getSite } from '../../../lib/site';

/** Card sections of the guide, in reading order; `tags` shows a short distance or time line. */
const SECTIONS = [
  { id: 'near', tags: true, cards: ['lakePark', 'circles', 'baridhara', 'jamuna', 'bashundhara'] },
  { id: 'oldDhaka', tags: false, cards: ['lalbagh', 'ahsanManzil', 'sadarghat', 'armenianChurch', 'starMosque'] },
  { id: 'culture', tags: false, cards: ['nationalMuseum', 'liberationWar', 'parliament'] },
  { id: 'food', tags: false, cards: ['kacchi', 'fuchka', 'bhorta', 'pitha'] },
  { id: 'transport', tags: false, cards: ['rideHailing', 'cng', 'metro', 'rickshaw'] },
] as const;

const SEASONS = [
  { id: 'winter', tone: 'bg-brand-800 text-white', best: true },
  { id: 'summer', tone: 'bg-white text-slate-800 ring-1 ring-slate-200', best: false },
  { id: 'monsoon', tone: 'bg-white text-slate-800 ring-1 ring-slate-200', best: false },
] as const;

const TIPS = ['weekend', 'money', 'sim', 'dress', 'water', 'bargain', 'emergency'] as const;

const NAV = [...SECTIONS.map((s) => s.id), 'seasons', 'tips'] as const;

/** A visitor's guide to Dhaka and Gulshan (`/our-city`). */
export default function OurCityPage() {
  const { t } = useTranslation('city');
  const site = getSite();

  useEffect(() => {
    document.title = `${t('meta.title')} | ${site.name}`;
  }, [t, site.name]);

  return (
    <>
      <div className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[3fr_2fr]">
          <div>
            <h1 className="font-display text-4xl sm:text-5xl">{t('title')}</h1>
            <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-50">{t('intro')}</p>
          </div>
          <AreaMap hotel={site.name} labels={t('map', { returnObjects: true }) as MapLabels} />
        </div>
      </div>

      <nav aria-labelledby="city-toc" className="border-b border-slate-200 bg-white">
        <div className="container-page flex flex-wrap items-center gap-x-2 gap-y-2 py-4 text-sm">
          <h2 id="city-toc" className="mr-2 font-semibold text-slate-700">
            {t('onThisPage')}
          </h2>
          {NAV.map((id) => (
            <a key={id} href={`#city-${id}`} className="rounded-full bg-brand-50 px-3 py-1 text-brand-800 hover:bg-brand-100">
              {t(`${id}.title`)}
            </a>
          ))}
        </div>
      </nav>

      {SECTIONS.map((section, index) => (
        <section
          key={section.id}
          id={`city-${section.id}`}
          aria-labelledby={`city-${section.id}-title`}
          className={`scroll-mt-20 py-12 sm:py-16 ${index % 2 === 1 ? 'bg-white' : ''}`}
        >
          <div className="container-page">
            <h2 id={`city-${section.id}-title`} className="font-display text-3xl text-brand-800">
              {t(`${section.id}.title`)}
            </h2>
            <p className="mt-3 max-w-3xl leading-relaxed text-slate-700">{t(`${section.id}.intro`)}</p>
            <ul className={`mt-8 grid gap-5 sm:grid-cols-2 ${section.cards.length === 4 ? '' : 'lg:grid-cols-3'}`}>
              {section.cards.map((card) => (
                <li key={card} className={`card ${index % 2 === 1 ? 'bg-sand-50' : ''}`}>
                  {section.tags && (
                    <p className="mb-2 inline-block rounded-full bg-gold-300/60 px-3 py-0.5 text-xs font-semibold text-brand-900">
                      {t(`${section.id}.cards.${card}.tag`)}
                    </p>
                  )}
                  <h3 className="font-display text-xl text-brand-800">{t(`${section.id}.cards.${card}.title`)}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-700">{t(`${section.id}.cards.${card}.text`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}

      <section id="city-seasons" aria-labelledby="city-seasons-title" className="scroll-mt-20 py-12 sm:py-16">
        <div className="container-page">
          <h2 id="city-seasons-title" className="font-display text-3xl text-brand-800">
            {t('seasons.title')}
          </h2>
          <p className="mt-3 max-w-3xl leading-relaxed text-slate-700">{t('seasons.intro')}</p>
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {SEASONS.map(({ id, tone, best }) => (
              <li key={id} className={`rounded-2xl p-6 shadow-sm ${tone}`}>
                {best && (
                  <p className="mb-2 inline-block rounded-full bg-gold-400 px-3 py-0.5 text-xs font-semibold text-brand-900">
                    {t('seasons.best')}
                  </p>
                )}
                <h3 className={`font-display text-xl ${best ? 'text-white' : 'text-brand-800'}`}>{t(`seasons.${id}.title`)}</h3>
                <p className={`mt-2 text-sm leading-relaxed ${best ? 'text-brand-50' : 'text-slate-700'}`}>
                  {t(`seasons.${id}.text`)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="city-tips" aria-labelledby="city-tips-title" className="scroll-mt-20 bg-white py-12 sm:py-16">
        <div className="container-page">
          <h2 id="city-tips-title" className="font-display text-3xl text-brand-800">
            {t('tips.title')}
          </h2>
          <ul className="mt-8 grid gap-x-10 gap-y-5 md:grid-cols-2">
            {TIPS.map((tip) => (
              <li key={tip} className="flex gap-3 leading-relaxed text-slate-700">
                <span aria-hidden="true" className="mt-2 h-2 w-2 shrink-0 rotate-45 bg-gold-500" />
                <p>
                  <strong className="font-semibold text-brand-800">{t(`tips.items.${tip}.title`)}</strong>{' '}
                  {t(`tips.items.${tip}.text`)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="city-cta" className="container-page pt-12 sm:pt-16">
        <div className="rounded-3xl bg-gradient-to-r from-gold-300 to-gold-400 p-8 text-brand-900 sm:flex sm:items-center sm:justify-between sm:gap-8 sm:p-10">
          <div className="max-w-2xl">
            <h2 id="city-cta" className="font-display text-2xl sm:text-3xl">
              {t('cta.title')}
            </h2>
            <p className="mt-2 leading-relaxed">{t('cta.text')}</p>
          </div>
          <Link to="/contact" className="btn-primary mt-6 shrink-0 sm:mt-0">
            {t('cta.link')}
          </Link>
        </div>
      </section>
    </>
  );
}

interface MapLabels {
  lake: string;
  gulshan1: string;
  gulshan2: string;
  baridhara: string;
  banani: string;
  airport: string;
}

/** A stylised, not-to-scale sketch of the neighbourhood; the text of the page says the same in words. */
function AreaMap({ hotel, labels }: { hotel: string; labels: MapLabels }) {
  return (
    <svg viewBox="0 0 320 240" className="mx-auto w-full max-w-sm rounded-3xl bg-brand-900/40 ring-1 ring-white/15" aria-hidden="true" focusable="false">
      <path
        d="M250 0c-25 30 10 55-15 85s-55 30-45 70 40 45 25 85h40c10-40-20-55-10-85s45-40 40-75-5-50 5-80z"
        fill="#5fb3ad"
        fillOpacity=".45"
      />
      <path d="M40 0c15 40-20 70 5 110s-10 80 10 130H30C15 190 40 150 20 110S25 40 15 0z" fill="#5fb3ad" fillOpacity=".35" />
      <g stroke="#fff" strokeOpacity=".35" strokeWidth="6" strokeLinecap="round" fill="none">
        <path d="M150 240V20M60 180h150M70 80h160" />
      </g>
      <g stroke="#fff" strokeOpacity=".18" strokeWidth="2" fill="none">
        <path d="M110 40v180M190 30v190M70 130h150M80 210h120" />
      </g>
      <circle cx="150" cy="80" r="12" fill="#0a2a2b" stroke="#f0d38a" strokeWidth="3" />
      <circle cx="150" cy="180" r="12" fill="#0a2a2b" stroke="#f0d38a" strokeWidth="3" />
      <path d="M178 60c0-8 6-14 14-14s14 6 14 14c0 11-14 22-14 22s-14-11-14-22z" fill="#e9c46a" />
      <circle cx="192" cy="60" r="5" fill="#0a2a2b" />
      <g fill="#fff" fontSize="11" fontFamily="inherit">
        <text x="126" y="104" textAnchor="middle">{labels.gulshan2}</text>
        <text x="126" y="204" textAnchor="middle">{labels.gulshan1}</text>
        <text x="270" y="140" textAnchor="middle">{labels.lake}</text>
        <text x="262" y="26" textAnchor="middle">{labels.baridhara}</text>
        <text x="58" y="150" textAnchor="middle">{labels.banani}</text>
        <text x="150" y="14" textAnchor="middle">↑ {labels.airport}</text>
        <text x="212" y="44" fontWeight="700" fill="#f0d38a" textAnchor="middle">{hotel}</text>
      </g>
    </svg>
  );
}
