import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TBackup } from '@residency/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { rows, type DatabaseHandle } from '../../db/client.ts';
import { openPgliteDump, restorePostgresDump, snapshotDatabase, withScratchDatabase, type DatabaseSnapshot } from '../../db/snapshot.ts';
import { AppError } from '../../lib/app-error.ts';
import { KeyedQueue } from '../../lib/transactions.ts';
import { anchorChain } from '../audit/audit.service.ts';
import { sealArchive, type ArchiveEntry } from './backup-archive.ts';

/*
 * Backups that restore (issue 35). One file holds the database's consistent copy and the files
 * of the data directory that are not in it (uploaded pictures, encrypted ID photos, and in
 * development the ID photos' key), encrypted. Every backup is verified at once: its database is
 * restored into a scratch one and must hold the same rows and the same last audit record.
 */

export interface BackupDeps {
  handle: DatabaseHandle;
  config: Config;
}

/** What the archive says of itself: restore reads it first. */
export interface BackupManifest {
  format: 'residency-backup';
  version: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  counts: Record<string, number>;
  audit: { seq: number; hash: string };
  files: number;
}

/** The data directory's folders a backup carries (on the local disk; a bucket keeps its own copies). */
function fileRoots(config: Config): { prefix: string; dir: string }[] {
  const roots: { prefix: string; dir: string }[] = [];
  if (config.storage.kind === 'disk') roots.push({ prefix: 'files/uploads/', dir: path.join(config.dataDir, 'uploads') });
  if (config.storage.kind === 'disk' || !config.storage.privateBucket) roots.push({ prefix: 'files/private/', dir: path.join(config.dataDir, 'private') });
  return roots;
}

async function filesUnder(dir: string, prefix: string): Promise<ArchiveEntry[]> {
  if (!existsSync(dir)) return [];
  const entries: ArchiveEntry[] = [];
  for (const item of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!item.isFile()) continue;
    const full = path.join(item.parentPath, item.name);
    entries.push({ name: prefix + path.relative(dir, full).split(path.sep).join('/'), content: await readFile(full) });
  }
  return entries;
}

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/** Whether a restored database holds what the snapshot held; the difference in words otherwise. */
function difference(expected: Pick<DatabaseSnapshot, 'counts' | 'audit'>, restored: Pick<DatabaseSnapshot, 'counts' | 'audit'>): string | null {
  for (const [table, n] of Object.entries(expected.counts)) {
    if (restored.counts[table] !== n) return `${table}: ${n} rows backed up, ${restored.counts[table] ?? 'none'} restored`;
  }
  if (restored.audit.seq !== expected.audit.seq || restored.audit.hash !== expected.audit.hash) {
    return `the audit trail's last record: ${expected.audit.seq} backed up, ${restored.audit.seq} restored`;
  }
  return null;
}

/** Restores the dump into a scratch database and compares: null when it matches, else what differs. */
async function verifyDump(deps: BackupDeps, snapshot: DatabaseSnapshot): Promise<string | null> {
  try {
    const restored =
      snapshot.kind === 'pglite'
        ? await openPgliteDump(snapshot.dump)
        : await withScratchDatabase(deps.handle.serverUrl!, (url) => restorePostgresDump(snapshot.dump, url));
    return difference(snapshot, restored);
  } catch (error) {
    return `the restore failed: ${(error as Error).message.slice(0, 300)}`;
  }
}

/**
 * Takes a backup now (`trigger`: "night audit", "admin", …), writes it atomically to BACKUP_DIR,
 * verifies it, records it and writes the audit chain's last record down; then prunes old ones.
 */
export function takeBackup(deps: BackupDeps, trigger: string): Promise<TBackup> {
  // One at a time in a process (a double press waits for the first, then takes its own); the
  // name's random part keeps two processes' backups of the same millisecond apart.
  return backupsUnderWay.run(deps.config.backups.dir, () => take(deps, trigger, new Date()));
}

const backupsUnderWay = new KeyedQueue();

async function take(deps: BackupDeps, trigger: string, now: Date): Promise<TBackup> {
  const key = deps.config.backups.key;
  if (!key) throw AppError.conflict('No BACKUP_ENCRYPTION_KEY is set: backups cannot be encrypted, so none is taken.', 'BACKUP_KEY_MISSING');
  const snapshot = await snapshotDatabase(deps.handle);
  const files = (await Promise.all(fileRoots(deps.config).map((r) => filesUnder(r.dir, r.prefix)))).flat();
  const idKey = path.join(deps.config.dataDir, '.id-encryption-key');
  if (existsSync(idKey)) files.push({ name: 'keys/id-encryption-key', content: await readFile(idKey) });
  const manifest: BackupManifest = {
    format: 'residency-backup',
    version: 1,
    createdAt: now.toISOString(),
    database: snapshot.kind,
    counts: snapshot.counts,
    audit: snapshot.audit,
    files: files.length,
  };
  const sealed = await sealArchive(
    [{ name: 'manifest.json', content: Buffer.from(JSON.stringify(manifest, null, 2)) }, { name: snapshot.kind === 'pglite' ? 'database.tar' : 'database.pgdump', content: snapshot.dump }, ...files],
    key,
  );
  const dir = deps.config.backups.dir;
  await mkdir(dir, { recursive: true });
  const file = `residency-${stamp(now)}-${randomBytes(3).toString('hex')}.rbk`;
  // Written under a temporary name, then renamed: a crash never leaves half a backup under a backup's name.
  await writeFile(path.join(dir, `${file}.partial`), sealed, { mode: 0o600 });
  await rename(path.join(dir, `${file}.partial`), path.join(dir, file));
  const verifyError = await verifyDump(deps, snapshot);
  await deps.handle.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into backups (file, created_at, bytes, database, trigger, counts, audit_seq, audit_hash, verified_at, verify_error)
          values (${file}, ${now}, ${sealed.length}, ${snapshot.kind}, ${trigger}, ${JSON.stringify(snapshot.counts)}::jsonb, ${snapshot.audit.seq}, ${snapshot.audit.hash}, ${verifyError ? null : new Date()}, ${verifyError})`,
    );
    await anchorChain(tx, `backup ${file}`);
  });
  await pruneBackups(deps, now);
  return { file, createdAt: now.toISOString(), bytes: sealed.length, verified: verifyError === null, verifyError, trigger, database: snapshot.kind, auditSeq: snapshot.audit.seq };
}

/** The backups kept, newest first. */
export async function listBackups(deps: BackupDeps): Promise<TBackup[]> {
  const found = await rows<{ file: string; created_at: Date; bytes: string; verified_at: Date | null; verify_error: string | null; trigger: string; database: 'pglite' | 'postgres'; audit_seq: string }>(
    deps.handle.db,
    sql`select file, created_at, bytes, verified_at, verify_error, trigger, database, audit_seq from backups where deleted_at is null order by created_at desc`,
  );
  return found.map((b) => ({
    file: b.file,
    createdAt: new Date(b.created_at).toISOString(),
    bytes: Number(b.bytes),
    verified: b.verified_at !== null,
    verifyError: b.verify_error,
    trigger: b.trigger,
    database: b.database,
    auditSeq: Number(b.audit_seq),
  }));
}

/** The latest backup's line for the owner's report, or null when there is none. */
export async function latestBackup(deps: BackupDeps): Promise<TBackup | null> {
  return (await listBackups(deps))[0] ?? null;
}

/**
 * Keeps every backup of the last BACKUP_KEEP_DAYS days and the first of each month for a year;
 * deletes the rest (their files, and marks their rows).
 */
async function pruneBackups(deps: BackupDeps, now = new Date()): Promise<string[]> {
  const kept = await listBackups(deps);
  const keepAfter = now.getTime() - deps.config.backups.keepDays * 86_400_000;
  const yearAgo = now.getTime() - 366 * 86_400_000;
  // The first backup of each month (the list is newest first: walked from its end).
  const months = new Set<string>();
  const monthly = new Set<string>();
  for (const b of [...kept].reverse()) {
    if (months.has(b.createdAt.slice(0, 7))) continue;
    months.add(b.createdAt.slice(0, 7));
    monthly.add(b.file);
  }
  const gone = kept.filter((b) => {
    const at = Date.parse(b.createdAt);
    return at < keepAfter && !(monthly.has(b.file) && at >= yearAgo);
  });
  for (const b of gone) {
    await rm(path.join(deps.config.backups.dir, b.file), { force: true });
    await deps.handle.db.execute(sql`update backups set deleted_at = now() where file = ${b.file}`);
  }
  return gone.map((b) => b.file);
}
