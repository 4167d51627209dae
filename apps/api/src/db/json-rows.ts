import { getTableColumns, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/*
 * Rows as JSON for a database function that writes several tables in one call (issue 36: a
 * booking in one round trip). The keys are the columns' SQL names, so that
 * jsonb_populate_record(NULL::<table>, …) reads them, and the values as the driver would send
 * them; rows the function answers with to_jsonb are read back the way Drizzle reads a row.
 */

/** A JSON column's value goes as JSON; any other as the driver would send it (a Date as text…). */
const isJson = (column: Column) => column.columnType === 'PgJsonb' || column.columnType === 'PgJson';

/** `values` (a Drizzle insert object of `table`) keyed by SQL column names. */
export function jsonColumns<T extends PgTable>(table: T, values: Partial<T['$inferInsert']>): Record<string, unknown> {
  const columns = getTableColumns(table) as Record<string, Column>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    if (value === undefined) continue;
    out[column.name] = value === null || isJson(column) ? value : column.mapToDriverValue(value);
  }
  return out;
}

/** A row the database answered as JSON (to_jsonb), as Drizzle reads a row of `table`. */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const columns = getTableColumns(table) as Record<string, Column>;
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[column.name];
    out[key] = value === null || value === undefined ? null : isJson(column) ? value : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}
