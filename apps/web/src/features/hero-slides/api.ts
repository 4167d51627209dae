import type { THeroSlide, THeroSlideCreate, THeroSlideUpdate } from '@residency/shared/hero-slides';
import type { TLanguage } from '@residency/shared/event-kinds';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };
type Many<T> = { success: true; data: T[] };

const LIST = { type: 'HeroSlides', id: 'LIST' } as const;

/** The home page's hero slides: active ones for everyone; all of them for admins (includeInactive). */
const heroSlidesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHeroSlides: build.query<Many<THeroSlide>, { includeInactive?: boolean; locale?: TLanguage } | void>({
      query: (args) => ({
        url: '/hero-slides',
        params: { ...(args?.includeInactive ? { includeInactive: '1' } : {}), ...(args?.locale ? { locale: args.locale } : {}) },
      }),
      providesTags: (result) => [LIST, ...(result?.data.map((s) => ({ type: 'HeroSlides' as const, id: s._id })) ?? [])],
    }),
    createHeroSlide: build.mutation<One<THeroSlide>, THeroSlideCreate>({
      query: (body) => ({ url: '/hero-slides', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateHeroSlide: build.mutation<One<THeroSlide>, { id: string; payload: THeroSlideUpdate }>({
      query: ({ id, payload }) => ({ url: `/hero-slides/${id}`, method: 'PATCH', body: payload }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'HeroSlides', id }, LIST],
    }),
    deleteHeroSlide: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/hero-slides/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'HeroSlides', id }, LIST],
    }),
  }),
});

export const { useGetHeroSlidesQuery, useCreateHeroSlideMutation, useUpdateHeroSlideMutation, useDeleteHeroSlideMutation } =
  heroSlidesApi;
