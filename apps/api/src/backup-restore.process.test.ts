/**
 * The backup-and-restore runbook as an operator runs it (issue 35), on the embedded database and
 * on PostgreSQL: a hotel with stays, payments, an issued invoice, a guest's ID photos and an
 * uploaded picture is backed up while bookings arrive; the data directory is deleted (and the
 * database with it); `npm run restore` fills a new one; the server started on it serves the same
 * stays, money, invoice, photos and picture to the guest, the desk and the admin.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { addDays, defaultCategory, todayAt, type TFolio, type TReservation } from '@residency/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openArchive } from './modules/backups/backup-archive.ts';
import type { BackupManifest } from './modules/backups/backups.service.ts';
import { BANGLADESHI_CARD } from './test/guest-cards.ts';
import { callProcess, cleanUpAfterFile, createServerDatabase, eventually, startApiProcess, type ApiProcess } from './test/processes.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = path.resolve(import.meta.dirname, '../../..');
const BACKUP_KEY = 'c3'.repeat(32);
const ID_KEY = '4e'.repeat(32);
const JWT_SECRET = 'backup-restore-test-secret-0123456789abcdef';
const cleanUp = cleanUpAfterFile();

const day = (n: number) => addDays(todayAt('Asia/Dhaka'), n);

function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
  cleanUp.later(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `npm run <script> -- <args>` from the repository's root, as an operator types it; its exit code and output. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('npm', ['run', script, '--', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

const pdfText = async (pdf: Buffer) => {
  const file = path.join(tempDir('residency-invoice-'), 'invoice.pdf');
  await writeFile(file, pdf);
  return (await promisify(execFile)('pdftotext', ['-layout', file, '-'])).stdout;
};

/** GET of bytes (a PDF, a photo, a picture) with the caller's token. */
async function bytesOf(proc: ApiProcess, url: string, token?: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await fetch(`${proc.origin}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(20_000) });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

/** A multipart POST of one JPEG with text fields, as a browser's FormData sends it. */
async function postImage(proc: ApiProcess, url: string, token: string, fields: Record<string, string>, jpeg: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${proc.origin}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(20_000) });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> & { _id: string; url: string } } };
}

const jpeg = (background: string) => sharp({ create: { width: 800, height: 600, channels: 3, background } }).jpeg().toBuffer();

/** A call that must answer `status`; answers its `data`. */
async function must(proc: ApiProcess, status: number, method: string, url: string, token?: string, body?: unknown) {
  const res = await callProcess(proc, method, url, { token, body, timeoutMs: 60_000 });
  expect(res.status, `${method} ${url}: ${res.text.slice(0, 500)}`).toBe(status);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many shapes
  return res.body.data as any;
}

const signIn = async (proc: ApiProcess, email: string, password: string): Promise<string> =>
  (await must(proc, 200, 'POST', '/api/auth/login', undefined, { email, password })).token;

const ACCOUNTS = {
  admin: { email: 'owner@hotel.test', password: 'owner-password-1' },
  staff: { email: 'desk@hotel.test', password: 'desk-password-1' },
  guest: { email: 'rahim@guest.test', password: 'guest-password-1' },
  walkUp: { email: 'walk-up@guest.test', password: 'guest-password-2' },
};
type Tokens = Record<keyof typeof ACCOUNTS, string>;

const PHONE = '+880 1711-223344';

/**
 * What the guest, the desk and the admin see of the hotel: compared before the backup and after
 * the restore. The invoice is drawn anew from its frozen content at each request (the PDF's
 * creation date differs), so its text is compared; the photos and the picture byte for byte.
 */
async function viewOf(proc: ApiProcess, t: Tokens, hotel: Hotel) {
  const invoice = await bytesOf(proc, `/api/reservations/${hotel.stayA.reservationId}/invoice`, t.guest);
  expect(invoice.status).toBe(200);
  expect(invoice.type).toBe('application/pdf');
  const photos: Record<string, string> = {};
  for (const [kind, photoId] of Object.entries(hotel.photoIds)) {
    const photo = await bytesOf(proc, `/api/bookings/${hotel.stayA.id}/guests/${hotel.cardId}/photos/${photoId}`, t.staff);
    expect(photo.status, `${kind} photo`).toBe(200);
    expect(photo.type).toBe('image/jpeg');
    photos[kind] = photo.body.toString('base64');
  }
  const picture = await bytesOf(proc, hotel.pictureUrl);
  expect(picture.status, `picture ${hotel.pictureUrl}`).toBe(200);
  const reservations: Record<string, { reservation: TReservation; folio: TFolio }> = {};
  for (const id of [hotel.stayA.reservationId, hotel.stayB.reservationId]) {
    reservations[id] = {
      reservation: await must(proc, 200, 'GET', `/api/reservations/${id}`, t.staff),
      folio: await must(proc, 200, 'GET', `/api/reservations/${id}/folio`, t.staff),
    };
  }
  return {
    guestReservations: await must(proc, 200, 'GET', '/api/reservations/my-reservations?limit=50', t.guest),
    guestBookings: await must(proc, 200, 'GET', '/api/bookings/my-bookings?limit=50', t.guest),
    reservations,
    cards: await must(proc, 200, 'GET', `/api/bookings/${hotel.stayA.id}/guests`, t.staff),
    invoiceText: await pdfText(invoice.body),
    photos,
    picture: picture.body.toString('base64'),
  };
}

interface Hotel {
  stayA: { id: string; reservationId: string };
  stayB: { id: string; reservationId: string };
  cardId: string;
  photoIds: { document: string; portrait: string };
  pictureUrl: string;
  rooms: Record<string, string>;
}

/** The hotel, made through the API: accounts, rooms, a stay checked out with its invoice and ID photos, a stay ahead with a deposit, a picture. */
async function makeHotel(proc: ApiProcess, adminToken: string): Promise<{ hotel: Hotel; tokens: Tokens }> {
  const register = (who: keyof typeof ACCOUNTS, name: string) => must(proc, 201, 'POST', '/api/auth/register', undefined, { ...ACCOUNTS[who], name });
  const staff = await register('staff', 'Desk Clerk');
  await register('guest', 'Rahim Uddin');
  await register('walkUp', 'Walk Up');
  await must(proc, 200, 'PUT', `/api/users/${staff.user._id}`, adminToken, { role: 'staff' });
  const tokens: Tokens = {
    admin: adminToken,
    staff: await signIn(proc, ACCOUNTS.staff.email, ACCOUNTS.staff.password),
    guest: await signIn(proc, ACCOUNTS.guest.email, ACCOUNTS.guest.password),
    walkUp: await signIn(proc, ACCOUNTS.walkUp.email, ACCOUNTS.walkUp.password),
  };

  const base = defaultCategory();
  const saved = await must(proc, 200, 'PUT', '/api/room-categories', adminToken, {
    ...base,
    name: 'Deluxe King',
    rackRate: 9000,
    offerPrice: 7500,
    description: 'Deluxe King: a calm room above the garden.',
    room_overview: { ...base.room_overview, description: 'Quiet, bright and well kept.' },
    room_features: { ...base.room_features, windows: 'Floor-to-ceiling, garden view' },
    beds_and_bedding: { ...base.beds_and_bedding, maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 },
    roomNumbers: '101, 102, 103',
  });
  expect(saved.sync).toMatchObject({ preSyncError: null, created: ['101', '102', '103'] });
  // The room list follows the save through the availability index: a moment later.
  const listed = await eventually(
    'the three rooms listed',
    async () => {
      const found = (await must(proc, 200, 'GET', '/api/room?limit=100')) as { _id: string; room_overview: { room_number: string } }[];
      return found.length === 3 ? found : undefined;
    },
    { timeoutMs: 10_000, intervalMs: 100 },
  );
  const rooms = Object.fromEntries(listed.map((r) => [r.room_overview.room_number, r._id]));

  // Stay A: tonight in 101; cards and ID photos filled online by the guest, checked in, a deposit, checked out paying the rest: invoiced.
  const a = await must(proc, 201, 'POST', '/api/bookings', tokens.guest, { roomId: rooms['101'], checkIn: day(0), checkOut: day(1), adults: 1, children: 0, phone: PHONE });
  await must(proc, 200, 'PATCH', `/api/bookings/${a._id}`, tokens.staff, { isConfirmed: true });
  const cards = await must(proc, 200, 'PUT', `/api/bookings/${a._id}/guests`, tokens.guest, { guests: [BANGLADESHI_CARD] });
  const cardId = cards.guests[0]._id as string;
  const photoIds = { document: '', portrait: '' };
  for (const [kind, colour] of [['document', '#336699'], ['portrait', '#996633']] as const) {
    const photo = await postImage(proc, `/api/bookings/${a._id}/guests/${cardId}/photos`, tokens.guest, { kind }, await jpeg(colour));
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    photoIds[kind] = photo.body.data._id;
  }
  await must(proc, 200, 'POST', `/api/bookings/${a._id}/check-in`, tokens.staff, {});
  await must(proc, 201, 'POST', `/api/bookings/${a._id}/payments`, tokens.staff, { amount: 2000, method: 'bkash', reference: 'TRX0000001' });
  const folioA = await must(proc, 200, 'GET', `/api/reservations/${a.reservationId}/folio`, tokens.staff);
  expect(folioA.balance).toBeGreaterThan(0);
  await must(proc, 200, 'POST', `/api/bookings/${a._id}/check-out`, tokens.staff, { payment: { amount: folioA.balance, method: 'cash' } });

  // Stay B: three nights ahead in 102 for two, confirmed, with a card payment on account.
  const b = await must(proc, 201, 'POST', '/api/bookings', tokens.guest, { roomId: rooms['102'], checkIn: day(10), checkOut: day(13), adults: 2, children: 0, phone: PHONE });
  await must(proc, 200, 'PATCH', `/api/bookings/${b._id}`, tokens.staff, { isConfirmed: true });
  await must(proc, 201, 'POST', `/api/bookings/${b._id}/payments`, tokens.staff, { amount: 3000, method: 'card', reference: 'CARD-778812' });

  // A picture for the website, kept under DATA_DIR/uploads.
  const picture = await postImage(proc, '/api/uploads', adminToken, { purpose: 'content' }, await jpeg('#2f6f8f'));
  expect(picture.status, JSON.stringify(picture.body)).toBe(201);

  return {
    tokens,
    hotel: {
      stayA: { id: a._id, reservationId: a.reservationId },
      stayB: { id: b._id, reservationId: b.reservationId },
      cardId,
      photoIds,
      pictureUrl: new URL(picture.body.data.url, proc.origin).pathname,
      rooms,
    },
  };
}

/** Every booking id the desk lists, page by page. */
async function bookingIds(proc: ApiProcess, staffToken: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; ; page += 1) {
    const found = (await must(proc, 200, 'GET', `/api/bookings?limit=100&page=${page}`, staffToken)) as { _id: string }[];
    for (const b of found) ids.add(b._id);
    if (found.length < 100) return ids;
  }
}

async function runbook(database: 'pglite' | 'postgres') {
  const backupDir = tempDir('residency-restore-backups-');
  const dataDir = tempDir('residency-restore-src-');
  const source = database === 'postgres' ? await createServerDatabase(SERVER_URL, 'residency_restore_src') : undefined;
  if (source) cleanUp.later(() => source.drop());
  const env = (dir: string, databaseUrl?: string) => ({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: dir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    JWT_SECRET,
    PUBLIC_URL: 'https://hotel.example',
    // Backups on another disk than the data directory, as the README advises: the directory is lost below.
    BACKUP_DIR: backupDir,
    BACKUP_ENCRYPTION_KEY: BACKUP_KEY,
    // On PostgreSQL the ID photos' key is a setting, as production has it. The embedded case runs
    // as `npm start` does out of the box: the key is made in the data directory, and the backup
    // must carry it, or the restored hotel could not open its guests' photos.
    ...(database === 'postgres' ? { ID_ENCRYPTION_KEY: ID_KEY } : {}),
    NIGHT_AUDIT_POLL_MS: '0',
    PAYMENT_SANDBOX: 'false',
    // One client address makes all the test's requests.
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_BOOKING_MAX: '10000',
    RATE_LIMIT_UPLOAD_MAX: '1000',
  });

  // The hotel's first admin, as a new hotel makes it (the link's token sets the password).
  const made = await npmRun('create-admin', [ACCOUNTS.admin.email, 'Hotel Owner'], env(dataDir, source?.url));
  expect(made.code, made.stderr).toBe(0);
  const resetToken = /https:\/\/hotel\.example\/reset-password\?token=([\w-]+)/.exec(made.stdout)?.[1];
  expect(resetToken).toBeDefined();

  const first = cleanUp.process(await startApiProcess(`${database} before`, env(dataDir, source?.url), { healthTimeoutMs: 60_000 }));
  await must(first, 200, 'POST', '/api/auth/reset-password', undefined, { token: resetToken, password: ACCOUNTS.admin.password });
  const { hotel, tokens } = await makeHotel(first, await signIn(first, ACCOUNTS.admin.email, ACCOUNTS.admin.password));
  const before = await viewOf(first, tokens, hotel);
  expect(before.reservations[hotel.stayA.reservationId]).toMatchObject({ folio: { balance: 0, invoices: [{ kind: 'invoice' }] } });
  expect(before.reservations[hotel.stayB.reservationId]).toMatchObject({ folio: { paid: 3000 } });
  expect(before.invoiceText).toContain(before.reservations[hotel.stayA.reservationId]!.folio.invoices[0].number);
  const bookedBefore = await bookingIds(first, tokens.staff);
  expect(bookedBefore.size).toBe(2);

  // The backup, while another guest keeps booking room 103 night after night: a booking
  // acknowledged before the backup is asked for is in it, one sent after it answered is not, one
  // in between may be either.
  const during: { id: string | null; status: number; night: number; sentAt: number; answeredAt: number }[] = [];
  let stopBooking = false;
  let next = 0;
  const keepBooking = async () => {
    while (!stopBooking && next < 200) {
      const night = 20 + next++;
      const sentAt = performance.now();
      const res = await callProcess(first, 'POST', '/api/bookings', {
        token: tokens.walkUp,
        body: { roomId: hotel.rooms['103'], checkIn: day(night), checkOut: day(night + 1), adults: 1, children: 0, phone: PHONE },
        timeoutMs: 60_000,
      });
      during.push({ id: res.status === 201 ? res.body.data._id : null, status: res.status, night, sentAt, answeredAt: performance.now() });
      await sleep(100);
    }
  };
  const writers = [keepBooking(), keepBooking()];
  await eventually('bookings arriving', async () => (during.length >= 4 ? true : undefined), { timeoutMs: 20_000 });
  const askedAt = performance.now();
  const backupAnswer = await callProcess(first, 'POST', '/api/admin/backups', { token: tokens.admin, timeoutMs: 60_000 });
  const backupAnsweredAt = performance.now();
  await eventually('bookings after the backup', async () => (during.some((d) => d.sentAt > backupAnsweredAt) ? true : undefined), { timeoutMs: 20_000 });
  stopBooking = true;
  await Promise.all(writers);
  expect(backupAnswer.status, backupAnswer.text).toBe(201);
  const backup = backupAnswer.body.data as { file: string; verified: boolean; verifyError: string | null; database: string; auditSeq: number };
  expect(backup).toMatchObject({ verified: true, verifyError: null, database, trigger: 'admin' });
  expect(during.filter((d) => d.status !== 201)).toEqual([]);
  const inBackup = during.filter((d) => d.answeredAt < askedAt);
  const whileTaken = during.filter((d) => d.answeredAt >= askedAt && d.sentAt <= backupAnsweredAt);
  const afterBackup = during.filter((d) => d.sentAt > backupAnsweredAt);
  expect(whileTaken.length, 'bookings made while the backup was taken').toBeGreaterThan(0);
  const listedBackups = await must(first, 200, 'GET', '/api/admin/backups', tokens.admin);
  expect(listedBackups[0]).toMatchObject({ file: backup.file, verified: true });
  await first.stop();

  // The backup says what it holds.
  const backupFile = path.join(backupDir, backup.file);
  const entries = await openArchive(readFileSync(backupFile), Buffer.from(BACKUP_KEY, 'hex'));
  const manifest = JSON.parse(entries.find((e) => e.name === 'manifest.json')!.content.toString('utf8')) as BackupManifest;
  expect(manifest).toMatchObject({ database, audit: { seq: backup.auditSeq } });
  // Five sizes of the picture, the two ID photos, and on the embedded default their key.
  expect(entries.filter((e) => e.name.startsWith('files/uploads/')).length).toBe(5);
  expect(entries.filter((e) => e.name.startsWith('files/private/')).length).toBe(2);
  expect(entries.some((e) => e.name === 'keys/id-encryption-key')).toBe(database === 'pglite');
  expect(manifest.files).toBe(database === 'pglite' ? 8 : 7);

  // The machine is lost: the data directory, and on PostgreSQL the database.
  rmSync(dataDir, { recursive: true, force: true });
  if (source) await source.drop();

  // The runbook: `npm run restore` into a new directory (and a new, empty database).
  const target = database === 'postgres' ? await createServerDatabase(SERVER_URL, 'residency_restore_dst') : undefined;
  if (target) cleanUp.later(() => target.drop());
  const newDataDir = path.join(tempDir('residency-restore-dst-'), 'data');
  const restoreArgs = [backupFile, ...(target ? ['--database-url', target.url] : []), '--data-dir', newDataDir];
  const restoreEnv = { BACKUP_ENCRYPTION_KEY: BACKUP_KEY };
  const restored = await npmRun('restore', restoreArgs, restoreEnv);
  expect(restored.code, restored.stderr).toBe(0);
  const rows = Object.values(manifest.counts).reduce((sum, n) => sum + n, 0);
  expect(restored.stdout).toContain(
    `Restored the backup of ${manifest.createdAt}: ${rows} rows in ${Object.keys(manifest.counts).length} tables (${database}), ${manifest.files} files; the audit trail ends at record ${manifest.audit.seq}.`,
  );

  // A second restore into the target, which now holds the hotel, is refused and changes nothing.
  const again = await npmRun('restore', restoreArgs, restoreEnv);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain(
    target ? 'Restore refused: The target database is not empty: restore into an empty database.' : `Restore refused: ${newDataDir} is not empty: restore into an empty directory (move this one aside first).`,
  );

  // The server on the restored hotel: the same people sign in with the same passwords and see the same.
  const second = cleanUp.process(await startApiProcess(`${database} restored`, env(newDataDir, target?.url), { healthTimeoutMs: 60_000 }));
  const restoredTokens = Object.fromEntries(
    await Promise.all(Object.entries(ACCOUNTS).map(async ([who, a]) => [who, await signIn(second, a.email, a.password)] as const)),
  ) as Tokens;
  const after = await viewOf(second, restoredTokens, hotel);
  expect(after).toEqual(before);

  // Exactly the bookings in the backup: all made before it was asked for, perhaps some made while
  // it was taken, none after it answered.
  const bookedAfter = await bookingIds(second, restoredTokens.staff);
  expect(bookedAfter.size).toBe(manifest.counts.bookings);
  for (const id of [...bookedBefore, ...inBackup.map((d) => d.id!)]) expect(bookedAfter.has(id), `booking ${id} made before the backup`).toBe(true);
  const mayBeThere = new Set(whileTaken.map((d) => d.id));
  for (const id of bookedAfter) expect(bookedBefore.has(id) || inBackup.some((d) => d.id === id) || mayBeThere.has(id), `booking ${id} in the restore`).toBe(true);
  for (const { id } of afterBackup) await must(second, 404, 'GET', `/api/bookings/${id}`, restoredTokens.staff);
  // Each booking made during the backup that came back comes with its reservation and money.
  for (const id of bookedAfter) {
    if (bookedBefore.has(id)) continue;
    const booking = await must(second, 200, 'GET', `/api/bookings/${id}`, restoredTokens.walkUp);
    expect((await must(second, 200, 'GET', `/api/reservations/${booking.reservationId}/folio`, restoredTokens.staff)).charged).toBeGreaterThan(0);
  }

  // The audit trail is whole, and the hotel goes on: a night booked after the backup is free again.
  const verified = await callProcess(second, 'GET', '/api/audit/verify', { token: restoredTokens.admin });
  expect(verified.body).toMatchObject({ ok: true, firstBroken: null });
  expect(verified.body.head.seq).toBeGreaterThan(manifest.audit.seq);
  const night = afterBackup[0]!.night;
  await must(second, 201, 'POST', '/api/bookings', restoredTokens.walkUp, { roomId: hotel.rooms['103'], checkIn: day(night), checkOut: day(night + 1), adults: 1, children: 0, phone: PHONE });
  await second.stop();
}

describe('the backup-and-restore runbook', () => {
  it('embedded database: backed up while bookings arrive, the directory deleted, restored by npm run restore, served the same', () => runbook('pglite'), 180_000);
  it('PostgreSQL: the same, restored into a new empty database', () => runbook('postgres'), 180_000);
});
