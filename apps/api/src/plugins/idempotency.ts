import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { findKey, forgetOldKeys, keyInFlight, KeyTakenMeanwhile, keyReused, storeAnswer, withIdempotency, type IdempotentRequest, type StoredKey } from '../lib/idempotency.ts';

/*
 * `config: { idempotent: true }` on a route (every money write): an `Idempotency-Key` header
 * makes a repeat of the same request answer the first one's result instead of doing it again.
 * The same key with another body (or on another route) is a 422; a repeat that arrives while the
 * first is still running waits for its answer. Without the header a route works as before.
 */

/** The header's value: what clients generate (a UUID) and more, but nothing unprintable or huge. */
const KEY = /^[\x21-\x7e]{8,255}$/;

/** How long a repeat waits for the first request's answer before it says "in progress". */
const WAIT_FOR_FIRST_MS = 5_000;
/** Keys are kept this long (a retry comes within seconds, a double press at once). */
const KEEP_HOURS = 48;

/** The header, documented on every idempotent route (and checked there: 400 for a bad key). */
const ZIdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(KEY, 'The Idempotency-Key must be 8 to 255 printable characters (a UUID is best).')
    .optional()
    .describe(
      'A key of your own for this money write (a new UUID per payment). Sent again with the same body, the first answer comes back and nothing is recorded twice; with another body, 422.',
    ),
});

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: IdempotentRequest;
  }
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value ?? null)).digest('hex');

function replay(reply: FastifyReply, stored: StoredKey) {
  return reply.code(stored.statusCode!).header('content-type', 'application/json; charset=utf-8').header('idempotent-replayed', 'true').send(stored.response);
}

export default fp(async function idempotency(app: FastifyInstance) {
  /** The first request's answer; it may still be running (or was cut off by a crash). */
  const answerOf = async (request: IdempotentRequest): Promise<StoredKey | undefined> => {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const stored = await findKey(app.db, request.principalId, request.key);
      if (stored && (stored.requestHash !== request.hash || stored.route !== request.route)) throw keyReused();
      if (!stored || stored.statusCode !== null || Date.now() > deadline) return stored;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const answered = async (reply: FastifyReply, request: IdempotentRequest) => {
    const stored = await answerOf(request);
    if (stored?.statusCode != null) return replay(reply, stored);
    throw keyInFlight();
  };

  const storeOnSend: onSendHookHandler = async (request, reply, payload) => {
    const claimed = request.idempotency;
    // Only what the write answered once it committed; an error changed nothing and is not kept.
    if (claimed?.claimed && reply.statusCode < 400 && typeof payload === 'string') {
      await storeAnswer(app.db, claimed, reply.statusCode, payload);
    }
    return payload;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    route.schema = { ...route.schema, headers: route.schema?.headers ?? ZIdempotencyHeaders };
    route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), storeOnSend];
    const handler = route.handler;
    route.handler = async function idempotentHandler(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !request.principal) return handler.call(this, request, reply);
      const routeName = `${request.method} ${route.url}`;
      const idem: IdempotentRequest = {
        principalId: request.principal.id,
        key,
        route: routeName,
        hash: digest({ route: routeName, params: request.params, body: request.body }),
        claimed: false,
      };
      request.idempotency = idem;
      const earlier = await findKey(app.db, idem.principalId, key);
      if (earlier) return answered(reply, idem);
      try {
        return await withIdempotency(idem, () => handler.call(this, request, reply));
      } catch (error) {
        // Another request with this key committed while this one waited for it: its answer.
        if (error instanceof KeyTakenMeanwhile) return answered(reply, idem);
        throw error;
      }
    };
  });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      forgetOldKeys(app.db, KEEP_HOURS).catch((error: unknown) => app.log.error({ err: error }, 'forgetting old idempotency keys failed'));
    }, 3_600_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
