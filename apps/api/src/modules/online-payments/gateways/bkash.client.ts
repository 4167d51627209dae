import { callGateway, field, GatewayUnavailable, type GatewayClient, type GatewayFact, type RefundOutcome } from './gateway.ts';

/*
 * bKash Tokenized Checkout v1.2.0-beta, on fetch (no official Node package; decision 0021). The
 * id_token is granted once and refreshed before it expires (bKash asks merchants not to grant a
 * token per payment); a call refused for its token is made once more with a new one.
 */

export interface BkashSettings {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  baseUrl: string;
  timeoutMs: number;
}

/** Refresh this long before the token's end. */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** bKash's code for a token it no longer takes. */
const INVALID_TOKEN = '2079';
/** bKash's code for a payment in no state to execute (not approved on its page). */
const INVALID_STATE = '2056';

/** bKash's word on a payment, from execute or the payment query. */
function factOf(answer: Record<string, unknown>, tranId: string): GatewayFact {
  const status = field(answer, 'transactionStatus');
  const code = field(answer, 'statusCode');
  const completed = status === 'Completed' && Boolean(field(answer, 'trxID'));
  return {
    gateway: 'bkash',
    state: completed ? 'paid' : status === 'Cancelled' ? 'cancelled' : status === 'Failed' || (code !== '' && code !== '0000') || field(answer, 'errorCode') !== '' ? 'failed' : 'open',
    tranId: field(answer, 'merchantInvoiceNumber') || field(answer, 'merchantInvoice') || tranId,
    amount: Number(field(answer, 'amount')) || 0,
    currency: field(answer, 'currency'),
    ref: completed ? field(answer, 'trxID') : null,
    method: 'bkash',
    details: Object.fromEntries(
      [
        ['paymentID', field(answer, 'paymentID')],
        ['trxID', field(answer, 'trxID')],
        ['payer', field(answer, 'customerMsisdn')],
        ['executedAt', field(answer, 'paymentExecuteTime')],
        ['statusCode', code],
        // Why it failed, when bKash said (a successful call's own "Successful" is not a reason).
        ['statusMessage', code !== '' && code !== '0000' ? field(answer, 'statusMessage') : field(answer, 'errorMessage')],
      ].filter(([, v]) => v !== ''),
    ),
    raw: answer,
  };
}

export function bkashClient(settings: BkashSettings): GatewayClient & { execute(paymentID: string, tranId: string): Promise<GatewayFact> } {
  let token: { id: string; refresh: string; expiresAt: number } | null = null;
  let granting: Promise<string> | null = null;
  const base = `${settings.baseUrl}/tokenized/checkout`;
  const json = { 'content-type': 'application/json', accept: 'application/json' };

  async function grant(refresh: string | null): Promise<string> {
    const path = refresh ? '/token/refresh' : '/token/grant';
    const body = { app_key: settings.appKey, app_secret: settings.appSecret, ...(refresh ? { refresh_token: refresh } : {}) };
    const answer = await callGateway(`${base}${path}`, { method: 'POST', headers: { ...json, username: settings.username, password: settings.password }, body: JSON.stringify(body) }, settings.timeoutMs);
    const id = field(answer, 'id_token');
    if (!id) {
      if (refresh) return grant(null);
      throw new GatewayUnavailable(`bKash granted no token: ${field(answer, 'statusMessage') || field(answer, 'statusCode')}`);
    }
    token = { id, refresh: field(answer, 'refresh_token'), expiresAt: Date.now() + (Number(field(answer, 'expires_in')) || 3600) * 1000 };
    return id;
  }

  /** A token good for a while yet: the one held, refreshed near its end, or a new one (one grant at a time). */
  async function idToken(fresh = false): Promise<string> {
    const held = token;
    if (!fresh && held && held.expiresAt - Date.now() > REFRESH_MARGIN_MS) return held.id;
    granting ??= grant(!fresh && held ? held.refresh : null).finally(() => {
      granting = null;
    });
    return granting;
  }

  async function call(path: string, body: Record<string, string>): Promise<Record<string, unknown>> {
    const send = async (id: string) =>
      callGateway(`${base}${path}`, { method: 'POST', headers: { ...json, authorization: id, 'x-app-key': settings.appKey }, body: JSON.stringify(body) }, settings.timeoutMs);
    const answer = await send(await idToken());
    return field(answer, 'statusCode') === INVALID_TOKEN ? send(await idToken(true)) : answer;
  }

  const refundOutcome = (answer: Record<string, unknown>): RefundOutcome =>
    field(answer, 'transactionStatus') === 'Completed' && field(answer, 'refundTrxID')
      ? { state: 'done', ref: field(answer, 'refundTrxID'), failure: null }
      : { state: 'failed', ref: null, failure: field(answer, 'statusMessage') || field(answer, 'errorMessage') || 'bKash did not refund' };

  return {
    name: 'bkash',

    async start(session) {
      const answer = await call('/create', {
        mode: '0011',
        payerReference: session.customer.phone.replace(/\D/g, '').slice(-11) || session.tranId,
        callbackURL: `${session.returnBase}/api/payments/bkash/callback`,
        amount: session.amount.toFixed(2),
        currency: 'BDT',
        intent: 'sale',
        merchantInvoiceNumber: session.tranId,
      });
      const paymentID = field(answer, 'paymentID');
      const url = field(answer, 'bkashURL');
      if (field(answer, 'statusCode') !== '0000' || !paymentID || !url) throw new GatewayUnavailable(`bKash did not create the payment: ${field(answer, 'statusMessage') || 'no reason given'}`);
      return { gatewaySession: paymentID, redirectUrl: url };
    },

    async execute(paymentID, tranId) {
      const answer = await call('/execute', { paymentID });
      const code = field(answer, 'statusCode');
      // Executed already (by another process, or before a crash): the payment query tells how.
      if (code === '2062' || code === '2117') return factOf(await call('/payment/status', { paymentID }), tranId);
      // Not approved (yet) on bKash's page: nothing moved, the payment stays open.
      if (code === INVALID_STATE) return { ...factOf(answer, tranId), state: 'open' };
      return factOf(answer, tranId);
    },

    async query(session) {
      if (!session.gatewaySession) return { gateway: 'bkash', state: 'open', tranId: session.tranId, amount: 0, currency: 'BDT', ref: null, method: 'bkash', details: {}, raw: {} };
      const answer = await call('/payment/status', { paymentID: session.gatewaySession });
      return factOf(answer, session.tranId);
    },

    async refund(request) {
      return refundOutcome(
        await call('/payment/refund', {
          paymentID: request.payment.session.gatewaySession ?? '',
          amount: request.amount.toFixed(2),
          trxID: request.payment.gatewayRef,
          sku: request.id.slice(0, 32),
          reason: request.reason.slice(0, 255),
        }),
      );
    },

    async refundStatus(request) {
      return refundOutcome(await call('/payment/refund', { paymentID: request.payment.session.gatewaySession ?? '', trxID: request.payment.gatewayRef }));
    },
  };
}
