import type { TVenue } from '@residency/shared/events';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../../lib/http';

/** One request for the halls per visit, shared by whoever asks (they change rarely). */
let shared: Promise<TVenue[]> | undefined;

const fetchVenues = () => apiRequest<{ data: TVenue[] }>('/venues').then((answer) => answer.data);

/**
 * The hotel's halls (`GET /api/venues`) for the public page, without the dashboards' data layer
 * (RTK Query): /events must stay light on a phone.
 */
export function useVenues() {
  const [state, setState] = useState<{ venues?: TVenue[]; failed: boolean; loading: boolean }>({ failed: false, loading: true });
  const load = useCallback((fresh: boolean) => {
    if (fresh || !shared) shared = fetchVenues();
    const request = shared;
    setState((current) => ({ ...current, loading: true, failed: false }));
    request.then(
      (venues) => setState({ venues, failed: false, loading: false }),
      () => {
        if (shared === request) shared = undefined;
        setState({ failed: true, loading: false });
      },
    );
  }, []);
  useEffect(() => load(false), [load]);
  return { venues: state.venues, isLoading: state.loading && !state.venues, isError: state.failed, isFetching: state.loading, refetch: () => load(true) };
}
