import { ZImageUrl } from '@residency/shared';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { findActiveUserByEmail, type UserRow } from '../../lib/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertUser } from './auth.repository.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { findActiveUserByGoogleSubject, linkGoogleSubject } from './google.repository.ts';

export type GoogleSettings = NonNullable<Config['google']>;

/** What we ask Google for: an ID token with the e-mail address, the name and the picture. */
const GOOGLE_SCOPE = 'openid email profile';

/**
 * Why a Google sign-in ended without a session. The web app reads it from the URL fragment; the
 * names are those of the identity-provider codes in the spec's error catalogue (section 8).
 */
export type GoogleFailure = 'popup-closed-by-user' | 'invalid-state' | 'unverified-email' | 'internal-error';

/** A failed Google sign-in: `failure` goes to the browser, the message and cause to the log only. */
export class GoogleSignInError extends AppError {
  readonly failure: GoogleFailure;

  constructor(failure: GoogleFailure, message: string, cause?: unknown) {
    super(`GOOGLE_${failure.toUpperCase().replaceAll('-', '_')}`, message, failure === 'internal-error' ? 500 : 400);
    this.name = 'GoogleSignInError';
    this.failure = failure;
    if (cause !== undefined) this.cause = cause;
  }
}

/**
 * The secrets of one sign-in between the redirect to Google and its return: kept in a signed
 * cookie of the browser that started it, so any API process can finish it (no server session).
 */
export const ZPendingSignIn = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(43),
  /** The flow runs in a pop-up window: the web page hands the result to its opener. */
  popup: z.boolean(),
});
export type PendingSignIn = z.infer<typeof ZPendingSignIn>;

/**
 * The issuer's configuration, discovered on first use and then kept: Google's endpoints do not
 * change while the process runs. A failed discovery is forgotten, so the next sign-in tries again.
 */
export function googleIssuer(google: GoogleSettings): () => Promise<oidc.Configuration> {
  let discovered: Promise<oidc.Configuration> | undefined;
  return () => {
    discovered ??= discover(google).catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  };
}

async function discover(google: GoogleSettings): Promise<oidc.Configuration> {
  const issuer = new URL(google.issuerUrl);
  // The client secret goes in the form body (client_secret_post), which Google accepts.
  return oidc.discovery(issuer, google.clientId, google.clientSecret, undefined, {
    // Plain http is accepted only for an issuer on this very machine (tests, local development):
    // anywhere else the code and the tokens would cross the network in clear.
    execute: issuer.protocol === 'http:' && isLoopback(issuer.hostname) ? [oidc.allowInsecureRequests] : [],
    timeout: 10,
  });
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Starts a sign-in: fresh state (against cross-site request forgery), nonce (binds the ID token
 * to this browser's request) and PKCE verifier (the code is useless to whoever intercepts it).
 * Returns the issuer URL to send the browser to and the secrets the callback will need.
 */
export async function beginGoogleSignIn(
  issuer: oidc.Configuration,
  redirectUri: string,
  popup: boolean,
): Promise<{ url: URL; pending: PendingSignIn }> {
  const pending: PendingSignIn = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    popup,
  };
  const url = oidc.buildAuthorizationUrl(issuer, {
    redirect_uri: redirectUri,
    scope: GOOGLE_SCOPE,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
  });
  return { url, pending };
}

/** The person as the issuer describes them. */
interface GoogleProfile {
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

/**
 * Finishes a sign-in on the issuer's redirect back to us (`callbackUrl`, exactly the registered
 * redirect URI plus the issuer's query): checks the state, exchanges the code with the PKCE
 * verifier, checks the ID token (signature, audience, nonce) and finds or creates the account.
 * Returns the account and whether this sign-in changed it (a Google subject was linked).
 */
export async function completeGoogleSignIn(
  db: Database,
  issuer: oidc.Configuration,
  callbackUrl: URL,
  pending: PendingSignIn | undefined,
): Promise<{ user: UserRow; changed: boolean }> {
  const query = callbackUrl.searchParams;
  const error = query.get('error');
  if (error) {
    const detail = `the issuer answered ${error}: ${query.get('error_description') ?? 'no description'}`;
    throw error === 'access_denied'
      ? new GoogleSignInError('popup-closed-by-user', `Google sign-in cancelled: ${detail}`)
      : new GoogleSignInError('internal-error', `Google sign-in refused: ${detail}`);
  }
  // Checked here as well as by openid-client, so a forged or stale callback is told apart from
  // a failure of the exchange itself.
  if (!pending) throw new GoogleSignInError('invalid-state', 'No valid sign-in cookie came back with the callback.');
  if (query.get('state') !== pending.state) {
    throw new GoogleSignInError('invalid-state', 'The state of the callback is not the one this browser was given.');
  }

  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(issuer, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
    });
  } catch (cause) {
    throw new GoogleSignInError('internal-error', 'The authorization code exchange failed.', cause);
  }
  const profile = await readProfile(issuer, tokens);
  return resolveGoogleAccount(db, profile);
}

const ZClaims = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  // Google sends a boolean; some issuers send the string "true".
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

async function readProfile(
  issuer: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<GoogleProfile> {
  const idToken = tokens.claims();
  if (!idToken) throw new GoogleSignInError('internal-error', 'The issuer returned no ID token.');
  let claims = ZClaims.safeParse(idToken).data;
  // Google puts the profile in the ID token. An issuer that follows OpenID Connect to the letter
  // keeps it for the UserInfo endpoint instead: ask there, bound to the same subject.
  if (claims && claims.email === undefined) {
    try {
      const info = await oidc.fetchUserInfo(issuer, tokens.access_token, idToken.sub);
      claims = ZClaims.safeParse({ ...info, sub: idToken.sub }).data;
    } catch (cause) {
      throw new GoogleSignInError('internal-error', 'The UserInfo request failed.', cause);
    }
  }
  if (!claims) throw new GoogleSignInError('internal-error', 'The ID token claims are not usable.');
  return {
    subject: claims.sub,
    email: claims.email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: claims.name,
    picture: claims.picture,
  };
}

/**
 * The account of a Google identity: the one linked to its subject; else the open account with
 * its e-mail address, when Google has verified that address (that account is linked to the
 * subject); else a new account, role user, without a password. Closed accounts are never used.
 * Two first sign-ins at once collide on a unique index: the loser runs again and finds the
 * winner's account.
 */
async function resolveGoogleAccount(
  db: Database,
  profile: GoogleProfile,
): Promise<{ user: UserRow; changed: boolean }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => resolveOnce(tx, profile));
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function resolveOnce(tx: Executor, profile: GoogleProfile): Promise<{ user: UserRow; changed: boolean }> {
  const linked = await findActiveUserByGoogleSubject(tx, profile.subject);
  if (linked) return { user: linked, changed: false };

  // An unverified address proves nothing: it must neither open someone's account nor take the
  // address from the person who owns it.
  const email = profile.email?.trim().toLowerCase();
  if (!email || !profile.emailVerified) {
    throw new GoogleSignInError(
      'unverified-email',
      `Google did not confirm the e-mail address of subject ${profile.subject} (${email ?? 'none given'}).`,
    );
  }

  const existing = await findActiveUserByEmail(tx, email);
  if (existing) {
    // Whoever controls the address can already take the account over with a password reset, so a
    // verified address is enough to link it. A previous link is replaced: the account follows
    // its e-mail address.
    const user = await linkGoogleSubject(tx, existing.id, profile.subject);
    if (!user) throw new GoogleSignInError('internal-error', `Account ${existing.id} was closed while linking.`);
    return { user, changed: true };
  }

  const user = await insertUser(tx, {
    email,
    name: personName(profile.name, email),
    image: profile.picture && ZImageUrl.safeParse(profile.picture).success ? profile.picture.trim() : null,
    role: 'user',
    passwordHash: null,
    googleSubject: profile.subject,
  });
  return { user, changed: true };
}

/** Google's name, within the product's name limit; the address's local part when none is given. */
function personName(name: string | undefined, email: string): string {
  const trimmed = name?.trim().slice(0, 100);
  return trimmed || email.split('@')[0]!.slice(0, 100);
}
