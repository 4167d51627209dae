import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, coupons } from '../../db/schema.ts';

export type CouponRow = typeof coupons.$inferSelect;

export async function insertCoupon(db: Executor, values: typeof coupons.$inferInsert): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  return row!;
}

/** One page of coupons, newest first, with the count of all of them. */
export async function listCoupons(db: Executor, options: { page: number; limit: number }) {
  const [data, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ n: count() }).from(coupons),
  ]);
  return { data, total: total?.n ?? 0 };
}

export async function findCouponByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row;
}

export async function deleteCouponRow(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return rows.length > 0;
}

/**
 * Takes one use of a coupon, atomically: the row is updated only while uses remain, so
 * concurrent bookings can never push it past its limit. Returns false when none remain.
 */
export async function takeCouponUse(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.id, id), sql`(${coupons.usageLimit} = 0 or ${coupons.usedCount} < ${coupons.usageLimit})`))
    .returning({ id: coupons.id });
  return rows.length > 0;
}

/** Gives back the use a cancelled booking took, so the offer is there for the guest's next stay. */
export async function releaseCouponUse(db: Executor, id: string): Promise<void> {
  await db
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.id, id));
}

/** Takes a use again for a booking that had it (a lapsed hold booked again): its price was the coupon's, whatever the limit says now. */
export async function retakeCouponUseRow(db: Executor, id: string): Promise<void> {
  await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(eq(coupons.id, id));
}

/** One coupon, locked for a change. */
export async function findCouponForUpdate(db: Executor, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1).for('update');
  return row;
}

/** Whether any booking, cancelled or not, was made with the coupon (it then keeps its code). */
export async function couponWasUsed(db: Executor, id: string): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(bookings).where(eq(bookings.couponId, id)).limit(1);
  return rows.length > 0;
}

export async function updateCoupon(db: Executor, id: string, values: Partial<typeof coupons.$inferInsert>): Promise<CouponRow> {
  const [row] = await db.update(coupons).set(values).where(eq(coupons.id, id)).returning();
  return row!;
}
