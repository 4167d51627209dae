import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptForms } from '../lib/form-body.ts';
import { checkoutPage, sendPage } from './sandbox-page.ts';

/*
 * bKash Tokenized Checkout (v1.2.0-beta) as its developer documentation describes it (the
 * README's "Sandbox gateway" section lists each point and where it is documented): the grant and
 * refresh of tokens, create, the guest's approval on bKash's page and the return to callbackURL,
 * execute, the payment query and refunds. Its records live in this process's memory.
 */

export interface BkashSandboxOptions {
  publicBase: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  /** Seconds a granted token lives (bKash: 3600). */
  tokenSeconds?: number;
}

type State = 'Initiated' | 'Authorized' | 'Completed' | 'Failed' | 'Cancelled';

interface Payment {
  paymentID: string;
  amount: string;
  currency: string;
  intent: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  state: State;
  /** Why the approval failed (bKash's own code). */
  failure?: { statusCode: string; statusMessage: string };
  createTime: string;
  executeTime?: string;
  trxID?: string;
  refunds: { refundTrxID: string; amount: string; completedTime: string; reason: string }[];
}

export type BkashDecision = 'pay' | 'insufficient' | 'fail' | 'cancel';

/** bKash's error answers (the statusCode and statusMessage its documentation lists). */
const ERRORS = {
  invalidToken: { statusCode: '2079', statusMessage: 'Invalid App Token' },
  invalidAppKey: { statusCode: '2001', statusMessage: 'Invalid App Key' },
  invalidPaymentState: { statusCode: '2056', statusMessage: 'Invalid Payment State' },
  notFound: { statusCode: '2002', statusMessage: 'Invalid Payment ID' },
  transactionNotFound: { statusCode: '2033', statusMessage: 'Transaction not found' },
  insufficient: { statusCode: '2023', statusMessage: 'Insufficient Balance' },
  alreadyCompleted: { statusCode: '2062', statusMessage: 'The payment has already been completed' },
  invalidAmount: { statusCode: '2008', statusMessage: 'Invalid Amount' },
  refundTooMuch: { statusCode: '2026', statusMessage: 'Reversal amount cannot be greater than the original transaction amount' },
  failed: { statusCode: '2003', statusMessage: 'Process failed' },
  duplicateInvoice: { statusCode: '2029', statusMessage: 'Duplicate for all transactions' },
  credentials: { statusCode: '2079', statusMessage: 'Invalid username or password' },
} as const;

/** bKash's own way of writing a time: 2026-12-04T18:20:05:123 GMT+0600. */
function bkashTime(date = new Date()) {
  const local = new Date(date.getTime() + 6 * 3_600_000).toISOString();
  return `${local.slice(0, 19)}:${local.slice(20, 23)} GMT+0600`;
}
const code = (length: number) => randomBytes(length).toString('hex').toUpperCase().slice(0, length);

export function bkashSandbox(options: BkashSandboxOptions) {
  const tokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const payments = new Map<string, Payment>();
  const invoices = new Set<string>();
  const tokenSeconds = options.tokenSeconds ?? 3600;

  function grant() {
    const idToken = randomBytes(24).toString('base64url');
    const refreshToken = randomBytes(24).toString('base64url');
    tokens.set(idToken, Date.now() + tokenSeconds * 1000);
    refreshTokens.add(refreshToken);
    return { statusCode: '0000', statusMessage: 'Successful', id_token: idToken, token_type: 'Bearer', expires_in: tokenSeconds, refresh_token: refreshToken };
  }

  /** An API call's credentials: the id_token in Authorization and the app key in X-App-Key. */
  function authorised(request: FastifyRequest) {
    const token = String(request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const expires = tokens.get(token);
    if (!expires || expires < Date.now()) return ERRORS.invalidToken;
    if (request.headers['x-app-key'] !== options.appKey) return ERRORS.invalidAppKey;
    return null;
  }

  function status(payment: Payment) {
    return {
      paymentID: payment.paymentID,
      mode: '0011',
      paymentCreateTime: payment.createTime,
      ...(payment.executeTime ? { paymentExecuteTime: payment.executeTime } : {}),
      amount: payment.amount,
      currency: payment.currency,
      intent: payment.intent,
      merchantInvoice: payment.merchantInvoiceNumber,
      transactionStatus: payment.state === 'Authorized' ? 'Initiated' : payment.state,
      verificationStatus: payment.state === 'Completed' ? 'Complete' : 'Incomplete',
      payerReference: payment.payerReference,
      ...(payment.trxID ? { trxID: payment.trxID, customerMsisdn: '01770618575' } : {}),
      statusCode: '0000',
      statusMessage: 'Successful',
    };
  }

  /** The guest's decision on bKash's page; answers the callback address the browser goes to. */
  function decide(payment: Payment, decision: BkashDecision): string {
    if (payment.state === 'Initiated') {
      if (decision === 'pay') payment.state = 'Authorized';
      else if (decision === 'cancel') payment.state = 'Cancelled';
      else {
        payment.state = 'Failed';
        payment.failure = decision === 'insufficient' ? ERRORS.insufficient : ERRORS.failed;
      }
    }
    const outcome = payment.state === 'Cancelled' ? 'cancel' : payment.state === 'Failed' ? 'failure' : 'success';
    const url = new URL(payment.callbackURL);
    url.searchParams.set('paymentID', payment.paymentID);
    url.searchParams.set('status', outcome);
    url.searchParams.set('signature', code(10));
    url.searchParams.set('apiVersion', '1.2.0-beta');
    return url.toString();
  }

  async function routes(app: FastifyInstance) {
    acceptForms(app);
    const checkout = '/tokenized/checkout';

    app.post(`${checkout}/token/grant`, async (request) => {
      const body = (request.body ?? {}) as Record<string, string>;
      if (request.headers.username !== options.username || request.headers.password !== options.password) return ERRORS.credentials;
      if (body.app_key !== options.appKey || body.app_secret !== options.appSecret) return ERRORS.invalidAppKey;
      return grant();
    });

    app.post(`${checkout}/token/refresh`, async (request) => {
      const body = (request.body ?? {}) as Record<string, string>;
      if (request.headers.username !== options.username || request.headers.password !== options.password) return ERRORS.credentials;
      if (body.app_key !== options.appKey || body.app_secret !== options.appSecret) return ERRORS.invalidAppKey;
      if (!refreshTokens.delete(body.refresh_token ?? '')) return ERRORS.invalidToken;
      return grant();
    });

    app.post(`${checkout}/create`, async (request) => {
      const refused = authorised(request);
      if (refused) return refused;
      const body = (request.body ?? {}) as Record<string, string>;
      const amount = Number(body.amount);
      if (body.mode !== '0011' || !body.callbackURL || !body.payerReference || body.currency !== 'BDT' || body.intent !== 'sale' || !body.merchantInvoiceNumber) {
        return { statusCode: '2006', statusMessage: 'Invalid request: mode 0011, payerReference, callbackURL, currency BDT, intent sale and merchantInvoiceNumber are required' };
      }
      if (!(amount >= 1 && amount <= 500_000)) return ERRORS.invalidAmount;
      if (invoices.has(body.merchantInvoiceNumber)) return ERRORS.duplicateInvoice;
      invoices.add(body.merchantInvoiceNumber);
      const payment: Payment = {
        paymentID: `TR0011${code(20)}`,
        amount: amount.toFixed(2),
        currency: 'BDT',
        intent: 'sale',
        merchantInvoiceNumber: body.merchantInvoiceNumber,
        payerReference: body.payerReference,
        callbackURL: body.callbackURL,
        state: 'Initiated',
        createTime: bkashTime(),
        refunds: [],
      };
      payments.set(payment.paymentID, payment);
      return {
        paymentID: payment.paymentID,
        paymentCreateTime: payment.createTime,
        transactionStatus: 'Initiated',
        amount: payment.amount,
        currency: payment.currency,
        intent: payment.intent,
        merchantInvoiceNumber: payment.merchantInvoiceNumber,
        bkashURL: `${options.publicBase}/checkout/${payment.paymentID}`,
        callbackURL: payment.callbackURL,
        successCallbackURL: `${payment.callbackURL}?paymentID=${payment.paymentID}&status=success`,
        failureCallbackURL: `${payment.callbackURL}?paymentID=${payment.paymentID}&status=failure`,
        cancelledCallbackURL: `${payment.callbackURL}?paymentID=${payment.paymentID}&status=cancel`,
        statusCode: '0000',
        statusMessage: 'Successful',
      };
    });

    // bKash's page: the wallet's owner approves (PIN and OTP on the real one) or not.
    app.get('/checkout/:paymentID', async (request, reply) => {
      const payment = payments.get((request.params as { paymentID: string }).paymentID);
      if (!payment) return sendPage(reply.status(404), 'Not found', '<h1>This payment does not exist.</h1>');
      if (payment.state !== 'Initiated') return sendPage(reply, 'Already done', '<h1>This payment is already complete.</h1>');
      return sendPage(
        reply,
        'bKash sandbox',
        checkoutPage({
          gateway: 'bKash',
          merchant: `Invoice ${payment.merchantInvoiceNumber}`,
          amount: payment.amount,
          action: `${options.publicBase}/checkout/${payment.paymentID}`,
          decisions: [
            { value: 'pay', label: 'Pay', primary: true },
            { value: 'insufficient', label: 'Insufficient balance' },
            { value: 'fail', label: 'Fail' },
            { value: 'cancel', label: 'Cancel' },
          ],
        }),
      );
    });

    app.post('/checkout/:paymentID', async (request, reply) => {
      const payment = payments.get((request.params as { paymentID: string }).paymentID);
      if (!payment) return sendPage(reply.status(404), 'Not found', '<h1>This payment does not exist.</h1>');
      const body = (request.body ?? {}) as Record<string, string>;
      const decision = (['pay', 'insufficient', 'fail', 'cancel'] as const).find((d) => d === body.decision) ?? 'fail';
      return reply.redirect(decide(payment, decision), 303);
    });

    app.post(`${checkout}/execute`, async (request) => {
      const refused = authorised(request);
      if (refused) return refused;
      const payment = payments.get(((request.body ?? {}) as Record<string, string>).paymentID ?? '');
      if (!payment) return ERRORS.notFound;
      if (payment.state === 'Completed') return ERRORS.alreadyCompleted;
      if (payment.state === 'Failed') return payment.failure ?? ERRORS.failed;
      if (payment.state === 'Cancelled') return ERRORS.invalidPaymentState;
      if (payment.state !== 'Authorized') return ERRORS.invalidPaymentState;
      payment.state = 'Completed';
      payment.executeTime = bkashTime();
      payment.trxID = code(10);
      return {
        paymentID: payment.paymentID,
        customerMsisdn: '01770618575',
        payerReference: payment.payerReference,
        paymentExecuteTime: payment.executeTime,
        trxID: payment.trxID,
        transactionStatus: 'Completed',
        amount: payment.amount,
        currency: payment.currency,
        intent: payment.intent,
        merchantInvoiceNumber: payment.merchantInvoiceNumber,
        statusCode: '0000',
        statusMessage: 'Successful',
      };
    });

    app.post(`${checkout}/payment/status`, async (request) => {
      const refused = authorised(request);
      if (refused) return refused;
      const payment = payments.get(((request.body ?? {}) as Record<string, string>).paymentID ?? '');
      return payment ? status(payment) : ERRORS.notFound;
    });

    // A refund (paymentID, amount, trxID, sku, reason), or the refunds' status (paymentID and trxID alone).
    app.post(`${checkout}/payment/refund`, async (request) => {
      const refused = authorised(request);
      if (refused) return refused;
      const body = (request.body ?? {}) as Record<string, string>;
      const payment = payments.get(body.paymentID ?? '');
      if (!payment || payment.trxID !== body.trxID || payment.state !== 'Completed') return ERRORS.transactionNotFound;
      const refundAnswer = (r: Payment['refunds'][number]) => ({
        completedTime: r.completedTime,
        transactionStatus: 'Completed',
        originalTrxID: payment.trxID,
        refundTrxID: r.refundTrxID,
        amount: r.amount,
        currency: 'BDT',
        charge: '0.00',
      });
      if (body.amount === undefined) {
        const last = payment.refunds.at(-1);
        return last ? { ...refundAnswer(last), refundTransactions: payment.refunds.map(refundAnswer) } : ERRORS.transactionNotFound;
      }
      const amount = Number(body.amount);
      const refunded = payment.refunds.reduce((s, r) => s + Number(r.amount), 0);
      if (!(amount > 0)) return ERRORS.invalidAmount;
      if (Math.round((refunded + amount) * 100) > Math.round(Number(payment.amount) * 100)) return ERRORS.refundTooMuch;
      const refund = { refundTrxID: code(10), amount: amount.toFixed(2), completedTime: bkashTime(), reason: body.reason ?? '' };
      payment.refunds.push(refund);
      return refundAnswer(refund);
    });
  }

  const control = {
    decide(paymentID: string, decision: BkashDecision) {
      const payment = payments.get(paymentID);
      return payment ? decide(payment, decision) : null;
    },
    payment: (paymentID: string) => payments.get(paymentID) ?? null,
    byInvoice: (invoice: string) => [...payments.values()].find((p) => p.merchantInvoiceNumber === invoice) ?? null,
  };

  return { routes, control };
}
