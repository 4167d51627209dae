import type { TRateBulk, TRateChange, TRateDay, TRatePlan, TRatePlanCreate, TRatePlanUpdate } from '@residency/shared/rates';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };
type Page<T> = One<T> & { meta: { page: number; limit: number; total: number } };

/** The lib's tag types are fixed: the rate calendar's caches hang off RoomCategory with ids of their own. */
const PLANS = { type: 'RoomCategory', id: 'RATE_PLANS' } as const;
const RATES = { type: 'RoomCategory', id: 'RATES' } as const;
const CHANGES = { type: 'RoomCategory', id: 'RATE_CHANGES' } as const;

export interface RatesArgs {
  category: string;
  plan: string;
  from: string;
  to: string;
}

/** The rate calendar (issue 21): plans per room type, each plan's days, bulk edits and their log. */
const ratesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every plan (inactive too) of each room type given, by room type: the API answers one room
     * type at a time, and the plan chooser needs the codes of all of them at once.
     */
    getRatePlans: build.query<Record<string, TRatePlan[]>, string[]>({
      async queryFn(categories, _api, _extra, baseQuery) {
        const answers = await Promise.all(categories.map((category) => baseQuery({ url: '/rate-plans', params: { category, includeInactive: 1 } })));
        const failed = answers.find((a) => a.error);
        if (failed?.error) return { error: failed.error as FetchBaseQueryError };
        return { data: Object.fromEntries(categories.map((c, i) => [c, (answers[i]!.data as One<TRatePlan[]>).data])) };
      },
      providesTags: [PLANS],
    }),
    createRatePlan: build.mutation<One<TRatePlan>, TRatePlanCreate>({
      query: (body) => ({ url: '/rate-plans', method: 'POST', body }),
      // A new plan may follow another one: its days (and the log) read differently from now on.
      invalidatesTags: [PLANS, RATES],
    }),
    updateRatePlan: build.mutation<One<TRatePlan>, { id: string; body: TRatePlanUpdate }>({
      query: ({ id, body }) => ({ url: `/rate-plans/${id}`, method: 'PATCH', body }),
      invalidatesTags: [PLANS, RATES],
    }),
    getRates: build.query<One<TRateDay[]>, RatesArgs>({
      query: (params) => ({ url: '/rates', params }),
      providesTags: [RATES],
    }),
    /** One room type at a time (the contract's `category` is one name). */
    bulkRates: build.mutation<One<{ days: number }>, TRateBulk>({
      query: (body) => ({ url: '/rates/bulk', method: 'POST', body }),
      invalidatesTags: [RATES, CHANGES],
    }),
    getRateChanges: build.query<Page<TRateChange[]>, { category: string; plan: string; page: number; limit: number }>({
      query: (params) => ({ url: '/rates/changes', params }),
      providesTags: [CHANGES],
    }),
  }),
});

export const {
  useGetRatePlansQuery,
  useCreateRatePlanMutation,
  useUpdateRatePlanMutation,
  useGetRatesQuery,
  useBulkRatesMutation,
  useGetRateChangesQuery,
} = ratesApi;
