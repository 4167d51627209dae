import type { TDashboardStats, TReportingPeriodQuery } from '@residency/shared';
import { baseApi } from '../../lib/api';

const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/admin`: the figures of a period (no `from`/`to`: the last twelve months). */
    getDashboardStats: build.query<{ data: TDashboardStats }, TReportingPeriodQuery | void>({
      query: (period) => ({ url: '/admin', params: period ?? undefined }),
      // Users and bookings change the figures: either list's changes refetch them.
      providesTags: [
        { type: 'User', id: 'LIST' },
        { type: 'Booking', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetDashboardStatsQuery } = dashboardApi;
