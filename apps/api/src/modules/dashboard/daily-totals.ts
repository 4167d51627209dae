import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, type Executor } from '../../db/client.ts';

/*
 * The dashboard's daily totals (migration 0020): bookings, nights and payments append their
 * deltas to daily_total_deltas in their own transactions, without waiting for each other; the
 * dashboard reads daily_totals_now (the totals plus the deltas, summed by day). Folding the deltas
 * into daily_totals now and then keeps that sum short; it changes no figure.
 */

/** How often each API process folds the deltas into daily_totals. */
const COMPACT_EVERY_MS = 30_000;

/** Folds the committed deltas into daily_totals; answers the days touched (0 when another process was at it). */
export async function compactDailyTotals(db: Executor): Promise<number> {
  const [row] = await rows<{ touched: number }>(db, sql`select compact_daily_totals() as touched`);
  return Number(row?.touched ?? 0);
}

/** Compacts the daily totals every COMPACT_EVERY_MS while the app runs (never keeping the process alive). */
export function compactDailyTotalsPeriodically(app: FastifyInstance): void {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = compactDailyTotals(app.db)
      .catch((error: unknown) => app.log.warn({ err: error }, 'compacting the daily totals failed; the deltas stay and are summed on read'))
      .finally(() => {
        running = undefined;
      });
  }, COMPACT_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
