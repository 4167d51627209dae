import type { TCategory, TRoom } from '@residency/shared';
import { displayPrice, imageSrcSet } from '@residency/shared/room-rules';
import { useTranslation } from 'react-i18next';
import { categoryTexts, roomNumberText } from '../../../../lib/category-texts';
import { formatTaka } from '../../../../lib/format';

/** The room being booked: its photo, room type, number, beds and size, and its price per night. */
export function BookingRoomCard({ room, category, lng }: { room: TRoom; category?: TCategory; lng: string }) {
  const { t } = useTranslation('booking');
  const texts = categoryTexts(category, lng, room);
  const photo = room.images[0] ?? category?.images[0];
  const { price, struck } = displayPrice({ rackRate: category?.rackRate, offerPrice: room.price });
  return (
    <section aria-labelledby="room-title" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70 sm:flex" data-testid="booking-room">
      <div className="aspect-[3/2] bg-sand-100 sm:aspect-auto sm:w-64 sm:shrink-0">
        {photo && (
          <img
            src={photo}
            srcSet={imageSrcSet(photo)}
            sizes="(min-width: 640px) 16rem, calc(100vw - 2rem)"
            width={1280}
            height={853}
            alt=""
            className="h-full w-full object-cover"
          />
        )}
      </div>
      <div className="p-5 sm:p-6">
        <h2 id="room-title" className="font-display text-2xl text-brand-800" data-testid="booking-room-name">
          {texts.name}
        </h2>
        <p className="mt-1 text-sm font-medium text-slate-700" data-testid="booking-room-number">
          {t('room.number', { number: roomNumberText(room.room_overview.room_number, lng) })}
        </p>
        <p className="mt-2 text-sm text-slate-600">{[texts.beds, texts.size].filter(Boolean).join(' · ')}</p>
        <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
          {struck !== null && (
            <s className="text-slate-500 decoration-red-700/70">
              <span className="sr-only">{t('room.was')} </span>
              {formatTaka(struck, lng)}
            </s>
          )}
          <span className="font-display text-xl font-semibold text-brand-800">
            {struck !== null && <span className="sr-only">{t('room.now')} </span>}
            {formatTaka(price, lng)}
          </span>
          <span className="text-sm text-slate-600">{t('room.perNight')}</span>
        </p>
      </div>
    </section>
  );
}
