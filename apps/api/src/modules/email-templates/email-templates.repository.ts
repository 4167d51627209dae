import type { EmailTemplateType, TLanguage } from '@residency/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailTemplates } from '../../db/schema.ts';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

/** Every saved design without its (large) design JSON and HTML: what the list shows. */
export function listTemplateStates(db: Executor) {
  return db
    .select({
      type: emailTemplates.type,
      language: emailTemplates.language,
      subject: emailTemplates.subject,
      isActive: emailTemplates.isActive,
      updatedAt: emailTemplates.updatedAt,
    })
    .from(emailTemplates);
}

/** Both languages' saved designs of one type (none, one or two rows). */
export function findTemplatesOfType(db: Executor, type: EmailTemplateType): Promise<EmailTemplateRow[]> {
  return db.select().from(emailTemplates).where(eq(emailTemplates.type, type));
}

/**
 * The active designs among `pairs` (type and language), with only what a mail is made of. One
 * query for all the mails of a change, whatever their number.
 */
export async function findActiveSources(
  db: Executor,
  pairs: { type: EmailTemplateType; language: TLanguage }[],
): Promise<{ type: EmailTemplateType; language: TLanguage; subject: string; html: string }[]> {
  if (pairs.length === 0) return [];
  const wanted: SQL[] = pairs.map((p) => sql`(${p.type}::email_template_type, ${p.language}::language)`);
  return db
    .select({ type: emailTemplates.type, language: emailTemplates.language, subject: emailTemplates.subject, html: emailTemplates.html })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.isActive, true), sql`(${emailTemplates.type}, ${emailTemplates.language}) in (${sql.join(wanted, sql`, `)})`));
}

/**
 * Inserts or replaces the design of a type and language. `updated_at` always moves forward, even
 * for two saves within one clock tick, so "updated" in the list is never older than a save.
 */
export async function upsertTemplate(
  db: Executor,
  values: { type: EmailTemplateType; language: TLanguage; subject: string; design: Record<string, unknown>; html: string; isActive: boolean },
): Promise<EmailTemplateRow> {
  const [row] = await db
    .insert(emailTemplates)
    .values(values)
    .onConflictDoUpdate({
      target: [emailTemplates.type, emailTemplates.language],
      set: {
        subject: values.subject,
        design: values.design,
        html: values.html,
        isActive: values.isActive,
        updatedAt: sql`greatest(now(), ${emailTemplates.updatedAt} + interval '1 millisecond')`,
      },
    })
    .returning();
  return row!;
}

/** Deletes the saved design(s) of a type (one language, or both); answers how many went. */
export async function deleteTemplates(db: Executor, type: EmailTemplateType, language?: TLanguage): Promise<number> {
  const rows = await db
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.type, type), language ? eq(emailTemplates.language, language) : undefined))
    .returning({ type: emailTemplates.type });
  return rows.length;
}
