import type { PaymentMethod } from '@residency/shared';
import { callGateway, field, GatewayUnavailable, type GatewayClient, type GatewayFact, type RefundOutcome } from './gateway.ts';

/*
 * SSLCommerz v4, on fetch (decision 0021: the official sslcommerz-lts package fixes its hosts to
 * SSLCommerz's own and sets no time-out). Each request carries the fields its documentation
 * names, with store_id and store_passwd from the environment; nothing else of them is logged.
 */

export interface SslcommerzSettings {
  storeId: string;
  storePassword: string;
  baseUrl: string;
  timeoutMs: number;
}

/** The method of a card_type such as 'VISA-Dutch Bangla', 'BKASH-BKash', 'DBBLMOBILEB-Dbbl Mobile Banking'. */
export function methodOfCardType(cardType: string, cardBrand: string): PaymentMethod {
  const head = cardType.split('-')[0]!.toUpperCase();
  if (head === 'BKASH') return 'bkash';
  if (head === 'NAGAD') return 'nagad';
  if (head === 'DBBLMOBILEB' || head === 'ROCKET') return 'rocket';
  if (head === 'UPAY') return 'upay';
  if (['VISA', 'MASTER', 'AMEX', 'UNIONPAY', 'DINERS', 'DISCOVER', 'JCB'].includes(head) || ['VISA', 'MASTERCARD', 'AMEX'].includes(cardBrand.toUpperCase())) return 'card';
  return 'bank_transfer';
}

/** A transaction as the validation API or the transaction query answers it. */
function factOf(answer: Record<string, unknown>, tranId: string): GatewayFact {
  const status = field(answer, 'status').toUpperCase();
  const cardType = field(answer, 'card_type');
  const cardBrand = field(answer, 'card_brand');
  const valid = status === 'VALID' || status === 'VALIDATED';
  return {
    gateway: 'sslcommerz',
    state: valid ? (field(answer, 'risk_level') === '1' ? 'review' : 'paid') : status === 'CANCELLED' ? 'cancelled' : status === 'FAILED' || status === 'INVALID_TRANSACTION' ? 'failed' : 'open',
    tranId: field(answer, 'tran_id') || tranId,
    amount: Number(field(answer, 'amount')) || 0,
    currency: field(answer, 'currency_type') || field(answer, 'currency'),
    ref: valid ? field(answer, 'val_id') || null : null,
    method: methodOfCardType(cardType, cardBrand),
    details: Object.fromEntries(
      [
        ['valId', field(answer, 'val_id')],
        ['bankTranId', field(answer, 'bank_tran_id')],
        ['cardType', cardType],
        ['cardBrand', cardBrand],
        ['cardIssuer', field(answer, 'card_issuer')],
        ['storeAmount', field(answer, 'store_amount')],
        ['riskLevel', field(answer, 'risk_level')],
        ['riskTitle', field(answer, 'risk_title')],
        ['tranDate', field(answer, 'tran_date')],
      ].filter(([, v]) => v !== ''),
    ),
    // Kept on the session as it came, less the card number (masked as it is: the hotel keeps only references).
    raw: Object.fromEntries(Object.entries(answer).filter(([name]) => name !== 'card_no')),
  };
}

export function sslcommerzClient(settings: SslcommerzSettings): GatewayClient & { validate(valId: string, tranId: string): Promise<GatewayFact> } {
  const credentials = { store_id: settings.storeId, store_passwd: settings.storePassword };
  const get = (path: string, query: Record<string, string>) =>
    callGateway(`${settings.baseUrl}${path}?${new URLSearchParams({ ...query, ...credentials, format: 'json' })}`, { method: 'GET' }, settings.timeoutMs);
  const connected = (answer: Record<string, unknown>) => {
    const connect = field(answer, 'APIConnect');
    if (connect && connect !== 'DONE') throw new GatewayUnavailable(`SSLCommerz refused the call: APIConnect ${connect}`);
    return answer;
  };
  const refundOutcome = (answer: Record<string, unknown>): RefundOutcome => {
    const status = field(answer, 'status').toLowerCase();
    const ref = field(answer, 'refund_ref_id') || null;
    if (status === 'refunded') return { state: 'done', ref, failure: null };
    if (status === 'success' || status === 'processing') return { state: 'requested', ref, failure: null };
    return { state: 'failed', ref, failure: field(answer, 'errorReason') || `SSLCommerz answered ${status || 'nothing'}` };
  };

  return {
    name: 'sslcommerz',

    async start(session) {
      const form = new URLSearchParams({
        ...credentials,
        total_amount: session.amount.toFixed(2),
        currency: 'BDT',
        tran_id: session.tranId,
        success_url: `${session.returnBase}/api/payments/sslcommerz/success`,
        fail_url: `${session.returnBase}/api/payments/sslcommerz/fail`,
        cancel_url: `${session.returnBase}/api/payments/sslcommerz/cancel`,
        ipn_url: `${session.returnBase}/api/payments/sslcommerz/ipn`,
        cus_name: session.customer.name,
        cus_email: session.customer.email,
        cus_add1: session.customer.address,
        cus_city: 'Dhaka',
        cus_country: 'Bangladesh',
        cus_phone: session.customer.phone,
        shipping_method: 'NO',
        num_of_item: '1',
        product_name: session.productName,
        product_category: 'Hotel',
        product_profile: 'travel-vertical',
        // The hotel's stay, as the travel profile asks it.
        hotel_name: session.productName,
        length_of_stay: '1',
        check_in_time: '',
        hotel_city: 'Dhaka',
        value_a: session.tranId,
      });
      const answer = await callGateway(`${settings.baseUrl}/gwprocess/v4/api.php`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() }, settings.timeoutMs);
      const url = field(answer, 'GatewayPageURL');
      if (field(answer, 'status') !== 'SUCCESS' || !url) throw new GatewayUnavailable(`SSLCommerz did not open the session: ${field(answer, 'failedreason') || 'no reason given'}`);
      return { gatewaySession: field(answer, 'sessionkey'), redirectUrl: url };
    },

    async validate(valId, tranId) {
      return factOf(connected(await get('/validator/api/validationserverAPI.php', { val_id: valId, v: '1' })), tranId);
    },

    async query(session) {
      const answer = connected(await get('/validator/api/merchantTransIDvalidationAPI.php', { tran_id: session.tranId }));
      const elements = Array.isArray(answer.element) ? (answer.element as Record<string, unknown>[]) : [];
      const facts = elements.map((e) => factOf(e, session.tranId));
      return (
        facts.find((f) => f.state === 'paid' || f.state === 'review') ??
        facts.find((f) => f.state === 'cancelled' || f.state === 'failed') ??
        { gateway: 'sslcommerz', state: 'open', tranId: session.tranId, amount: 0, currency: 'BDT', ref: null, method: 'card', details: {}, raw: answer }
      );
    },

    async refund(request) {
      const answer = connected(
        await get('/validator/api/merchantTransIDvalidationAPI.php', {
          bank_tran_id: request.payment.details.bankTranId ?? '',
          refund_amount: request.amount.toFixed(2),
          refund_remarks: request.reason.slice(0, 255),
          // Required since 24/02/2025: our own id of the refund (30 characters at most).
          refund_trans_id: request.id.replace(/-/g, '').slice(0, 30),
          refe_id: request.id,
        }),
      );
      return refundOutcome(answer);
    },

    async refundStatus(request) {
      return refundOutcome(connected(await get('/validator/api/merchantTransIDvalidationAPI.php', { refund_ref_id: request.ref })));
    },
  };
}
