import { useCallback, useEffect, useState } from 'react';

/**
 * A public list of the API (`{ data: [...] }`) read with a plain `fetch`. The home page's lists
 * use this instead of RTK Query: they are public, read once per visit of the page and never
 * written from it, and RTK Query's client (its code and its start-up work) would be the largest
 * part of what the page runs after its first paint (total blocking time). The screens that
 * change these lists (the dashboards) keep using RTK Query.
 */
export function usePublicList<T>(url: string): { data: T[] | undefined; failed: boolean; retry: () => void } {
  const [state, setState] = useState<{ url: string; data?: T[]; failed: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        const body = (await response.json()) as { data?: unknown };
        setState({ url, data: Array.isArray(body.data) ? (body.data as T[]) : [], failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url, failed: true });
      });
    return () => controller.abort();
  }, [url, attempt]);

  const retry = useCallback(() => {
    setState(null);
    setAttempt((n) => n + 1);
  }, []);
  const current = state?.url === url ? state : null;
  return { data: current?.data, failed: current?.failed ?? false, retry };
}
