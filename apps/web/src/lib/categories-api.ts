import type { TCategory } from '@residency/shared';
import { baseApi } from './api';

type One<T> = { success: true; message?: string; data: T };

/**
 * The room categories (room types) as every screen reads them: public, cached, used by the
 * accommodation and rates pages, the booking form, rooms, housekeeping and the stays' names.
 * The admin's reads of one category and the writes stay in features/categories/api.ts.
 */
export const categoriesReadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<One<TCategory[]>, void>({
      query: () => '/room-categories',
      providesTags: (result) => [
        { type: 'RoomCategory', id: 'LIST' },
        ...(result?.data.map((c) => ({ type: 'RoomCategory' as const, id: c.name })) ?? []),
      ],
    }),
    /**
     * The categories guests see: only those with at least one bookable room (in service). The
     * public pages (accommodation, rate chips) use this one; the back office uses the full list.
     */
    getShownCategories: build.query<One<TCategory[]>, void>({
      query: () => '/room-categories?public=true',
      providesTags: (result) => [
        { type: 'RoomCategory', id: 'LIST' },
        ...(result?.data.map((c) => ({ type: 'RoomCategory' as const, id: c.name })) ?? []),
      ],
    }),
  }),
});

export const { useGetCategoriesQuery, useGetShownCategoriesQuery } = categoriesReadApi;
