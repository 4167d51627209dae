import { and, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { bookingNights } from '../../../db/schema.ts';

/*
 * The nights of a stay whose dates or room change (stay-changes.service.ts). The revenue triggers
 * of migration 0015 follow inserts and deletes of booking_nights, so a night is removed or added
 * rather than moved.
 */

/** Removes the nights of a booking other than `kept` (YYYY-MM-DD). */
export async function deleteNightsExcept(db: Executor, bookingId: string, kept: readonly string[]): Promise<void> {
  await db
    .delete(bookingNights)
    .where(kept.length ? and(eq(bookingNights.bookingId, bookingId), notInArray(bookingNights.night, [...kept])) : eq(bookingNights.bookingId, bookingId));
}

/** New nights of a booking as now sold, each with the reason of a price the desk set (or null). */
export async function insertSoldNights(
  db: Executor,
  bookingId: string,
  planCode: string,
  nights: readonly { date: string; room: number; extraAdults: number; extraChildren: number; meals: number; reason: string | null }[],
): Promise<void> {
  if (nights.length === 0) return;
  await db.insert(bookingNights).values(
    nights.map((n) => ({
      bookingId,
      night: n.date,
      planCode,
      roomPrice: n.room,
      extraAdults: n.extraAdults,
      extraChildren: n.extraChildren,
      meals: n.meals,
      overrideReason: n.reason,
    })),
  );
}
