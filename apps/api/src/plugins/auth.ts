import fastifyJwt from '@fastify/jwt';
import type { Role } from '@residency/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { findActiveUserById } from '../lib/accounts.ts';
import { LiveCache } from '../lib/live-cache.ts';
import type { UserRow } from '../lib/accounts.ts';
import { AppError } from '../lib/app-error.ts';
import type { Principal } from '../types.d.ts';

/**
 * JWT bearer tokens and the role guard. Each route's `config.access` is checked before any
 * other work. The caller's current account comes from the database, through a cache that every
 * change to an account clears at once (lib/live-cache.ts), so a role change or a deletion
 * takes effect on the very next request.
 */
export default fp(async function auth(app: FastifyInstance) {
  await app.register(fastifyJwt, {
    secret: app.config.jwtSecret,
    sign: { expiresIn: app.config.jwtExpiresIn },
  });

  app.decorateRequest('principal', null);

  // Signed-in callers' accounts, so a request with a token needs no database round trip.
  const principals = new LiveCache<UserRow>({ ttlMs: 60_000, maxEntries: 50_000 });
  app.decorate('principals', principals);
  let unsubscribe: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await app.dbHandle.subscribe('account_changed', {
      onMessage: (id) => principals.forget(id),
      onLive: (live) => principals.setLive(live),
    });
  });
  // The database may already be closed by then; nothing is left to stop in that case.
  app.addHook('onClose', async () => unsubscribe?.().catch(() => {}));

  // Every route must say who may call it; a route that does not stops the server at start.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.addHook('onReady', async () => {
    const missing = routes.filter((route) => route.config?.access === undefined);
    if (missing.length > 0) {
      const list = missing.map((r) => `${String(r.method)} ${r.url}`).join(', ');
      throw new Error(`Routes without an access declaration (config.access): ${list}`);
    }
  });
  app.decorate('routeAccess', () =>
    routes.map((r) => ({ method: r.method, url: r.url, access: r.config?.access, schema: r.schema })),
  );

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined) return;
    if (access === 'public') {
      // A public route that also serves signed-in callers differently (e.g. uploads) learns who
      // calls when a token is sent; a bad token is still a 401, never silently anonymous.
      if (request.routeOptions.config?.identifyCaller && request.headers.authorization) {
        request.principal = await authenticate(app, request);
      }
      return;
    }
    request.principal = await authenticate(app, request);
    if (access !== 'signed-in' && !access.includes(request.principal.role)) {
      throw AppError.forbidden();
    }
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<Principal> {
  const header = request.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) throw AppError.unauthorized();
  let claims: { sub: string; iat?: number };
  try {
    claims = app.jwt.verify<{ sub: string; role: Role; iat?: number }>(header.slice(7));
  } catch {
    throw AppError.unauthorized('Your session has expired. Please log in again.', 'TOKEN_INVALID');
  }
  // Tokens are only signed with an account id; anything else (a token signed with a leaked or
  // shared secret for another system) is not a session of ours, and must not reach a uuid column.
  if (typeof claims.sub !== 'string' || !UUID.test(claims.sub)) {
    throw AppError.unauthorized('Your session has expired. Please log in again.', 'TOKEN_INVALID');
  }
  const user = await loadAccount(app, claims.sub);
  if (!user) throw AppError.unauthorized('Your account is no longer active. Please log in again.', 'ACCOUNT_GONE');
  // A password reset ends every session that began before it.
  if (user.sessionsValidAfter && (claims.iat ?? 0) < Math.floor(user.sessionsValidAfter.getTime() / 1000)) {
    throw AppError.unauthorized('Your session has expired. Please log in again.', 'TOKEN_INVALID');
  }
  return { id: user.id, role: user.role, user };
}

async function loadAccount(app: FastifyInstance, id: string): Promise<UserRow | undefined> {
  const cached = app.principals.get(id);
  if (cached) return cached;
  const stamp = app.principals.stamp();
  const row = await findActiveUserById(app.db, id);
  if (row) app.principals.set(id, row, stamp);
  return row;
}

/** The principal of a route that is not public; the guard guarantees it is set. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw AppError.unauthorized();
  return request.principal;
}
