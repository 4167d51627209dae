import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { startRedis } from '../test/redis.ts';
import { buildTestApp, createUser, outbox, query, useTestApp } from '../test/app.ts';

/** Three attempts a window per route and client: the fourth is refused. */
const ctx = useTestApp({ env: { RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_WINDOW: '1 minute' }, reset: 'file', accounts: {} });

function expectRateLimited(res: { statusCode: number; json(): { success: boolean; code: string; message: string } }) {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  expect(body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
}

describe('rate limits on sign-in, sign-up and password reset', () => {
  it('refuses the 4th login in the window with 429 RATE_LIMITED, even with the right password', async () => {
    const user = await createUser(ctx.app, { password: 'right-password' });
    for (let i = 0; i < 3; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const fourth = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'right-password' },
    });
    expectRateLimited(fourth);
    expect(fourth.headers['retry-after']).toBeDefined();
  });

  it('refuses the 4th sign-up in the window and creates no account for it', async () => {
    const register = (n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: `limited${n}@example.com`, password: 'long-enough', name: `Limited ${n}` },
      });
    for (let n = 1; n <= 3; n += 1) expect((await register(n)).statusCode).toBe(201);
    expectRateLimited(await register(4));
    const [row] = await query<{ n: number }>(
      ctx.app,
      sql`select count(*)::int as n from users where email = 'limited4@example.com'`,
    );
    expect(Number(row!.n)).toBe(0);
  });

  it('refuses the 4th forgot-password in the window and mails nothing for it', async () => {
    const user = await createUser(ctx.app);
    const forgot = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    for (let i = 0; i < 3; i += 1) expect((await forgot()).statusCode).toBe(200);
    expectRateLimited(await forgot());
    expect((await outbox(ctx.app)).filter((m) => m.to === user.email)).toHaveLength(3);
  });

  it('refuses the 4th reset-password in the window', async () => {
    const reset = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'guessing-a-token-'.repeat(3), password: 'new-password' },
      });
    for (let i = 0; i < 3; i += 1) expect((await reset()).statusCode).toBe(400);
    expectRateLimited(await reset());
  });

  it('counts each route on its own: a limited login does not block the contact form', async () => {
    const login = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'whatever' } });
    let last = await login();
    for (let i = 0; i < 3 && last.statusCode !== 429; i += 1) last = await login();
    expectRateLimited(last);
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Guest', email: 'guest@example.com', subject: 'Hello', message: 'Is breakfast included?' },
      });
    for (let i = 0; i < 3; i += 1) expect((await send()).statusCode).toBe(202);
    expectRateLimited(await send());
  });

  it('cannot be dodged with a made-up X-Forwarded-For header', async () => {
    const login = (forwardedFor: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.9', // a client on the internet, talking to us directly
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: 'victim@example.com', password: 'guess' },
      });
    for (let i = 1; i <= 3; i += 1) expect((await login(`198.51.100.${i}`)).statusCode).toBe(401);
    expectRateLimited(await login('198.51.100.4'));
  });

  it('behind a proxy on a private network, counts each client by its forwarded address', async () => {
    const login = (client: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.5', // the load balancer
        headers: { 'x-forwarded-for': client },
        payload: { email: 'someone@example.com', password: 'guess' },
      });
    for (let i = 0; i < 3; i += 1) expect((await login('198.51.100.20')).statusCode).toBe(401);
    expectRateLimited(await login('198.51.100.20'));
    expect((await login('198.51.100.21')).statusCode).toBe(401);
  });

  it('leaves other routes alone', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/site' })).statusCode).toBe(200);
    }
  });
});

describe('rate limits shared through Redis', () => {
  const login = (target: FastifyInstance) =>
    target.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'x-password' } });

  it('two API processes count one client together', async () => {
    // A Redis of the test's own: no counter of another run can count here.
    const redis = await startRedis();
    const env = { RATE_LIMIT_AUTH_MAX: '3', REDIS_URL: redis.url, RATE_LIMIT_AUTH_WINDOW: '1 minute' };
    const first = await buildTestApp(env, { reset: false });
    const second = await buildTestApp(env, { reset: false });
    try {
      expect((await login(first)).statusCode).toBe(401);
      expect((await login(second)).statusCode).toBe(401);
      expect((await login(first)).statusCode).toBe(401);
      expectRateLimited(await login(second));
    } finally {
      await first.close();
      await second.close();
      await redis.close();
    }
  });

  it('lets guests sign in (unlimited) while Redis is unreachable, instead of failing', async () => {
    const down = await buildTestApp({ RATE_LIMIT_AUTH_MAX: '1', REDIS_URL: 'redis://127.0.0.1:1' }, { reset: false });
    try {
      for (let i = 0; i < 3; i += 1) expect((await login(down)).statusCode).toBe(401);
    } finally {
      await down.close();
    }
  });
});
