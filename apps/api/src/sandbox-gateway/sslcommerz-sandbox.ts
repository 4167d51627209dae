import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { acceptForms } from '../lib/form-body.ts';
import { checkoutPage, postBackPage, sendPage } from './sandbox-page.ts';

/*
 * SSLCommerz v4 as its developer documentation describes it (the README's "Sandbox gateway"
 * section lists each point and where it is documented): session initiation, the hosted payment
 * page, the IPN posted server to server, the Order Validation API, the transaction query by
 * tran_id, refunds and the refund query. Its records live in this process's memory.
 */

export interface SslcommerzSandboxOptions {
  /** Where browsers reach this sandbox (…/sandbox-gateway/sslcommerz). */
  publicBase: string;
  storeId: string;
  storePassword: string;
  /** The IPN's time-out. */
  timeoutMs: number;
  log: (message: string, detail?: object) => void;
}

type Status = 'UNATTEMPTED' | 'VALID' | 'FAILED' | 'CANCELLED';

interface Session {
  sessionkey: string;
  tranId: string;
  amount: string;
  currency: string;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string | null;
  productName: string;
  valueA: string;
  status: Status;
  valId?: string;
  bankTranId?: string;
  cardType?: string;
  cardBrand?: string;
  cardIssuer?: string;
  storeAmount?: string;
  riskLevel?: '0' | '1';
  tranDate?: string;
  validations: number;
  refunded: number;
}

interface Refund {
  refundRefId: string;
  refundTransId: string;
  bankTranId: string;
  tranId: string;
  amount: number;
  remarks: string;
  initiatedOn: string;
  refundedOn: string | null;
}

/** What the page lets one pay with: SSLCommerz's own card_type names. */
const INSTRUMENTS = [
  { value: 'VISA-Dutch Bangla', label: 'Visa card', brand: 'VISA', issuer: 'Dutch-Bangla Bank Limited' },
  { value: 'MASTER-City Bank', label: 'Mastercard', brand: 'MASTERCARD', issuer: 'The City Bank Limited' },
  { value: 'BKASH-BKash', label: 'bKash', brand: 'MOBILEBANKING', issuer: 'bKash Mobile Banking' },
  { value: 'NAGAD-Nagad', label: 'Nagad', brand: 'MOBILEBANKING', issuer: 'Nagad' },
  { value: 'DBBLMOBILEB-Dbbl Mobile Banking', label: 'Rocket', brand: 'MOBILEBANKING', issuer: 'Dutch-Bangla Bank Limited' },
] as const;

/** Decisions on the payment page. */
export type SslDecision = 'pay' | 'review' | 'fail' | 'cancel';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha2 = (text: string) => createHash('sha256').update(text).digest('hex');
const stamp = (date = new Date()) => date.toISOString().replace('T', ' ').slice(0, 19);
const id = (prefix: string, bytes = 8) => `${prefix}${randomBytes(bytes).toString('hex').toUpperCase()}`;
const money = (value: number) => value.toFixed(2);

/**
 * The IPN's signature as SSLCommerz's own SDKs check it: the fields named in verify_key, plus
 * store_passwd as its MD5, sorted by name, joined as key=value&…, hashed with MD5; verify_sign_sha2
 * the same with SHA-256 for both (undocumented; it reproduces their Python SDK's sample).
 */
function sign(fields: Record<string, string>, storePassword: string) {
  const keys = Object.keys(fields).filter((k) => fields[k] !== undefined);
  const joined = (password: string) => {
    const signed: Record<string, string> = { ...Object.fromEntries(keys.map((k) => [k, fields[k]!])), store_passwd: password };
    return Object.keys(signed)
      .sort()
      .map((k) => `${k}=${signed[k]}`)
      .join('&');
  };
  return { verify_sign: md5(joined(md5(storePassword))), verify_sign_sha2: sha2(joined(sha2(storePassword))), verify_key: keys.join(',') };
}

export function sslcommerzSandbox(options: SslcommerzSandboxOptions) {
  const sessions = new Map<string, Session>();
  const byTranId = new Map<string, Session>();
  const byValId = new Map<string, Session>();
  const byBankTranId = new Map<string, Session>();
  const refunds = new Map<string, Refund>();

  const credentialsOk = (q: Record<string, string | undefined>) => q.store_id === options.storeId && q.store_passwd === options.storePassword;

  /** The transaction's fields as the gateway posts them (IPN, success, fail, cancel). */
  function posted(session: Session): Record<string, string> {
    const base: Record<string, string> = {
      tran_id: session.tranId,
      amount: session.amount,
      currency: session.currency,
      status: session.status,
      tran_date: session.tranDate ?? stamp(),
      value_a: session.valueA,
      value_b: '',
      value_c: '',
      value_d: '',
    };
    if (session.status !== 'VALID') return { ...base, error: session.status === 'CANCELLED' ? 'Cancelled by the customer' : 'Declined by the issuer', bank_tran_id: session.bankTranId ?? '' };
    const fields: Record<string, string> = {
      ...base,
      val_id: session.valId!,
      store_amount: session.storeAmount!,
      card_type: session.cardType!,
      card_no: session.cardBrand === 'MOBILEBANKING' ? '' : '432149XXXXXX0667',
      bank_tran_id: session.bankTranId!,
      card_issuer: session.cardIssuer!,
      card_brand: session.cardBrand!,
      card_issuer_country: 'Bangladesh',
      card_issuer_country_code: 'BD',
      currency_type: session.currency,
      currency_amount: session.amount,
      currency_rate: '1.0000',
      base_fair: '0.00',
      risk_level: session.riskLevel!,
      risk_title: session.riskLevel === '1' ? 'Risky' : 'Safe',
    };
    return { ...fields, ...sign(fields, options.storePassword) };
  }

  /** The guest's decision on the payment page; answers where the browser goes and what it posts. */
  function decide(session: Session, decision: SslDecision, instrument: string | undefined) {
    if (session.status === 'UNATTEMPTED') {
      if (decision === 'pay' || decision === 'review') {
        const chosen = INSTRUMENTS.find((i) => i.value === instrument) ?? INSTRUMENTS[0];
        // SSLCommerz keeps a fee: store_amount is what reaches the merchant (2.5 % here).
        Object.assign(session, {
          status: 'VALID',
          valId: id('', 10),
          bankTranId: id('', 9),
          cardType: chosen.value,
          cardBrand: chosen.brand,
          cardIssuer: chosen.issuer,
          storeAmount: money(Math.round(Number(session.amount) * 97.5) / 100),
          riskLevel: decision === 'review' ? '1' : '0',
          tranDate: stamp(),
        });
        byValId.set(session.valId!, session);
        byBankTranId.set(session.bankTranId!, session);
      } else {
        session.status = decision === 'cancel' ? 'CANCELLED' : 'FAILED';
        session.tranDate = stamp();
      }
    }
    const url = session.status === 'VALID' ? session.successUrl : session.status === 'CANCELLED' ? session.cancelUrl : session.failUrl;
    return { url, fields: posted(session) };
  }

  /** Posts the IPN to the merchant, server to server; answers the merchant's status (0: none). */
  async function sendIpn(session: Session): Promise<number> {
    if (!session.ipnUrl || session.status === 'UNATTEMPTED') return 0;
    try {
      const answer = await fetch(session.ipnUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(posted(session)).toString(),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await answer.arrayBuffer();
      return answer.status;
    } catch (error) {
      options.log('sandbox SSLCommerz IPN not delivered', { tranId: session.tranId, error: (error as Error).message });
      return 0;
    }
  }

  function validationAnswer(session: Session) {
    const fields = posted(session);
    const { verify_sign: _s, verify_key: _k, verify_sign_sha2: _h, ...rest } = fields;
    session.validations += 1;
    return {
      ...rest,
      status: session.validations === 1 ? 'VALID' : 'VALIDATED',
      emi_instalment: '0',
      emi_amount: '0.00',
      emi_description: '',
      emi_issuer: '',
      account_details: '',
      APIConnect: 'DONE',
      validated_on: stamp(),
      gw_version: '',
    };
  }

  function queryElement(session: Session) {
    const fields = posted(session);
    const { verify_sign: _s, verify_key: _k, verify_sign_sha2: _h, ...rest } = fields;
    return { ...rest, val_id: session.valId ?? '', validated_on: session.validations > 0 ? stamp() : '', APIConnect: 'DONE', status: session.status === 'VALID' ? (session.validations > 0 ? 'VALIDATED' : 'VALID') : session.status };
  }

  async function routes(app: FastifyInstance) {
    acceptForms(app);

    // Session initiation (form POST, as the documentation's examples send it; JSON accepted too).
    app.post('/gwprocess/v4/api.php', async (request) => {
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      if (!credentialsOk(body)) return { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' };
      const missing = ['total_amount', 'currency', 'tran_id', 'success_url', 'fail_url', 'cancel_url', 'cus_name', 'cus_email', 'cus_phone', 'product_name'].filter((f) => !body[f]);
      if (missing.length > 0) return { status: 'FAILED', failedreason: `Invalid Information: ${missing.join(', ')}` };
      const amount = Number(body.total_amount);
      if (!(amount >= 10 && amount <= 500_000)) return { status: 'FAILED', failedreason: 'Invalid Amount: must be 10.00 to 500000.00 BDT' };
      if (byTranId.has(body.tran_id!)) return { status: 'FAILED', failedreason: 'Duplicate tran_id' };
      const session: Session = {
        sessionkey: id('', 16),
        tranId: body.tran_id!,
        amount: money(amount),
        currency: body.currency!,
        successUrl: body.success_url!,
        failUrl: body.fail_url!,
        cancelUrl: body.cancel_url!,
        ipnUrl: body.ipn_url || null,
        productName: body.product_name!,
        valueA: body.value_a ?? '',
        status: 'UNATTEMPTED',
        validations: 0,
        refunded: 0,
      };
      sessions.set(session.sessionkey, session);
      byTranId.set(session.tranId, session);
      const page = `${options.publicBase}/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=${session.sessionkey}`;
      return {
        status: 'SUCCESS',
        failedreason: '',
        sessionkey: session.sessionkey,
        gw: { visa: 'city_visa,ebl_visa,dbbl_visa', master: 'city_master,ebl_master', amex: 'city_amex', othercards: '', internetbanking: 'city,bankasia,ibbl,mtbl', mobilebanking: 'bkash,nagad,dbblmobilebanking' },
        redirectGatewayURL: page,
        directPaymentURLBank: '',
        directPaymentURLCard: '',
        directPaymentURL: '',
        redirectGatewayURLFailed: '',
        GatewayPageURL: page,
        storeBanner: '',
        storeLogo: '',
        desc: [],
        is_direct_pay_enable: '0',
      };
    });

    // The hosted payment page.
    app.get('/gwprocess/v4/gw.php', async (request, reply) => {
      const key = (request.query as Record<string, string>).SESSIONKEY ?? '';
      const session = sessions.get(key);
      if (!session) return sendPage(reply.status(404), 'Session expired', '<h1>This payment session does not exist or has expired.</h1>');
      if (session.status !== 'UNATTEMPTED') return sendPage(reply, 'Already done', '<h1>This payment is already complete.</h1>');
      return sendPage(
        reply,
        'SSLCommerz sandbox',
        checkoutPage({
          gateway: 'SSLCommerz',
          merchant: session.productName,
          amount: session.amount,
          action: `${options.publicBase}/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=${session.sessionkey}`,
          instruments: INSTRUMENTS,
          decisions: [
            { value: 'pay', label: 'Pay', primary: true },
            { value: 'review', label: 'Pay, held for review' },
            { value: 'fail', label: 'Fail' },
            { value: 'cancel', label: 'Cancel' },
          ],
        }),
      );
    });

    app.post('/gwprocess/v4/gw.php', async (request, reply) => {
      const key = (request.query as Record<string, string>).SESSIONKEY ?? '';
      const session = sessions.get(key);
      const body = (request.body ?? {}) as Record<string, string>;
      if (!session) return sendPage(reply.status(404), 'Session expired', '<h1>This payment session does not exist or has expired.</h1>');
      const decision = (['pay', 'review', 'fail', 'cancel'] as const).find((d) => d === body.decision) ?? 'fail';
      const wasOpen = session.status === 'UNATTEMPTED';
      const back = decide(session, decision, body.instrument);
      // The IPN goes server to server as the guest is sent back: either may arrive first.
      if (wasOpen) void sendIpn(session);
      return postBackPage(reply, back.url, back.fields, session.status === 'VALID' ? 'Payment successful. Returning to the merchant…' : 'Returning to the merchant…');
    });

    // The Order Validation API.
    app.get('/validator/api/validationserverAPI.php', async (request) => {
      const q = request.query as Record<string, string | undefined>;
      if (!credentialsOk(q)) return { APIConnect: 'INVALID_REQUEST', status: 'INVALID_TRANSACTION' };
      const session = q.val_id ? byValId.get(q.val_id) : undefined;
      if (!session) return { APIConnect: 'DONE', status: 'INVALID_TRANSACTION' };
      return validationAnswer(session);
    });

    // The transaction query (tran_id), the refund (bank_tran_id, refund_amount) and the refund query (refund_ref_id).
    app.get('/validator/api/merchantTransIDvalidationAPI.php', async (request) => {
      const q = request.query as Record<string, string | undefined>;
      if (!credentialsOk(q)) return { APIConnect: 'INVALID_REQUEST' };
      if (q.refund_ref_id) {
        const refund = refunds.get(q.refund_ref_id);
        if (!refund) return { APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid refund_ref_id' };
        // The sandbox settles a refund by the time it is asked about.
        refund.refundedOn ??= stamp();
        return { APIConnect: 'DONE', bank_tran_id: refund.bankTranId, tran_id: refund.tranId, refund_ref_id: refund.refundRefId, initiated_on: refund.initiatedOn, refunded_on: refund.refundedOn, status: 'refunded', errorReason: '' };
      }
      if (q.bank_tran_id && q.refund_amount !== undefined) {
        const session = byBankTranId.get(q.bank_tran_id);
        const amount = Number(q.refund_amount);
        const fail = (errorReason: string) => ({ APIConnect: 'DONE', bank_tran_id: q.bank_tran_id, trans_id: session?.tranId ?? '', refund_ref_id: '', status: 'failed', errorReason });
        if (!session || session.status !== 'VALID') return fail('Invalid bank_tran_id');
        if (!q.refund_remarks) return fail('refund_remarks is required');
        // Required since 24/02/2025: the merchant's own id of the refund, once.
        if (!q.refund_trans_id) return fail('refund_trans_id is required');
        if ([...refunds.values()].some((r) => r.refundTransId === q.refund_trans_id)) return fail('Duplicate refund_trans_id');
        if (!(amount > 0) || Math.round((session.refunded + amount) * 100) > Math.round(Number(session.amount) * 100)) return fail('Refund amount exceeds the transaction amount');
        session.refunded = Math.round((session.refunded + amount) * 100) / 100;
        const refund: Refund = { refundRefId: id('', 8), refundTransId: q.refund_trans_id, bankTranId: session.bankTranId!, tranId: session.tranId, amount, remarks: q.refund_remarks, initiatedOn: stamp(), refundedOn: null };
        refunds.set(refund.refundRefId, refund);
        return { APIConnect: 'DONE', bank_tran_id: refund.bankTranId, trans_id: refund.tranId, refund_ref_id: refund.refundRefId, status: 'success', errorReason: '' };
      }
      if (q.tran_id) {
        const session = byTranId.get(q.tran_id);
        const found = session && session.status !== 'UNATTEMPTED' ? [queryElement(session)] : [];
        return { APIConnect: 'DONE', no_of_trans_found: found.length, element: found };
      }
      return { APIConnect: 'INVALID_REQUEST' };
    });
  }

  /** What tests drive directly: the page's decision without a browser, an IPN sent again, a session's state. */
  const control = {
    decide(sessionkey: string, decision: SslDecision, instrument?: string, ipn = true) {
      const session = sessions.get(sessionkey);
      if (!session) return null;
      const wasOpen = session.status === 'UNATTEMPTED';
      const back = decide(session, decision, instrument);
      if (wasOpen && ipn) void sendIpn(session);
      return back;
    },
    async ipn(tranId: string) {
      const session = byTranId.get(tranId);
      return session ? sendIpn(session) : 0;
    },
    session: (tranId: string) => byTranId.get(tranId) ?? null,
    refundsOf: (tranId: string) => [...refunds.values()].filter((r) => r.tranId === tranId),
  };

  return { routes, control };
}
