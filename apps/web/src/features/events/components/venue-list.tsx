import { useTranslation } from 'react-i18next';
import { useVenues } from '../use-venues';
import { VenueCard } from './venue-card';
import { VenueListPlaceholder } from './venue-list-placeholder';

/** The hotel's halls (`GET /api/venues`), with a placeholder while they load and a retry when they do not. */
export function VenueList() {
  const { t, i18n } = useTranslation('events');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { venues: loaded, isLoading, isError, isFetching, refetch } = useVenues();

  if (isLoading) return <VenueListPlaceholder label={t('venues.loading')} />;
  if (isError) {
    return (
      <div className="card text-center" role="alert">
        <p className="text-slate-700">{t('venues.error')}</p>
        <button type="button" className="btn-outline mt-4" onClick={refetch} disabled={isFetching}>
          {t('venues.retry')}
        </button>
      </div>
    );
  }
  const venues = loaded ?? [];
  if (venues.length === 0) return <p className="card text-slate-700">{t('venues.empty')}</p>;
  return (
    <ul className="space-y-6" aria-label={t('venues.listLabel')}>
      {venues.map((venue) => (
        <li key={venue._id}>
          <VenueCard venue={venue} lng={lng} />
        </li>
      ))}
    </ul>
  );
}
