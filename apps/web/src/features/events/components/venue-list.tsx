import { useTranslation } from 'react-i18next';
import { useGetVenuesQuery } from '../api';
import { VenueCard } from './venue-card';

/** The hotel's halls (`GET /api/venues`), with a placeholder while they load and a retry when they do not. */
export function VenueList() {
  const { t, i18n } = useTranslation('events');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { data, isLoading, isError, isFetching, refetch } = useGetVenuesQuery();

  if (isLoading) {
    return (
      <div className="space-y-6" role="status" aria-busy="true" aria-label={t('venues.loading')}>
        {[0, 1].map((i) => (
          <div key={i} className="animate-pulse overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200/70">
            <div className="aspect-[16/9] bg-sand-100" />
            <div className="space-y-3 p-5">
              <div className="h-6 w-1/2 rounded bg-sand-100" />
              <div className="h-4 w-1/3 rounded bg-sand-100" />
              <div className="h-16 rounded bg-sand-100" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className="card text-center" role="alert">
        <p className="text-slate-700">{t('venues.error')}</p>
        <button type="button" className="btn-outline mt-4" onClick={() => void refetch()} disabled={isFetching}>
          {t('venues.retry')}
        </button>
      </div>
    );
  }
  const venues = data?.data ?? [];
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
