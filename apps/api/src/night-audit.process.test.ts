/**
 * The night audit's close across processes (issue 35), on PostgreSQL: an API process killed
 * with `kill -9` in the middle of a close leaves the day open and nothing of the close written;
 * two processes started afterwards catch up on the missed days together, and each day closes
 * once, with one report mail.
 */
import { addDays, todayAt } from '@residency/shared';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterFile, eventually, processTestBed, startApiProcess } from './test/processes.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const cleanUp = cleanUpAfterFile();

describe('closing days when processes crash and race', () => {
  it(
    'a kill -9 mid-close leaves the day open; two processes then close each missed day once',
    async () => {
      const bed = await processTestBed(cleanUp, SERVER_URL, 'night_audit', 2);
      const { db } = bed;
      await db.connect();
      const today = todayAt('Asia/Dhaka');
      // Closing at midnight: every ended day is due, whatever the time the test runs.
      const env = (dir: string) => bed.env(dir, { NIGHT_AUDIT_POLL_MS: '100', NIGHT_AUDIT_AT: '00:00', OWNER_EMAIL: 'owner@audit.test' });

      // A first start makes the tables; the night audit then "began" three days ago.
      const first = await startApiProcess('first start', env(bed.dataDirs[0]!), { healthTimeoutMs: 60_000 });
      cleanUp.process(first);
      await first.stop();
      await db.query(`insert into app_meta (key, value) values ('night-audit-from', $1) on conflict (key) do update set value = excluded.value`, [addDays(today, -3)]);

      // The close reads the day's folio lines inside its transaction: a lock held here stops it there.
      await db.query('begin');
      await db.query('lock table folio_lines in access exclusive mode');
      const crashing = await startApiProcess('crashing', env(bed.dataDirs[0]!), { healthTimeoutMs: 60_000 });
      cleanUp.process(crashing);
      await eventually(
        'the close waits inside its transaction',
        async () => {
          const { rows } = await db.query(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and pid <> pg_backend_pid()`);
          return rows.length > 0 ? true : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      await crashing.crash();
      await db.query('rollback');
      const after = async (sql: string) => Number((await db.query(sql)).rows[0].n);
      expect(await after('select count(*)::int as n from business_days')).toBe(0);
      expect(await after(`select count(*)::int as n from outbox_mails where kind = 'owner-day-report'`)).toBe(0);
      expect(await after('select count(*)::int as n from audit_anchors')).toBe(0);

      // Two processes at once catch up on the three missed days.
      const [a, b] = await Promise.all([
        startApiProcess('racing a', env(bed.dataDirs[0]!), { healthTimeoutMs: 60_000 }),
        startApiProcess('racing b', env(bed.dataDirs[1]!), { healthTimeoutMs: 60_000 }),
      ]);
      cleanUp.process(a);
      cleanUp.process(b);
      const closed = await eventually(
        'the three days closed',
        async () => {
          const { rows } = await db.query(`select day::text as day from business_days order by day`);
          return rows.length >= 3 ? rows.map((r) => r.day as string) : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      // A moment more for a second close, if one were to come.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(closed).toEqual([addDays(today, -3), addDays(today, -2), addDays(today, -1)]);
      expect(await after('select count(*)::int as n from business_days')).toBe(3);
      expect(await after(`select count(*)::int as n from outbox_mails where kind = 'owner-day-report'`)).toBe(3);
      // Each close wrote the chain's last record down (the first found the chain empty: nothing to write).
      expect(await after('select count(distinct audit_seq)::int as n from business_days where audit_seq > 0')).toBe(await after('select count(*)::int as n from audit_anchors'));
    },
    180_000,
  );
});
