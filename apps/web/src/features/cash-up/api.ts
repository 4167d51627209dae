import type { TCashUp } from '@residency/shared';
import { baseApi } from '../../lib/api';
import { downloadWithToken } from '../../lib/download';

type One<T> = { success: true; message?: string; data: T };

/** The desk's reports of the folio (issue 22): the daily cash-up. */
const folioApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCashUp: build.query<One<TCashUp>, string>({
      query: (date) => ({ url: '/reports/cash-up', params: { date } }),
    }),
  }),
});

export const { useGetCashUpQuery } = folioApi;

/** Downloads the cash-up of `date` (YYYY-MM-DD) as CSV, as the server names it (cash-up-2026-11-27.csv). */
export function downloadCashUp(date: string, token: string | null): Promise<string> {
  return downloadWithToken(`/api/reports/cash-up.csv?date=${encodeURIComponent(date)}`, token, `cash-up-${date}.csv`);
}
