import type { TListMeta } from '@residency/shared';
import type { TServiceRequest, TServiceRequestCreate } from '@residency/shared/services';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };
type List<T> = { success: true; data: T[]; meta: TListMeta };

/** The staff list's filter: pending or completed requests only, or all of them. */
export type ServiceStateFilter = 'pending' | 'completed';

const LIST = { type: 'Service', id: 'LIST' } as const;
const MINE = { type: 'Service', id: 'MINE' } as const;

/** In-stay service requests: guests ask for their stay; staff mark them done (spec section 7, Services). */
const servicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getServiceRequests: build.query<List<TServiceRequest>, { page: number; searchTerm?: string; status?: ServiceStateFilter }>({
      query: ({ page, searchTerm, status }) => ({
        url: '/services',
        params: { page, ...(searchTerm ? { searchTerm } : {}), ...(status ? { status } : {}) },
      }),
      providesTags: (result) => [LIST, ...(result?.data.map((s) => ({ type: 'Service' as const, id: s._id })) ?? [])],
    }),
    getMyServiceRequests: build.query<List<TServiceRequest>, { page: number }>({
      query: ({ page }) => ({ url: '/services/my-services', params: { page } }),
      providesTags: [MINE],
    }),
    createServiceRequest: build.mutation<One<TServiceRequest>, TServiceRequestCreate>({
      query: (body) => ({ url: '/services', method: 'POST', body }),
      invalidatesTags: [MINE, LIST],
    }),
    completeServiceRequest: build.mutation<One<TServiceRequest>, string>({
      query: (id) => ({ url: `/services/${id}`, method: 'PATCH', body: { isCompleted: true } }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Service', id }, LIST],
    }),
    deleteServiceRequest: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/services/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Service', id }, LIST],
    }),
  }),
});

export const {
  useGetServiceRequestsQuery,
  useGetMyServiceRequestsQuery,
  useCreateServiceRequestMutation,
  useCompleteServiceRequestMutation,
  useDeleteServiceRequestMutation,
} = servicesApi;
