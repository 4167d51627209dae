import type { TCategory, TRoom } from '@residency/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber, formatTaka } from '../../../../lib/format';
import { categoryTexts, roomNumberText } from '../../../../lib/category-texts';
import { stayToQuery, type Stay } from '../../../../components/stay/stay-query';

/**
 * The rooms still free for the same stay, offered when the chosen one is taken: the same
 * category first, each with a button that books it for the same dates and guests.
 */
export function OtherRooms({
  rooms,
  categories,
  stay,
  nights,
  loading,
  basePath,
}: {
  rooms: TRoom[];
  categories: readonly TCategory[];
  stay: Stay;
  nights: number;
  loading: boolean;
  /** '/booking' or '/guest/booking'. */
  basePath: string;
}) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const query = stayToQuery(stay);

  return (
    <section aria-labelledby="other-rooms-title" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="other-rooms">
      <h3 id="other-rooms-title" className="font-semibold text-brand-900">
        {t('alternatives.title')}
      </h3>
      {loading ? (
        <p className="mt-2 text-sm text-slate-600" role="status">
          {t('alternatives.loading')}
        </p>
      ) : rooms.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t('alternatives.none')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {rooms.map((room) => {
            const texts = categoryTexts(
              categories.find((c) => c.name === room.category),
              lng,
              room,
            );
            return (
              <li key={room._id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="other-room">
                <div className="min-w-0">
                  <p className="font-medium text-brand-900">
                    {texts.name} · {t('room.number', { number: roomNumberText(room.room_overview.room_number, lng) })}
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatTaka(room.price, lng)} {t('room.perNight')} ·{' '}
                    {t('alternatives.total', { total: formatTaka(room.price * nights, lng), n: formatNumber(nights, lng), count: nights })}
                  </p>
                </div>
                <Link
                  to={`${basePath}/${room._id}?${query}`}
                  className="btn-outline px-4 py-2"
                  data-testid="book-other-room"
                  aria-label={t('alternatives.bookName', { name: texts.name, number: roomNumberText(room.room_overview.room_number, lng) })}
                >
                  {t('alternatives.book')}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
