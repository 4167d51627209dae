import type { TListMeta, TOnlinePaymentSession, TReconciliation } from '@residency/shared';
import { baseApi } from '../../lib/api';
import { downloadWithToken } from '../../lib/download';
import { idempotencyHeaders } from '../../lib/idempotency-key';

type One<T> = { success: true; message?: string; data: T };
type List<T> = { success: true; data: T[]; meta: TListMeta };

/** The list of payments held for review: a decision takes its payment off. */
const REVIEW_TAG = { type: 'Booking' as const, id: 'ONLINE_PAYMENTS_REVIEW' };

/**
 * What a decision makes stale besides the list: the reservation and its folio (an accepted
 * payment is recorded on it; a refused one is recorded and refunded) and the bookings' payment
 * states, under the tags the reservations' own queries give them.
 */
const decided = (reservationId: string | undefined) => [
  REVIEW_TAG,
  { type: 'Booking' as const, id: 'LIST' },
  ...(reservationId ? [{ type: 'Booking' as const, id: `RESERVATION-${reservationId}` }, { type: 'Booking' as const, id: `FOLIO-${reservationId}` }] : []),
];

/** A decision on one payment in review, sent with the action's idempotency key (a money write). */
interface Decision {
  sessionId: string;
  idempotencyKey: string;
}

/**
 * Online payments at the desk (issue 33): the payments the gateway holds for review (SSLCommerz
 * risk_level 1), accepted or refused (and refunded) by staff and admins; and the admin's
 * reconciliation of the gateways' transactions with the folio.
 */
const onlinePaymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentsInReview: build.query<List<TOnlinePaymentSession>, void>({
      query: () => '/online-payments/review',
      providesTags: [REVIEW_TAG],
    }),
    acceptPayment: build.mutation<One<TOnlinePaymentSession>, Decision>({
      query: ({ sessionId, idempotencyKey }) => ({ url: `/online-payments/${sessionId}/accept`, method: 'POST', headers: idempotencyHeaders(idempotencyKey) }),
      onQueryStarted: (decision, api) => leaveReview(decision.sessionId, api),
      invalidatesTags: (result) => decided(result?.data.reservationId),
    }),
    refusePayment: build.mutation<One<TOnlinePaymentSession>, Decision & { reason: string }>({
      query: ({ sessionId, reason, idempotencyKey }) => ({ url: `/online-payments/${sessionId}/refuse`, method: 'POST', body: { reason }, headers: idempotencyHeaders(idempotencyKey) }),
      onQueryStarted: (decision, api) => leaveReview(decision.sessionId, api),
      invalidatesTags: (result) => decided(result?.data.reservationId),
    }),
    getReconciliation: build.query<One<TReconciliation>, { from: string; to: string }>({
      query: (period) => ({ url: '/reports/reconciliation', params: period }),
    }),
  }),
});

/**
 * Once decided, a payment leaves the list at once (the refetch follows), so its buttons cannot
 * be pressed again for a payment that is no longer in review.
 */
async function leaveReview(sessionId: string, { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> }) {
  try {
    await queryFulfilled;
  } catch {
    return;
  }
  dispatch(
    onlinePaymentsApi.util.updateQueryData('getPaymentsInReview', undefined, (list) => {
      list.data = list.data.filter((session) => session.sessionId !== sessionId);
    }),
  );
}

export const { useGetPaymentsInReviewQuery, useAcceptPaymentMutation, useRefusePaymentMutation, useGetReconciliationQuery } = onlinePaymentsApi;

/** Downloads the reconciliation of `from`…`to` (YYYY-MM-DD) as CSV, as the server names it (reconciliation-2026-12-01-2026-12-07.csv). */
export function downloadReconciliation(from: string, to: string, token: string | null): Promise<string> {
  const params = new URLSearchParams({ from, to, format: 'csv' });
  return downloadWithToken(`/api/reports/reconciliation?${params}`, token, `reconciliation-${from}-${to}.csv`);
}
