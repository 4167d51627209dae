import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The web app's policy: its own scripts, styles inline (Tailwind, antd), images from anywhere secure. */
const PAGE_POLICY: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': null,
    },
  },
  // The Google sign-in pop-up talks back to its opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

/**
 * JSON answers are never rendered as a page, so they carry the short set OWASP's REST security
 * cheat sheet recommends for APIs instead of the page policy (half the header bytes on every call).
 */
const API_POLICY: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  referrerPolicy: { policy: 'no-referrer' },
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The headers helmet sets for a policy, worked out once (none of ours depends on the request). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's security headers on every answer. @fastify/helmet rebuilds helmet's middleware (and
 * re-parses the policy) on each request; the headers here are computed once at start.
 * The API reference pages (/api/docs) send their own policy (swagger-ui's staticCSP).
 */
export default fp(async function securityHeaders(app: FastifyInstance) {
  const page = helmetHeaders(PAGE_POLICY);
  const api = helmetHeaders(API_POLICY);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(url.startsWith('/api/') && !url.startsWith('/api/docs') ? api : page);
    done();
  });
});
