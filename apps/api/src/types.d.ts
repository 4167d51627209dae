import type { Role } from '@residency/shared';
import type { FastifySchema } from 'fastify';
import type { Config } from './config.ts';
import type { UserRow } from './lib/accounts.ts';
import type { Database, DatabaseHandle, Executor } from './db/client.ts';
import type { LiveCache } from './lib/live-cache.ts';
import type { AvailabilityIndex } from './modules/availability/availability.service.ts';
import type { Access } from './plugins/access.ts';
import type { Mailer } from './plugins/mailer.ts';
import type { SmsOutbox } from './plugins/sms.ts';
import type { OnlinePayments } from './modules/online-payments/online-payments.plugin.ts';
import type { Storage } from './plugins/storage.ts';
import type { PrivateStorage } from './plugins/private-storage.ts';
import type { GuestRegister } from './modules/guest-register/guest-register.plugin.ts';

export type RoomRemovalGuard = (tx: Executor, roomIds: string[]) => Promise<Map<string, string>>;

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
    /** On a public route: read the caller's token when one is sent (request.principal). */
    identifyCaller?: boolean;
    /** A money write: an Idempotency-Key header makes a repeat answer the first result (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbHandle: DatabaseHandle;
    /** Signed-in callers cached between requests; forget an account after changing it. */
    principals: LiveCache<UserRow>;
    /** Serialised public room/category answers by URL; cleared on any room or category change. */
    roomsCache: LiveCache<Buffer>;
    /** Free nights, rooms and rates in memory (issue 23): the searches and room lists read it. */
    availability: AvailabilityIndex;
    /**
     * Checks that may forbid removing rooms (e.g. a current or future booking): each answers
     * the ids it protects with the reason, in the caller's transaction.
     */
    roomRemovalGuards: RoomRemovalGuard[];
    mailer: Mailer;
    /** The SMS outbox (issue 34): SMS written in the change's transaction, sent by its worker. */
    sms: SmsOutbox;
    /** Online payment (issue 33): a new booking opens its session through it. */
    onlinePayments: OnlinePayments;
    /** Where uploaded files are stored: DATA_DIR/uploads, or an S3-compatible bucket (S3_BUCKET). */
    storage: Storage;
    /** Files no URL serves (ID and guest photos, encrypted by their module): DATA_DIR/private or S3_PRIVATE_BUCKET. */
    privateStorage: PrivateStorage;
    /** After a duty manager's close (issue 35): the night's backup, then the day reports, in the background. */
    nightAuditClosed: () => void;
    /** The guest register's retention (issue 34). */
    guestRegister: GuestRegister;
    /** Every registered route with its access declaration (the role-rule test walks it). */
    routeAccess(): { method: string | string[]; url: string; access: Access | undefined; schema?: FastifySchema }[];
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
