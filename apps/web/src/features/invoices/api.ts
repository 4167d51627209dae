import type { TVatRegister } from '@residency/shared';
import { baseApi } from '../../lib/api';
import { downloadWithToken } from '../../lib/download';

type One<T> = { success: true; message?: string; data: T };

/** The admin's VAT reports (issue 31): the month's sales register. */
const invoicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getVatRegister: build.query<One<TVatRegister>, string>({
      query: (month) => ({ url: '/reports/vat-register', params: { month } }),
    }),
  }),
});

export const { useGetVatRegisterQuery } = invoicesApi;

/** Downloads the register of `month` (YYYY-MM) as CSV, as the server names it (vat-register-2026-12.csv). */
export function downloadVatRegister(month: string, token: string | null): Promise<string> {
  return downloadWithToken(`/api/reports/vat-register?month=${encodeURIComponent(month)}&format=csv`, token, `vat-register-${month}.csv`);
}
