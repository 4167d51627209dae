import type { TBooking, TCancellationQuote } from '@residency/shared';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };

/** The admin's coupon use counts (see ./api.ts): a cancelled booking gives its code's use back. */
const COUPONS = { type: 'Booking', id: 'COUPONS' } as const;

/**
 * The guest's own side of their stays (spec section 2, user area): cancelling a booking
 * themselves before the cut-off. (The guest dashboard's query, which the bookings list tag
 * refreshes, is features/dashboard/guest-dashboard-api.ts.)
 */
const myStaysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** What cancelling now would cost under the booking's plan, asked when the guest opens the confirmation. */
    getCancellationQuote: build.query<One<TCancellationQuote>, string>({
      query: (id) => ({ url: `/bookings/${id}/cancellation` }),
      keepUnusedDataFor: 0,
    }),
    guestCancelBooking: build.mutation<One<TBooking>, string>({
      query: (id) => ({ url: `/bookings/${id}/cancel`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [
        { type: 'Booking', id },
        { type: 'Booking', id: 'LIST' },
        { type: 'Room', id: 'LIST' },
        COUPONS,
      ],
    }),
  }),
});

export const { useGuestCancelBookingMutation, useGetCancellationQuoteQuery } = myStaysApi;
