import type { Role } from '@residency/shared';
import type { Config } from './config.ts';
import type { UserRow } from './lib/accounts.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { PrincipalCache } from './lib/principal-cache.ts';
import type { Access } from './plugins/access.ts';
import type { Mailer } from './plugins/mailer.ts';

/** The caller of a protected route, read from the database on each request. */
export interface Principal {
  id: string;
  role: Role;
  /** The caller's account row as read for this request. */
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbHandle: DatabaseHandle;
    /** Signed-in callers cached between requests; forget an account after changing it. */
    principals: PrincipalCache;
    mailer: Mailer;
    /** Every registered route with its access declaration (the role-rule test walks it). */
    routeAccess(): { method: string | string[]; url: string; access: Access | undefined }[];
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; role: Role };
    user: { sub: string; role: Role };
  }
}
