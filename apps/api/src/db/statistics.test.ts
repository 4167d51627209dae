import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query, useTestApp } from '../test/app.ts';
import { analyzeChangedTables, statisticsNeedKeeping } from './statistics.ts';

/*
 * The planner's statistics kept where no autovacuum keeps them (issue 36): a table changed by more
 * than autovacuum's rule (50 rows and a tenth of it) since its last ANALYZE is analyzed, and a
 * table barely touched is left alone.
 */
const t = useTestApp({ reset: 'file', accounts: {} });

/** Waits until the statistics system has counted this backend's changes (they are sent at most once a second). */
async function changesCounted(table: string, rows: number) {
  await expect
    .poll(async () => {
      await t.app.db.execute(sql`select pg_stat_force_next_flush()`);
      const [row] = await query<{ changed: string }>(
        t.app,
        sql`select n_mod_since_analyze as changed from pg_stat_user_tables where relname = ${table}`,
      );
      return Number(row?.changed ?? 0);
    }, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(rows);
}

describe('analyzeChangedTables', () => {
  it('analyzes a table changed past autovacuum’s rule, and leaves one barely touched', async () => {
    await t.app.db.execute(sql`create table stats_probe_busy (id int primary key, guest int)`);
    await t.app.db.execute(sql`create table stats_probe_quiet (id int primary key, guest int)`);
    await t.app.db.execute(sql`analyze stats_probe_busy`);
    await t.app.db.execute(sql`analyze stats_probe_quiet`);
    await t.app.db.execute(sql`insert into stats_probe_busy select g, g % 400 from generate_series(1, 2000) g`);
    await t.app.db.execute(sql`insert into stats_probe_quiet select g, g from generate_series(1, 20) g`);
    await changesCounted('stats_probe_busy', 2000);
    await changesCounted('stats_probe_quiet', 20);

    const analyzed = await analyzeChangedTables(t.app.db);
    expect(analyzed).toContain('stats_probe_busy');
    expect(analyzed).not.toContain('stats_probe_quiet');
    // The planner now knows the busy table's 400 guests (a fifth of its rows: PostgreSQL writes -0.2);
    // the quiet one still has no statistics.
    const stats = await query<{ table: string; distinct: number }>(
      t.app,
      sql`select tablename as "table", n_distinct as "distinct" from pg_stats where attname = 'guest' and tablename like 'stats_probe_%'`,
    );
    expect(stats).toEqual([{ table: 'stats_probe_busy', distinct: -0.2 }]);
    // Once analyzed, it is not analyzed again until it changes again.
    expect(await analyzeChangedTables(t.app.db)).not.toContain('stats_probe_busy');
  });
});

describe('statisticsNeedKeeping', () => {
  it('is asked of the embedded database always, and of a server only when its autovacuum is off', async () => {
    const handle = t.app.dbHandle;
    if (handle.kind === 'pglite') expect(await statisticsNeedKeeping(handle)).toBe(true);
    else {
      const [setting] = await query<{ on: string }>(t.app, sql`select current_setting('autovacuum') as on`);
      expect(await statisticsNeedKeeping(handle)).toBe(setting!.on === 'off');
    }
    // PGlite has no autovacuum process whatever its setting says; a server's answer follows the setting.
    expect(await statisticsNeedKeeping({ kind: 'pglite', db: t.app.db })).toBe(true);
  });
});
