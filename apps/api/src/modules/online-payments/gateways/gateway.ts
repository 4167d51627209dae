import type { PaymentMethod } from '@residency/shared';
import type { GatewayName } from '../../../config.ts';
import { AppError } from '../../../lib/app-error.ts';

/*
 * What the online-payment service asks of a gateway, whichever it is. Only a gateway's own API
 * answers (validation, execute, query) become a GatewayFact: what a browser or a notification
 * posts is only a hint of which transaction to ask about (ARCHITECTURE: only the gateway
 * confirms a payment).
 */

/** The gateway's word on a session's money. */
export interface GatewayFact {
  gateway: GatewayName;
  /** paid: money taken; review: taken but held for review (SSLCommerz risk_level 1); open: nothing yet; failed, cancelled: no money moved. */
  state: 'paid' | 'review' | 'open' | 'failed' | 'cancelled';
  tranId: string;
  amount: number;
  currency: string;
  /** The gateway's own id of the payment, by which it is recorded once: SSLCommerz val_id, bKash trxID. */
  ref: string | null;
  method: PaymentMethod;
  /** What the folio shows beside it: bank_tran_id, card type and brand, store_amount, payer… */
  details: Record<string, string>;
  /** The answer as it came, kept on the session. */
  raw: Record<string, unknown>;
}

interface SessionToStart {
  tranId: string;
  amount: number;
  /** The guest, as the gateway's page and records show them. */
  customer: { name: string; email: string; phone: string; address: string };
  productName: string;
  /** Where the gateway sends the guest and its notifications. */
  returnBase: string;
}

export interface RefundOutcome {
  state: 'requested' | 'done' | 'failed';
  /** The gateway's reference of the refund (SSLCommerz refund_ref_id, bKash refundTrxID). */
  ref: string | null;
  failure: string | null;
}

export interface RefundRequest {
  id: string;
  amount: number;
  reason: string;
  /** The payment given back, as recorded. */
  payment: { gatewayRef: string; details: Record<string, string>; session: { tranId: string; gatewaySession: string | null } };
}

export interface GatewayClient {
  readonly name: GatewayName;
  /** Opens the session; answers the gateway's id of it and where the guest pays. */
  start(session: SessionToStart): Promise<{ gatewaySession: string; redirectUrl: string }>;
  /** Asks the gateway what became of a session (SSLCommerz: by tran_id; bKash: by paymentID). */
  query(session: { tranId: string; gatewaySession: string | null }): Promise<GatewayFact>;
  refund(request: RefundRequest): Promise<RefundOutcome>;
  refundStatus(request: RefundRequest & { ref: string }): Promise<RefundOutcome>;
}

/** A gateway that did not answer, or answered with an error of its own: the guest is told to try again. */
export class GatewayUnavailable extends Error {}

export const gatewayUnavailable = () =>
  new AppError('GATEWAY_UNAVAILABLE', 'The payment service did not answer. Nothing was charged: please try again in a moment, or choose another way to pay.', 503);

/** An HTTP call to a gateway with a time-out; its JSON answer, or GatewayUnavailable. */
export async function callGateway(url: string, init: RequestInit, timeoutMs: number): Promise<Record<string, unknown>> {
  let answer: Response;
  try {
    answer = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new GatewayUnavailable(`${new URL(url).host} did not answer: ${(error as Error).message}`);
  }
  const text = await answer.text().catch(() => '');
  if (!answer.ok) throw new GatewayUnavailable(`${new URL(url).host} answered ${answer.status}`);
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // not JSON: below
  }
  throw new GatewayUnavailable(`${new URL(url).host} answered something other than JSON`);
}

/** A field of a gateway's answer as text ('' when absent). */
export const field = (answer: Record<string, unknown>, name: string) => {
  const value = answer[name];
  return value === undefined || value === null ? '' : String(value);
};
