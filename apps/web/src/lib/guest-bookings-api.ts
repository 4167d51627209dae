import type { TBooking, TListMeta, TReservation } from '@residency/shared';
import { baseApi } from './api';

type List<T> = { success: true; data: T[]; meta: TListMeta };

/**
 * The signed-in guest's own stays. My Bookings reads their reservations
 * (`GET /api/reservations/my-reservations`: a page of reservations, each with its rooms, issue
 * 31); My Requests reads their bookings, one per room (`GET /api/bookings/my-bookings`), to ask
 * which room a request is for (services). Every change of a booking refreshes both (the bookings
 * list tag); the changes are features/reservations/api.ts.
 */
const guestBookingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyBookings: build.query<List<TBooking>, { page: number; limit?: number }>({
      query: ({ page, limit }) => ({ url: '/bookings/my-bookings', params: limit ? { page, limit } : { page } }),
      providesTags: [{ type: 'Booking', id: 'LIST' }],
    }),
    getMyReservations: build.query<List<TReservation>, { page: number }>({
      query: ({ page }) => ({ url: '/reservations/my-reservations', params: { page } }),
      providesTags: (result) => [
        { type: 'Booking', id: 'LIST' },
        // A change of one of its rooms, its folio or itself (a payment, the desk's changes) refreshes the page too.
        ...(result?.data.flatMap((r) => [{ type: 'Booking' as const, id: `RESERVATION-${r._id}` }, ...r.bookings.map((b) => ({ type: 'Booking' as const, id: b._id }))]) ?? []),
      ],
    }),
  }),
});

export const { useGetMyBookingsQuery, useGetMyReservationsQuery } = guestBookingsApi;
