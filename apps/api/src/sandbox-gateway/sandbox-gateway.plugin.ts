import type { FastifyInstance } from 'fastify';
import { bkashSandbox, type BkashDecision, type BkashSandboxOptions } from './bkash-sandbox.ts';
import { sslcommerzSandbox, type SslcommerzSandboxOptions, type SslDecision } from './sslcommerz-sandbox.ts';

/*
 * The sandbox gateway (issue 33): SSLCommerz and bKash on one server, under /sslcommerz/… and
 * /bkash/… with the same paths after that as the real gateways. `npm start` serves it under
 * /sandbox-gateway/ (outside production only); tests start it as a process of its own
 * (server.ts) and talk to it over HTTP, including its control routes, which drive the guest's
 * decision without a browser and send an IPN again.
 */

export interface SandboxGatewayOptions {
  /** Where browsers reach this sandbox, without a trailing slash (…/sandbox-gateway). */
  publicBase: string;
  sslcommerz: Pick<SslcommerzSandboxOptions, 'storeId' | 'storePassword'>;
  bkash: Pick<BkashSandboxOptions, 'appKey' | 'appSecret' | 'username' | 'password' | 'tokenSeconds'>;
  timeoutMs: number;
  /** Serve /_control/… (tests only). */
  control?: boolean;
}

export async function sandboxGateway(app: FastifyInstance, options: SandboxGatewayOptions) {
  // Inside the hotel's app every route declares who may call it: the gateway's are anyone's.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), access: 'public' } as typeof route.config;
  });
  const log = (message: string, detail?: object) => app.log.warn(detail ?? {}, message);
  const ssl = sslcommerzSandbox({ ...options.sslcommerz, publicBase: `${options.publicBase}/sslcommerz`, timeoutMs: options.timeoutMs, log });
  const bkash = bkashSandbox({ ...options.bkash, publicBase: `${options.publicBase}/bkash` });
  await app.register(ssl.routes, { prefix: '/sslcommerz' });
  await app.register(bkash.routes, { prefix: '/bkash' });
  if (!options.control) return;

  app.post('/_control/sslcommerz/decide', async (request, reply) => {
    const body = request.body as { sessionkey: string; decision: SslDecision; instrument?: string; ipn?: boolean };
    const back = ssl.control.decide(body.sessionkey, body.decision, body.instrument, body.ipn ?? true);
    return back ?? reply.status(404).send({ error: 'no such session' });
  });
  app.post('/_control/sslcommerz/ipn', async (request) => ({ status: await ssl.control.ipn((request.body as { tranId: string }).tranId) }));
  app.get('/_control/sslcommerz/:tranId', async (request, reply) => {
    const { tranId } = request.params as { tranId: string };
    const session = ssl.control.session(tranId);
    return session ? { ...session, refunds: ssl.control.refundsOf(tranId) } : reply.status(404).send({ error: 'no such session' });
  });
  app.post('/_control/bkash/decide', async (request, reply) => {
    const body = request.body as { paymentID: string; decision: BkashDecision };
    const callbackUrl = bkash.control.decide(body.paymentID, body.decision);
    return callbackUrl ? { callbackUrl } : reply.status(404).send({ error: 'no such payment' });
  });
  app.get('/_control/bkash/:paymentID', async (request, reply) => {
    const payment = bkash.control.payment((request.params as { paymentID: string }).paymentID);
    return payment ?? reply.status(404).send({ error: 'no such payment' });
  });
}
