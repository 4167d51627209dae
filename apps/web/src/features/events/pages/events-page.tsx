import { formatWholeNumber } from '@residency/shared/display';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PhoneIcon } from '../../../components/icons';
import { getSite } from '../../../lib/site';
import { afterFirstPaint } from '../../../lib/after-first-paint';
import { VenueListPlaceholder } from '../components/venue-list-placeholder';
import { eventTypeFromQuery } from '../event-query';

const STEPS = ['send', 'reply', 'plan'] as const;

/**
 * The halls and the form (with its checks, which bring zod) are chunks of their own, fetched once
 * the heading has been painted: the first view of /events weighs what the home page does. Their
 * places are kept meanwhile, so nothing moves when they arrive.
 */
const VenueList = lazy(() => import('../components/venue-list').then((m) => ({ default: m.VenueList })));
const EventRequestForm = lazy(() => import('../components/event-request-form').then((m) => ({ default: m.EventRequestForm })));

/** The form's place while its code arrives: about its height, so nothing below it moves. */
function FormPlaceholder({ label }: { label: string }) {
  return (
    <div className="mt-2 min-h-[68rem] animate-pulse space-y-6 sm:min-h-[52rem]" role="status" aria-busy="true" aria-label={label}>
      <div className="h-5 w-2/3 rounded bg-sand-100" />
      <div className="grid gap-4 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-16 rounded bg-sand-100" />
        ))}
      </div>
      <div className="h-24 rounded bg-sand-100" />
    </div>
  );
}

/**
 * `/events` (Meetings & Events): the hotel's halls with their seats per layout, and the request
 * form. The menu's Corporate Meeting, Private Meeting and Wedding & Others arrive with `?type=`,
 * which preselects the event type. Tailwind only: the page stays light on a phone.
 */
export default function EventsPage() {
  const { t, i18n } = useTranslation('events');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const [searchParams] = useSearchParams();
  const queryType = eventTypeFromQuery(searchParams.get('type'));
  const formSection = useRef<HTMLElement>(null);
  const firstType = useRef(queryType);
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);

  useEffect(() => {
    document.title = `${t('meta.title')} | ${site.name}`;
  }, [t, site.name]);

  // A submenu item chosen while the page is open changes only the type: show the form it changed.
  useEffect(() => {
    if (queryType === firstType.current) return;
    firstType.current = queryType;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    formSection.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [queryType]);

  return (
    <>
      <div className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase [&:lang(bn)]:tracking-normal">{t('eyebrow')}</p>
          <h1 className="mt-2 font-display text-4xl sm:text-5xl">{t('title')}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-50">{t('intro', { name: site.name })}</p>
          <div className="mt-7 flex flex-wrap gap-3">
            <a href="#event-request" className="btn-gold px-6 py-3 text-base">
              {t('cta.request')}
            </a>
            <a
              href={`tel:${site.phone.replace(/[^\d+]/g, '')}`}
              className="inline-flex items-center justify-center gap-2 rounded-full border border-white/80 px-6 py-3 text-base font-semibold text-white transition-colors hover:bg-white/10"
            >
              <PhoneIcon className="h-5 w-5" />
              {t('cta.call')}
            </a>
          </div>
        </div>
      </div>

      {/*
        Phones read the halls, how it works, then the form. Wide screens put the form beside the
        halls, with how it works under it (the halls' column is the long one).
      */}
      <div className="container-page grid gap-12 py-12 sm:py-16 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:grid-rows-[auto_1fr] lg:gap-x-12 lg:gap-y-10">
        <section aria-labelledby="venues-title" className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <h2 id="venues-title" className="font-display text-3xl text-brand-800">
            {t('venues.title')}
          </h2>
          <p className="mt-3 mb-6 leading-relaxed text-slate-700">{t('venues.intro')}</p>
          {painted ? (
            <Suspense fallback={<VenueListPlaceholder label={t('venues.loading')} />}>
              <VenueList />
            </Suspense>
          ) : (
            <VenueListPlaceholder label={t('venues.loading')} />
          )}
        </section>

        <section aria-labelledby="steps-title" className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 lg:col-start-2 lg:row-start-2 lg:self-start">
          <h2 id="steps-title" className="font-display text-2xl text-brand-800">
            {t('steps.title')}
          </h2>
          <ol className="mt-5 space-y-5">
            {STEPS.map((step, i) => (
              <li key={step} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-800 font-semibold text-gold-300"
                >
                  {formatWholeNumber(i + 1, lng)}
                </span>
                <div>
                  <p className="font-semibold text-slate-900">{t(`steps.${step}.title`)}</p>
                  <p className="mt-1 leading-relaxed text-slate-700">{t(`steps.${step}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section
          ref={formSection}
          id="event-request"
          aria-labelledby="event-form-title"
          className="card scroll-mt-24 self-start sm:p-8 lg:col-start-2 lg:row-start-1"
        >
          <h2 id="event-form-title" className="font-display text-3xl text-brand-800">
            {t('form.title')}
          </h2>
          {painted ? (
            <Suspense fallback={<FormPlaceholder label={t('form.loading')} />}>
              <EventRequestForm queryType={queryType} />
            </Suspense>
          ) : (
            <FormPlaceholder label={t('form.loading')} />
          )}
        </section>
      </div>
    </>
  );
}
