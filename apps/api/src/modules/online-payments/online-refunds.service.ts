import { formatAmount } from '@residency/shared/display';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../lib/transactions.ts';
import { lockReservationFor } from '../reservations/folio/folio.service.ts';
import { receiveGatewayRefund } from '../reservations/folio/payments.service.ts';
import { GatewayUnavailable, type RefundOutcome, type RefundRequest } from './gateways/gateway.ts';
import { claimRefundsToCheck, findGatewayPayment, insertRefund, lockRefund, refundedOfPayment, refundsUnderWay, updateRefund, type RefundRow } from './online-payments.repository.ts';
import type { OnlinePaymentDeps } from './online-payments.service.ts';

/*
 * Refunds of online payments through their gateway (issue 33): any number, partial, never more in
 * all than that payment brought (nor than the reservation's money not yet given back). A refund
 * is requested first; the folio records it once the gateway says it is done, and shows the
 * gateway's reason when it fails.
 */

/** Asks the gateway to give back `amount` of the online payment `paymentId`; answers the refund's row as it then stands. */
export async function requestRefund(deps: OnlinePaymentDeps, input: { paymentId: string; amount: number; reason: string; by: string | null; reservationId?: string }): Promise<RefundRow> {
  const refund = await inTransaction(deps.db, async (tx) => {
    const found = await findGatewayPayment(tx, input.paymentId);
    if (!found || (input.reservationId && found.payment.reservationId !== input.reservationId)) {
      throw AppError.notFound('This online payment does not exist on this reservation.', 'PAYMENT_NOT_FOUND');
    }
    const reservation = await lockReservationFor(tx, found.payment.reservationId);
    const left = Math.round((found.payment.amount - (await refundedOfPayment(tx, input.paymentId))) * 100) / 100;
    const refundable = Math.round((reservation.paid - reservation.refunded - (await refundsUnderWay(tx, reservation.id))) * 100) / 100;
    const most = Math.min(left, refundable);
    if (Math.round(input.amount * 100) > Math.round(most * 100)) {
      throw AppError.conflict(
        most > 0 ? `A refund of this payment cannot be more than ${formatAmount(most)}.` : 'Nothing of this payment is left to refund.',
        'REFUND_OVER_PAID',
      );
    }
    return insertRefund(tx, { paymentId: input.paymentId, reservationId: reservation.id, amount: input.amount, reason: input.reason, requestedBy: input.by });
  });
  return askGateway(deps, refund, 'refund');
}

/** What the gateway needs of a refund: its payment's references. */
async function refundRequest(deps: OnlinePaymentDeps, refund: RefundRow): Promise<{ client: NonNullable<OnlinePaymentDeps['gateways']['sslcommerz' | 'bkash']>; request: RefundRequest } | null> {
  const found = await findGatewayPayment(deps.db, refund.paymentId);
  const client = found ? deps.gateways[found.session.gateway] : undefined;
  if (!found || !client) return null;
  return {
    client,
    request: {
      id: refund.id,
      amount: refund.amount,
      reason: refund.reason,
      payment: {
        gatewayRef: found.payment.gatewayRef ?? '',
        details: (found.payment.gatewayDetails ?? {}) as Record<string, string>,
        session: { tranId: found.session.tranId, gatewaySession: found.session.gatewaySession },
      },
    },
  };
}

async function askGateway(deps: OnlinePaymentDeps, refund: RefundRow, call: 'refund' | 'status'): Promise<RefundRow> {
  const prepared = await refundRequest(deps, refund);
  if (!prepared) return refund;
  let outcome: RefundOutcome;
  try {
    outcome = call === 'refund' || !refund.gatewayRef ? await prepared.client.refund(prepared.request) : await prepared.client.refundStatus({ ...prepared.request, ref: refund.gatewayRef });
    // SSLCommerz takes a refund request and settles it later: ask at once, as the desk waits.
    if (outcome.state === 'requested' && outcome.ref && call === 'refund') outcome = await prepared.client.refundStatus({ ...prepared.request, ref: outcome.ref });
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    deps.log.warn({ refundId: refund.id, reason: error.message }, 'payment gateway did not answer a refund');
    // Still requested: the job asks again.
    return refund;
  }
  return applyOutcome(deps, refund.id, outcome);
}

/** Records what the gateway said of a refund, once: done puts it on the folio; failed keeps the gateway's reason. */
async function applyOutcome(deps: OnlinePaymentDeps, refundId: string, outcome: RefundOutcome): Promise<RefundRow> {
  return inTransaction(deps.db, async (tx) => {
    const refund = (await lockRefund(tx, refundId))!;
    if (refund.state !== 'requested') return refund;
    if (outcome.state === 'requested') {
      if (outcome.ref && outcome.ref !== refund.gatewayRef) await updateRefund(tx, refund.id, { gatewayRef: outcome.ref });
      return { ...refund, gatewayRef: outcome.ref ?? refund.gatewayRef };
    }
    if (outcome.state === 'failed') {
      await updateRefund(tx, refund.id, { state: 'failed', failure: outcome.failure, gatewayRef: outcome.ref ?? refund.gatewayRef });
      return { ...refund, state: 'failed' as const, failure: outcome.failure };
    }
    const found = (await findGatewayPayment(tx, refund.paymentId))!;
    const reservation = await lockReservationFor(tx, refund.reservationId);
    const folioId = await receiveGatewayRefund(tx, reservation, {
      amount: refund.amount,
      method: found.payment.method,
      gateway: found.session.gateway,
      gatewayRef: outcome.ref ?? refund.id,
      refundOf: refund.paymentId,
      reason: refund.reason,
      by: refund.requestedBy,
    });
    await updateRefund(tx, refund.id, { state: 'done', gatewayRef: outcome.ref ?? refund.gatewayRef, refundPaymentId: folioId });
    return { ...refund, state: 'done' as const, refundPaymentId: folioId };
  });
}

/** The job's part: refunds still under way are asked about. */
export async function checkRefundsUnderWay(deps: OnlinePaymentDeps, now: Date): Promise<void> {
  for (const refund of await claimRefundsToCheck(deps.db, now, 60_000, 20)) await askGateway(deps, refund, 'status');
}
