import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargeTypes } from '../../db/schema.ts';

export type ChargeTypeRow = typeof chargeTypes.$inferSelect;

export async function findChargeType(db: Executor, code: string): Promise<ChargeTypeRow | undefined> {
  const [row] = await db.select().from(chargeTypes).where(eq(chargeTypes.code, code));
  return row;
}

export async function listChargeTypes(db: Executor): Promise<ChargeTypeRow[]> {
  return db.select().from(chargeTypes).orderBy(asc(chargeTypes.sortOrder), asc(chargeTypes.code));
}

export async function upsertChargeType(db: Executor, values: typeof chargeTypes.$inferInsert): Promise<ChargeTypeRow> {
  const [row] = await db
    .insert(chargeTypes)
    .values(values)
    .onConflictDoUpdate({ target: chargeTypes.code, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}
