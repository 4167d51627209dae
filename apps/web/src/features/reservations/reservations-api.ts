import type {
  TBooking,
  TChargeCreate,
  TDatesChange,
  TFolio,
  TOnlinePaymentCreate,
  TOnlinePaymentSession,
  TOnlinePaymentStart,
  TOnlineRefundCreate,
  TPayLink,
  TPaymentCreate,
  TRefundCreate,
  TReservation,
  TReservationCreate,
  TReversalCreate,
  TRoomAdd,
  TRoomMove,
  TWalkInReservationCreate,
} from '@residency/shared';
import { baseApi } from '../../lib/api';
import { downloadWithToken } from '../../lib/download';
import { idempotencyHeaders } from '../../lib/idempotency-key';

type One<T> = { success: true; message?: string; data: T };

/**
 * What a folio change makes stale: the folio, the reservation, and the bookings (their balances
 * and payment states): the lists, and each room's own details (`GET /api/bookings/:id`, which the
 * desk's details show beside the folio) named by the folio's lines.
 */
const folioChanged = (id: string, folio?: One<TFolio>) => [
  { type: 'Booking' as const, id: `RESERVATION-${id}` },
  { type: 'Booking' as const, id: `FOLIO-${id}` },
  { type: 'Booking' as const, id: 'LIST' },
  ...[...new Set(folio?.data.lines.map((l) => l.bookingId))].map((bookingId) => ({ type: 'Booking' as const, id: bookingId })),
];

/**
 * Reservations of one or several rooms and their folio (issue 22). One file for every screen
 * that uses them (the public booking of several rooms, the walk-in form, the desk's folio tab,
 * My Bookings), so each endpoint is declared once.
 */
export const reservationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createReservation: build.mutation<One<TReservation>, TReservationCreate>({
      query: (body) => ({ url: '/reservations', method: 'POST', body }),
      // A coupon used: what it has left changes (the coupons' use counts).
      invalidatesTags: [{ type: 'Booking', id: 'LIST' }, { type: 'Room', id: 'LIST' }, { type: 'Booking', id: 'COUPONS' }],
    }),
    createWalkInReservation: build.mutation<One<TReservation>, TWalkInReservationCreate>({
      query: (body) => ({ url: '/reservations/walk-in', method: 'POST', body }),
      invalidatesTags: [{ type: 'Booking', id: 'LIST' }, { type: 'Room', id: 'LIST' }, { type: 'Booking', id: 'COUPONS' }],
    }),
    getReservation: build.query<One<TReservation>, string>({
      query: (id) => `/reservations/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Booking', id: `RESERVATION-${id}` }],
    }),
    getFolio: build.query<One<TFolio>, string>({
      query: (id) => `/reservations/${id}/folio`,
      providesTags: (_r, _e, id) => [{ type: 'Booking', id: `FOLIO-${id}` }],
    }),
    postCharge: build.mutation<One<TFolio>, { id: string; body: TChargeCreate; idempotencyKey?: string }>({
      query: ({ id, body, idempotencyKey }) => ({ url: `/reservations/${id}/charges`, method: 'POST', body, headers: idempotencyHeaders(idempotencyKey) }),
      invalidatesTags: (r, _e, { id }) => folioChanged(id, r),
    }),
    postReversal: build.mutation<One<TFolio>, { id: string; body: TReversalCreate; idempotencyKey?: string }>({
      query: ({ id, body, idempotencyKey }) => ({ url: `/reservations/${id}/reversals`, method: 'POST', body, headers: idempotencyHeaders(idempotencyKey) }),
      invalidatesTags: (r, _e, { id }) => folioChanged(id, r),
    }),
    postFolioPayment: build.mutation<One<TFolio>, { id: string; body: TPaymentCreate; idempotencyKey?: string }>({
      query: ({ id, body, idempotencyKey }) => ({ url: `/reservations/${id}/payments`, method: 'POST', body, headers: idempotencyHeaders(idempotencyKey) }),
      invalidatesTags: (r, _e, { id }) => folioChanged(id, r),
    }),
    postRefund: build.mutation<One<TFolio>, { id: string; body: TRefundCreate; idempotencyKey?: string }>({
      query: ({ id, body, idempotencyKey }) => ({ url: `/reservations/${id}/refunds`, method: 'POST', body, headers: idempotencyHeaders(idempotencyKey) }),
      invalidatesTags: (r, _e, { id }) => folioChanged(id, r),
    }),
    postCreditNote: build.mutation<One<TFolio>, { id: string; reason: string; idempotencyKey?: string }>({
      query: ({ id, reason, idempotencyKey }) => ({ url: `/reservations/${id}/credit-notes`, method: 'POST', body: { reason }, headers: idempotencyHeaders(idempotencyKey) }),
      invalidatesTags: (r, _e, { id }) => folioChanged(id, r),
    }),
    reissueInvoice: build.mutation<One<TFolio>, string>({
      query: (id) => ({ url: `/reservations/${id}/invoices`, method: 'POST' }),
      invalidatesTags: (r, _e, id) => folioChanged(id, r),
    }),
    // Online payment (issue 33): a session with the gateway, and how it went.
    startOnlinePayment: build.mutation<One<TOnlinePaymentStart>, { id: string; body: TOnlinePaymentCreate }>({
      query: ({ id, body }) => ({ url: `/reservations/${id}/online-payments`, method: 'POST', body }),
    }),
    getOnlinePayment: build.query<One<TOnlinePaymentSession>, string>({
      query: (id) => `/online-payments/${id}`,
    }),
    // A pay link (the confirmation mail's "Pay online"): the same without signing in.
    getPayLink: build.query<One<TPayLink>, string>({
      query: (token) => `/pay-links/${token}`,
    }),
    startPayLinkPayment: build.mutation<One<TOnlinePaymentStart>, { token: string; body: TOnlinePaymentCreate }>({
      query: ({ token, body }) => ({ url: `/pay-links/${token}/online-payments`, method: 'POST', body }),
    }),
    getPayLinkPayment: build.query<One<TOnlinePaymentSession>, { token: string; sessionId: string }>({
      query: ({ token, sessionId }) => `/pay-links/${token}/online-payments/${sessionId}`,
    }),
    postOnlineRefund: build.mutation<One<TFolio>, { id: string; body: TOnlineRefundCreate; idempotencyKey?: string }>({
      query: ({ id, body, idempotencyKey }) => ({ url: `/reservations/${id}/online-refunds`, method: 'POST', body, headers: idempotencyHeaders(idempotencyKey) }),
      invalidatesTags: (r, _e, { id }) => folioChanged(id, r),
    }),
    // The desk changes a reservation: its rooms, folio and the rooms' availability change with it.
    addReservationRoom: build.mutation<One<TReservation>, { id: string; body: TRoomAdd }>({
      query: ({ id, body }) => ({ url: `/reservations/${id}/rooms`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [...folioChanged(id), { type: 'Room', id: 'LIST' }],
    }),
    removeReservationRoom: build.mutation<One<TReservation>, { id: string; bookingId: string; reason: string }>({
      query: ({ id, bookingId, reason }) => ({ url: `/reservations/${id}/rooms/${bookingId}`, method: 'DELETE', body: { reason } }),
      invalidatesTags: (_r, _e, { id, bookingId }) => [...folioChanged(id), { type: 'Booking', id: bookingId }, { type: 'Room', id: 'LIST' }],
    }),
    changeStayDates: build.mutation<One<TBooking>, { id: string; reservationId: string; body: TDatesChange }>({
      query: ({ id, body }) => ({ url: `/bookings/${id}/dates`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id, reservationId }) => [...folioChanged(reservationId), { type: 'Booking', id }, { type: 'Room', id: 'LIST' }],
    }),
    moveGuest: build.mutation<One<TBooking>, { id: string; reservationId: string; body: TRoomMove }>({
      query: ({ id, body }) => ({ url: `/bookings/${id}/move`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id, reservationId }) => [...folioChanged(reservationId), { type: 'Booking', id }, { type: 'Room', id: 'LIST' }],
    }),
  }),
});

/**
 * Downloads the reservation's invoice PDF in `lang`: the issued one (or the one numbered
 * `number`, a credit note included); before check-out, a proforma (staff only).
 */
export function downloadInvoice(reservationId: string, token: string | null, options: { lang: 'en' | 'bn'; number?: string }): Promise<string> {
  const params = new URLSearchParams({ lang: options.lang, ...(options.number ? { number: options.number } : {}) });
  return downloadWithToken(`/api/reservations/${reservationId}/invoice?${params}`, token, `invoice-${options.lang}.pdf`);
}
