import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.ts';

/** The nights of every stay and block that touch [from, to), as the occupancy table holds them. */
export async function occupancyBetween(db: Executor, from: string, to: string) {
  return rows<{ room_id: string; first: string; after: string }>(
    db,
    sql`select room_id, lower(nights)::text as first, upper(nights)::text as after
        from room_occupancy where nights && daterange(${from}::date, ${to}::date, '[)')`,
  );
}

/** The last number the change feed gave out (migration 0019), 0 before the first. */
export async function lastChangeNumber(db: Executor): Promise<number> {
  const [row] = await rows<{ last_value: string | number; is_called: boolean }>(
    db,
    sql`select last_value, is_called from availability_change_seq`,
  );
  return row?.is_called ? Number(row.last_value) : 0;
}
