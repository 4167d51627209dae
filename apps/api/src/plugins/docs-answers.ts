import { ZErrorResponse } from '@residency/shared';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Access } from './access.ts';

/*
 * The error answers of each operation in the API reference, derived from what the route
 * declares: who may call it, what input it takes (and whether it names rows by id), whether it
 * writes, its rate limit, its Idempotency-Key. A route
 * adds what no rule can see (a 409 of its own, a 404 of a row its body names) with
 * `config.errors`. Every error has one shape, ZErrorResponse; plugins/docs.test.ts holds the
 * reference to it, and the fuzz test (fuzz.test.ts) fails on an answer the reference does not declare.
 */

/** Error statuses a route may add to the derived ones in `config.errors`. */
type ErrorStatus = 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Error answers of this route that the API reference cannot derive from its declaration
     * (plugins/docs-answers.ts): e.g. 401 for a wrong password on a public route, 409 on a
     * public write that can clash, 404 when its input names a row by name rather than by id.
     * The usual ones come on their own.
     */
    errors?: readonly ErrorStatus[];
  }
}

/** What each status means here; the `code` of the body says which case it is. */
const MEANINGS: Record<number, string> = {
  400: 'The request is not valid. `VALIDATION_ERROR` lists each field and why in `errors` (`path`, `message`), an unknown query parameter included; a body that is not JSON or nests too deep, and an address with a broken %-encoding, are refused too.',
  401: 'No token, or one that is no longer valid (`UNAUTHORIZED`, `TOKEN_INVALID`, `ACCOUNT_GONE`): sign in again.',
  403: 'Signed in, but not allowed to do this (`FORBIDDEN`, or a more specific code).',
  404: 'What the request names does not exist (`NOT_FOUND` or a code such as `BOOKING_NOT_FOUND`).',
  409: 'It clashes with the current state: a stay overlapping another, something saved a moment ago, a state that does not allow it (`CONFLICT` or a more specific code). Reload and check.',
  410: 'It existed and was deleted for good under a retention rule (`PHOTO_DELETED`).',
  413: 'The request is too large (a JSON body over 1 MB; an upload over 10 MB).',
  414: 'A part of the address is longer than the API takes (`URL_TOO_LONG`).',
  415: 'The body is not in a content type this route takes (JSON; multipart/form-data for uploads).',
  422: 'The Idempotency-Key was sent before with another request: send a new key for a new request.',
  429: 'Too many attempts (`RATE_LIMITED`): wait the seconds the message and `Retry-After` say.',
  500: 'Our own fault (`INTERNAL_ERROR`): the details are logged, never sent.',
  503: 'Busy for a moment (`BUSY` and the like): try again after `Retry-After` seconds.',
};

const RETRY_AFTER = { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again.' } };

/** The error envelope, as the reference's one component; answers may carry more (a stay rule's `rule`, `date`…). */
export const ERROR_SCHEMA_NAME = 'ErrorResponse';
export function errorComponent(): { type: 'object' } {
  const { $schema: _, ...schema } = z.toJSONSchema(z.looseObject(ZErrorResponse.shape), { io: 'output', target: 'draft-2020-12' });
  return schema as { type: 'object' };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Route = Pick<RouteOptions, 'method' | 'url' | 'config'> & { schema?: { params?: unknown; querystring?: unknown; body?: unknown; headers?: unknown } };
/** The route's input as the reference reads it (JSON Schema), where it looks for ids. */
interface RouteInput {
  body?: unknown;
  querystring?: unknown;
}

/** A money write (plugins/idempotency.ts): `config.idempotent`, which documents the header. */
const takesIdempotencyKey = (route: Route) => {
  const headers = route.schema?.headers as { shape?: Record<string, unknown> } | undefined;
  return Boolean((route.config as { idempotent?: boolean } | undefined)?.idempotent) || headers?.shape?.['idempotency-key'] !== undefined;
};

/** Whether a JSON Schema holds a string of `format: uuid` anywhere (an id of a row). */
function namesAnId(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if ((schema as { format?: unknown }).format === 'uuid') return true;
  return Object.values(schema).some((child) => typeof child === 'object' && namesAnId(child));
}

/**
 * The error statuses of a route, from its declaration:
 * - 400 when it takes input (a path, query, body or header schema, or a method with a body);
 * - 401 when it is not public (or reads a caller's token when one is sent), 403 when only some roles may call it;
 * - 404 when its path has parameters, or its body or query names a row by id (the row may be gone); 414 with parameters too;
 * - 409 for a write by a signed-in caller (it changes what others share: a stay, a state, a
 *   unique value someone may have just taken); 413 and 415 for any method with a body;
 * - 429 when it is rate limited; 409 and 422 when it takes an Idempotency-Key;
 * - 500 and 503 always (our fault; a busy database);
 * - and the route's own `config.errors`.
 */
function errorStatuses(route: Route, input: RouteInput = {}): number[] {
  const statuses = new Set([500, 503]);
  const methods = [route.method].flat();
  const config = route.config ?? {};
  const access: Access | undefined = config.access;
  const schema = route.schema ?? {};
  const withBody = methods.some((m) => BODY_METHODS.has(m));
  const withParams = /[:*]/.test(route.url);
  if (schema.params || schema.querystring || schema.body || schema.headers || withBody || withParams) statuses.add(400);
  if (access !== 'public' || config.identifyCaller) statuses.add(401);
  if (Array.isArray(access)) statuses.add(403);
  if (withParams || namesAnId(input.body) || namesAnId(input.querystring)) statuses.add(404);
  if (withParams) statuses.add(414);
  if (withBody) [413, 415].forEach((s) => statuses.add(s));
  if (withBody && access !== undefined && access !== 'public') statuses.add(409);
  if (config.rateLimit) statuses.add(429);
  if (takesIdempotencyKey(route)) [409, 422].forEach((s) => statuses.add(s));
  for (const status of config.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** The route's answers with its error answers added (an answer the route declares itself is kept). */
export function withErrorAnswers(route: Route, input: RouteInput, response: Record<string, unknown> | undefined): Record<string, unknown> {
  // A route that declares no answer of its own (a file download) answers 200, as @fastify/swagger
  // says of a route without answers; declaring its errors must not take that away.
  const answers: Record<string, unknown> = Object.keys(response ?? {}).some((status) => Number(status) < 400)
    ? { ...response }
    : { 200: { description: 'Default Response' }, ...response };
  for (const status of errorStatuses(route, input)) {
    if (answers[status] !== undefined) continue;
    answers[status] = {
      description: MEANINGS[status] ?? 'An error.',
      ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } } },
    };
  }
  return answers;
}
