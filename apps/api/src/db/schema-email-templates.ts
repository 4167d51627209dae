/** Saved booking e-mail designs (migration 0010_email_templates). */
import { EMAIL_TEMPLATE_TYPES } from '@residency/shared/email-templates';
import { LANGUAGES } from '@residency/shared/event-kinds';
import { boolean, json, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The `language` type of migration 0007 (declared in schema.ts). Declared again here, unexported,
 * because this file is re-exported by schema.ts: importing it back would be a cycle.
 */
const templateLanguage = pgEnum('language', LANGUAGES);

export const emailTemplateType = pgEnum('email_template_type', EMAIL_TEMPLATE_TYPES);

/**
 * The admin's design of one booking e-mail in one language (spec section 3, Email template).
 * Without an active row for a type and language, the built-in default of that language is sent.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    type: emailTemplateType('type').notNull(),
    language: templateLanguage('language').notNull(),
    subject: text('subject').notNull(),
    /**
     * The designer's project JSON, kept exactly as the editor sent it so that it reloads as saved:
     * `json`, not `jsonb`, which would reorder its keys. Nothing queries inside it.
     */
    design: json('design').$type<Record<string, unknown>>().notNull(),
    /** The exported HTML, cleaned of scripts and with its CSS inlined (what mails are made from). */
    html: text('html').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.language], name: 'email_templates_pkey' })],
);
