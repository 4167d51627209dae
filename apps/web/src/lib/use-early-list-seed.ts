import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useState } from 'react';
import { useAppDispatch } from './store-hooks';
import type { RootState } from './store-registry';
import type { EarlyList } from './early-list';

/**
 * Puts an early list (early-list.ts) into RTK Query's cache before the page's query starts, so
 * the page does not ask twice. `seed` makes the cache entry (an endpoint's `upsertQueryData`).
 * Gives the list at once when it had arrived already, and `seeded`: the query may start.
 */
export function useEarlyListSeed<T>(source: EarlyList<T>, seed: (list: T[]) => unknown): { earlyList: T[] | undefined; seeded: boolean } {
  const dispatch = useAppDispatch();
  const [early] = useState(source.early);
  const [earlyList] = useState(source.settled);
  const [seeded, setSeeded] = useState(early === null);
  const [makeSeed] = useState(() => seed);
  useEffect(() => {
    if (!early) return;
    let live = true;
    void early.then((list) => {
      // (Typed for a store that always has the API's slice; ours gains it with the first API screen, as now.)
      if (list) dispatch(makeSeed(list) as ThunkAction<unknown, RootState, unknown, UnknownAction>);
      source.forget();
      if (live) setSeeded(true);
    });
    return () => {
      live = false;
    };
  }, [early, dispatch, makeSeed, source]);
  return { earlyList, seeded };
}
