import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { TBackup } from '@residency/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { rows, type DatabaseHandle } from '../../db/client.ts';
import { openPgliteDump, restorePostgresDump, snapshotDatabase, withScratchDatabase, type DatabaseSnapshot } from '../../db/snapshot.ts';
import { AppError } from '../../lib/app-error.ts';
import { KeyedQueue } from '../../lib/transactions.ts';
import { anchorChain } from '../audit/audit.service.ts';
import { sealArchive, type ArchiveEntry } from './backup-archive.ts';
import { bucketClient, bucketFiles, expiredBackups, pruneBucket, uploadBackupFile } from './backup-buckets.ts';

/*
 * Backups that restore (issue 35). One file holds the database's consistent copy and the files
 * that are not in it (uploaded pictures, encrypted ID photos, from the data directory or from
 * their S3 buckets, and in development the ID photos' key), encrypted. Every backup is verified
 * at once: its database is restored into a scratch one and must hold the same rows and the same
 * last audit record. With S3_BACKUP_BUCKET the file is then copied to that bucket.
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

/**
 * Where the uploads a backup carries are: a folder of the data directory, or a bucket (S3_BUCKET's
 * pictures, S3_PRIVATE_BUCKET's ID photos). Either way they are named `files/uploads/…` and
 * `files/private/…` in the archive, and a restore writes them into the data directory.
 */
function fileRoots(config: Config): { prefix: string; dir?: string; bucket?: string }[] {
  const s3 = config.storage.kind === 's3' ? config.storage : null;
  return [
    s3 ? { prefix: 'files/uploads/', bucket: s3.bucket } : { prefix: 'files/uploads/', dir: path.join(config.dataDir, 'uploads') },
    s3?.privateBucket ? { prefix: 'files/private/', bucket: s3.privateBucket } : { prefix: 'files/private/', dir: path.join(config.dataDir, 'private') },
  ];
}

/**
 * The uploads, from the disk and the buckets, and what could not be read (a bucket that is down):
 * the backup is still taken, of the database and the rest, and not counted as verified.
 */
async function uploadedFiles(config: Config): Promise<{ files: ArchiveEntry[]; unreadable: string | null }> {
  const roots = fileRoots(config);
  const client = config.storage.kind === 's3' && roots.some((r) => r.bucket) ? bucketClient(config.storage) : null;
  try {
    const found = await Promise.all(
      roots.map(async (r): Promise<{ files: ArchiveEntry[]; failed?: string }> => {
        if (r.dir) return { files: await filesUnder(r.dir, r.prefix) };
        try {
          return { files: await bucketFiles(client!, r.bucket!, r.prefix) };
        } catch (error) {
          return { files: [], failed: `bucket "${r.bucket}" (${describeError(error)})` };
        }
      }),
    );
    const failed = found.flatMap((f) => (f.failed ? [f.failed] : []));
    const unreadable = failed.length ? `the uploads could not be read from ${failed.join(' and ')}: this backup holds the database without them` : null;
    return { files: found.flatMap((f) => f.files), unreadable };
  } finally {
    client?.destroy();
  }
}

/** An S3 failure in a few words: the service's error name and status, or the network's error. */
function describeError(error: unknown): string {
  const e = (error ?? {}) as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const text = status ? `HTTP ${status} ${e.name ?? ''}`.trim() : e.code || e.message || e.name || String(error);
  return text.slice(0, 300);
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
 * verifies it, copies it to S3_BACKUP_BUCKET if set, records it and writes the audit chain's last
 * record down; then prunes old ones, and copies earlier ones the bucket missed.
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
  const { files, unreadable } = await uploadedFiles(deps.config);
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
  const verifyError = (await verifyDump(deps, snapshot)) ?? unreadable;
  const bucket = deps.config.backups.offsite;
  const client = bucket ? bucketClient(bucket) : null;
  try {
    // Copied off-site once written and verified; a bucket that is down fails the copy, not the backup.
    const offsite = client ? await copyOffsite(client, bucket!.bucket, file, sealed) : null;
    await deps.handle.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into backups (file, created_at, bytes, database, trigger, counts, audit_seq, audit_hash, verified_at, verify_error, offsite_key, offsite_at, offsite_error)
            values (${file}, ${now}, ${sealed.length}, ${snapshot.kind}, ${trigger}, ${JSON.stringify(snapshot.counts)}::jsonb, ${snapshot.audit.seq}, ${snapshot.audit.hash}, ${verifyError ? null : new Date()}, ${verifyError},
                    ${offsite?.key ?? null}, ${offsite?.at ?? null}, ${offsite?.error ?? null})`,
      );
      await anchorChain(tx, `backup ${file}`);
    });
    await pruneBackups(deps, now);
    if (client && offsite?.key) {
      // Neither fails the backup taken: what is left is done by the next run (the bucket is pruned by what it holds).
      await copyMissed(deps, client, bucket!.bucket, file).catch(() => {});
      await pruneBucket(client, bucket!.bucket, now, deps.config.backups.keepDays).catch(() => []);
    }
    return {
      file,
      createdAt: now.toISOString(),
      bytes: sealed.length,
      verified: verifyError === null,
      verifyError,
      trigger,
      database: snapshot.kind,
      auditSeq: snapshot.audit.seq,
      offsite: offsite && { key: offsite.key, at: offsite.at?.toISOString() ?? null, error: offsite.error },
    };
  } finally {
    client?.destroy();
  }
}

/** Uploads a backup file to the bucket: its key and when, or why not. */
async function copyOffsite(client: S3Client, bucket: string, file: string, body: Buffer): Promise<{ key: string | null; at: Date | null; error: string | null }> {
  try {
    return { key: await uploadBackupFile(client, bucket, file, body), at: new Date(), error: null };
  } catch (error) {
    return { key: null, at: null, error: `The copy to bucket "${bucket}" failed: ${describeError(error)}` };
  }
}

/** Earlier backups a run copies at most, when they never reached the bucket (newest first). */
const MISSED_PER_RUN = 3;

/**
 * Copies earlier backups still in BACKUP_DIR that never reached the bucket (it was down, or set
 * since), a few a run, newest first; stops at the first failure, recorded on its row.
 */
async function copyMissed(deps: BackupDeps, client: S3Client, bucket: string, current: string): Promise<void> {
  const missed = await rows<{ file: string }>(
    deps.handle.db,
    sql`select file from backups where deleted_at is null and offsite_key is null and file <> ${current} order by created_at desc`,
  );
  const present = missed.filter((b) => existsSync(path.join(deps.config.backups.dir, b.file))).slice(0, MISSED_PER_RUN);
  for (const { file } of present) {
    const copied = await copyOffsite(client, bucket, file, await readFile(path.join(deps.config.backups.dir, file)));
    await deps.handle.db.execute(sql`update backups set offsite_key = ${copied.key}, offsite_at = ${copied.at}, offsite_error = ${copied.error} where file = ${file}`);
    if (!copied.key) return;
  }
}

/** The backups kept, newest first. */
export async function listBackups(deps: BackupDeps): Promise<TBackup[]> {
  const found = await rows<{
    file: string;
    created_at: Date;
    bytes: string;
    verified_at: Date | null;
    verify_error: string | null;
    trigger: string;
    database: 'pglite' | 'postgres';
    audit_seq: string;
    offsite_key: string | null;
    offsite_at: Date | null;
    offsite_error: string | null;
  }>(
    deps.handle.db,
    sql`select file, created_at, bytes, verified_at, verify_error, trigger, database, audit_seq, offsite_key, offsite_at, offsite_error
          from backups where deleted_at is null order by created_at desc`,
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
    offsite:
      b.offsite_key || b.offsite_error
        ? { key: b.offsite_key, at: b.offsite_at ? new Date(b.offsite_at).toISOString() : null, error: b.offsite_error }
        : null,
  }));
}

/** The latest backup's line for the owner's report, or null when there is none. */
export async function latestBackup(deps: BackupDeps): Promise<TBackup | null> {
  return (await listBackups(deps))[0] ?? null;
}

/**
 * Keeps every backup of the last BACKUP_KEEP_DAYS days and the first of each month for a year;
 * deletes the rest (their files, and marks their rows). The bucket is pruned by the same rule.
 */
async function pruneBackups(deps: BackupDeps, now = new Date()): Promise<string[]> {
  const kept = await listBackups(deps);
  const gone = expiredBackups(
    kept.map((b) => ({ name: b.file, at: new Date(b.createdAt) })),
    now,
    deps.config.backups.keepDays,
  );
  for (const file of gone) {
    await rm(path.join(deps.config.backups.dir, file), { force: true });
    await deps.handle.db.execute(sql`update backups set deleted_at = now() where file = ${file}`);
  }
  await removeAbandonedPartials(deps.config.backups.dir, now);
  return gone;
}

/** A `.partial` this old was left by a process killed mid-write (another process's own is minutes old at most). */
const ABANDONED_AFTER_MS = 3_600_000;

/** Removes half-written backups a killed process left behind: never a backup, only disk taken. */
async function removeAbandonedPartials(dir: string, now: Date): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.partial')) continue;
    const full = path.join(dir, name);
    const info = await stat(full).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > ABANDONED_AFTER_MS) await rm(full, { force: true });
  }
}
