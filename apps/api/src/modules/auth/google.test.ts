import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
// oidc-provider ships no type declarations (and DefinitelyTyped's lag behind v9); the little this
// file uses is typed by hand in OidcProvider below.
// @ts-expect-error TS7016: untyped module
import Provider from 'oidc-provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createUser, useTestApp } from '../../test/app.ts';

/**
 * Google sign-in against a real OpenID Connect issuer: oidc-provider runs in this process on
 * 127.0.0.1 (random port) with its development login and consent pages, and a small browser of
 * our own (cookie jar, manual redirects, HTML forms) walks the whole flow. The app side is
 * reached with app.inject under its PUBLIC_URL; the app itself calls the issuer over real HTTP
 * for discovery, the token exchange and its signing keys.
 */

const PUBLIC_URL = 'http://residency.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;
const CLIENT_ID = 'residency-web';
const CLIENT_SECRET = 'residency-web-secret-0123456789';

interface Person {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}

interface Issuer {
  url: string;
  /** The people the issuer knows, by subject: what findAccount answers. */
  people: Map<string, Person>;
  close(): Promise<void>;
}

/** Starts an issuer; `conformIdTokenClaims` true keeps the profile out of the ID token (UserInfo only). */
async function startIssuer(options: { conformIdTokenClaims?: boolean } = {}): Promise<Issuer> {
  const people = new Map<string, Person>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(url, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-signing-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['issuer-cookie-key-for-tests'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Google puts the requested profile in the ID token; false makes oidc-provider do the same.
    conformIdTokenClaims: options.conformIdTokenClaims ?? false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    // Explicit lifetimes (seconds), which also keeps the provider from printing its defaults.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    async findAccount(_ctx: unknown, id: string) {
      const person = people.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ ...person }) };
    },
  }) as OidcProvider;
  server.on('request', provider.callback());
  return {
    url,
    people,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const googleEnv = (issuer: Issuer) => ({
  PUBLIC_URL,
  GOOGLE_ISSUER_URL: issuer.url,
  GOOGLE_CLIENT_ID: CLIENT_ID,
  GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
});

/** What a person does at the issuer once its pages show up. */
type Choice = 'consent' | 'deny';

/**
 * A browser without a screen: keeps cookies per host, follows redirects one by one, fills and
 * submits the issuer's forms. Requests to PUBLIC_URL go to the app through app.inject.
 */
class Browser {
  private readonly jar = new Map<string, Map<string, string>>();
  /** Every URL the browser was sent to, in order. */
  readonly visited: string[] = [];

  private readonly app: FastifyInstance;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).host)?.get(name);
  }

  setCookie(url: string, name: string, value: string | undefined) {
    const host = new URL(url).host;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    if (value === undefined) cookies.delete(name);
    else cookies.set(name, value);
    this.jar.set(host, cookies);
  }

  async request(url: string, init: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {}) {
    this.visited.push(url);
    const host = new URL(url).host;
    const cookie = [...(this.jar.get(host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    let status: number;
    let location: string | undefined;
    let text: string;
    let setCookies: string[];
    if (url.startsWith(`${PUBLIC_URL}/`)) {
      const res = await this.app.inject({ method: init.method ?? 'GET', url: url.slice(PUBLIC_URL.length), headers, body });
      status = res.statusCode;
      location = res.headers.location as string | undefined;
      text = res.body;
      const raw = res.headers['set-cookie'];
      setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    } else {
      const res = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
      status = res.status;
      location = res.headers.get('location') ?? undefined;
      text = await res.text();
      setCookies = res.headers.getSetCookie();
    }
    for (const line of setCookies) this.store(url, line);
    return { status, location: location && new URL(location, url).href, text };
  }

  private store(url: string, line: string) {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq);
    const expired = attributes.some(
      (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()),
    );
    this.setCookie(url, name, expired ? undefined : pair!.slice(eq + 1));
  }

  /**
   * Follows redirects from `url`, signing in at the issuer as `subject` and answering its
   * consent page with `choice`, until the app sends the browser to a web page. Returns that URL.
   */
  async signIn(url: string, subject: string, choice: Choice = 'consent'): Promise<URL> {
    let response = await this.request(url);
    for (let step = 0; step < 20; step += 1) {
      if (response.location) {
        const next = response.location;
        if (next.startsWith(`${PUBLIC_URL}/`) && !next.startsWith(`${PUBLIC_URL}/api/`)) return new URL(next);
        response = await this.request(next);
        continue;
      }
      expect(response.status, response.text).toBe(200);
      const page = parsePage(response.text);
      if (page.fields.prompt === 'login') {
        response = await this.request(page.action, {
          method: 'POST',
          form: { ...page.fields, login: subject, password: 'any password' },
        });
      } else if (page.fields.prompt === 'consent') {
        response =
          choice === 'deny'
            ? await this.request(page.cancel!)
            : await this.request(page.action, { method: 'POST', form: page.fields });
      } else {
        throw new Error(`Unexpected issuer page:\n${response.text}`);
      }
    }
    throw new Error(`Too many redirects: ${this.visited.join(' -> ')}`);
  }
}

/** The form of an issuer page: its action, its named fields and the Cancel link. */
function parsePage(html: string) {
  const unescape = (s: string) =>
    s.replaceAll('&amp;', '&').replaceAll('&#x2F;', '/').replaceAll('&#39;', "'").replaceAll('&quot;', '"');
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`No form on the issuer page:\n${html}`);
  const fields: Record<string, string> = {};
  for (const [, tag] of html.matchAll(/<input([^>]*)>/g)) {
    const name = /name="([^"]*)"/.exec(tag!)?.[1];
    if (name) fields[name] = unescape(/value="([^"]*)"/.exec(tag!)?.[1] ?? '');
  }
  const cancel = /<a href="([^"]+)">\[ Cancel \]<\/a>/.exec(html)?.[1];
  return { action: unescape(action), fields, cancel: cancel && unescape(cancel) };
}

/** The parameters of a web page's URL fragment. */
const fragment = (url: URL) => Object.fromEntries(new URLSearchParams(url.hash.slice(1)));

async function me(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
}

async function accountsWithEmail(app: FastifyInstance, email: string) {
  return app.db.select().from(users).where(eq(users.email, email));
}

describe('Google sign-in (OpenID Connect)', () => {
  let issuer: Issuer;

  beforeAll(async () => {
    issuer = await startIssuer();
  });
  afterAll(async () => {
    await issuer?.close();
  });
  const ctx = useTestApp({ env: () => googleEnv(issuer), reset: 'file', accounts: {} });

  describe('GET /api/auth/google', () => {
    it('redirects to the issuer with scope, PKCE, state and nonce, keeping them in a signed cookie', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/google?popup=1' });
      expect(res.statusCode).toBe(302);
      const target = new URL(res.headers.location as string);
      expect(target.origin).toBe(issuer.url);
      expect(Object.fromEntries(target.searchParams)).toMatchObject({
        client_id: CLIENT_ID,
        response_type: 'code',
        scope: 'openid email profile',
        redirect_uri: CALLBACK,
        code_challenge_method: 'S256',
      });
      for (const name of ['state', 'nonce', 'code_challenge']) expect(target.searchParams.get(name)).toBeTruthy();

      const cookie = res.cookies.find((c) => c.name === 'google_sign_in');
      expect(cookie).toMatchObject({ path: '/api/auth/google', httpOnly: true, sameSite: 'Lax', maxAge: 600 });
      // Signed: `<json>.<signature>`; a changed value is refused (see the invalid-state tests).
      const signed = decodeURIComponent(cookie!.value);
      const json = signed.slice(0, signed.lastIndexOf('.'));
      expect(JSON.parse(json)).toMatchObject({ state: target.searchParams.get('state'), popup: true });
    });
  });

  describe('GET /api/auth/google/callback', () => {
    it('creates a user account from the Google profile and hands the token to /auth/callback', async () => {
      issuer.people.set('google-new-1', {
        sub: 'google-new-1',
        email: 'Nadia.Rahman@Example.com',
        email_verified: true,
        name: 'Nadia Rahman',
        picture: 'https://lh3.googleusercontent.com/a/nadia.png',
      });
      const browser = new Browser(ctx.app);
      const landed = await browser.signIn(`${PUBLIC_URL}/api/auth/google`, 'google-new-1');

      expect(`${landed.origin}${landed.pathname}`).toBe(`${PUBLIC_URL}/auth/callback`);
      expect(landed.search).toBe('');
      const { token, popup, error } = fragment(landed);
      expect(error).toBeUndefined();
      expect(popup).toBeUndefined();
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      // The flow went through the issuer's real login and consent pages.
      expect(browser.visited.some((u) => u.startsWith(`${issuer.url}/interaction/`))).toBe(true);
      // Its secrets are spent: the cookie was cleared.
      expect(browser.cookie(PUBLIC_URL, 'google_sign_in')).toBeUndefined();

      const res = await me(ctx.app, token!);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        email: 'nadia.rahman@example.com',
        name: 'Nadia Rahman',
        role: 'user',
        image: 'https://lh3.googleusercontent.com/a/nadia.png',
      });
      expect(res.json().data.membershipNumber).toMatch(/^RS\d+$/);
      const [row] = await accountsWithEmail(ctx.app, 'nadia.rahman@example.com');
      expect(row).toMatchObject({ googleSubject: 'google-new-1', passwordHash: null, role: 'user' });
    });

    it('signs the same Google subject into the same account the next time', async () => {
      issuer.people.set('google-again', {
        sub: 'google-again',
        email: 'again@example.com',
        email_verified: true,
        name: 'Karim Again',
      });
      const first = fragment(await new Browser(ctx.app).signIn(`${PUBLIC_URL}/api/auth/google`, 'google-again'));
      const second = fragment(await new Browser(ctx.app).signIn(`${PUBLIC_URL}/api/auth/google`, 'google-again'));
      const a = (await me(ctx.app, first.token!)).json().data;
      const b = (await me(ctx.app, second.token!)).json().data;
      expect(b._id).toBe(a._id);
      expect(b.membershipNumber).toBe(a.membershipNumber);
      expect(await accountsWithEmail(ctx.app, 'again@example.com')).toHaveLength(1);
    });

    it('links a password account with the same verified e-mail (same _id, same membership number)', async () => {
      const existing = await createUser(ctx.app, { email: 'linked@example.com', name: 'Farhana Linked' });
      issuer.people.set('google-linked', {
        sub: 'google-linked',
        email: 'LINKED@example.com',
        email_verified: true,
        name: 'Farhana From Google',
      });
      const landed = await new Browser(ctx.app).signIn(`${PUBLIC_URL}/api/auth/google`, 'google-linked');
      const data = (await me(ctx.app, fragment(landed).token!)).json().data;
      expect(data).toMatchObject({
        _id: existing.id,
        membershipNumber: existing.membershipNumber,
        name: 'Farhana Linked',
      });
      const rows = await accountsWithEmail(ctx.app, 'linked@example.com');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ googleSubject: 'google-linked', passwordHash: existing.passwordHash });
      // The password still works beside Google.
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'linked@example.com', password: existing.password },
      });
      expect(login.statusCode).toBe(200);
    });

    it('never reuses a closed account: a new one is created for the same e-mail', async () => {
      const closed = await createUser(ctx.app, { email: 'closed@example.com' });
      await ctx.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, closed.id));
      issuer.people.set('google-closed', { sub: 'google-closed', email: 'closed@example.com', email_verified: true });
      const landed = await new Browser(ctx.app).signIn(`${PUBLIC_URL}/api/auth/google`, 'google-closed');
      const data = (await me(ctx.app, fragment(landed).token!)).json().data;
      expect(data._id).not.toBe(closed.id);
      expect(data).toMatchObject({ email: 'closed@example.com', name: 'closed', role: 'user' });
    });

    it('adds popup=1 to the fragment when the flow started as a pop-up', async () => {
      issuer.people.set('google-popup', { sub: 'google-popup', email: 'popup@example.com', email_verified: true });
      const landed = await new Browser(ctx.app).signIn(`${PUBLIC_URL}/api/auth/google?popup=1`, 'google-popup');
      expect(landed.hash).toMatch(/^#token=[\w.-]+&popup=1$/);
      expect((await me(ctx.app, fragment(landed).token!)).statusCode).toBe(200);
    });

    it('ends at #error=popup-closed-by-user when the person denies consent', async () => {
      issuer.people.set('google-denies', { sub: 'google-denies', email: 'denies@example.com', email_verified: true });
      const browser = new Browser(ctx.app);
      const landed = await browser.signIn(`${PUBLIC_URL}/api/auth/google?popup=1`, 'google-denies', 'deny');
      expect(landed.href).toBe(`${PUBLIC_URL}/auth/callback#error=popup-closed-by-user&popup=1`);
      expect(browser.cookie(PUBLIC_URL, 'google_sign_in')).toBeUndefined();
      expect(await accountsWithEmail(ctx.app, 'denies@example.com')).toHaveLength(0);
    });

    it('ends at #error=unverified-email when Google has not verified an unknown address', async () => {
      await createUser(ctx.app, { email: 'victim@example.com' });
      issuer.people.set('google-unverified', {
        sub: 'google-unverified',
        email: 'victim@example.com',
        email_verified: false,
        name: 'Not The Owner',
      });
      const landed = await new Browser(ctx.app).signIn(`${PUBLIC_URL}/api/auth/google`, 'google-unverified');
      expect(landed.href).toBe(`${PUBLIC_URL}/auth/callback#error=unverified-email`);
      const rows = await accountsWithEmail(ctx.app, 'victim@example.com');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.googleSubject).toBeNull();
    });

    it('ends at #error=invalid-state when the state was tampered with', async () => {
      issuer.people.set('google-tamper', { sub: 'google-tamper', email: 'tamper@example.com', email_verified: true });
      const browser = new Browser(ctx.app);
      const start = await browser.request(`${PUBLIC_URL}/api/auth/google`);
      const authorize = new URL(start.location!);
      authorize.searchParams.set('state', 'forged-state');
      const landed = await browser.signIn(authorize.href, 'google-tamper');
      expect(landed.href).toBe(`${PUBLIC_URL}/auth/callback#error=invalid-state`);
      expect(browser.cookie(PUBLIC_URL, 'google_sign_in')).toBeUndefined();
      expect(await accountsWithEmail(ctx.app, 'tamper@example.com')).toHaveLength(0);
    });

    it('ends at #error=invalid-state when the sign-in cookie is missing or forged', async () => {
      issuer.people.set('google-nocookie', { sub: 'google-nocookie', email: 'nocookie@example.com', email_verified: true });
      // Missing: another browser (or an attacker's link) brings a valid code without the cookie.
      const browser = new Browser(ctx.app);
      const start = await browser.request(`${PUBLIC_URL}/api/auth/google?popup=1`);
      browser.setCookie(PUBLIC_URL, 'google_sign_in', undefined);
      const landed = await browser.signIn(start.location!, 'google-nocookie');
      expect(landed.href).toBe(`${PUBLIC_URL}/auth/callback#error=invalid-state`);

      // Forged: the state inside is changed, so the signature no longer matches.
      const forger = new Browser(ctx.app);
      const begun = await forger.request(`${PUBLIC_URL}/api/auth/google`);
      const state = new URL(begun.location!).searchParams.get('state')!;
      const value = decodeURIComponent(forger.cookie(PUBLIC_URL, 'google_sign_in')!);
      forger.setCookie(PUBLIC_URL, 'google_sign_in', encodeURIComponent(value.replace(state, `${state}x`)));
      const forged = await forger.signIn(begun.location!, 'google-nocookie');
      expect(forged.href).toBe(`${PUBLIC_URL}/auth/callback#error=invalid-state`);
      expect(await accountsWithEmail(ctx.app, 'nocookie@example.com')).toHaveLength(0);
    });

    it('ends at #error=internal-error when the code cannot be exchanged', async () => {
      const browser = new Browser(ctx.app);
      const start = await browser.request(`${PUBLIC_URL}/api/auth/google`);
      const state = new URL(start.location!).searchParams.get('state')!;
      const res = await browser.request(
        `${CALLBACK}?code=not-a-real-code&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(issuer.url)}`,
      );
      expect(res.status).toBe(302);
      expect(res.location).toBe(`${PUBLIC_URL}/auth/callback#error=internal-error`);
      expect(res.text).toBe('');
    });
  });
});

describe('Google sign-in with an issuer that keeps the profile for UserInfo', () => {
  let issuer: Issuer;

  beforeAll(async () => {
    issuer = await startIssuer({ conformIdTokenClaims: true });
  });
  afterAll(async () => {
    await issuer?.close();
  });
  const ctx = useTestApp({ env: () => googleEnv(issuer), reset: 'file', accounts: {} });

  it('reads the e-mail, name and picture from the UserInfo endpoint', async () => {
    issuer.people.set('strict-1', {
      sub: 'strict-1',
      email: 'strict@example.com',
      email_verified: true,
      name: 'Strict Issuer',
      picture: 'https://example.com/strict.png',
    });
    const landed = await new Browser(ctx.app).signIn(`${PUBLIC_URL}/api/auth/google`, 'strict-1');
    const data = (await me(ctx.app, fragment(landed).token!)).json().data;
    expect(data).toMatchObject({ email: 'strict@example.com', name: 'Strict Issuer', image: 'https://example.com/strict.png' });
  });
});

describe('Google sign-in when it is not configured', () => {
  const ctx = useTestApp({ reset: 'file', accounts: {} });

  it('GET /api/auth/google answers 404 GOOGLE_DISABLED', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'GOOGLE_DISABLED' });
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('GET /api/auth/google/callback answers 404 GOOGLE_DISABLED', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'GOOGLE_DISABLED' });
  });
});
