import type { TGalleryCategory, TGalleryCreate, TGalleryItem } from '@residency/shared/gallery';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };
type Many<T> = { success: true; data: T[] };

const LIST = { type: 'Gallery', id: 'LIST' } as const;

/** The hotel's photo gallery: read by everyone, written by admins. */
export const galleryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getGallery: build.query<Many<TGalleryItem>, { category?: TGalleryCategory } | void>({
      query: (args) => ({ url: '/gallery', params: args?.category ? { category: args.category } : {} }),
      providesTags: (result) => [LIST, ...(result?.data.map((g) => ({ type: 'Gallery' as const, id: g._id })) ?? [])],
    }),
    addGalleryItem: build.mutation<One<TGalleryItem>, TGalleryCreate>({
      query: (body) => ({ url: '/gallery', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    deleteGalleryItem: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/gallery/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Gallery', id }, LIST],
    }),
  }),
});

export const { useGetGalleryQuery, useAddGalleryItemMutation, useDeleteGalleryItemMutation } = galleryApi;
