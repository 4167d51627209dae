import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { zText } from './text.ts';

/*
 * The audit trail (issue 35): every change to the hotel's records and every sign-in, who made it
 * (with their role then), when, from where, and the fields before and after. Admins read it.
 */

/** What a record is about. Each is a table the database audits (migration 0030), or a sign-in. */
export const AUDIT_ENTITIES = [
  'user',
  'category',
  'room',
  'coupon',
  'reservation',
  'booking',
  'payment',
  'folio-line',
  'invoice',
  'online-payment',
  'online-refund',
  'guest-card',
  'guest-photo',
  'room-block',
  'channel-feed',
  'channel-export',
  'channel-conflict',
  'rate-plan',
  'rate-change',
  'charge-type',
  'venue',
  'event-request',
  'service-request',
  'blog',
  'gallery-item',
  'hero-slide',
  'email-template',
  'sms-template',
  'business-day',
  'backup',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Row changes, and the events the API records itself. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'sign-in', 'sign-in-failed', 'password-reset', 'password-changed'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const ZDay = (name: string) => zText().refine(isIsoDate, `${name} must be a date written YYYY-MM-DD.`);

/** `GET /api/audit`: filters (all optional), newest first; days are the hotel's. */
export const ZAuditQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  /** With `entity`: that record's history, with the records that belong to it (a reservation's bookings, payments, folio lines). */
  entityId: zText().max(200, 'entityId must be at most 200 characters.').optional(),
  actor: z.uuid('actor must be an account id.').optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: ZDay('from').optional(),
  to: ZDay('to').optional(),
});

/** One field's value before and after (null: none); `{hidden: true}` for a secret or an ID detail, `{omitted: n}` for a long text. */
const ZAuditChanges = z.record(z.string(), z.tuple([z.unknown(), z.unknown()]));

export const ZAuditRecord = z.object({
  seq: z.number().int(),
  at: z.string(),
  actor: z.object({ _id: z.string().nullable(), role: z.string(), label: z.string().nullable(), name: z.string().nullable() }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  route: z.string().nullable(),
  entity: z.string(),
  entityId: z.string().nullable(),
  parentEntity: z.string().nullable(),
  parentId: z.string().nullable(),
  action: z.string(),
  changes: ZAuditChanges.nullable(),
  hash: z.string(),
});
export type TAuditRecord = z.infer<typeof ZAuditRecord>;

/** `GET /api/audit/verify`: the chain walked from its first record; the first that does not match, if any. */
export const ZAuditVerify = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  /** The last record's hash (the chain's head): kept with backups and the day's close. */
  head: z.object({ seq: z.number().int(), hash: z.string() }),
  firstBroken: z.object({ seq: z.number().int(), reason: z.string() }).nullable(),
});
export type TAuditVerify = z.infer<typeof ZAuditVerify>;
