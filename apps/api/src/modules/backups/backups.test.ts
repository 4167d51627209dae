import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TBackup } from '@residency/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rows } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { buildTestApp, query, TEST_BACKUP_KEY, useTestApp } from '../../test/app.ts';
import { book, day, HOTEL_ACCOUNTS, pay, smallHotelRooms } from '../../test/stays.ts';
import { restoreBackup, RestoreRefused } from './restore.ts';

/*
 * Backups (issue 35): taken while the hotel works, encrypted, verified by a restore into a scratch
 * database; a wrong key, a truncated file or a target that holds anything is refused.
 */
const backupDir = mkdtempSync(path.join(tmpdir(), 'residency-backups-'));
const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS, reset: 'file', env: { BACKUP_DIR: backupDir } });
const scratch: string[] = [];
afterAll(() => [backupDir, ...scratch].forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const emptyDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'residency-restore-'));
  scratch.push(dir);
  return dir;
};
const key = Buffer.from(TEST_BACKUP_KEY, 'hex');

let backup: TBackup;
beforeAll(async () => {
  const rooms = await smallHotelRooms(ctx.app, ctx.admin);
  const made = await book(ctx.app, ctx.guest, rooms['101']!, day(30), day(32));
  expect((await pay(ctx.app, ctx.staff, made.json().data._id, { amount: 2000, method: 'cash' })).statusCode).toBe(201);
});

describe('taking a backup', () => {
  it('takes one while bookings arrive, verifies it by a restore, and lists it', async () => {
    const rooms = (await ctx.app.inject({ url: '/api/room?limit=10' })).json().data as { _id: string }[];
    const [res] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: '/api/admin/backups', headers: ctx.admin.auth }),
      ...Array.from({ length: 5 }, (_, i) => book(ctx.app, ctx.guest, rooms[i % rooms.length]!._id, day(100 + i * 3), day(101 + i * 3))),
    ]);
    expect(res!.statusCode, res!.body).toBe(201);
    backup = res!.json().data;
    expect(backup).toMatchObject({ verified: true, verifyError: null, trigger: 'admin' });
    expect(backup.bytes).toBeGreaterThan(1000);
    expect(readFileSync(path.join(backupDir, backup.file)).subarray(0, 6).toString()).toBe('RSBK1\n');
    const list = await ctx.app.inject({ url: '/api/admin/backups', headers: ctx.admin.auth });
    expect(list.json().data[0]).toMatchObject({ file: backup.file, verified: true });
  });

  it('removes the half-written file a process killed mid-backup left, once it is an hour old, and no other', async () => {
    const abandoned = path.join(backupDir, 'residency-2026-01-01T00-00-00-000Z-aaaaaa.rbk.partial');
    const fresh = path.join(backupDir, 'residency-2026-01-01T00-00-00-000Z-bbbbbb.rbk.partial');
    writeFileSync(abandoned, 'half');
    writeFileSync(fresh, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(abandoned, twoHoursAgo, twoHoursAgo);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/backups', headers: ctx.admin.auth })).statusCode).toBe(201);
    expect(existsSync(abandoned)).toBe(false);
    // Another process may be writing this one now.
    expect(existsSync(fresh)).toBe(true);
    rmSync(fresh);
  });

  it('is for admins only', async () => {
    for (const who of [ctx.staff, ctx.guest]) {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/backups', headers: who.auth })).statusCode).toBe(403);
      expect((await ctx.app.inject({ url: '/api/admin/backups', headers: who.auth })).statusCode).toBe(403);
    }
  });
});

describe('restoring it', () => {
  const file = () => path.join(backupDir, backup.file);

  it('refuses a wrong key, a truncated file and a target that holds anything, each with a clear reason', async () => {
    const refused = (promise: Promise<unknown>) => promise.then(() => 'restored', (error: Error) => (error instanceof RestoreRefused ? error.message : `other: ${error.message}`));
    expect(await refused(restoreBackup(file(), Buffer.alloc(32, 1), { dataDir: emptyDir(), databaseUrl: ctx.app.dbHandle.serverUrl }))).toMatch(/key .* is not the one it was made with/);
    const cut = path.join(emptyDir(), 'cut.rbk');
    const bytes = readFileSync(file());
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(await refused(restoreBackup(cut, key, { dataDir: emptyDir() }))).toMatch(/truncated or damaged/);
    const full = emptyDir();
    writeFileSync(path.join(full, 'something'), 'x');
    if (backup.database === 'pglite') expect(await refused(restoreBackup(file(), key, { dataDir: full }))).toMatch(/is not empty/);
    else expect(await refused(restoreBackup(file(), key, { databaseUrl: ctx.app.dbHandle.serverUrl! }))).toMatch(/not empty/);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)('restores the embedded database into an empty directory, with the same rows', async () => {
    const dir = emptyDir();
    const { manifest } = await restoreBackup(file(), key, { dataDir: dir });
    expect(manifest.counts.bookings).toBeGreaterThanOrEqual(1);
    expect(manifest.counts.payments).toBe(1);
    expect(manifest.audit.seq).toBe(backup.auditSeq);
    // The directory now holds the hotel: opened as the server opens it, the rows are there.
    const handle = await openDatabase({ dataDir: dir });
    try {
      const [row] = await rows<{ n: number }>(handle.db, sql`select count(*)::int as n from payments`);
      expect(row!.n).toBe(1);
    } finally {
      await handle.close();
    }
  });
});

describe('production without a key', () => {
  it('starts while no ID photo is stored, and refuses to start once one is, saying why', async () => {
    const production: Partial<Config> = { env: 'production', backups: { ...ctx.app.config.backups, key: null } };
    const before = await buildTestApp({}, { reset: false, config: production });
    await before.close();
    const [booking] = await query<{ id: string }>(ctx.app, sql`select id from bookings limit 1`);
    const [card] = await query<{ id: string }>(ctx.app, sql`insert into guest_cards (booking_id, position, kind) values (${booking!.id}, 1, 'adult') returning id`);
    await query(ctx.app, sql`insert into guest_photos (card_id, kind, storage_key, bytes, width, height) values (${card!.id}, 'document', 'id/test.bin', 10, 1, 1)`);
    try {
      await expect(buildTestApp({}, { reset: false, config: production })).rejects.toThrow(/BACKUP_ENCRYPTION_KEY is required in production once ID photos are stored/);
    } finally {
      await query(ctx.app, sql`delete from guest_cards where id = ${card!.id}`);
    }
  });
});
