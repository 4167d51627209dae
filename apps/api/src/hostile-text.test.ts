import { Writable } from 'node:stream';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { addDays, TEXT_NOT_ALLOWED_MESSAGE, todayAt } from '@residency/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { users } from './db/schema.ts';
import { query, TEST_JWT_SECRET, useTestApp } from './test/app.ts';
import { saveCategory } from './test/rooms.ts';
import { testDatabase } from './test/database.ts';
import { walkIn } from './test/stays.ts';

/**
 * Text no person types: NUL and lone surrogates, sent to the public routes. Each used to reach
 * PostgreSQL and fail with 500 (logging the query with its parameters); now the contracts refuse
 * it with 400 and a message, and nothing is written.
 */

const ctx = useTestApp({ reset: 'file', accounts: { admin: true, staff: true, guest: true } });
let roomId: string;
beforeAll(async () => {
  await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe', { roomNumbers: '101, 102' });
  ctx.app.roomsCache.clear();
  roomId = ((await ctx.app.inject({ url: '/api/room?limit=10' })).json().data as { _id: string }[])[0]!._id;
});

const BAD = [
  ['a NUL byte', 'a\u0000b'],
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone low surrogate', '\udfffab'],
] as const;

const countUsers = async () => (await query<{ n: number }>(ctx.app, sql`select count(*)::int as n from users`))[0]!.n;

function expectRefused(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: TEXT_NOT_ALLOWED_MESSAGE });
}

describe('a NUL byte in an address', () => {
  // A URL cannot carry a lone surrogate (UTF-8 has no bytes for one): NUL is the case here.
  const nul = encodeURIComponent('a\u0000b');

  it('400 from the room search', async () => {
    expectRefused(await ctx.app.inject({ url: `/api/room?searchTerm=${nul}` }));
    expectRefused(await ctx.app.inject({ url: `/api/room?categories=${nul}` }));
  });

  it('400 from the coupon check', async () => {
    expectRefused(await ctx.app.inject({ url: `/api/coupons/WEL${nul}?amount=100` }));
  });

  it('400 from the category look-up', async () => {
    expectRefused(await ctx.app.inject({ url: `/api/room-categories/${nul}` }));
  });

  it('no 500 for the bytes of a surrogate written as UTF-8 (%ED%A0%80)', async () => {
    for (const url of ['/api/room?searchTerm=%ED%A0%80', '/api/room-categories/%ED%A0%80', '/api/coupons/%ED%A0%80']) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBeLessThan(500);
    }
  });
});

describe.each(BAD)('text with %s in a body', (_label, bad) => {
  it('400 from the contact form, and no mail is queued', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Guest', email: 'guest@example.com', subject: `Hi ${bad}`, message: `A message long enough ${bad}` },
    });
    expectRefused(res);
    expect(await query(ctx.app, sql`select 1 from outbox_mails`)).toHaveLength(0);
  });

  it('400 from sign-up in the name, the e-mail or the password, and no account is made', async () => {
    const before = await countUsers();
    for (const payload of [
      { email: 'new@example.com', password: 'long-enough', name: `New ${bad}` },
      { email: `new${bad}@example.com`, password: 'long-enough', name: 'New' },
      { email: 'new2@example.com', password: `long-enough${bad}`, name: 'New' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect(await countUsers()).toBe(before);
  });

  it('400 from a category save, in a field name or a value of a template section', async () => {
    for (const section of [{ [`beds${bad}`]: 'King' }, { beds: `King ${bad}` }]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/room-categories',
        headers: ctx.admin.auth,
        payload: { name: 'Odd', beds_and_bedding: section },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await ctx.app.inject({ url: '/api/room-categories/Odd' })).statusCode).toBe(404);
  });
});

/*
 * Invisible controls in a name: a right-to-left override (U+202E) turns "Rahim Uddin" around on
 * the staff screens and in mails, and the other bidirectional controls, marks and zero-width
 * characters hide or reorder text. Stripped from names and other single-line texts on input;
 * the zero-width joiner and non-joiner stay, which Bengali needs for its conjuncts.
 */
describe('invisible controls in a name', () => {
  const CONTROLS = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C\u200B\u2060\uFEFF\u00AD';
  /** "Rahim Uddin" with an override that shows it as "Rahim nidduU", and every other control once. */
  const SPOOFED = `Rahim \u202EnidduU\u202C${CONTROLS}`;
  /** র‍্যাব (ZWJ: the ya-phala form) and বাং‌লা with a ZWNJ: both stay as typed. */
  const BENGALI = 'র\u200D্যাব হো\u200Cসেন';
  const day = (n: number) => addDays(todayAt('Asia/Dhaka'), n);
  const nameOf = async (email: string) => (await query<{ name: string }>(ctx.app, sql`select name from users where email = ${email}`))[0]?.name;

  it('sign-up stores the name without them, and a Bengali name with ZWJ and ZWNJ as typed', async () => {
    for (const [email, name, stored] of [
      ['spoof.signup@example.com', SPOOFED, 'Rahim nidduU'],
      ['bengali.signup@example.com', BENGALI, BENGALI],
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'long-enough-1', name } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.user.name).toBe(stored);
      expect(await nameOf(email)).toBe(stored);
    }
  });

  it("a guest's own name (My profile) the same", async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers: ctx.guest.auth, payload: { name: `${BENGALI}\u202E` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await nameOf(ctx.guest.email)).toBe(BENGALI);
  });

  it("the desk's walk-in guest, whoever books them, the same", async () => {
    const booking = await walkIn(ctx.app, ctx.staff, { roomId, checkIn: day(1), checkOut: day(2), adults: 1, phone: '01711-999888', guest: { name: SPOOFED, email: 'spoof.walkin@example.com' } });
    expect(booking.statusCode, booking.body).toBe(201);
    expect(await nameOf('spoof.walkin@example.com')).toBe('Rahim nidduU');
    const reservation = await ctx.app.inject({
      method: 'POST',
      url: '/api/reservations/walk-in',
      headers: ctx.staff.auth,
      payload: { checkIn: day(3), checkOut: day(4), phone: '01711-999887', rooms: [{ roomId, adults: 1 }], guest: { name: `\u2067${BENGALI}\u2069`, email: 'bengali.walkin@example.com' } },
    });
    expect(reservation.statusCode, reservation.body).toBe(201);
    expect(await nameOf('bengali.walkin@example.com')).toBe(BENGALI);
  });

  it('an event request keeps the name without them', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: {
        name: SPOOFED,
        email: 'spoof.event@example.com',
        phone: '+880 1711-555666',
        company: `\u202EAkter & Sons`,
        eventType: 'Wedding',
        layout: 'Theater Style',
        date: day(40),
        startTime: '18:00',
        endTime: '23:30',
        guestCount: 180,
        foodPreference: 'buffet',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Rahim nidduU', company: 'Akter & Sons' });
    const stored = await query<{ name: string }>(ctx.app, sql`select name from event_requests where email = 'spoof.event@example.com'`);
    expect(stored).toEqual([{ name: 'Rahim nidduU' }]);
  });
});

describe('category template sections', () => {
  it('400 for a section nested inside itself, or with more fields than any template has', async () => {
    let nested: unknown = 'deep';
    for (let i = 0; i < 20; i += 1) nested = { a: nested };
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`field${i}`, true]));
    for (const section of [{ beds: nested }, many]) {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/room-categories', headers: ctx.admin.auth, payload: { name: 'Odd', room_features: section } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('the log of a failed query', () => {
  it('keeps the SQL and the database error, never the parameters (no password hash, no typed text)', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: path.join(tmpdir(), 'residency-test-data'),
      LOG_LEVEL: 'error',
    });
    const logged = await buildApp(config, { database: await testDatabase(), logger: { level: 'error', stream } });
    const secretHash = '$argon2id$v=19$m=19456,t=2,p=1$SECRET-SALT$SECRET-HASH';
    // A route whose query fails inside PostgreSQL, as a NUL byte used to make sign-up fail.
    logged.get('/api/test-failing-insert', { config: { access: 'public' } }, async () => {
      await logged.db.insert(users).values({ email: 'secret-person@example.com', name: 'x\u0000y', passwordHash: secretHash });
      return { success: true };
    });
    await logged.ready();
    try {
      const res = await logged.inject({ url: '/api/test-failing-insert?token=reset-token-value' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      // 400 is the caller's mistake and is not logged as our error; make one that is.
      logged.log.error({ err: await failingQueryError(logged, secretHash) }, 'request failed');
      const log = lines.join('');
      expect(log).toContain('insert into \\"users\\"');
      expect(log).toContain('22021');
      expect(log).not.toContain(secretHash);
      expect(log).not.toContain('SECRET-HASH');
      expect(log).not.toContain('secret-person@example.com');
      expect(log).not.toContain('reset-token-value');
    } finally {
      await logged.close();
    }
  });
});

/** The error Drizzle throws for an insert that PostgreSQL refuses (its message lists the parameters). */
async function failingQueryError(target: FastifyInstance, hash: string): Promise<unknown> {
  try {
    await target.db.insert(users).values({ email: 'secret-person@example.com', name: 'x\u0000y', passwordHash: hash });
  } catch (error) {
    expect(String((error as Error).message)).toContain(hash);
    return error;
  }
  throw new Error('the insert was expected to fail');
}
