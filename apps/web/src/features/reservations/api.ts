import type { TBooking, TBookingListQuery, TListMeta, TPaymentCreate, TNightPriceOverride } from '@residency/shared';
import { baseApi } from '../../lib/api';
import { idempotencyHeaders } from '../../lib/idempotency-key';

type List<T> = { success: true; data: T[]; meta: TListMeta };
type One<T> = { success: true; message?: string; data: T };

/**
 * The admin's coupon list (features/coupons) shows how often each code was used: a booking made
 * with a code, or cancelled, changes that count.
 */
const COUPONS = { type: 'Booking', id: 'COUPONS' } as const;

/** The desk's transitions (`POST /api/bookings/:id/{path}`): each answers the booking as it now is. */
export type DeskTransition = 'check-in' | 'check-out' | 'no-show';

/**
 * What a change of a booking makes stale: the booking, every booking list (the staff day reads
 * them too) and, for a transition that moves a room (check-in: booked; check-out: cleaning;
 * no-show and cancel: free again), the rooms, which housekeeping and the staff day show.
 */
const changed = (id: string, roomsToo: boolean) => [
  { type: 'Booking' as const, id },
  { type: 'Booking' as const, id: 'LIST' },
  ...(roomsToo ? [{ type: 'Room' as const, id: 'LIST' }] : []),
];

/**
 * The reservation a booking belongs to, from a change's answer: its folio and its details move
 * with a payment, a price, a cancellation's penalty or a check-out's invoice (issue 22).
 */
const reservationOf = (result: One<TBooking> | undefined) =>
  result
    ? [
        { type: 'Booking' as const, id: `FOLIO-${result.data.reservationId}` },
        { type: 'Booking' as const, id: `RESERVATION-${result.data.reservationId}` },
      ]
    : [];

/** `POST /api/bookings/:id/check-out`'s body: the balance left goes to the company's account (city ledger), with a note. */
/**
 * How the last room out settles a balance due: sent to the company's account (city ledger), or
 * paid at the desk with the check-out, in one request (issue 31: never a payment, then a balance
 * shown between it and the check-out).
 */
export type CheckOutSettlement = { cityLedger: true; note?: string } | { payment: { amount: number; method: TPaymentCreate['method']; reference?: string } };

/** Bookings (spec section 7): guests book and follow their stays; staff and admins run them. */
export const bookingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The filters of ZBookingListQuery (state, payment, from, to): the reservation list keeps them in its URL.
    getBookings: build.query<List<TBooking>, TBookingListQuery & { page: number }>({
      query: (params) => ({
        url: '/bookings',
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')),
      }),
      providesTags: (result) => [
        { type: 'Booking', id: 'LIST' },
        ...(result?.data.map((b) => ({ type: 'Booking' as const, id: b._id })) ?? []),
      ],
    }),
    // `limit`: the service-request form reads all of a guest's stays at once (newest first, one page).
    getBooking: build.query<One<TBooking>, string>({
      query: (id) => `/bookings/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Booking', id }],
    }),
    updateBooking: build.mutation<One<TBooking>, { id: string; payload: { isConfirmed: true } | { paymentStatus: 'Paid' }; idempotencyKey?: string }>({
      query: ({ id, payload, idempotencyKey }) => ({ url: `/bookings/${id}`, method: 'PATCH', body: payload, headers: idempotencyHeaders(idempotencyKey) }),
      // Confirming one room confirms the reservation's others (issue 31): the reservation too.
      invalidatesTags: (r, _e, { id }) => [{ type: 'Booking', id }, { type: 'Booking', id: 'LIST' }, ...reservationOf(r)],
    }),
    cancelBooking: build.mutation<One<TBooking>, string>({
      query: (id) => ({ url: `/bookings/${id}`, method: 'DELETE' }),
      invalidatesTags: (r, _e, id) => [...changed(id, true), COUPONS, ...reservationOf(r)],
    }),
    /** Money received at the desk: amount, method, optional time and note. */
    recordPayment: build.mutation<One<TBooking>, { id: string; payment: TPaymentCreate; idempotencyKey?: string }>({
      query: ({ id, payment, idempotencyKey }) => ({ url: `/bookings/${id}/payments`, method: 'POST', body: payment, headers: idempotencyHeaders(idempotencyKey) }),
      invalidatesTags: (r, _e, { id }) => [...changed(id, false), ...reservationOf(r)],
    }),
    /** The desk prices some nights itself, with a reason (issue 21); the stay's amounts follow. */
    overrideNightPrices: build.mutation<One<TBooking>, { id: string; body: TNightPriceOverride; idempotencyKey?: string }>({
      query: ({ id, body, idempotencyKey }) => ({ url: `/bookings/${id}/night-prices`, method: 'POST', body, headers: idempotencyHeaders(idempotencyKey) }),
      invalidatesTags: (r, _e, { id }) => [...changed(id, false), ...reservationOf(r)],
    }),
    /**
     * Check-in, check-out or no-show: the rules of booking-states.ts, refused with a 409 otherwise.
     * The reservation's last room out with a balance due is refused (409 BALANCE_DUE, with the
     * `balance`) unless `settle` sends it to the company's account; then the invoice is issued.
     */
    deskTransition: build.mutation<
      One<TBooking>,
      // `registrationNote`: a check-in without complete registration cards says why (issue 34).
      { id: string; action: DeskTransition; settle?: CheckOutSettlement; registrationNote?: string; idempotencyKey?: string }
    >({
      query: ({ id, action, settle, registrationNote, idempotencyKey }) => ({
        url: `/bookings/${id}/${action}`,
        method: 'POST',
        ...(settle ? { body: settle } : registrationNote ? { body: { registrationNote } } : {}),
        headers: idempotencyHeaders(idempotencyKey),
      }),
      invalidatesTags: (r, _e, { id }) => [...changed(id, true), ...reservationOf(r)],
    }),
  }),
});

export const {
  useGetBookingsQuery,
  useGetBookingQuery,
  useUpdateBookingMutation,
  useCancelBookingMutation,
  useRecordPaymentMutation,
  useDeskTransitionMutation,
  useOverrideNightPricesMutation,
} = bookingsApi;
