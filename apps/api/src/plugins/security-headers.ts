import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The web app's policy: its own scripts, styles inline (Tailwind, antd), images from anywhere
 * secure, plus the upload bucket's origin when it is plain http (a MinIO on the local network).
 */
const pagePolicy = (imageOrigins: string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:', ...imageOrigins],
      'style-src': ["'self'", "'unsafe-inline'"],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': null,
    },
  },
  // The Google sign-in pop-up talks back to its opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
});

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
function helmetHeaders(options: HelmetOptions): Record<string, string> {
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
 * Powerful browser features the site never uses, switched off for the page and anything it
 * embeds (so an injected script or a framed ad could not ask for the camera or location).
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

const HSTS = 'strict-transport-security';

/** Objects of an S3 bucket served over plain http need their origin in img-src. */
function imageOrigins(app: FastifyInstance): string[] {
  const storage = app.config.storage;
  if (storage.kind !== 's3' || !storage.publicUrl.startsWith('http://')) return [];
  return [new URL(storage.publicUrl).origin];
}

/** Takes HSTS out of a header set: it is added per request, only over HTTPS. */
function withoutHsts(headers: Record<string, string>): [Record<string, string>, string | undefined] {
  const { [HSTS]: hsts, ...rest } = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return [{ ...rest, 'permissions-policy': PERMISSIONS_POLICY }, hsts];
}

/**
 * Helmet's security headers on every answer. @fastify/helmet rebuilds helmet's middleware (and
 * re-parses the policy) on each request; the headers here are computed once at start.
 * The API reference pages (/api/docs) send their own policy (swagger-ui's staticCSP).
 */
/**
 * HSTS goes only on answers over HTTPS (TLS here, or `X-Forwarded-Proto: https` from a trusted
 * proxy): over plain http a browser ignores it, and sending it there tells of a setup mistake.
 */
export default fp(async function securityHeaders(app: FastifyInstance) {
  const [page, hsts] = withoutHsts(helmetHeaders(pagePolicy(imageOrigins(app))));
  const [api] = withoutHsts(helmetHeaders(API_POLICY));
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(url.startsWith('/api/') && !url.startsWith('/api/docs') ? api : page);
    if (hsts && request.protocol === 'https') reply.header(HSTS, hsts);
    done();
  });
});
