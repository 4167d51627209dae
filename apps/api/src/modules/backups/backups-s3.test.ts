import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { TBackup } from '@residency/shared';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { query, TEST_BACKUP_KEY, TEST_ID_KEY, TEST_JWT_SECRET, useTestApp } from '../../test/app.ts';
import { startS3, type TestS3 } from '../../test/s3.ts';
import { openArchive } from './backup-archive.ts';
import { takeBackup } from './backups.service.ts';

/*
 * Backups and S3 (issue 35): the uploads kept in buckets go into the backup file, the file is
 * copied to a bucket of its own (S3_BACKUP_BUCKET), a bucket that is down fails the copy and not
 * the backup (the next backup copies it), and the bucket is pruned by the same rule as BACKUP_DIR.
 * A real S3-compatible server (s3rver), stopped and started again on the same port and directory.
 */
const PICTURES = 'residency-pictures';
const ID_PHOTOS = 'residency-id-photos';
const BACKUPS = 'residency-backups-offsite';
const s3Dir = mkdtempSync(path.join(tmpdir(), 'residency-s3-backups-'));
const backupDir = mkdtempSync(path.join(tmpdir(), 'residency-backups-s3-'));
const key = Buffer.from(TEST_BACKUP_KEY, 'hex');

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3({ directory: s3Dir, bucket: PICTURES });
  for (const bucket of [ID_PHOTOS, BACKUPS]) await s3.client.send(new CreateBucketCommand({ Bucket: bucket }));
});
afterAll(async () => {
  await s3?.close().catch(() => {});
  for (const dir of [s3Dir, backupDir]) rmSync(dir, { recursive: true, force: true });
});
// Registered after the S3 server's hooks: built once it is up, closed before it goes down.
const ctx = useTestApp({
  env: () => ({ ...s3.env, S3_PRIVATE_BUCKET: ID_PHOTOS, S3_BACKUP_BUCKET: BACKUPS, BACKUP_DIR: backupDir }),
  reset: 'file',
  accounts: { admin: true },
});

const takeNow = async (): Promise<TBackup> => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/backups', headers: ctx.admin.auth });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
const listed = async (): Promise<TBackup[]> => (await ctx.app.inject({ url: '/api/admin/backups', headers: ctx.admin.auth })).json().data;
const object = async (bucket: string, name: string) =>
  Buffer.from(await (await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: name }))).Body!.transformToByteArray());
const keys = async (bucket: string) => ((await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!).sort();

const DAY = 86_400_000;
const backupName = (at: Date) => `residency-${at.toISOString().replace(/[:.]/g, '-')}-abcdef.rbk`;
// Backups taken earlier (in BACKUP_DIR, their rows, their copies in the bucket). A month ~200 days
// ago: its first backup is kept a year, the later ones are not.
const month = new Date(Date.now() - 200 * DAY);
const firstOfMonth = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 10, 2));
const earlier = {
  yearOld: new Date(Date.now() - 400 * DAY),
  firstOfMonth,
  secondOfMonth: new Date(firstOfMonth.getTime() + DAY),
  recent: new Date(Date.now() - 10 * DAY),
};
// Only in the bucket (its row gone with a restored server, say): the same rule applies.
const bucketOnly = backupName(new Date(firstOfMonth.getTime() + 2 * DAY));

describe('a backup with the uploads in S3', () => {
  let pictureKey: string;
  const idPhoto = randomBytes(700);

  beforeAll(async () => {
    const form = new FormData();
    form.append('purpose', 'content');
    const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#2f6f8f' } }).jpeg().toBuffer();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'room.jpg');
    const encoded = new Response(form);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...ctx.admin.auth, 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(201);
    pictureKey = (res.json().data.url as string).slice(`${s3.endpoint}/${PICTURES}/`.length);
    // An ID photo as the register stores it (already encrypted by its module), in the private bucket.
    await ctx.app.privateStorage.put('id/2026/11/card-photo.bin', idPhoto);

    for (const at of Object.values(earlier)) {
      const file = backupName(at);
      writeFileSync(path.join(backupDir, file), 'an old backup');
      await s3.client.send(new PutObjectCommand({ Bucket: BACKUPS, Key: `residency-backups/${file}`, Body: 'an old backup' }));
      await query(
        ctx.app,
        sql`insert into backups (file, created_at, bytes, database, trigger, counts, audit_seq, audit_hash, verified_at, offsite_key, offsite_at)
            values (${file}, ${at}, 13, 'pglite', 'admin', '{}'::jsonb, 0, '', ${at}, ${`residency-backups/${file}`}, ${at})`,
      );
    }
    await s3.client.send(new PutObjectCommand({ Bucket: BACKUPS, Key: `residency-backups/${bucketOnly}`, Body: 'x' }));
    // Not a backup: left alone.
    await s3.client.send(new PutObjectCommand({ Bucket: BACKUPS, Key: 'residency-backups/README.txt', Body: 'x' }));
  });

  it('holds the picture and the ID photo from their buckets, and is copied byte for byte to the backups bucket', async () => {
    const backup = await takeNow();
    expect(backup).toMatchObject({ verified: true, verifyError: null, offsite: { key: `residency-backups/${backup.file}`, error: null } });
    expect(Date.parse(backup.offsite!.at!)).toBeGreaterThan(Date.now() - 60_000);

    const local = readFileSync(path.join(backupDir, backup.file));
    const entries = await openArchive(local, key);
    const entry = (name: string) => entries.find((e) => e.name === name)?.content;
    expect(entry(`files/uploads/${pictureKey}`)?.equals(await object(PICTURES, pictureKey))).toBe(true);
    expect(entry('files/private/id/2026/11/card-photo.bin')?.equals(idPhoto)).toBe(true);
    const manifest = JSON.parse(entry('manifest.json')!.toString());
    // Every entry but the manifest and the database (the data directory's own key file too, when the directory holds one).
    expect(manifest.files).toBe(entries.filter((e) => e.name !== 'manifest.json' && !e.name.startsWith('database.')).length);

    expect((await object(BACKUPS, backup.offsite!.key!)).equals(local)).toBe(true);
    expect((await listed())[0]).toMatchObject({ file: backup.file, verified: true, offsite: { key: backup.offsite!.key, error: null } });
  });

  it('was followed by the pruning: the bucket lets go what BACKUP_DIR does (past BACKUP_KEEP_DAYS, but the first of each month for a year)', async () => {
    const inBucket = await keys(BACKUPS);
    const files = (await listed()).map((b) => b.file);
    for (const kept of [earlier.firstOfMonth, earlier.recent]) {
      expect(inBucket).toContain(`residency-backups/${backupName(kept)}`);
      expect(existsSync(path.join(backupDir, backupName(kept)))).toBe(true);
      expect(files).toContain(backupName(kept));
    }
    for (const gone of [earlier.yearOld, earlier.secondOfMonth]) {
      expect(inBucket).not.toContain(`residency-backups/${backupName(gone)}`);
      expect(existsSync(path.join(backupDir, backupName(gone)))).toBe(false);
      expect(files).not.toContain(backupName(gone));
    }
    expect(inBucket).not.toContain(`residency-backups/${bucketOnly}`);
    expect(inBucket).toContain('residency-backups/README.txt');
  });
});

describe('a bucket that is down', () => {
  it('fails the copy, not the backup; the next backup, the server back, copies the ones it missed', async () => {
    const port = s3.port;
    await s3.close();

    // Pictures and ID photos in the same S3: the backup holds the database, says what it lacks, and is not counted verified.
    const lacking = await takeNow();
    expect(lacking.verified).toBe(false);
    expect(lacking.verifyError).toMatch(/uploads could not be read from bucket "residency-pictures" .* and bucket "residency-id-photos"/);
    expect(lacking.offsite).toMatchObject({ key: null, at: null, error: expect.stringMatching(/^The copy to bucket "residency-backups-offsite" failed: /) });
    expect(existsSync(path.join(backupDir, lacking.file))).toBe(true);

    // Uploads on the local disk, only the copy in S3: the backup is whole and verified, the copy's failure recorded.
    const deps = { handle: ctx.app.dbHandle, config: { ...ctx.app.config, storage: { kind: 'disk' as const } } };
    const whole = await takeBackup(deps, 'admin');
    expect(whole).toMatchObject({ verified: true, verifyError: null, offsite: { key: null, error: expect.stringMatching(/failed/) } });
    expect((await listed()).find((b) => b.file === whole.file)?.offsite?.error).toMatch(/^The copy to bucket "residency-backups-offsite" failed: /);

    s3 = await startS3({ directory: s3Dir, port, bucket: PICTURES });
    const next = await takeNow();
    expect(next).toMatchObject({ verified: true, offsite: { key: `residency-backups/${next.file}`, error: null } });
    const inBucket = await keys(BACKUPS);
    for (const b of [lacking, whole]) {
      expect(inBucket).toContain(`residency-backups/${b.file}`);
      expect((await object(BACKUPS, `residency-backups/${b.file}`)).equals(readFileSync(path.join(backupDir, b.file)))).toBe(true);
      expect((await listed()).find((l) => l.file === b.file)?.offsite).toMatchObject({ key: `residency-backups/${b.file}`, error: null });
    }
  });
});

describe('S3_BACKUP_BUCKET', () => {
  it('is refused at start when it is the pictures’ or the ID photos’ bucket', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, ID_ENCRYPTION_KEY: TEST_ID_KEY, BACKUP_ENCRYPTION_KEY: TEST_BACKUP_KEY, DATA_DIR: backupDir, S3_BUCKET: 'pictures' };
    expect(() => loadConfig({ ...base, S3_BACKUP_BUCKET: 'pictures' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, S3_BACKUP_BUCKET: 'pictures' })).toThrow(/S3_BACKUP_BUCKET: must be a bucket of its own, not the same as S3_BUCKET/);
    expect(() => loadConfig({ ...base, S3_PRIVATE_BUCKET: 'ids', S3_BACKUP_BUCKET: 'ids' })).toThrow(/not the same as S3_PRIVATE_BUCKET/);
    expect(loadConfig({ ...base, S3_BACKUP_BUCKET: 'backups', S3_ENDPOINT: 'http://minio:9000' }).backups.offsite).toMatchObject({ bucket: 'backups', endpoint: 'http://minio:9000', forcePathStyle: true });
  });
});
