import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const userRole = pgEnum('user_role', ['admin', 'user', 'staff']);

/** Membership numbers read RS100001, RS100002, …: short enough to say at a front desk. */
export const membershipNumberSeq = pgSequence('membership_number_seq', { startWith: 100001 });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** Null for accounts that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    role: userRole('role').notNull().default('user'),
    phone: text('phone'),
    address: text('address'),
    image: text('image'),
    membershipNumber: text('membership_number')
      .notNull()
      .default(sql`'RS' || nextval('membership_number_seq')::text`),
    googleSubject: text('google_subject'),
    /** Tokens issued before this moment are refused (set when the password is reset). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true, mode: 'date' }),
    ...timestamps,
    /** Accounts are closed, never erased: their stays must stay readable. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('users_email_active_key').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_membership_number_key').on(t.membershipNumber),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    index('users_role_idx').on(t.role),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: the e-mailed link is the only copy of the secret. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/**
 * The outbox: a mail is written here in the same transaction as the change that causes it and
 * sent later by the worker, so no message is lost when SMTP is down.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A worker that claimed the mail holds it until then; after that another may retry it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('outbox_mails_due_idx').on(t.status, t.nextAttemptAt)],
);
