import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query, useTestApp } from '../test/app.ts';
import { AVAILABILITY_TABLES, writesAvailability } from './availability-writes.ts';

/*
 * The list of tables whose writes make a request wait for the availability index (issue 32),
 * held to the database's own triggers: a table whose trigger feeds the index or fills the
 * occupancy table is on it, and nothing else is.
 */
const t = useTestApp({ reset: 'file', accounts: {} });

describe('AVAILABILITY_TABLES', () => {
  it('names every table with a trigger of the availability feed or the occupancy table', async () => {
    const found = await query<{ table: string }>(
      t.app,
      sql`select distinct c.relname as "table" from pg_trigger t
          join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
          where not t.tgisinternal and (p.prosrc ilike '%room_occupancy%' or p.prosrc ilike '%availability%'
            or p.proname ilike '%availability%' or p.proname ilike '%occupancy%')`,
    );
    expect(found.map((r) => r.table).sort()).toEqual([...AVAILABILITY_TABLES].sort());
  });
});

describe('writesAvailability', () => {
  it('knows a write of those tables, as Drizzle and plain SQL send it, and nothing else', () => {
    for (const statement of [
      'insert into "bookings" ("id") values ($1)',
      'update "rooms" set "status" = $1 where "rooms"."id" = $2',
      'delete from "room_blocks" where "id" = $1',
      "with gone as (select 1) update rate_days set price = 1",
      'UPDATE room_categories SET name = $1',
      'truncate table "room_occupancy"',
      // A new reservation's one call (migration 0036).
      'select book_reservation($1::jsonb) from (select 1) as one',
    ])
      expect(writesAvailability(statement), statement).toBe(true);
    for (const statement of [
      'select * from "rooms" where "id" = $1 for update',
      'select * from "bookings" for update of "bookings"',
      'insert into "event_requests" ("id") values ($1)',
      'update "bookings_log" set x = 1',
      'update "users" set "name" = $1 where "id" in (select "user_id" from "bookings")',
      'select rebook_reservation($1)',
    ])
      expect(writesAvailability(statement), statement).toBe(false);
  });
});
