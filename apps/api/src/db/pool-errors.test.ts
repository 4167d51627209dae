import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query, useTestApp } from '../test/app.ts';

/*
 * A statement the server refuses leaves its pooled connection open (db/pool-errors.ts, issue 36):
 * a booking refused because the stay was just taken must not cost the next booking a new
 * connection, a log-in and the booking function compiled again.
 */
const t = useTestApp({ reset: 'file', accounts: {} });

const backend = async () => (await query<{ pid: number }>(t.app, sql`select pg_backend_pid() as pid`))[0]!.pid;

describe('the pool after a refused statement', () => {
  // pg's pool reuses the connection it was last given back (PGlite has one connection and no pool).
  it.runIf(process.env.TEST_DATABASE_URL)('keeps the connection the refusal came on (PostgreSQL)', async () => {
    const before = await backend();
    expect(await backend()).toBe(before);
    await expect(t.app.db.execute(sql`select 1 / 0`)).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    await expect(t.app.db.execute(sql`select guest from no_such_table`)).rejects.toMatchObject({ cause: { code: '42P01' } });
    expect(await backend()).toBe(before);
    const [open] = await query<{ alive: number }>(t.app, sql`select count(*)::int as alive from pg_stat_activity where pid = ${before}`);
    expect(open!.alive).toBe(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('drops a connection the server ended, and answers the next query on another (PostgreSQL)', async () => {
    const before = await backend();
    await expect(t.app.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`)).rejects.toBeTruthy();
    const after = await backend();
    expect(after).not.toBe(before);
    expect(await backend()).toBe(after);
  });
});
