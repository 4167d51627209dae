import type { TCategory, TCategoryUpsertRequest, TRoomSyncResult } from '@residency/shared';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };

/** Room categories (templates): public reads, admin writes. Saving may sync the category's rooms. */
export const categoriesApi = baseApi.injectEndpoints({
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
    getCategory: build.query<One<TCategory>, string>({
      query: (name) => `/room-categories/${encodeURIComponent(name)}`,
      providesTags: (_r, _e, name) => [{ type: 'RoomCategory', id: name }],
    }),
    saveCategory: build.mutation<One<{ category: TCategory; sync: TRoomSyncResult | null }>, TCategoryUpsertRequest>({
      query: (body) => ({ url: '/room-categories', method: 'PUT', body }),
      invalidatesTags: (_r, _e, { name }) => [
        { type: 'RoomCategory', id: 'LIST' },
        { type: 'RoomCategory', id: name },
        { type: 'Room', id: 'LIST' },
      ],
    }),
    deleteCategory: build.mutation<{ message: string }, string>({
      query: (name) => ({ url: `/room-categories/${encodeURIComponent(name)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'RoomCategory', id: 'LIST' }],
    }),
  }),
});

export const { useGetCategoriesQuery, useGetShownCategoriesQuery, useGetCategoryQuery, useSaveCategoryMutation, useDeleteCategoryMutation } =
  categoriesApi;
