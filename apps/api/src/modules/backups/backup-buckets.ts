import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3BucketConfig } from '../../config.ts';
import type { ArchiveEntry } from './backup-archive.ts';

/*
 * Backups and S3 (issue 35): the uploads kept in buckets (pictures, encrypted ID photos) are read
 * into the backup, and each backup file is copied to a bucket of its own (S3_BACKUP_BUCKET) and
 * pruned there by the same rule as in BACKUP_DIR.
 */

/** Where backup files go in S3_BACKUP_BUCKET: `residency-backups/<file>`. */
const OFFSITE_PREFIX = 'residency-backups/';

/** A client of one run of the backup job; destroy it after. */
export function bucketClient(bucket: S3BucketConfig): S3Client {
  return new S3Client({
    region: bucket.region,
    endpoint: bucket.endpoint,
    forcePathStyle: bucket.forcePathStyle,
    credentials: bucket.credentials,
    // A bucket that is down fails the copy within seconds (the backup itself is kept); a slow
    // upload of a large file is not cut: the limit is on a silent socket, not the whole request.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000, throwOnRequestTimeout: true },
    // As the uploads' clients: several S3-compatible services refuse the SDK's default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Every key in `bucket` under `prefix` (all pages). */
async function listKeys(client: S3Client, bucket: string, prefix?: string): Promise<{ key: string; bytes: number }[]> {
  const keys: { key: string; bytes: number }[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key && !object.Key.endsWith('/')) keys.push({ key: object.Key, bytes: object.Size ?? 0 });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/**
 * Every object of `bucket` as archive entries named `prefix` + its key (`files/uploads/2026/11/…`,
 * as the same file on the local disk would be named), read a few at a time.
 */
export async function bucketFiles(client: S3Client, bucket: string, prefix: string): Promise<ArchiveEntry[]> {
  const keys = await listKeys(client, bucket);
  const entries: ArchiveEntry[] = [];
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const { key } = keys[next++]!;
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      entries.push({ name: prefix + key, content: Buffer.from(await answer.Body!.transformToByteArray()) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, keys.length) }, worker));
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}

/** Uploads a backup file; resolves to its key in the bucket. */
export async function uploadBackupFile(client: S3Client, bucket: string, file: string, body: Buffer): Promise<string> {
  const key = OFFSITE_PREFIX + file;
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/octet-stream' }));
  return key;
}

/** `residency-2026-12-05T02-00-07-123Z-4f2a1c.rbk` → its time; null for a name that is not a backup's. */
function backupTime(file: string): Date | null {
  const match = /^residency-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-[0-9a-f]+\.rbk$/.exec(file);
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The keep rule, for BACKUP_DIR and the bucket alike: every backup of the last `keepDays` days,
 * and the first of each month (UTC) for a year. Returns the names of the others.
 */
export function expiredBackups(backups: { name: string; at: Date }[], now: Date, keepDays: number): string[] {
  const keepAfter = now.getTime() - keepDays * 86_400_000;
  const yearAgo = now.getTime() - 366 * 86_400_000;
  const monthly = new Set<string>();
  const months = new Set<string>();
  for (const b of [...backups].sort((x, y) => x.at.getTime() - y.at.getTime())) {
    const month = b.at.toISOString().slice(0, 7);
    if (months.has(month)) continue;
    months.add(month);
    monthly.add(b.name);
  }
  return backups.filter((b) => b.at.getTime() < keepAfter && !(monthly.has(b.name) && b.at.getTime() >= yearAgo)).map((b) => b.name);
}

/**
 * Deletes from the bucket the backups the keep rule lets go, by the time in their names (so a
 * delete that failed is done by the next run, and a restored server's table plays no part).
 * Objects not named as backups are left alone. Resolves to the keys deleted.
 */
export async function pruneBucket(client: S3Client, bucket: string, now: Date, keepDays: number): Promise<string[]> {
  const found = (await listKeys(client, bucket, OFFSITE_PREFIX)).flatMap(({ key }) => {
    const at = backupTime(key.slice(OFFSITE_PREFIX.length));
    return at ? [{ name: key, at }] : [];
  });
  const gone = expiredBackups(found, now, keepDays);
  for (const key of gone) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  return gone;
}
