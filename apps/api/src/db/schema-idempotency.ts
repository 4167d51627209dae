/** Idempotency keys of money writes (migration 0023_idempotency_keys). */
import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One key a caller sent with a money write: claimed inside the write's transaction, answered
 * (status and body) once the request has answered. A key is the caller's own: two staff members
 * may use the same string.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principalId: uuid('principal_id').notNull(),
    key: text('key').notNull(),
    /** METHOD and route pattern: the same key on another route is another request. */
    route: text('route').notNull(),
    /** SHA-256 of the route, its parameters and the parsed body. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.principalId, t.key] })],
);
