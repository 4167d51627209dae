import {
  ZFolio,
  ZIdParams,
  zList,
  ZOnlinePaymentCreate,
  ZOnlinePaymentSession,
  ZOnlinePaymentStart,
  ZPayLink,
  ZOnlineRefundCreate,
  ZReconciliation,
  ZReconciliationQuery,
  ZReviewRefusal,
  zSuccess,
} from '@residency/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zText } from '@residency/shared';
import { acceptForms } from '../../lib/form-body.ts';
import { list, ok } from '../../lib/respond.ts';
import { ADMIN, ADMIN_STAFF } from '../../plugins/access.ts';
import { getFolio } from '../reservations/folio/folio.service.ts';
import { requestRefund } from './online-refunds.service.ts';
import { reconciliation, reconciliationCsv } from './reconciliation.service.ts';
import { principalOf } from '../../plugins/auth.ts';
import {
  decideReview,
  getOnlinePayment,
  handleBkashCallback,
  handleSslcommerzReturn,
  listInReview,
  payLinkReservation,
  startOnlinePayment,
  startPayLinkPayment,
  type Hint,
} from './online-payments.service.ts';
import { presentPayLink } from './pay-link.presenter.ts';
import type { SessionRow } from './online-payments.repository.ts';

const tags = ['online payments'];

/** Where the guest lands after the gateway: the reservation's confirmation, which asks how the payment went. */
function backToTheSite(reply: FastifyReply, session: SessionRow | null) {
  if (!session) return reply.redirect('/my-bookings?payment=unknown', 303);
  return reply.redirect(`${session.returnTo ?? `/booking/reservation/${session.reservationId}`}?payment=${session.id}`, 303);
}

/** The gateways' return routes take any fields they post: they are read as hints, never trusted. */
const ZPostedForm = z.record(z.string(), z.string()).optional();
/** A redirect has no body: the `Location` header is the answer. */
const ZRedirect = z.null();
const toTheReservation = { 303: ZRedirect.describe("To the reservation's confirmation, which asks how the payment went (/booking/reservation/:id?payment=:sessionId).") };

/** `/api/reservations/:id/online-payments`, `/api/online-payments/:id` and the gateways' return routes (issue 33). */
export const onlinePaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.onlinePayments.deps;
  // Per account, as bookings: a guest starts a few payments; a script starting hundreds is stopped.
  const paymentLimit = {
    max: app.config.rateLimit.bookingMax,
    timeWindow: app.config.rateLimit.bookingWindow,
    keyGenerator: (request: FastifyRequest) => `online-payment:${request.principal?.id ?? request.ip}`,
  };

  app.post(
    '/reservations/:id/online-payments',
    {
      config: { access: 'signed-in', rateLimit: paymentLimit, errors: [409, 503] },
      schema: {
        tags,
        summary: "Pay a reservation's deposit or balance online: opens a session with the gateway (its guest; staff for a link they send). 409 while another is under way; 503 when the gateway does not answer",
        params: ZIdParams,
        body: ZOnlinePaymentCreate,
        response: { 201: zSuccess(ZOnlinePaymentStart) },
      },
    },
    async (request, reply) => {
      const { id, role } = principalOf(request);
      const started = await startOnlinePayment(deps, request.params.id, request.body, { id, role });
      return reply.status(201).send(ok(started, 'Payment started'));
    },
  );

  app.get(
    '/online-payments/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'How an online payment went: pending, paid, failed, cancelled, expired, held for review or refunded (its guest, staff and admins)', params: ZIdParams, response: { 200: zSuccess(ZOnlinePaymentSession) } },
    },
    async (request) => {
      const { id, role } = principalOf(request);
      return ok(await getOnlinePayment(deps, request.params.id, { id, role }));
    },
  );

  // A pay link (the confirmation mail's "Pay online"): the reservation it names, a payment started
  // from it, and how that went, without signing in. Unknown, changed or expired: 404.
  const ZTokenParams = z.object({ token: zText().max(120) });
  app.get(
    '/pay-links/:token',
    { config: { access: 'public', errors: [404] }, schema: { tags, summary: 'What a pay link is for: the reservation, its balance and deposit due (404 when the link is not valid)', params: ZTokenParams, response: { 200: zSuccess(ZPayLink) } } },
    async (request) => ok(await presentPayLink(deps, request.params.token)),
  );
  app.post(
    '/pay-links/:token/online-payments',
    {
      config: { access: 'public', rateLimit: { ...paymentLimit, keyGenerator: (request: FastifyRequest) => `online-payment-link:${request.ip}` }, errors: [404, 409, 503] },
      schema: { tags, summary: 'Start paying through a pay link, as POST /api/reservations/:id/online-payments; the guest comes back to the link\'s page', params: ZTokenParams, body: ZOnlinePaymentCreate, response: { 201: zSuccess(ZOnlinePaymentStart) } },
    },
    async (request, reply) => reply.status(201).send(ok(await startPayLinkPayment(deps, request.params.token, request.body), 'Payment started')),
  );
  app.get(
    '/pay-links/:token/online-payments/:id',
    { config: { access: 'public', errors: [404] }, schema: { tags, summary: 'How a payment started through a pay link went', params: ZTokenParams.extend({ id: ZIdParams.shape.id }), response: { 200: zSuccess(ZOnlinePaymentSession) } } },
    async (request) => {
      const { reservation } = await payLinkReservation(deps, request.params.token);
      return ok(await getOnlinePayment(deps, request.params.id, { reservationId: reservation.id }));
    },
  );

  app.get(
    '/online-payments/review',
    { config: { access: ADMIN_STAFF }, schema: { tags, summary: 'Payments the gateway holds for review (SSLCommerz risk_level 1), oldest first: accept or refuse each', response: { 200: zList(ZOnlinePaymentSession) } } },
    async () => {
      const data = await listInReview(deps);
      return list(data, { page: 1, limit: data.length, total: data.length });
    },
  );
  app.post(
    '/online-payments/:id/accept',
    { config: { access: ADMIN_STAFF, idempotent: true, errors: [409, 503] }, schema: { tags, summary: 'Accept a payment held for review: validated with the gateway again, then recorded on the folio', params: ZIdParams, response: { 200: zSuccess(ZOnlinePaymentSession) } } },
    async (request) => ok(await decideReview(deps, request.params.id, { accept: true }, principalOf(request).id), 'Payment accepted'),
  );
  app.post(
    '/online-payments/:id/refuse',
    {
      config: { access: ADMIN_STAFF, idempotent: true, errors: [409, 503] },
      schema: { tags, summary: 'Refuse a payment held for review: recorded, then refunded in full through its gateway with the reason', params: ZIdParams, body: ZReviewRefusal, response: { 200: zSuccess(ZOnlinePaymentSession) } },
    },
    async (request) => ok(await decideReview(deps, request.params.id, { accept: false, reason: request.body.reason }, principalOf(request).id), 'Payment refused and refunded'),
  );
  app.post(
    '/reservations/:id/online-refunds',
    {
      config: { access: ADMIN_STAFF, idempotent: true, errors: [409] },
      schema: { tags, summary: 'Refund part or all of an online payment through its gateway (never more than that payment brought): requested, then done or failed with the gateway\'s reason', params: ZIdParams, body: ZOnlineRefundCreate, response: { 201: zSuccess(ZFolio) } },
    },
    async (request, reply) => {
      const refund = await requestRefund(deps, { ...request.body, by: principalOf(request).id, reservationId: request.params.id });
      const message =
        refund.state === 'done' ? 'Refund done: the money goes back the way it came' : refund.state === 'failed' ? `The gateway refused the refund: ${refund.failure ?? 'no reason given'}` : 'Refund requested from the gateway';
      return reply.status(201).send(ok(await getFolio(deps.db, request.params.id), message));
    },
  );
  app.get(
    '/reports/reconciliation',
    {
      config: { access: ADMIN },
      schema: { tags: ['reports'], summary: "Gateway transactions beside the folio's payments and refunds for days at the hotel: matched, missing in the folio, missing at the gateway, amount differs (format=csv for a download)", querystring: ZReconciliationQuery, response: { 200: zSuccess(ZReconciliation) }, produces: ['application/json', 'text/csv'] },
    },
    async (request, reply) => {
      const report = await reconciliation(deps.db, deps.config, request.query);
      if (request.query.format !== 'csv') return ok(report);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reconciliation-${report.from}-${report.to}.csv"`)
        .header('cache-control', 'no-store')
        // The CSV goes as it is, past the JSON answer's serializer.
        .serializer((payload: unknown) => payload as string)
        .send(reconciliationCsv(report) as never);
    },
  );

  // The gateways' own routes: cross-site form posts and redirects, read only as hints (the
  // gateway's validation or query API confirms). Forms are accepted here and nowhere else.
  await app.register(async (gateway) => {
    acceptForms(gateway);
    const hint = (request: FastifyRequest, kind: Hint['kind']): Hint => ({ kind, remoteAddress: request.ip });
    const posted = (request: FastifyRequest) => (request.body ?? {}) as Record<string, string>;

    gateway.post(
      '/payments/sslcommerz/ipn',
      { config: { access: 'public' }, schema: { tags, summary: "SSLCommerz's IPN, server to server: the val_id is validated with SSLCommerz before anything is recorded", body: ZPostedForm } },
      async (request) => {
        await handleSslcommerzReturn(deps, posted(request), hint(request, 'ipn'));
        return { received: true };
      },
    );
    for (const kind of ['success', 'fail', 'cancel'] as const) {
      gateway.post(
        `/payments/sslcommerz/${kind}`,
        { config: { access: 'public' }, schema: { tags, summary: `The guest's return from SSLCommerz (${kind}): checked with SSLCommerz, then sent to the reservation`, body: ZPostedForm, response: toTheReservation } },
        async (request, reply) => backToTheSite(reply, await handleSslcommerzReturn(deps, posted(request), hint(request, kind))),
      );
    }
    gateway.get(
      '/payments/bkash/callback',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "The guest's return from bKash: executed (success) or asked about with bKash, then sent to the reservation",
          // Loose: bKash adds signature and apiVersion, and may add others.
          querystring: z.looseObject({ paymentID: zText().max(100).optional(), status: zText().max(20).optional() }),
          response: toTheReservation,
        },
      },
      async (request, reply) => backToTheSite(reply, await handleBkashCallback(deps, request.query as { paymentID?: string; status?: string }, hint(request, 'callback'))),
    );
  });
};
