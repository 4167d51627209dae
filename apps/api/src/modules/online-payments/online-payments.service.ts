import { randomBytes } from 'node:crypto';
import type { OnlineGateway, OnlinePay, TOnlinePaymentSession, TOnlinePaymentStart } from '@residency/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { readPayLink } from '../../lib/pay-links.ts';
import { inTransaction } from '../../lib/transactions.ts';
import type { BookingDeps } from '../reservations/bookings.service.ts';
import { findReservation, lockReservationFor } from '../reservations/folio/folio.service.ts';
import { onlinePayable, receiveGatewayPayment } from '../reservations/folio/payments.service.ts';
import { lapseHold, reviveLapsedHold } from '../reservations/stay/payment-hold.service.ts';
import { bkashClient } from './gateways/bkash.client.ts';
import { gatewayUnavailable, GatewayUnavailable, type GatewayClient, type GatewayFact } from './gateways/gateway.ts';
import { methodOfCardType as sslcommerzMethod, sslcommerzClient } from './gateways/sslcommerz.client.ts';
import {
  claimSessionsToQuery,
  findSession,
  findSessionByGatewaySession,
  findSessionByTranId,
  hasSessionInReview,
  insertEvent,
  insertSession,
  lockSessionByTranId,
  pendingSessionOf,
  reservationsPastHold,
  sessionsInReview,
  updateSession,
  type SessionRow,
} from './online-payments.repository.ts';
import { requestRefund, checkRefundsUnderWay } from './online-refunds.service.ts';

/*
 * Online payment (issue 33, decision 0021). A session is opened for one reservation and one
 * amount; the guest pays on the gateway's page. What comes back (the guest's return, an IPN, a
 * bKash callback) is only a hint of which transaction to ask about: the gateway's own API
 * (validation, execute, query) gives the fact, and `settle` records it once, under the session's
 * row lock, by the gateway's own reference. A job asks about sessions whose hint never came.
 */

export interface OnlinePaymentDeps extends BookingDeps {
  gateways: Gateways;
  log: FastifyBaseLogger;
}

export interface Gateways {
  sslcommerz?: ReturnType<typeof sslcommerzClient>;
  bkash?: ReturnType<typeof bkashClient>;
}

/** The gateway clients the configuration offers. */
export function gatewaysOf(config: BookingDeps['config']): Gateways {
  const { sslcommerz, bkash, timeoutMs, methods } = config.payments;
  return {
    sslcommerz: sslcommerz && methods.includes('sslcommerz') ? sslcommerzClient({ ...sslcommerz, timeoutMs }) : undefined,
    bkash: bkash && methods.includes('bkash') ? bkashClient({ ...bkash, timeoutMs }) : undefined,
  };
}

const notOffered = () => AppError.badRequest('This way of paying online is not offered by the hotel.', 'GATEWAY_NOT_OFFERED');
const sessionNotFound = () => AppError.notFound('This payment does not exist.', 'PAYMENT_NOT_FOUND');

function clientOf(deps: OnlinePaymentDeps, gateway: OnlineGateway): GatewayClient {
  const client = deps.gateways[gateway];
  if (!client) throw notOffered();
  return client;
}

/** A tran_id the gateway's records show readably: the reservation's reference and a draw. */
const newTranId = (reference: string) => `${reference}-${randomBytes(3).toString('hex').toUpperCase()}`;

export interface Caller {
  id: string;
  role: 'admin' | 'staff' | 'user';
}

/**
 * `POST /api/reservations/:id/online-payments`, and a new booking's payment: opens a session for
 * what `pay` asks now (its guest; staff for a link they send). One session pending per
 * reservation: a second tab is refused here, before the gateway (409 PAYMENT_IN_PROGRESS). The
 * session's window is the reservation's hold when it has one, else PAYMENT_HOLD_MINUTES. A
 * gateway that does not answer fails the session and answers 503: nothing was charged.
 */
export async function startOnlinePayment(
  deps: OnlinePaymentDeps,
  reservationId: string,
  choice: { gateway: OnlineGateway; pay: OnlinePay },
  caller: Caller,
  options: { returnTo?: string } = {},
): Promise<TOnlinePaymentStart> {
  const client = clientOf(deps, choice.gateway);
  const now = new Date();
  const { session, payable } = await inTransaction(deps.db, async (tx) => {
    const reservation = await lockReservationFor(tx, reservationId);
    if (caller.role === 'user' && reservation.userId !== caller.id) throw AppError.notFound('This reservation does not exist.', 'RESERVATION_NOT_FOUND');
    const payable = await onlinePayable(tx, reservation, choice.pay);
    const holdUntil = reservation.holdUntil && reservation.holdUntil > now ? reservation.holdUntil : new Date(now.getTime() + deps.config.payments.holdMinutes * 60_000);
    const session = await insertSession(tx, {
      reservationId,
      gateway: choice.gateway,
      pay: choice.pay,
      amount: payable.amount,
      tranId: newTranId(reservation.reference),
      holdUntil,
      createdBy: caller.id,
      returnTo: options.returnTo ?? null,
    });
    if (!session) {
      const pending = await pendingSessionOf(tx, reservationId);
      throw AppError.conflict(
        'A payment for this reservation is already under way. Finish it on the payment page, or try again once it has ended.',
        'PAYMENT_IN_PROGRESS',
      ).with(pending ? { sessionId: pending.id, holdUntil: pending.holdUntil.toISOString() } : {});
    }
    await insertEvent(tx, { sessionId: session.id, gateway: choice.gateway, kind: 'start', accepted: true, detail: { amount: payable.amount, pay: choice.pay, by: caller.id } });
    return { session, payable };
  });

  try {
    const opened = await client.start({
      tranId: session.tranId,
      amount: session.amount,
      customer: { name: payable.guest.name, email: payable.guest.email ?? deps.config.hotel.email, phone: payable.guest.phone, address: payable.guest.address || deps.config.hotel.address },
      productName: `${deps.config.hotel.name}: ${payable.reference} (${payable.rooms})`.slice(0, 255),
      returnBase: deps.config.publicUrl,
    });
    await updateSession(deps.db, session.id, { gatewaySession: opened.gatewaySession, redirectUrl: opened.redirectUrl });
    return { sessionId: session.id, redirectUrl: opened.redirectUrl, holdUntil: session.holdUntil.toISOString(), amount: session.amount, gateway: session.gateway };
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    deps.log.warn({ gateway: choice.gateway, sessionId: session.id, reason: error.message }, 'payment gateway did not open a session');
    await updateSession(deps.db, session.id, { status: 'failed', failure: 'The payment service did not answer.' });
    await insertEvent(deps.db, { sessionId: session.id, gateway: choice.gateway, kind: 'start', accepted: false, detail: { reason: error.message } });
    throw gatewayUnavailable();
  }
}

/** Where a hint came from, for the log. */
export interface Hint {
  kind: 'ipn' | 'success' | 'fail' | 'cancel' | 'callback' | 'query' | 'review';
  remoteAddress?: string;
  /** Staff turned down a payment held for review: it is recorded and given back, with this reason. */
  refuse?: { reason: string; by: string };
  /** What was posted, as far as it may be kept (references, no credentials). */
  posted?: Record<string, string>;
}

const paisa = (value: number) => Math.round(value * 100);

/** Why a gateway's fact does not belong to the session it names; null when it does. */
function mismatch(session: SessionRow, fact: GatewayFact): string | null {
  if (fact.gateway !== session.gateway) return 'another gateway';
  if (fact.tranId !== session.tranId) return 'tran_id differs from the session';
  if (fact.state !== 'paid' && fact.state !== 'review') return null;
  if (paisa(fact.amount) !== paisa(session.amount)) return `amount ${fact.amount} differs from the session's ${session.amount}`;
  if (fact.currency !== 'BDT') return `currency ${fact.currency || 'none'} is not BDT`;
  return null;
}

/**
 * Records what the gateway's own API said of a session, exactly once whatever arrives in
 * whatever order: under the session's row lock, a session with its payment recorded changes no
 * more. Money taken is always recorded, even on a session that had failed or lapsed; when the
 * rooms of a lapsed hold were taken meanwhile, the payment is recorded and refunded through the
 * gateway at once, and the session says so. Anything that does not match the session is logged
 * and changes nothing.
 */
async function settle(deps: OnlinePaymentDeps, fact: GatewayFact, hint: Hint): Promise<SessionRow | null> {
  const now = new Date();
  const outcome = await inTransaction(deps.db, async (tx) => {
    const session = await lockSessionByTranId(tx, fact.tranId);
    const log = (accepted: boolean, detail: Record<string, unknown>) =>
      insertEvent(tx, { sessionId: session?.id ?? null, gateway: fact.gateway, kind: hint.kind, accepted, remoteAddress: hint.remoteAddress ?? null, detail: { ...detail, state: fact.state, ref: fact.ref, amount: fact.amount, posted: hint.posted } });
    if (!session) {
      await log(false, { reason: `no session has tran_id ${fact.tranId}` });
      return { session: null, refund: null };
    }
    const wrong = mismatch(session, fact);
    if (wrong) {
      await log(false, { reason: wrong });
      return { session, refund: null };
    }
    if (session.paymentId) {
      await log(true, { reason: 'recorded already' });
      return { session, refund: null };
    }
    if (fact.state === 'open') {
      await log(true, { reason: 'nothing paid yet' });
      return { session, refund: null };
    }
    if (fact.state === 'failed' || fact.state === 'cancelled') {
      const status = fact.state === 'failed' ? ('failed' as const) : ('cancelled' as const);
      if (session.status !== 'pending') {
        await log(true, { reason: `session is ${session.status} already` });
        return { session, refund: null };
      }
      await updateSession(tx, session.id, { status, failure: fact.details.statusMessage ?? null, fact: fact.raw });
      await log(true, {});
      return { session: { ...session, status }, refund: null };
    }
    // Held for review (SSLCommerz risk_level 1): recorded only when staff accept it.
    if (fact.state === 'review' && hint.kind !== 'review') {
      if (session.status !== 'review') await updateSession(tx, session.id, { status: 'review', fact: fact.raw });
      await log(true, { reason: 'held for review (risk_level 1)' });
      return { session: { ...session, status: 'review' as const }, refund: null };
    }
    // Paid (or accepted after review): recorded once by the gateway's own reference.
    const reservation = await lockReservationFor(tx, session.reservationId);
    const kept = !hint.refuse && (await reviveLapsedHold(tx, reservation));
    const money = { amount: fact.amount, method: fact.method, gateway: fact.gateway, gatewayRef: fact.ref!, details: fact.details, sessionId: session.id };
    const paymentId = await receiveGatewayPayment(deps, tx, reservation, money, now, { refused: !kept });
    if (!paymentId) {
      await log(true, { reason: 'recorded already by its reference' });
      return { session, refund: null };
    }
    const status = kept ? ('paid' as const) : ('refunded' as const);
    const why = hint.refuse ? hint.refuse.reason : 'The rooms were no longer free when the payment arrived after its hold ended';
    await updateSession(tx, session.id, { status, paymentId, fact: fact.raw, failure: kept ? null : why });
    await log(true, { reason: kept ? 'recorded' : `recorded and refunded: ${why}` });
    const refund = kept ? null : { paymentId, amount: fact.amount, reason: why, by: hint.refuse?.by ?? null };
    return { session: { ...session, status, paymentId }, refund };
  });
  deps.mailer.kick();
  if (outcome.refund) await requestRefund(deps, outcome.refund);
  return outcome.session;
}

/** `GET /api/online-payments/review`: payments the gateway holds for review (SSLCommerz risk_level 1), oldest first. */
export async function listInReview(deps: OnlinePaymentDeps): Promise<TOnlinePaymentSession[]> {
  return (await sessionsInReview(deps.db)).map(({ session, reference }) => presentSession(session, reference));
}

/**
 * `POST /api/online-payments/:id/accept` and `…/refuse` (staff): a payment held for review is
 * validated with the gateway once more, then recorded (accepted), or recorded and given back
 * through the gateway (refused, with the reason).
 */
export async function decideReview(deps: OnlinePaymentDeps, sessionId: string, decision: { accept: true } | { accept: false; reason: string }, by: string): Promise<TOnlinePaymentSession> {
  const session = await findSession(deps.db, sessionId);
  if (!session) throw sessionNotFound();
  if (session.status !== 'review') throw AppError.conflict('This payment is not waiting for review.', 'NOT_IN_REVIEW');
  const fact = await confirmAgain(deps, session);
  if (fact.state !== 'review' && fact.state !== 'paid') throw AppError.conflict(`The gateway no longer confirms this payment (${fact.state}).`, 'GATEWAY_REFUSED');
  const settled = await settle(deps, fact, { kind: 'review', ...(decision.accept ? {} : { refuse: { reason: decision.reason, by } }) });
  const reservation = await findReservation(deps.db, session.reservationId);
  return presentSession(settled ?? session, reservation?.reference ?? '');
}

/** The gateway's word on a session now: SSLCommerz validates its val_id again; bKash is asked. */
async function confirmAgain(deps: OnlinePaymentDeps, session: SessionRow): Promise<GatewayFact> {
  try {
    const valId = (session.fact as Record<string, unknown> | null)?.val_id;
    if (session.gateway === 'sslcommerz' && typeof valId === 'string' && deps.gateways.sslcommerz) return await deps.gateways.sslcommerz.validate(valId, session.tranId);
    return await clientOf(deps, session.gateway).query(session);
  } catch (error) {
    if (error instanceof GatewayUnavailable) throw gatewayUnavailable();
    throw error;
  }
}

/** Logs a hint that named no session it could be matched to, or a refusal of the gateway's. */
async function logRefusal(db: Executor, gateway: OnlineGateway, hint: Hint, reason: string, sessionId: string | null = null): Promise<void> {
  await insertEvent(db, { sessionId, gateway, kind: hint.kind, accepted: false, remoteAddress: hint.remoteAddress ?? null, detail: { reason, posted: hint.posted } });
}

/**
 * An SSLCommerz IPN or the guest's return to success_url: validated by the Order Validation API,
 * whose answer is then settled. A posted status other than VALID is checked with the
 * transaction query. Answers the session (null when none matched).
 */
export async function handleSslcommerzReturn(deps: OnlinePaymentDeps, posted: Record<string, string>, hint: Hint): Promise<SessionRow | null> {
  const ssl = deps.gateways.sslcommerz;
  if (!ssl) return null;
  const tranId = posted.tran_id ?? '';
  const session = tranId ? await findSessionByTranId(deps.db, tranId) : undefined;
  const kept = keptFields(posted);
  if (!session || session.gateway !== 'sslcommerz') {
    await logRefusal(deps.db, 'sslcommerz', { ...hint, posted: kept }, `no session has tran_id ${tranId || '(none)'}`);
    return null;
  }
  try {
    const status = (posted.status ?? '').toUpperCase();
    if ((status === 'VALID' || status === 'VALIDATED') && posted.val_id) {
      const fact = await ssl.validate(posted.val_id, tranId);
      if (fact.state !== 'paid' && fact.state !== 'review') {
        await logRefusal(deps.db, 'sslcommerz', { ...hint, posted: kept }, `validation answered ${String(fact.raw.status ?? 'nothing')}`, session.id);
        return session;
      }
      // The validated transaction must be the one posted, for the session it names.
      if (fact.tranId !== tranId) {
        await logRefusal(deps.db, 'sslcommerz', { ...hint, posted: kept }, `validation names tran_id ${fact.tranId}, not ${tranId}`, session.id);
        return session;
      }
      return await settle(deps, fact, { ...hint, posted: kept });
    }
    return await settle(deps, await ssl.query({ tranId, gatewaySession: session.gatewaySession }), { ...hint, posted: kept });
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    // The query job asks again later.
    await logRefusal(deps.db, 'sslcommerz', { ...hint, posted: kept }, `gateway did not answer: ${error.message}`, session.id);
    return session;
  }
}

/** bKash's return to callbackURL: execute on success (the money moves then), else ask; the answer is settled. */
export async function handleBkashCallback(deps: OnlinePaymentDeps, query: { paymentID?: string; status?: string }, hint: Hint): Promise<SessionRow | null> {
  const bkash = deps.gateways.bkash;
  const paymentID = query.paymentID ?? '';
  const session = bkash && paymentID ? await findSessionByGatewaySession(deps.db, 'bkash', paymentID) : undefined;
  const posted = { paymentID, status: query.status ?? '' };
  if (!bkash || !session) {
    await logRefusal(deps.db, 'bkash', { ...hint, posted }, `no session has paymentID ${paymentID || '(none)'}`);
    return null;
  }
  try {
    // Execute whatever the callback says: money moves only for a payment the guest approved, and
    // for one that failed bKash answers why (2023 Insufficient Balance…). Not approved: ask.
    const executed = await bkash.execute(paymentID, session.tranId);
    const fact = executed.state === 'open' ? await bkash.query({ tranId: session.tranId, gatewaySession: paymentID }) : executed;
    // The guest cancelled or failed on bKash's page and bKash still calls it open: nothing moved.
    const settled = fact.state === 'open' && query.status !== 'success' ? { ...fact, state: query.status === 'cancel' ? ('cancelled' as const) : ('failed' as const) } : fact;
    return await settle(deps, settled, { ...hint, posted });
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    await logRefusal(deps.db, 'bkash', { ...hint, posted }, `gateway did not answer: ${error.message}`, session.id);
    return session;
  }
}

/** The posted fields kept in the log: references and amounts, never a card number or a signature. */
function keptFields(posted: Record<string, string>): Record<string, string> {
  const keep = ['tran_id', 'val_id', 'amount', 'store_amount', 'currency', 'status', 'bank_tran_id', 'card_type', 'card_brand', 'risk_level', 'tran_date'];
  return Object.fromEntries(keep.filter((k) => posted[k] !== undefined).map((k) => [k, String(posted[k]).slice(0, 100)]));
}

/** `GET /api/online-payments/:sessionId`: its guest (another's is a 404), staff and admins; or anyone holding a pay link of its reservation. */
export async function getOnlinePayment(deps: OnlinePaymentDeps, sessionId: string, caller: Caller | { reservationId: string }): Promise<TOnlinePaymentSession> {
  const session = await findSession(deps.db, sessionId);
  if (!session) throw sessionNotFound();
  const reservation = await findReservation(deps.db, session.reservationId);
  const allowed = 'reservationId' in caller ? caller.reservationId === session.reservationId : caller.role !== 'user' || reservation?.userId === caller.id;
  if (!reservation || !allowed) throw sessionNotFound();
  return presentSession(session, reservation.reference);
}

const payLinkInvalid = () => AppError.notFound('This payment link is not valid any more. Sign in and pay from My Bookings, or call the hotel.', 'PAY_LINK_INVALID');

/** The reservation a pay link names, while the link is valid. */
export async function payLinkReservation(deps: OnlinePaymentDeps, token: string): Promise<{ reservation: NonNullable<Awaited<ReturnType<typeof findReservation>>>; expiresAt: Date }> {
  const link = readPayLink(deps.config, token);
  const reservation = link ? await findReservation(deps.db, link.reservationId) : undefined;
  if (!link || !reservation) throw payLinkInvalid();
  return { reservation, expiresAt: link.expiresAt };
}

/** `POST /api/pay-links/:token/online-payments`: the link's guest pays without signing in, and comes back to the link's page. */
export async function startPayLinkPayment(deps: OnlinePaymentDeps, token: string, choice: { gateway: OnlineGateway; pay: OnlinePay }): Promise<TOnlinePaymentStart> {
  const { reservation } = await payLinkReservation(deps, token);
  return startOnlinePayment(deps, reservation.id, choice, { id: reservation.userId, role: 'user' }, { returnTo: `/pay/${token}` });
}

function presentSession(session: SessionRow, reference: string): TOnlinePaymentSession {
  const fact = (session.fact ?? {}) as Record<string, unknown>;
  const text = (name: string) => (fact[name] === undefined || fact[name] === null || fact[name] === '' ? null : String(fact[name]));
  const references: Record<string, string> = {};
  for (const [label, name] of [
    ['valId', 'val_id'],
    ['bankTranId', 'bank_tran_id'],
    ['cardType', 'card_type'],
    ['paymentID', 'paymentID'],
    ['trxID', 'trxID'],
  ] as const) {
    const value = text(name);
    if (value) references[label] = value;
  }
  if (session.gatewaySession && session.gateway === 'bkash') references.paymentID = session.gatewaySession;
  const paid = session.status === 'paid' || session.status === 'review' || session.status === 'refunded';
  return {
    sessionId: session.id,
    reservationId: session.reservationId,
    reference,
    status: session.status,
    gateway: session.gateway,
    pay: session.pay,
    amount: session.amount,
    holdUntil: session.holdUntil.toISOString(),
    method: paid ? methodOfFact(session) : null,
    references,
    failure: session.failure,
    createdAt: session.createdAt.toISOString(),
  };
}

function methodOfFact(session: SessionRow) {
  if (session.gateway === 'bkash') return 'bkash' as const;
  const fact = (session.fact ?? {}) as Record<string, unknown>;
  return sslcommerzMethod(String(fact.card_type ?? ''), String(fact.card_brand ?? ''));
}

/**
 * One pass of the payment job: holds that ended unpaid let their rooms go; sessions whose hint
 * never came (opened PAYMENT_QUERY_AFTER_SECONDS ago, or past their window) are asked about, and
 * settled or, past their window with nothing paid, expired; refunds under way are asked about.
 */
export async function runPaymentJob(deps: OnlinePaymentDeps, now = new Date()): Promise<void> {
  for (const reservationId of await reservationsPastHold(deps.db, now, 50)) {
    await lapseHold(deps, reservationId, now, (tx) => hasSessionInReview(tx, reservationId));
  }
  const sessions = await claimSessionsToQuery(deps.db, now, new Date(now.getTime() - deps.config.payments.queryAfterMs), 60_000, 20);
  for (const session of sessions) {
    const client = deps.gateways[session.gateway];
    if (!client) continue;
    try {
      let fact = await client.query(session);
      // bKash moves the money on execute: a guest who approved but whose return was lost is executed now.
      if (fact.state === 'open' && session.gateway === 'bkash' && session.gatewaySession && deps.gateways.bkash) {
        fact = await deps.gateways.bkash.execute(session.gatewaySession, session.tranId);
      }
      const settled = await settle(deps, fact, { kind: 'query' });
      if (fact.state === 'open' && session.holdUntil <= now && settled?.status === 'pending') {
        await updateSession(deps.db, session.id, { status: 'expired', failure: 'Not paid in time.' });
      }
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      deps.log.warn({ gateway: session.gateway, sessionId: session.id, reason: error.message }, 'payment gateway did not answer a query');
    }
  }
  await checkRefundsUnderWay(deps, now);
}
