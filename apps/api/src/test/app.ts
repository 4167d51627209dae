import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@residency/shared';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { rows } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { StoredTemplate } from '../plugins/mailer.ts';
import { resetDatabase, testDatabase } from './database.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0000';
/** The ID photos' key in tests (issue 34). */
export const TEST_ID_KEY = '5a'.repeat(32);
/** The backups' key in tests (issue 35). */
export const TEST_BACKUP_KEY = 'b7'.repeat(32);

/**
 * A whole app on the worker's database, with test-friendly settings that `env` may override.
 * Pass `reset: true` (the default) to start from empty tables; `config` sets what no
 * environment variable does (the web build's directory).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { reset?: boolean; config?: Partial<Config>; routes?: (app: FastifyInstance) => void } = {},
): Promise<FastifyInstance> {
  const handle = await testDatabase();
  if (options.reset ?? true) await resetDatabase(handle);
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(tmpdir(), 'residency-test-data'),
    RATE_LIMIT_AUTH_MAX: '10000',
    MAIL_POLL_MS: '60000',
    HOTEL_EMAIL: 'frontdesk@residency.test',
    // Tests put stays thousands of days ahead, each on nights of its own (placeStay).
    BOOKING_HORIZON_DAYS: '40000',
    // No gateway unless a test starts the sandbox gateway's process (test/sandbox-gateway.ts).
    PAYMENT_SANDBOX: 'false',
    // One key for every test app (a key made in the shared data directory could race between workers).
    ID_ENCRYPTION_KEY: TEST_ID_KEY,
    BACKUP_ENCRYPTION_KEY: TEST_BACKUP_KEY,
    // No day closes by itself in a test: the night audit's tests close days themselves.
    NIGHT_AUDIT_POLL_MS: '0',
    ...env,
  });
  const app = await buildApp({ ...config, ...options.config }, { database: handle, logger: false });
  // A test's own routes, beside the app's (a write the app does not have yet).
  options.routes?.(app);
  await app.ready();
  return app;
}

let counter = 0;
const fastHashes = new Map<string, Promise<string>>();

/** Creates an account directly in the database and returns it with a signed token. */
export async function createUser(
  app: FastifyInstance,
  options: { role?: Role; email?: string; name?: string; password?: string } = {},
) {
  counter += 1;
  const password = options.password ?? 'correct-horse-battery';
  if (!fastHashes.has(password)) fastHashes.set(password, hashPassword(password));
  const [row] = await app.db
    .insert(users)
    .values({
      email: options.email ?? `person${counter}-${Date.now()}@example.com`,
      name: options.name ?? `Person ${counter}`,
      role: options.role ?? 'user',
      passwordHash: await fastHashes.get(password)!,
    })
    .returning();
  const token = app.jwt.sign({ sub: row!.id, role: row!.role });
  // Made with an e-mail, as every account that signs in is.
  return { ...row!, email: row!.email!, password, token, auth: { authorization: `Bearer ${token}` } };
}

/** An account made by createUser: its row, its password and its `auth` headers. */
export type TestAccount = Awaited<ReturnType<typeof createUser>>;

type AccountOptions = Omit<NonNullable<Parameters<typeof createUser>[1]>, 'role'>;
type AccountName = 'admin' | 'staff' | 'guest';
const ACCOUNT_ROLES: Record<AccountName, Role> = { admin: 'admin', staff: 'staff', guest: 'user' };

export interface TestAppOptions {
  /**
   * Settings on top of buildTestApp's test defaults. A function when they are known only once
   * an earlier `beforeAll` of the file has run (a test server's URL, a directory of its own).
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Settings no environment variable holds (the web build's directory), read like `env`. */
  config?: () => Partial<Config>;
  /**
   * When the tables are emptied and the accounts made: before each test (`'each'`, the
   * default), or once for the whole file (`'file'`), for files whose tests read a fixture made
   * once in their own `beforeAll`.
   */
  reset?: 'each' | 'file';
  /**
   * The accounts made after each reset, in the order admin, staff, guest (role `user`): `true`
   * or their createUser options (name, e-mail, password). Default: one of each.
   */
  accounts?: Partial<Record<AccountName, true | AccountOptions>>;
  /**
   * Each reset leaves no room-removal guard at all, the bookings module's included: for the
   * tests of rooms and categories, which add the guards they test. By default a reset puts back
   * the app's own guards and drops those a test added.
   */
  noRoomRemovalGuards?: boolean;
  /** Routes of the test's own, registered before the app is ready. */
  routes?: (app: FastifyInstance) => void;
}

/** What useTestApp gives a test file; read its fields inside hooks and tests, once they ran. */
export interface TestContext {
  readonly app: FastifyInstance;
  readonly admin: TestAccount;
  readonly staff: TestAccount;
  readonly guest: TestAccount;
}

/**
 * The one way to set up an API test file: registers the vitest hooks that build the app on the
 * worker's database (emptied first) and close it after the file, empty the tables before each
 * test (or once, `reset: 'file'`) together with the app's in-memory state that outlives a
 * reset (the public room answers, the signed-in callers, the room-removal guards), and make an
 * admin, a staff member and a guest, each with its `auth` headers.
 *
 * Call it at the top of the file, before the file's own hooks: they then run after the app is
 * built and the accounts made (and their `afterAll` before the app is closed).
 */
export function useTestApp(options: TestAppOptions = {}): TestContext {
  const wanted = options.accounts ?? { admin: true, staff: true, guest: true };
  let app: FastifyInstance | undefined;
  let appGuards: FastifyInstance['roomRemovalGuards'] = [];
  const accounts: Partial<Record<AccountName, TestAccount>> = {};

  const started = () => {
    if (!app) throw new Error('useTestApp: the app is built in beforeAll; read it inside a hook or a test.');
    return app;
  };
  const account = (name: AccountName) => () => {
    const made = accounts[name];
    if (!made) throw new Error(`useTestApp: no ${name} account; ask for it in options.accounts.`);
    return made;
  };

  async function reset(app: FastifyInstance, emptyTables: boolean) {
    if (emptyTables) await resetDatabase(await testDatabase());
    app.roomsCache.clear();
    // The emptied tables, as the availability index has heard of them.
    await app.availability.caughtUp();
    app.principals.clear();
    app.roomRemovalGuards.splice(0, app.roomRemovalGuards.length, ...(options.noRoomRemovalGuards ? [] : appGuards));
    for (const name of ['admin', 'staff', 'guest'] as const) {
      const wish = wanted[name];
      delete accounts[name];
      if (wish) accounts[name] = await createUser(app, { ...(wish === true ? {} : wish), role: ACCOUNT_ROLES[name] });
    }
  }

  beforeAll(async () => {
    app = await buildTestApp(typeof options.env === 'function' ? options.env() : options.env, { config: options.config?.(), routes: options.routes });
    appGuards = [...app.roomRemovalGuards];
    // buildTestApp started from empty tables: only the in-memory state and the accounts are left.
    if (options.reset === 'file') await reset(app, false);
  });
  afterAll(async () => app?.close());
  if (options.reset !== 'file') beforeEach(async () => reset(started(), true));

  return {
    get app() {
      return started();
    },
    get admin() {
      return account('admin')();
    },
    get staff() {
      return account('staff')();
    },
    get guest() {
      return account('guest')();
    },
  };
}

export interface OutboxRow {
  id: number;
  kind: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string;
  sent_at: Date | string | null;
}

/**
 * Rows of the outbox, oldest first. A mail still waiting to be rendered (written from its
 * template, issue 36) shows the subject and bodies the worker would send now; one that cannot be
 * rendered shows the subject and keeps its empty bodies.
 */
export async function outbox(app: FastifyInstance): Promise<OutboxRow[]> {
  const found = await rows<OutboxRow & { template: StoredTemplate | null }>(app.db, sql`select * from outbox_mails order by id`);
  const waiting = found.filter((row) => row.template);
  const made = new Map((await app.mailer.renderStored(waiting.map((row) => row.template!))).map((m, i) => [waiting[i]!, m]));
  return found.map((row) => {
    const mail = made.get(row);
    if (!mail) return row;
    return 'error' in mail ? { ...row, subject: mail.subject } : { ...row, ...mail };
  });
}

/** Rows of any SQL query on the app's database (to look at or change what the API cannot). */
export function query<T = Record<string, unknown>>(app: FastifyInstance, statement: SQL): Promise<T[]> {
  return rows<T>(app.db, statement);
}

