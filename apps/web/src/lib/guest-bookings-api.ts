import type { TBooking, TListMeta } from '@residency/shared';
import { baseApi } from './api';

type List<T> = { success: true; data: T[]; meta: TListMeta };

/**
 * The signed-in guest's own bookings (`GET /api/bookings/my-bookings`), read by their My Bookings
 * list (bookings) and by My Requests, which asks which stay a request is for (services). Every
 * change of a booking refreshes it (the bookings list tag); the changes are features/bookings/api.ts.
 */
const guestBookingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyBookings: build.query<List<TBooking>, { page: number; limit?: number }>({
      query: ({ page, limit }) => ({ url: '/bookings/my-bookings', params: limit ? { page, limit } : { page } }),
      providesTags: [{ type: 'Booking', id: 'LIST' }],
    }),
  }),
});

export const { useGetMyBookingsQuery } = guestBookingsApi;
