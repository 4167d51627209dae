import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import type { DatabaseHandle } from './client.ts';

/*
 * A consistent copy of the whole database while the hotel works (issue 35), and a restore of it.
 * PGlite: its data directory as a tarball, taken inside a transaction (no other transaction can
 * be half-way while it is read). PostgreSQL: pg_dump in its custom format, on a snapshot exported
 * by a repeatable-read transaction, in which the row counts are read too: the counts and the
 * dump describe the same moment while guests go on booking.
 */

const execute = promisify(execFile);
/**
 * pg_dump and pg_restore at a lower CPU priority where `nice` exists: their compression is the
 * backup's own CPU work, and a guest's booking should not wait for it (bench/bookings.ts).
 */
const run = (command: string, args: string[], options: { maxBuffer: number }) =>
  process.platform === 'win32' ? execute(command, args, options) : execute('nice', ['-n', '10', command, ...args], options);

/** The database at one moment: its dump, every table's row count and the audit chain's last record. */
export interface DatabaseSnapshot {
  kind: 'pglite' | 'postgres';
  dump: Buffer;
  counts: Record<string, number>;
  audit: { seq: number; hash: string };
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** What a snapshot is compared by: row counts and the audit chain's last record. */
async function describe(query: Query): Promise<Pick<DatabaseSnapshot, 'counts' | 'audit'>> {
  const counts = Object.fromEntries((await query('select name, n from table_row_counts()')).rows.map((r) => [r.name as string, Number(r.n)]));
  const [last] = (await query('select seq, hash from audit_log order by seq desc limit 1')).rows;
  return { counts, audit: { seq: Number(last?.seq ?? 0), hash: String(last?.hash ?? '') } };
}

export async function snapshotDatabase(handle: DatabaseHandle): Promise<DatabaseSnapshot> {
  if (handle.pglite) {
    const client = handle.pglite;
    // The WAL past the last checkpoint is recycled first: it is most of an idle data directory.
    await client.exec('checkpoint');
    return client.transaction(async (tx) => {
      const described = await describe((text) => tx.query(text));
      const tarball = await client.dumpDataDir('none');
      return { kind: 'pglite' as const, dump: Buffer.from(await tarball.arrayBuffer()), ...described };
    });
  }
  const url = handle.serverUrl!;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dir = await mkdtemp(path.join(tmpdir(), 'residency-dump-'));
  try {
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows as [{ snapshot: string }];
    const described = await describe((text) => client.query(text));
    const file = path.join(dir, 'database.pgdump');
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${url}`], { maxBuffer: 16 * 1024 * 1024 });
    await client.query('commit');
    return { kind: 'postgres', dump: await readFile(file), ...described };
  } finally {
    await client.end().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

/** Opens a PGlite dump in memory, or in `dataDir` (a restore), and answers what it holds. */
export async function openPgliteDump(dump: Buffer, dataDir?: string): Promise<Pick<DatabaseSnapshot, 'counts' | 'audit'>> {
  const db = await PGlite.create({ dataDir, loadDataDir: new Blob([new Uint8Array(dump)]), extensions: { btree_gist } });
  try {
    return await describe((text) => db.query(text));
  } finally {
    await db.close();
  }
}

/** pg_restore of a dump into the (empty) database at `url`; answers what it then holds. */
export async function restorePostgresDump(dump: Buffer, url: string): Promise<Pick<DatabaseSnapshot, 'counts' | 'audit'>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'residency-restore-'));
  try {
    const file = path.join(dir, 'database.pgdump');
    await writeFile(file, dump);
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, file], { maxBuffer: 16 * 1024 * 1024 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await describe((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/** A scratch database on the same server for `work`, dropped afterwards (a backup's verification). */
export async function withScratchDatabase<T>(serverUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `residency_verify_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
  }
}

/** Whether the database at `url` holds no table of its own (a restore's target must be empty). */
export async function serverDatabaseIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
    return rows[0].n === 0;
  } finally {
    await client.end();
  }
}
