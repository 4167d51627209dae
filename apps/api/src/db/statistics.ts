import { sql } from 'drizzle-orm';
import { rows, type DatabaseHandle, type Executor } from './client.ts';

/*
 * The planner's statistics kept as fresh as autovacuum keeps them, where nothing else does:
 * PGlite (the embedded default) runs no autovacuum, and a server may run with it off. Without
 * fresh statistics, a plan made while a table was small (a scan of its one page) is kept by every
 * long-lived connection: the foreign-key checks, the audit trigger and the folio check of each
 * booking then read the whole of reservations, bookings and folio lines, and each booking cost
 * more than the one before (issue 36: 230 bookings/s fell to 100/s within 40 s of load; with an
 * ANALYZE every few seconds it held at 250–290/s). An ANALYZE also makes every connection plan
 * its statements on that table again.
 */

/** How often the tables are looked at (autovacuum's own default nap). */
export const STATISTICS_EVERY_MS = 60_000;

/** Whether this database needs us: PGlite always; a server only when its autovacuum is off. */
export async function statisticsNeedKeeping(handle: Pick<DatabaseHandle, 'db' | 'kind'>): Promise<boolean> {
  if (handle.kind === 'pglite') return true;
  const [row] = await rows<{ on: string }>(handle.db, sql`select current_setting('autovacuum') as on`);
  return row?.on !== 'on';
}

/**
 * Analyzes each table changed enough since its last ANALYZE, by autovacuum's default rule (50 rows
 * and a tenth of the table); answers the tables analyzed.
 */
export async function analyzeChangedTables(db: Executor): Promise<string[]> {
  const stale = await rows<{ name: string }>(
    db,
    sql`select relname as name from pg_stat_user_tables
        where schemaname = 'public' and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
        order by relname`,
  );
  for (const { name } of stale) await db.execute(sql`analyze ${sql.identifier(name)}`);
  return stale.map((t) => t.name);
}
