import { Writable } from 'node:stream';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { TEXT_NOT_ALLOWED_MESSAGE } from '@residency/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { users } from './db/schema.ts';
import { query, TEST_JWT_SECRET, useTestApp } from './test/app.ts';
import { saveCategory } from './test/rooms.ts';
import { testDatabase } from './test/database.ts';

/**
 * Text no person types: NUL and lone surrogates, sent to the public routes. Each used to reach
 * PostgreSQL and fail with 500 (logging the query with its parameters); now the contracts refuse
 * it with 400 and a message, and nothing is written.
 */

const ctx = useTestApp({ reset: 'file', accounts: { admin: true } });
beforeAll(async () => {
  await saveCategory(ctx.app, ctx.admin.auth, 'Deluxe', { roomNumbers: '101' });
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
