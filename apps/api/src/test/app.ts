import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@residency/shared';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { rows } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { resetDatabase, testDatabase } from './database.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0000';

/**
 * A whole app on the worker's database, with test-friendly settings that `env` may override.
 * Pass `reset: true` (the default) to start from empty tables.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { reset?: boolean } = {},
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
    ...env,
  });
  const app = await buildApp(config, { database: handle, logger: false });
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
  return { ...row!, password, token, auth: { authorization: `Bearer ${token}` } };
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

/** Rows of the outbox, oldest first. */
export async function outbox(app: FastifyInstance): Promise<OutboxRow[]> {
  return rows<OutboxRow>(app.db, sql`select * from outbox_mails order by id`);
}

/** Rows of any SQL query on the app's database (to look at or change what the API cannot). */
export function query<T = Record<string, unknown>>(app: FastifyInstance, statement: SQL): Promise<T[]> {
  return rows<T>(app.db, statement);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
