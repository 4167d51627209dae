import { formatWholeNumber } from '@residency/shared/display';
import type { TVenue } from '@residency/shared/events';
import { EVENT_LAYOUT_LABELS, labelOf } from '@residency/shared/request-labels';
import { imageSrcSet } from '@residency/shared/image-sizes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { venueMaxSeats, venueSeats, venueTexts } from '../event-display';

/** The picture box: the card's width, which is the screen's on a phone and about half of it beside the form. */
const PHOTO_SIZES = '(min-width: 1280px) 560px, (min-width: 1024px) 44vw, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)';

/** A hall of the hotel: its picture, name, floor area, seats per layout and description. */
export function VenueCard({ venue, lng }: { venue: TVenue; lng: string }) {
  const { t } = useTranslation('events');
  const texts = venueTexts(venue, lng);
  const seats = venueSeats(venue);
  const most = venueMaxSeats(venue);
  const headingId = `venue-${venue._id}`;
  const n = (value: number) => formatWholeNumber(value, lng);

  return (
    <article aria-labelledby={headingId} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70" data-testid="venue-card">
      <VenuePicture url={venue.images[0]} name={texts.name} />
      <div className="p-5 sm:p-6">
        <h3 id={headingId} className="font-display text-2xl text-brand-800" data-testid="venue-name">
          {texts.name}
        </h3>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          {venue.area !== null && <span data-testid="venue-area">{t('venues.area', { area: n(venue.area) })}</span>}
          {most > 0 && <span>{t('venues.upTo', { count: most, n: n(most) })}</span>}
        </p>
        {texts.description && <p className="mt-3 leading-relaxed text-slate-700">{texts.description}</p>}
        {seats.length > 0 && (
          <table className="mt-4 w-full text-sm" data-testid="venue-seats">
            <caption className="sr-only">{t('venues.seatsCaption', { name: texts.name })}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-600 uppercase [&:lang(bn)]:tracking-normal">
                <th scope="col" className="py-1.5 font-semibold">
                  {t('venues.layout')}
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  {t('venues.seats')}
                </th>
              </tr>
            </thead>
            <tbody>
              {seats.map(({ layout, seats: count }) => (
                <tr key={layout} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-1.5 text-left font-normal text-slate-700">
                    {labelOf(EVENT_LAYOUT_LABELS, layout, lng)}
                  </th>
                  <td className="py-1.5 text-right font-semibold text-slate-900 tabular-nums">{n(count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </article>
  );
}

/** The hall's first picture, or a drawn stand-in when it has none (or the picture fails to load). */
function VenuePicture({ url, name }: { url: string | undefined; name: string }) {
  const { t } = useTranslation('events');
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return (
      <div className="aspect-[16/9] bg-sand-100">
        <img
          src={url}
          srcSet={imageSrcSet(url)}
          sizes={PHOTO_SIZES}
          width={1280}
          height={720}
          alt={t('venues.photoAlt', { name })}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(url)}
          className="h-full w-full object-cover"
          data-testid="venue-photo"
        />
      </div>
    );
  }
  return (
    <div
      className="flex aspect-[16/9] flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-800 to-brand-500 text-gold-300"
      data-testid="venue-photo-fallback"
    >
      <HallIcon className="h-12 w-12" />
      <span className="sr-only">{t('venues.noPhoto', { name })}</span>
    </div>
  );
}

/** A chandelier over a table: the stand-in picture of a hall. */
function HallIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M24 4v6M14 14c0 4 4.5 7 10 7s10-3 10-7M14 14h20M18 21v3M30 21v3M24 21v4" />
      <path d="M8 40h32M12 40v-8h24v8M16 32v-4M32 32v-4" />
    </svg>
  );
}
