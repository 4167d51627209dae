import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, rows, type DatabaseHandle } from '../db/client.ts';

let shared: Promise<DatabaseHandle> | undefined;

/**
 * The database of this test worker, opened once and shared by the files the worker runs:
 * PGlite in memory by default, or a database of its own on the server in TEST_DATABASE_URL.
 */
export function testDatabase(): Promise<DatabaseHandle> {
  shared ??= open();
  return shared;
}

async function open(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-test-'));
  if (!serverUrl) return openDatabase({ databaseUrl: 'memory://', dataDir });
  // One database per worker slot; a new run drops the previous run's copy.
  const name = `residency_test_${process.env.VITEST_POOL_ID ?? '1'}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString(), dataDir });
}

/** Empties every table, so each test file starts from nothing. */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  const tables = await rows<{ tablename: string }>(
    handle.db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  if (tables.length === 0) return;
  const list = tables.map((t) => `"${t.tablename}"`).join(', ');
  await handle.db.execute(sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`));
}
