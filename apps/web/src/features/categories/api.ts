import type { TCategory, TCategoryUpsertRequest, TRoomSyncResult } from '@residency/shared';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };

/**
 * Room categories (templates), the admin's side: one category to edit, save and delete. Saving
 * may sync the category's rooms. The lists everyone reads are in lib/categories-api.ts.
 */
const categoriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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

export const { useGetCategoryQuery, useSaveCategoryMutation, useDeleteCategoryMutation } = categoriesApi;
