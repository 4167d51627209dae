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
      invalidatesTags: (r, _e, id) => [
        { type: 'Booking', id },
        { type: 'Booking', id: 'LIST' },
        { type: 'Room', id: 'LIST' },
        COUPONS,
        // The reservation the room is of, and its bill (a penalty posted): My Bookings' details show both (issue 31).
        ...(r ? [{ type: 'Booking' as const, id: `RESERVATION-${r.data.reservationId}` }, { type: 'Booking' as const, id: `FOLIO-${r.data.reservationId}` }] : []),
      ],
    }),
  }),
});

export const { useGuestCancelBookingMutation, useGetCancellationQuoteQuery } = myStaysApi;
