import type { TIdView, TListMeta, TPoliceRegister } from '@residency/shared';
import { baseApi } from '../../lib/api';
import { downloadWithToken } from '../../lib/download';

type One<T> = { success: true; message?: string; data: T };
type Many<T> = { success: true; data: T[]; meta: TListMeta };

/** The view log's filters as the address and the API name them. */
export interface IdViewsFilter {
  page: number;
  viewer?: string;
  booking?: string;
  from?: string;
  to?: string;
}

/** The police register (issue 34) and the admin's log of who viewed the cards. */
const policeRegisterApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPoliceRegister: build.query<One<TPoliceRegister>, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: '/reports/police-register', params: { from, to } }),
    }),
    getIdViews: build.query<Many<TIdView>, IdViewsFilter>({
      query: (filter) => ({
        url: '/audit/id-views',
        params: Object.fromEntries(Object.entries({ ...filter, limit: 20 }).filter(([, v]) => v !== undefined && v !== '')),
      }),
    }),
  }),
});

export const { useGetPoliceRegisterQuery, useGetIdViewsQuery } = policeRegisterApi;

/** Downloads the register of the nights `from`–`to` as CSV or as a PDF in a language, as the server names it. */
export function downloadPoliceRegister(period: { from: string; to: string }, format: 'csv' | 'pdf', language: 'en' | 'bn', token: string | null): Promise<string> {
  const query = new URLSearchParams({ from: period.from, to: period.to, format, language });
  const fallback = `police-register-${period.from}-${period.to}${format === 'pdf' ? `-${language}.pdf` : '.csv'}`;
  return downloadWithToken(`/api/reports/police-register?${query}`, token, fallback);
}
