import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail (issue 35, migration 0030). Written only by the database's own functions
 * (audit_append, from the audited tables' triggers and the API's sign-in events); append-only.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role').notNull(),
    actorLabel: text('actor_label'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    route: text('route'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    parentEntity: text('parent_entity'),
    parentId: text('parent_id'),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
    hash: text('hash').notNull(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.seq)],
);

/** Records of the chain written down elsewhere (a closed day, a backup): verify finds a cut-off end by them. */
export const auditAnchors = pgTable('audit_anchors', {
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  reason: text('reason').notNull(),
});
