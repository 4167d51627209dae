import type { TGuestDashboard } from '@residency/shared';
import { baseApi } from '../../lib/api';

/**
 * The guest's dashboard (`GET /api/user/dashboard`): the next stay, past stays and open requests.
 * A booking made or cancelled (the bookings list), or a request sent or completed, changes what
 * it shows.
 */
const guestDashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getGuestDashboard: build.query<{ success: true; message?: string; data: TGuestDashboard }, void>({
      query: () => '/user/dashboard',
      providesTags: [{ type: 'Booking', id: 'LIST' }, { type: 'Service', id: 'MINE' }],
    }),
  }),
});

export const { useGetGuestDashboardQuery } = guestDashboardApi;
