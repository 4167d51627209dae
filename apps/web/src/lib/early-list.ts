/**
 * A public list (`{ data: [...] }`) asked for beside a page's code on the page's first visit (the
 * router starts the request as it loads the page), not after it: the page's largest picture
 * can only be asked for once the list is here. The page hands the answer to RTK Query's cache
 * (use-early-list-seed.ts), which keeps the list from then on. No RTK Query here: the router,
 * part of the first paint, imports this.
 */
export interface EarlyList<T> {
  /** Starts the request (once); `onArrive` sees the list, e.g. to preload its first picture. */
  request(onArrive?: (list: T[]) => void): void;
  /** The request, if one is on its way (null once used, or when there was none). */
  early(): Promise<T[] | null> | null;
  /** The answer if it has arrived already, else undefined: the page's first render shows it at once. */
  settled(): T[] | undefined;
  /** Forgets the answer once it is in the cache: a later visit asks RTK Query as usual. */
  forget(): void;
}

export function earlyList<T>(url: string): EarlyList<T> {
  let early: Promise<T[] | null> | null = null;
  let settled: T[] | null = null;
  return {
    request(onArrive) {
      if (early) return;
      early = fetch(url)
        .then((response) => (response.ok ? (response.json() as Promise<{ data?: T[] }>) : null))
        .then((body) => {
          const list = Array.isArray(body?.data) ? body.data : null;
          if (list) onArrive?.(list);
          settled = list;
          return list;
        })
        .catch(() => null);
    },
    early: () => early,
    settled: () => settled ?? undefined,
    forget() {
      early = null;
      settled = null;
    },
  };
}
