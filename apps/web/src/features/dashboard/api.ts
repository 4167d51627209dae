import type { TDashboardStats } from '@residency/shared';
import { baseApi } from '../../lib/api';

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: build.query<{ data: TDashboardStats }, void>({
      query: () => '/admin',
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const { useGetDashboardStatsQuery } = dashboardApi;
