import type { TCategory } from '@residency/shared';
import { useEffect } from 'react';
import { categoriesReadApi, useGetShownCategoriesQuery } from '../../lib/categories-api';
import { useEarlyListSeed } from '../../lib/use-early-list-seed';
import { shownCategories } from './early-categories';

/** What /accommodation needs of RTK Query's hold on the room types. */
export interface ShownCategoriesState {
  data: TCategory[] | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
}

const seedShownCategories = (list: TCategory[]) =>
  categoriesReadApi.util.upsertQueryData('getShownCategories', undefined, { success: true, data: list });

/**
 * RTK Query's hold on the room types guests can book (its cache, kept fresh, and a retry after an
 * error), as a component that draws nothing and tells the page what it has. A chunk of its own,
 * with RTK Query: the page's first paint draws the list asked for beside its code
 * (early-categories.ts) and loads this afterwards. The early answer goes into the cache before the
 * query starts, so the list is not asked for twice.
 */
export default function ShownCategoriesQuery({ onChange }: { onChange: (state: ShownCategoriesState) => void }) {
  const { seeded } = useEarlyListSeed(shownCategories, seedShownCategories);
  const { data, isError, isFetching, refetch } = useGetShownCategoriesQuery(undefined, { skip: !seeded });
  const list = data?.data;
  useEffect(() => {
    onChange({ data: list, isError, isFetching, refetch: () => void refetch() });
  }, [onChange, list, isError, isFetching, refetch]);
  return null;
}
