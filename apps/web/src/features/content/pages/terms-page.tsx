import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { priceStay } from '@residency/shared/pricing';
import { formatNumber, formatTaka, readerDigits } from '../../../lib/format';
import { getSite, siteAddress } from '../../../lib/site';

/** HH:mm as the reader writes a time of day: 2:00 PM, or ২:০০ PM in Bengali digits. */
function formatClock(hhmm: string, lng: 'en' | 'bn'): string {
  const [h, m] = hhmm.split(':').map(Number);
  return new Intl.DateTimeFormat(lng === 'bn' ? 'bn-BD' : 'en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0)),
  );
}

/** The sections of the terms, in order, with how many paragraphs each has in the translation. */
const SECTIONS = [
  { id: 'reservations', paragraphs: 3 },
  { id: 'checkInOut', paragraphs: 3 },
  { id: 'identification', paragraphs: 2 },
  { id: 'prices', paragraphs: 3 },
  { id: 'cancellation', paragraphs: 4 },
  { id: 'children', paragraphs: 2 },
  { id: 'smoking', paragraphs: 1 },
  { id: 'pets', paragraphs: 1 },
  { id: 'conduct', paragraphs: 3 },
  { id: 'liability', paragraphs: 2 },
  { id: 'privacy', paragraphs: 3 },
  { id: 'changes', paragraphs: 1 },
  { id: 'contact', paragraphs: 1 },
] as const;

/** Terms and conditions of booking and stay (`/terms`, the footer's and the cookie pop-up's link). */
export default function TermsPage() {
  const { t, i18n } = useTranslation('terms');
  const site = getSite();
  // The reader's digits: 15 in English, ১৫ in Bengali.
  const number = (value: number) => formatNumber(value, i18n.language === 'bn' ? 'bn' : 'en');
  const lng = i18n.language === 'bn' ? 'bn' : 'en';
  // The pricing's own arithmetic on a round room total, so the terms say what the bill does.
  const example = priceStay({ nights: 1, perNightCost: 10_000, serviceChargePercent: site.serviceChargePercent, vatPercent: site.vatPercent });
  const values = {
    name: site.name,
    vat: number(site.vatPercent),
    service: number(site.serviceChargePercent),
    exampleRoom: formatTaka(example.withOutVatAndService, lng),
    exampleService: formatTaka(example.serviceCharge, lng),
    exampleVat: formatTaka(example.vat, lng),
    exampleTotal: formatTaka(example.amount, lng),
    cancelHours: number(site.guestCancelHours),
    checkInTime: formatClock(site.checkInTime, lng),
  };

  useEffect(() => {
    document.title = `${t('meta.title')} | ${site.name}`;
  }, [t, site.name]);

  return (
    <>
      <div className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div className="container-page py-12 sm:py-16">
          <h1 className="font-display text-4xl sm:text-5xl">{t('title')}</h1>
          <p className="mt-3 text-sm text-brand-100">
            {t('lastUpdatedLabel')}: {t('lastUpdated')}
          </p>
          <p className="mt-4 max-w-3xl text-lg leading-relaxed text-brand-50">{t('intro', values)}</p>
        </div>
      </div>

      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="terms-toc" className="self-start rounded-2xl bg-white p-5 ring-1 ring-slate-200/70 lg:sticky lg:top-24">
          <h2 id="terms-toc" className="font-display text-lg text-brand-800">
            {t('contents')}
          </h2>
          <ol className="mt-3 space-y-1.5 text-sm">
            {SECTIONS.map(({ id }, index) => (
              <li key={id} className="flex gap-2">
                <span aria-hidden="true" className="w-5 shrink-0 text-right text-slate-600">
                  {number(index + 1)}.
                </span>
                <a href={`#terms-${id}`} className="text-brand-800 underline-offset-2 hover:underline">
                  {t(`sections.${id}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="max-w-3xl space-y-10">
          {SECTIONS.map(({ id, paragraphs }, index) => (
            <section key={id} id={`terms-${id}`} aria-labelledby={`terms-${id}-title`} className="scroll-mt-24">
              <h2 id={`terms-${id}-title`} className="font-display text-2xl text-brand-800">
                <span className="text-slate-600">{number(index + 1)}.</span> {t(`sections.${id}.title`)}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
                {Array.from({ length: paragraphs }, (_, i) => (
                  <p key={i}>{t(`sections.${id}.p${i + 1}`, values)}</p>
                ))}
              </div>
              {id === 'contact' && (
                <ul className="mt-4 space-y-1 rounded-2xl bg-brand-50 p-5 text-slate-800 ring-1 ring-brand-100">
                  <li>
                    <span className="font-semibold">{site.name}</span>, {siteAddress(site, lng)}
                  </li>
                  <li>
                    {t('contactEmail')}:{' '}
                    <a href={`mailto:${site.email}`} className="font-medium break-all text-brand-800 underline underline-offset-2">
                      {site.email}
                    </a>
                  </li>
                  <li>
                    {t('contactPhone')}:{' '}
                    <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`} className="font-medium text-brand-800 underline underline-offset-2">
                      {readerDigits(site.phone, lng)}
                    </a>
                  </li>
                </ul>
              )}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
