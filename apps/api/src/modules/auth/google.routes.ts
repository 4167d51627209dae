import { createHmac } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { ZErrorResponse, zText } from '@residency/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import {
  beginGoogleSignIn,
  completeGoogleSignIn,
  googleIssuer,
  GoogleSignInError,
  ZPendingSignIn,
  type GoogleFailure,
  type PendingSignIn,
} from './google.service.ts';
import { recordEvent } from '../audit/audit.service.ts';
import { signedIn } from './auth.service.ts';

const tags = ['auth'];
const COOKIE = 'google_sign_in';
/** Long enough to choose an account and consent at Google, short enough to leave no stale flow. */
const COOKIE_MAX_AGE_SECONDS = 10 * 60;

const ZStartQuery = z.object({
  popup: zText().max(10).optional().describe('`1` when the page opened this URL in a pop-up window'),
});
/** A redirect has no body: the `Location` header is the answer. */
const ZRedirect = z.null();
/** Loose: Google sends more than these (`scope`, `authuser`, `prompt`, `hd`), and may add others. */
const ZCallbackQuery = z.looseObject({
  code: zText().max(2000).optional(),
  state: zText().max(2000).optional(),
  iss: zText().max(2000).optional(),
  error: zText().max(2000).optional(),
  error_description: zText().max(2000).optional(),
});

/**
 * Google sign-in through OpenID Connect (authorization code flow with PKCE). Both routes are
 * browser navigations, so both end in a redirect; the callback sends the browser to the web
 * page `/auth/callback` with `#token=<jwt>` or `#error=<code>` (plus `&popup=1` for a pop-up).
 * The result travels in the URL fragment, which browsers never send to a server, so the token
 * appears in no access log.
 */
export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const issuer = config.google ? googleIssuer(config.google) : undefined;
  const basePath = `${app.prefix}/auth/google`;
  const redirectUri = `${config.publicUrl}${basePath}/callback`;
  const authLimit = { max: config.rateLimit.authMax, timeWindow: config.rateLimit.authWindow };

  // Only this module uses cookies, so the plugin lives in its scope (should the whole app register
  // it one day, with a secret, that registration serves here too). Its key is derived from the
  // JWT secret, so a value signed for one purpose can never pass as the other.
  if (!app.hasDecorator('parseCookie')) {
    await app.register(fastifyCookie, {
      secret: createHmac('sha256', config.jwtSecret).update('residency google sign-in cookie').digest('base64url'),
    });
  }
  const cookieOptions = {
    path: basePath,
    httpOnly: true,
    // Lax: the cookie must come back on the top-level redirect from Google to the callback.
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
  };

  const requireIssuer = () => {
    if (!issuer) throw AppError.notFound('Google sign-in is not enabled on this site.', 'GOOGLE_DISABLED');
    return issuer;
  };

  const webCallback = (reply: FastifyReply, result: { token: string } | { error: GoogleFailure }, popup: boolean) => {
    const fragment = new URLSearchParams(result);
    if (popup) fragment.set('popup', '1');
    return reply.header('cache-control', 'no-store').redirect(`${config.publicUrl}/auth/callback#${fragment}`, 302);
  };

  app.get(
    '/auth/google',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Start Google sign-in: redirects (302) to Google',
        description:
          'Redirects to the issuer with state, nonce and PKCE kept in a short-lived signed cookie. Answers 404 GOOGLE_DISABLED when Google sign-in is not configured.',
        querystring: ZStartQuery,
        response: { 302: ZRedirect.describe('To Google, to sign in.'), 404: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const discover = requireIssuer();
      const popup = request.query.popup === '1';
      try {
        const { url, pending } = await beginGoogleSignIn(await discover(), redirectUri, popup);
        reply.setCookie(COOKIE, JSON.stringify(pending), {
          ...cookieOptions,
          signed: true,
          maxAge: COOKIE_MAX_AGE_SECONDS,
        });
        return reply.header('cache-control', 'no-store').redirect(url.href, 302);
      } catch (error) {
        request.log.error({ err: error }, 'Google sign-in could not start (issuer discovery failed?)');
        return webCallback(reply, { error: 'internal-error' }, popup);
      }
    },
  );

  app.get(
    '/auth/google/callback',
    {
      config: { access: 'public', rateLimit: authLimit },
      schema: {
        tags,
        summary: 'Google redirects here: redirects (302) to /auth/callback#token=… or #error=…',
        description:
          'Error codes in the fragment: popup-closed-by-user, invalid-state, unverified-email, internal-error. `&popup=1` is added when the flow started with `?popup=1`.',
        querystring: ZCallbackQuery,
        response: { 302: ZRedirect.describe('To the web app, with the token or the error in the fragment.'), 404: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const discover = requireIssuer();
      const pending = readPending(request);
      // One try per cookie: whatever happens next, the flow's secrets are spent.
      reply.clearCookie(COOKIE, cookieOptions);
      try {
        // The exchange must name exactly the redirect URI the flow began with.
        const callbackUrl = new URL(redirectUri);
        callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
        const { user, changed } = await completeGoogleSignIn(app.db, await discover(), callbackUrl, pending);
        if (changed) app.principals.forget(user.id);
        await recordEvent(app.db, { entityId: user.id, action: 'sign-in', changes: { method: [null, 'google'] }, as: signedIn(user) });
        const token = app.jwt.sign({ sub: user.id, role: user.role });
        return webCallback(reply, { token }, pending?.popup ?? false);
      } catch (error) {
        const failure: GoogleFailure = error instanceof GoogleSignInError ? error.failure : 'internal-error';
        const level = failure === 'popup-closed-by-user' ? 'info' : failure === 'internal-error' ? 'error' : 'warn';
        request.log[level]({ err: error, failure }, 'Google sign-in failed');
        return webCallback(reply, { error: failure }, pending?.popup ?? false);
      }
    },
  );
};

/** The pending sign-in of this browser; undefined when the cookie is missing, forged or expired. */
function readPending(request: FastifyRequest): PendingSignIn | undefined {
  const raw = request.cookies[COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  try {
    return ZPendingSignIn.parse(JSON.parse(unsigned.value));
  } catch {
    return undefined;
  }
}
