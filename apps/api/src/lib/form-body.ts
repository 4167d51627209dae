import type { FastifyInstance } from 'fastify';

/** Largest form a gateway posts (its fields are short: about 40 of them). */
const FORM_LIMIT = 64 * 1024;

/**
 * Parses `application/x-www-form-urlencoded` bodies into a flat object (the last of a repeated
 * field wins), for the routes of the encapsulated plugin that calls it only: the payment
 * gateways post forms (a browser's return from the gateway's page, a server's notification),
 * and nothing else of the API takes one.
 */
export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
