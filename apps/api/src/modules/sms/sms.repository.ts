import type { SmsTemplateType, TLanguage } from '@residency/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { smsTemplates } from '../../db/schema-guest-register.ts';

export type SmsTemplateRow = typeof smsTemplates.$inferSelect;

/** Every saved SMS text (at most one per type and language). */
export function listSmsTemplateRows(db: Executor): Promise<SmsTemplateRow[]> {
  return db.select().from(smsTemplates);
}

/** The saved texts among `pairs` (type and language): one query for all the SMS of a change. */
export async function findSmsTemplateRows(db: Executor, pairs: { type: SmsTemplateType; language: TLanguage }[]): Promise<SmsTemplateRow[]> {
  if (pairs.length === 0) return [];
  const wanted: SQL[] = pairs.map((p) => sql`(${p.type}, ${p.language}::language)`);
  return db
    .select()
    .from(smsTemplates)
    .where(sql`(${smsTemplates.type}, ${smsTemplates.language}) in (${sql.join(wanted, sql`, `)})`);
}

/** Inserts or replaces the text of a type and language; `updated_at` always moves forward. */
export async function upsertSmsTemplate(
  db: Executor,
  values: { type: SmsTemplateType; language: TLanguage; body: string; updatedBy: string },
): Promise<SmsTemplateRow> {
  const [row] = await db
    .insert(smsTemplates)
    .values(values)
    .onConflictDoUpdate({
      target: [smsTemplates.type, smsTemplates.language],
      set: { body: values.body, updatedBy: values.updatedBy, updatedAt: sql`greatest(now(), ${smsTemplates.updatedAt} + interval '1 millisecond')` },
    })
    .returning();
  return row!;
}

/** Deletes the saved text of a type and language; answers whether there was one. */
export async function deleteSmsTemplate(db: Executor, type: SmsTemplateType, language: TLanguage): Promise<boolean> {
  const rows = await db
    .delete(smsTemplates)
    .where(and(eq(smsTemplates.type, type), eq(smsTemplates.language, language)))
    .returning({ type: smsTemplates.type });
  return rows.length > 0;
}
