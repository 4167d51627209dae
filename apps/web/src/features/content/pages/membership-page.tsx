import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../../lib/store-hooks';
import { getSite } from '../../../lib/site';

/** Benefit cards: translation key and a 24 × 24 stroke icon. */
const BENEFITS = [
  { id: 'memberRates', icon: 'M20 12 12 20l-8-8V4h8zM8 8h.01' },
  { id: 'flexibleTimes', icon: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2' },
  { id: 'welcomeDrink', icon: 'M6 4h12l-2 16H8zM6.5 9h11M14 4l2-2' },
  { id: 'birthday', icon: 'M4 21h16v-8H4zM4 17h16M12 13V9M12 6a1.5 1.5 0 0 1-1.5-1.5C10.5 3.5 12 2 12 2s1.5 1.5 1.5 2.5A1.5 1.5 0 0 1 12 6z' },
  { id: 'shuttle', icon: 'M2 16h20M6 12l-2-6h2l3 4h5L11 3h3l5 7h2a1.5 1.5 0 0 1 0 3H6z' },
  { id: 'coupons', icon: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM10 7v10' },
] as const;

const STEPS = ['signUp', 'number', 'book'] as const;

/** The membership programme: every account is a member from sign-up (`/membership-benefits`). */
export default function MembershipPage() {
  const { t } = useTranslation('membership');
  const site = getSite();
  const signedIn = useAppSelector((state) => Boolean(state.auth.token));
  const ownNumber = useAppSelector((state) => (state.auth.token ? state.auth.user?.membershipNumber : undefined));

  useEffect(() => {
    document.title = `${t('meta.title')} | ${site.name}`;
  }, [t, site.name]);

  const cta = signedIn ? (
    <Link to="/profile" className="btn-gold px-6 py-3 text-base">
      {t('cta.profile')}
    </Link>
  ) : (
    <Link to="/sign-up" className="btn-gold px-6 py-3 text-base">
      {t('cta.signUp')}
    </Link>
  );

  return (
    <>
      <div className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[3fr_2fr]">
          <div>
            <h1 className="font-display text-4xl sm:text-5xl">{t('title')}</h1>
            <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-50">{t('intro', { name: site.name })}</p>
            <div className="mt-8 flex flex-wrap items-center gap-4">
              {cta}
              {!signedIn && (
                <Link to="/login" className="font-medium text-gold-300 underline-offset-4 hover:underline">
                  {t('cta.login')}
                </Link>
              )}
            </div>
          </div>
          {ownNumber ? (
            <MemberCard name={site.name} label={t('card.label')} caption={t('card.yours')} number={ownNumber} />
          ) : (
            <MemberCard name={site.name} label={t('card.label')} caption={t('card.example')} number={t('card.number')} example />
          )}
        </div>
      </div>

      <section aria-labelledby="membership-steps" className="container-page py-12 sm:py-16">
        <h2 id="membership-steps" className="font-display text-3xl text-brand-800">
          {t('steps.title')}
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {STEPS.map((step) => (
            <li key={step} className="card flex gap-4">
              <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gold-400 font-display text-lg text-brand-900">
                {t(`steps.${step}.number`)}
              </span>
              <div>
                <h3 className="font-display text-xl text-brand-800">{t(`steps.${step}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{t(`steps.${step}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="membership-benefits" className="bg-white py-12 sm:py-16">
        <div className="container-page">
          <h2 id="membership-benefits" className="font-display text-3xl text-brand-800">
            {t('benefits.title')}
          </h2>
          <p className="mt-3 max-w-3xl leading-relaxed text-slate-700">{t('benefits.intro')}</p>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {BENEFITS.map(({ id, icon }) => (
              <li key={id} className="rounded-2xl bg-sand-50 p-6 ring-1 ring-slate-200/70">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-800 text-gold-300">
                  <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
                    <path d={icon} />
                  </svg>
                </span>
                <h3 className="mt-4 font-display text-xl text-brand-800">{t(`benefits.${id}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{t(`benefits.${id}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="membership-note" className="container-page pt-12 sm:pt-16">
        <div className="rounded-2xl border-l-4 border-gold-500 bg-white p-6 shadow-sm ring-1 ring-slate-200/70 sm:p-8">
          <h2 id="membership-note" className="font-display text-2xl text-brand-800">
            {t('note.title')}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 leading-relaxed text-slate-700 marker:text-gold-600">
            <li>{t('note.availability')}</li>
            <li>{t('note.direct')}</li>
            <li>{t('note.coupons')}</li>
            <li>{t('note.changes')}</li>
          </ul>
        </div>
      </section>

      <section aria-labelledby="membership-cta" className="container-page pt-12 sm:pt-16">
        <div className="rounded-3xl bg-gradient-to-r from-brand-800 to-brand-700 p-8 text-white sm:flex sm:items-center sm:justify-between sm:gap-8 sm:p-10">
          <div className="max-w-2xl">
            <h2 id="membership-cta" className="font-display text-2xl sm:text-3xl">
              {signedIn ? t('cta.titleMember') : t('cta.title')}
            </h2>
            <p className="mt-2 leading-relaxed text-brand-50">{signedIn ? t('cta.textMember') : t('cta.text')}</p>
          </div>
          <div className="mt-6 shrink-0 sm:mt-0">{cta}</div>
        </div>
      </section>
    </>
  );
}

/** A membership card: the signed-in member's own number, or an example (then hidden from screen readers: the steps say it). */
function MemberCard(props: { name: string; label: string; caption: string; number: string; example?: boolean }) {
  const { name, label, caption, number, example = false } = props;
  return (
    <div aria-hidden={example || undefined} className="mx-auto w-full max-w-sm">
      <div className="relative aspect-[1.6] overflow-hidden rounded-2xl bg-gradient-to-br from-gold-300 via-gold-400 to-gold-500 p-6 text-brand-900 shadow-2xl ring-1 ring-white/30">
        <div className="absolute -top-16 -right-16 h-48 w-48 rounded-full border-[20px] border-white/25" />
        <div className="relative flex h-full flex-col justify-between">
          <div className="flex items-center justify-between">
            <span className="font-display text-2xl">{name}</span>
            <span className="rounded-full bg-brand-900 px-3 py-1 text-xs font-semibold text-gold-300">{label}</span>
          </div>
          <div>
            <p className="text-xs font-semibold">{caption}</p>
            <p className="font-mono text-2xl tracking-[0.2em]">{number}</p>
          </div>
        </div>
      </div>
    </div>
  );
}
