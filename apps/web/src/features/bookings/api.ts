import type { TBooking, TBookingCreate, TListMeta, TWalkInBookingCreate } from '@residency/shared';
import { baseApi } from '../../lib/api';

type List<T> = { success: true; data: T[]; meta: TListMeta };
type One<T> = { success: true; message?: string; data: T };

/**
 * The admin's coupon list (features/coupons) shows how often each code was used: a booking made
 * with a code, or cancelled, changes that count.
 */
const COUPONS = { type: 'Booking', id: 'COUPONS' } as const;

/** Bookings (spec section 7): guests book and follow their stays; staff and admins run them. */
export const bookingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createBooking: build.mutation<One<TBooking>, TBookingCreate>({
      query: (body) => ({ url: '/bookings', method: 'POST', body }),
      invalidatesTags: [{ type: 'Booking', id: 'LIST' }, { type: 'Room', id: 'LIST' }, COUPONS],
    }),
    createWalkInBooking: build.mutation<One<TBooking>, TWalkInBookingCreate>({
      query: (body) => ({ url: '/bookings/walk-in', method: 'POST', body }),
      invalidatesTags: [{ type: 'Booking', id: 'LIST' }, { type: 'Room', id: 'LIST' }, COUPONS],
    }),
    getBookings: build.query<List<TBooking>, { page: number; searchTerm?: string }>({
      query: ({ page, searchTerm }) => ({ url: '/bookings', params: { page, ...(searchTerm ? { searchTerm } : {}) } }),
      providesTags: (result) => [
        { type: 'Booking', id: 'LIST' },
        ...(result?.data.map((b) => ({ type: 'Booking' as const, id: b._id })) ?? []),
      ],
    }),
    // `limit`: the service-request form reads all of a guest's stays at once (newest first, one page).
    getMyBookings: build.query<List<TBooking>, { page: number; limit?: number }>({
      query: ({ page, limit }) => ({ url: '/bookings/my-bookings', params: limit ? { page, limit } : { page } }),
      providesTags: [{ type: 'Booking', id: 'LIST' }],
    }),
    getBooking: build.query<One<TBooking>, string>({
      query: (id) => `/bookings/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Booking', id }],
    }),
    updateBooking: build.mutation<One<TBooking>, { id: string; payload: { isConfirmed: true } | { paymentStatus: 'Paid' } }>({
      query: ({ id, payload }) => ({ url: `/bookings/${id}`, method: 'PATCH', body: payload }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Booking', id }, { type: 'Booking', id: 'LIST' }],
    }),
    cancelBooking: build.mutation<One<TBooking>, string>({
      query: (id) => ({ url: `/bookings/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Booking', id }, { type: 'Booking', id: 'LIST' }, { type: 'Room', id: 'LIST' }, COUPONS],
    }),
  }),
});

export const {
  useCreateBookingMutation,
  useCreateWalkInBookingMutation,
  useGetBookingsQuery,
  useGetMyBookingsQuery,
  useGetBookingQuery,
  useUpdateBookingMutation,
  useCancelBookingMutation,
} = bookingsApi;
