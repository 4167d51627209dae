import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, rows, type DatabaseHandle } from '../db/client.ts';

const shared = new Map<string, Promise<DatabaseHandle>>();

/**
 * The database of this test worker, opened once and shared by the files the worker runs:
 * PGlite in memory by default, or a database of its own on the server in TEST_DATABASE_URL.
 * Kept per engine: a worker may run files of the `api` project (on the server) and of
 * `api-pglite` (TEST_DATABASE_URL emptied), and each must get the engine it asks for.
 */
export function testDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  let handle = shared.get(serverUrl);
  if (!handle) {
    handle = open(serverUrl);
    shared.set(serverUrl, handle);
  }
  return handle;
}

async function open(serverUrl: string): Promise<DatabaseHandle> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'residency-test-'));
  if (!serverUrl) return openDatabase({ databaseUrl: 'memory://', dataDir });
  return openDatabase({ databaseUrl: await freshServerDatabase(serverUrl), dataDir });
}

/** Whether the process `pid` still runs on this machine. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A new, empty database on the server of `serverUrl` for this worker slot of this test run
 * (`residency_test_<run>_<slot><suffix>`, the run being the vitest process), and its URL. Two
 * runs on one machine never share or drop each other's databases; those of runs that have
 * ended are dropped here.
 */
export async function freshServerDatabase(serverUrl: string, suffix = ''): Promise<string> {
  const run = process.ppid;
  const name = `residency_test_${run}_${process.env.VITEST_POOL_ID ?? '1'}${suffix}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows: existing } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'residency\\_test\\_%'`,
    );
    for (const { datname } of existing) {
      const owner = Number(datname.split('_')[2]);
      const ended = !Number.isInteger(owner) || (owner !== run && !alive(owner));
      if (datname === name || ended) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Empties every table, so each test file starts from nothing. */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  // charge_types holds the hotel's charge types as migration 0017 made them: kept, so every test
  // finds them (a test that saves one uses a code of its own). pricing_version's one row is kept
  // too (migration 0036): without it nothing is priced from the index's calendar.
  const tables = await rows<{ tablename: string }>(
    handle.db,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('charge_types', 'pricing_version')`,
  );
  if (tables.length === 0) return;
  const list = tables.map((t) => `"${t.tablename}"`).join(', ');
  // The audit trail refuses TRUNCATE (migration 0030): a test file's start lifts that for the
  // moment of the reset, and the chain starts again from its first record.
  const appendOnly = tables.some((t) => t.tablename === 'audit_log');
  await handle.db.transaction(async (tx) => {
    if (appendOnly) for (const t of ['audit_log', 'audit_anchors']) await tx.execute(sql.raw(`ALTER TABLE ${t} DISABLE TRIGGER ${t}_no_truncate`));
    await tx.execute(sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`));
    if (appendOnly) for (const t of ['audit_log', 'audit_anchors']) await tx.execute(sql.raw(`ALTER TABLE ${t} ENABLE TRIGGER ${t}_no_truncate`));
  });
}
