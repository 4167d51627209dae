import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import secureJson from 'secure-json-parse';
import { AppError } from '../lib/app-error.ts';
import { closedDayOf, databaseErrorCode } from '../lib/database-errors.ts';

/** Fastify's own 4xx codes, told in words a caller can act on. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request says a length that its body does not have.',
  FST_REQ_FILE_TOO_LARGE: 'File size too large. Maximum is 10MB.',
};

/**
 * How deep a JSON body may nest. The deepest contract (a category's Bengali texts) is 4 levels;
 * a body nested thousands of levels deep only exists to exhaust a parser or a validator's stack.
 */
const MAX_JSON_DEPTH = 32;

type Envelope = { success: false; message: string; code: string; errors?: { path: string; message: string }[] };

/**
 * Database failures that are the caller's doing, or a race the caller may simply retry, with
 * the answer they get. Everything else stays a 500.
 */
const DATABASE_ANSWERS: Record<string, { status: number; code: string; message: string }> = {
  // Another request took the same unique value a moment earlier (a room number, an e-mail).
  '23505': { status: 409, code: 'CONFLICT', message: 'This already exists: someone saved the same thing a moment ago. Reload and check.' },
  '23P01': { status: 409, code: 'CONFLICT', message: 'This overlaps with something saved a moment ago. Reload and check.' },
  // Still a serialisation failure or deadlock after the retries of lib/retry.
  '40001': { status: 503, code: 'BUSY', message: 'Many people are doing the same thing right now. Please try again.' },
  '40P01': { status: 503, code: 'BUSY', message: 'Many people are doing the same thing right now. Please try again.' },
  // A row lock not granted within LOCK_TIMEOUT_MS (db/client.ts).
  '55P03': { status: 503, code: 'BUSY', message: 'Many people are doing the same thing right now. Please try again.' },
  // Text that no contract should have let through (NUL, broken Unicode): the caller's input.
  '22021': { status: 400, code: 'VALIDATION_ERROR', message: 'This text contains characters that cannot be stored (a NUL character or broken Unicode).' },
  '22P05': { status: 400, code: 'VALIDATION_ERROR', message: 'This text contains characters that cannot be stored (a NUL character or broken Unicode).' },
};

/**
 * One error handler: every failure leaves as `{ success: false, message, code, errors? }`.
 * Our own faults answer 500 with a generic message; their details go to the log only.
 */
export default fp(async function errors(app: FastifyInstance) {
  // JSON bodies: too deep is refused before parsing; `__proto__` and `constructor.prototype`
  // keys are refused as Fastify does by default.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new AppError('FST_ERR_CTP_EMPTY_JSON_BODY', FASTIFY_MESSAGES.FST_ERR_CTP_EMPTY_JSON_BODY!, 400));
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      return done(new AppError('JSON_TOO_DEEP', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`, 400));
    }
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new AppError('FST_ERR_CTP_INVALID_JSON_BODY', FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!, 400));
    }
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (status === 503) reply.header('retry-after', String((error instanceof AppError && error.retryAfterSeconds) || 1));
    return reply.status(status).send(body);
  });
});

function describeError(error: FastifyError | AppError): { status: number; body: Envelope } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: { ...error.details, success: false, message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.flatMap((issue) => {
      const unknownKeys = issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[] | undefined) : undefined;
      // A query parameter the route does not take (plugins/validation.ts): named, one entry each.
      if (unknownKeys && error.validationContext === 'querystring') {
        return unknownKeys.map((key) => ({ path: key, message: `Unknown query parameter "${key.slice(0, 100)}": this request does not take it.` }));
      }
      return [{ path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'), message: issue.message ?? 'Invalid value' }];
    });
    return {
      status: 400,
      body: { success: false, message: errors[0]?.message ?? 'The request is not valid.', code: 'VALIDATION_ERROR', errors },
    };
  }
  const closedDay = closedDayOf(error);
  if (closedDay) {
    const message = `${closedDay} is closed by the night audit: nothing can be dated in it any more. Date it on an open day; a correction goes on today's folio, naming the line it corrects.`;
    return { status: 409, body: { day: closedDay, success: false, message, code: 'DAY_CLOSED' } as Envelope };
  }
  const database = DATABASE_ANSWERS[databaseErrorCode(error) ?? ''];
  if (database) return { status: database.status, body: { success: false, message: database.message, code: database.code } };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: { success: false, message: FASTIFY_MESSAGES[error.code] ?? error.message, code: error.code ?? codeOfStatus(status) },
    };
  }
  return {
    status: 500,
    body: { success: false, message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' },
  };
}

/** A stable code for a bare status (e.g. 403 from a static file plugin): FORBIDDEN, NOT_FOUND, … */
function codeOfStatus(status: number): string {
  return (STATUS_CODES[status] ?? 'Bad Request').toUpperCase().replace(/[^A-Z]+/g, '_');
}

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without parsing it (a
 * linear scan that skips strings), so a hostile body costs no more than its length.
 */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (`/%E0%A4%A`) or a path parameter
 * longer than the router takes, answered in the envelope rather than Fastify's own shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: Envelope = tooLong
    ? { success: false, message: 'This address is too long.', code: 'URL_TOO_LONG' }
    : { success: false, message: 'This address is not valid: it has a broken %-encoding.', code: 'BAD_URL' };
  return reply.status(tooLong ? 414 : 400).header('x-content-type-options', 'nosniff').send(body);
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before Fastify sees them
 * (a malformed request line, headers over the size limit, a request that took too long), written
 * straight to the socket in the envelope.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, Envelope] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, { success: false, message: 'The request headers (or its address) are too large.', code: 'HEADERS_TOO_LARGE' }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { success: false, message: 'The request took too long to arrive.', code: 'REQUEST_TIMEOUT' }]
        : [400, { success: false, message: 'The request is not valid HTTP.', code: 'BAD_REQUEST' }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
