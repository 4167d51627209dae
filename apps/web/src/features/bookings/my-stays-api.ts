import type { TBooking, TGuestDashboard } from '@residency/shared';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };

/** The guest's dashboard: its stays are bookings, its requests service requests. */
const GUEST_DASHBOARD = { type: 'Booking', id: 'GUEST_DASHBOARD' } as const;
/** The admin's coupon use counts (see ./api.ts): a cancelled booking gives its code's use back. */
const COUPONS = { type: 'Booking', id: 'COUPONS' } as const;

/**
 * The guest's own side of their stays (spec section 2, user area): the dashboard's next stay,
 * past stays and open requests, and cancelling a booking themselves before the cut-off.
 */
export const myStaysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getGuestDashboard: build.query<One<TGuestDashboard>, void>({
      query: () => '/user/dashboard',
      // A booking made or cancelled, or a request sent or completed, changes what it shows.
      providesTags: [GUEST_DASHBOARD, { type: 'Booking', id: 'LIST' }, { type: 'Service', id: 'MINE' }],
    }),
    guestCancelBooking: build.mutation<One<TBooking>, string>({
      query: (id) => ({ url: `/bookings/${id}/cancel`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [
        { type: 'Booking', id },
        { type: 'Booking', id: 'LIST' },
        GUEST_DASHBOARD,
        { type: 'Room', id: 'LIST' },
        COUPONS,
      ],
    }),
  }),
});

export const { useGetGuestDashboardQuery, useGuestCancelBookingMutation } = myStaysApi;
