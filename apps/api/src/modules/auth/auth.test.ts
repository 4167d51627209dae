import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser, outbox, query, useTestApp } from '../../test/app.ts';

/**
 * Moves the clock (Date only: timers and the database's own clock run on) 1.1 s ahead, instead
 * of waiting for it: tokens are stamped to the second, and a test needs a sign-in strictly
 * before a password change.
 */
function nextSecond() {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + 1100);
}
afterEach(() => {
  vi.useRealTimers();
});

const ctx = useTestApp({ reset: 'file', accounts: {} });

let seq = 0;
const uniqueEmail = (prefix = 'guest') => `${prefix}${++seq}-${Date.now()}@example.com`;

function register(payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
}
function login(email: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}
function me(token: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
}
function forgotPassword(email: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
}
function resetPassword(token: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
}
async function countUsers(): Promise<number> {
  const [row] = await query<{ n: number }>(ctx.app, sql`select count(*)::int as n from users`);
  return Number(row!.n);
}

/** Asks for a reset link and returns the token from the mail in the outbox. */
async function resetTokenFor(email: string): Promise<string> {
  const before = (await outbox(ctx.app)).length;
  expect((await forgotPassword(email)).statusCode).toBe(200);
  const mails = await outbox(ctx.app);
  expect(mails).toHaveLength(before + 1);
  const match = /\/reset-password\?token=(\S+)/.exec(mails.at(-1)!.text);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

describe('POST /api/auth/register', () => {
  it('creates a user account with a membership number and signs it in', async () => {
    const res = await register({ email: 'Guest@Example.com', password: 'long-enough', name: 'Rahim Uddin' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data.user).toMatchObject({ email: 'guest@example.com', name: 'Rahim Uddin', role: 'user' });
    expect(body.data.user.membershipNumber).toMatch(/^RS\d{6}$/);
    const profile = await me(body.data.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.email).toBe('guest@example.com');
  });

  it('gives every account a membership number of its own', async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const res = await register({ email: uniqueEmail(), password: 'long-enough', name: `Guest ${i}` });
      expect(res.statusCode).toBe(201);
      const number = res.json().data.user.membershipNumber as string;
      expect(number).toMatch(/^RS\d{6}$/);
      numbers.add(number);
    }
    expect(numbers.size).toBe(3);
  });

  it('keeps the phone number given at sign-up', async () => {
    const res = await register({ email: uniqueEmail(), password: 'long-enough', name: 'Karim', phone: '+880 1711-123456' });
    expect(res.statusCode).toBe(201);
    expect((await me(res.json().data.token)).json().data.phone).toBe('+880 1711-123456');
  });

  it('makes every new account a plain user, whatever role the client asks for', async () => {
    const res = await register({ email: uniqueEmail(), password: 'long-enough', name: 'Sneaky', role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.role).toBe('user');
    const token = res.json().data.token as string;
    const users = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    expect(users.statusCode).toBe(403);
  });

  it('answers 409 when the e-mail already has an account, in any letter case', async () => {
    const email = uniqueEmail('taken');
    expect((await register({ email, password: 'long-enough', name: 'First' })).statusCode).toBe(201);
    const before = await countUsers();
    for (const variant of [email, email.toUpperCase(), `  ${email.replace('taken', 'TaKeN')} `]) {
      const res = await register({ email: variant, password: 'another-one', name: 'Second' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'EMAIL_TAKEN' });
      expect(res.json().message).toMatch(/already exists/);
    }
    expect(await countUsers()).toBe(before);
  });

  it.each([
    {
      problem: 'a password shorter than 8 characters',
      payload: { password: 'short', name: 'Guest' },
      path: 'password',
    },
    {
      problem: 'an e-mail that is not an address',
      payload: { email: 'not-an-email', password: 'long-enough', name: 'Guest' },
      path: 'email',
    },
    { problem: 'a missing name', payload: { password: 'long-enough' }, path: 'name' },
    { problem: 'a blank name', payload: { password: 'long-enough', name: '   ' }, path: 'name' },
  ])('answers 400 with errors[] and writes nothing for $problem', async ({ payload, path }) => {
    const before = await countUsers();
    const res = await register({ email: uniqueEmail('bad'), ...payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path, message: expect.any(String) })]));
    expect(await countUsers()).toBe(before);
  });
});

describe('POST /api/auth/login', () => {
  it('returns the user and a token that opens GET /api/auth/me', async () => {
    const email = uniqueEmail('login');
    await register({ email, password: 'my-password-1', name: 'Login Person' });
    const res = await login(email.toUpperCase(), 'my-password-1');
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json().data;
    expect(user).toMatchObject({ email, name: 'Login Person', role: 'user' });
    expect(user).not.toHaveProperty('passwordHash');
    expect(token).toEqual(expect.any(String));
    const profile = await me(token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data._id).toBe(user._id);
  });

  it('answers 401 with the same message for an unknown e-mail and a wrong password', async () => {
    const email = uniqueEmail('known');
    await register({ email, password: 'right-password', name: 'Known' });
    const wrongPassword = await login(email, 'wrong-password');
    const unknownEmail = await login(uniqueEmail('nobody'), 'right-password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toMatchObject({
      success: false,
      code: 'BAD_CREDENTIALS',
      message: 'Incorrect e-mail or password.',
    });
  });

  it('signs in an account whose e-mail was stored in mixed case', async () => {
    const user = await createUser(ctx.app, { email: `Mixed.Case${++seq}@Example.COM`, password: 'mixed-password' });
    const res = await login(user.email.toLowerCase(), 'mixed-password');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user._id).toBe(user.id);
  });

  it('answers 400 when the password is missing', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail() } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'password' })]));
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('answers 401 with a garbage token', async () => {
    const res = await me('not.a.jwt');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
  });

  it('answers 401 with a token signed by another secret', async () => {
    const user = await createUser(ctx.app);
    const [header, payload] = user.token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect((await me(forged)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it.each([['not-a-uuid'], [''], ['12345'], ["00000000-0000-0000-0000-000000000000' or 1=1"], ['a\u0000b'], [42]])(
    'answers 401 to a correctly signed token whose sub is %j (not an account id)',
    async (sub) => {
      const res = await me(ctx.app.jwt.sign({ sub: sub as string, role: 'admin' }));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
    },
  );

  it('answers 401 to an expired token', async () => {
    const user = await createUser(ctx.app);
    const old = ctx.app.jwt.sign({ sub: user.id, role: user.role }, { clockTimestamp: Date.now() - 8 * 24 * 3_600_000 });
    const res = await me(old);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_INVALID');
  });

  it('answers 401 once the account is deleted', async () => {
    const admin = await createUser(ctx.app, { role: 'admin' });
    const user = await createUser(ctx.app);
    expect((await me(user.token)).statusCode).toBe(200);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: admin.auth });
    expect(del.statusCode).toBe(200);
    const res = await me(user.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'ACCOUNT_GONE' });
  });

  it('shows a role change on the very next request', async () => {
    const admin = await createUser(ctx.app, { role: 'admin' });
    const user = await createUser(ctx.app);
    expect((await me(user.token)).json().data.role).toBe('user');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: admin.auth,
      payload: { role: 'staff' },
    });
    expect(put.statusCode).toBe(200);
    expect((await me(user.token)).json().data.role).toBe('staff');
  });

  it('sees a role changed by hand in the database (the cache is told to forget it)', async () => {
    const user = await createUser(ctx.app);
    // Twice: the second answer may come from the cache.
    expect((await me(user.token)).json().data.role).toBe('user');
    expect((await me(user.token)).json().data.role).toBe('user');
    await query(ctx.app, sql`update users set role = 'staff' where id = ${user.id}`);
    // PGlite notifies at once; a PostgreSQL server's NOTIFY arrives a moment later.
    await expect.poll(async () => (await me(user.token)).json().data.role, { timeout: 3000 }).toBe('staff');
    const adminOnly = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: user.auth });
    expect(adminOnly.statusCode).toBe(403);
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 200 with a message', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out' });
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('answers 200 with the same message whether or not the account exists', async () => {
    const email = uniqueEmail('forgot');
    await register({ email, password: 'long-enough', name: 'Forgetful' });
    const known = await forgotPassword(email);
    const unknown = await forgotPassword(uniqueEmail('ghost'));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toMatch(/If an account exists/);
  });

  it('does not answer an unknown e-mail sooner than a known one would be answered', async () => {
    // An unknown address skips the database writes; a floor on the answer time hides that.
    const started = performance.now();
    await forgotPassword(uniqueEmail('ghost'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(395);
  });

  it('writes exactly one password-reset mail with a /reset-password?token= link for an existing account', async () => {
    const email = uniqueEmail('reset-mail');
    await register({ email, password: 'long-enough', name: 'Mail Person' });
    const before = await outbox(ctx.app);
    expect((await forgotPassword(email.toUpperCase())).statusCode).toBe(200);
    const added = (await outbox(ctx.app)).slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: 'password-reset', to: email });
    expect(added[0]!.text).toContain(`${ctx.app.config.publicUrl}/reset-password?token=`);
    expect(added[0]!.text).toContain('Mail Person');
    expect(added[0]!.html).toContain('/reset-password?token=');
  });

  it('writes no mail for an unknown e-mail', async () => {
    const before = (await outbox(ctx.app)).length;
    expect((await forgotPassword(uniqueEmail('unknown'))).statusCode).toBe(200);
    expect(await outbox(ctx.app)).toHaveLength(before);
  });

  it('answers 400 to an e-mail that is not an address', async () => {
    const res = await forgotPassword('nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('email');
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password with the mailed token: the old password stops working, the new one works', async () => {
    const email = uniqueEmail('reset');
    await register({ email, password: 'old-password', name: 'Resetter' });
    const token = await resetTokenFor(email);
    const res = await resetPassword(token, 'new-password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your password has been changed. You can now log in.' });
    expect((await login(email, 'old-password')).statusCode).toBe(401);
    expect((await login(email, 'new-password')).statusCode).toBe(200);
  });

  it('accepts a token only once', async () => {
    const email = uniqueEmail('once');
    await register({ email, password: 'old-password', name: 'Once' });
    const token = await resetTokenFor(email);
    expect((await resetPassword(token, 'first-new-password')).statusCode).toBe(200);
    const again = await resetPassword(token, 'second-new-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, code: 'RESET_LINK_INVALID' });
    expect((await login(email, 'first-new-password')).statusCode).toBe(200);
    expect((await login(email, 'second-new-password')).statusCode).toBe(401);
  });

  it('answers 400 to an expired token and keeps the password', async () => {
    const email = uniqueEmail('expired');
    await register({ email, password: 'old-password', name: 'Late' });
    const token = await resetTokenFor(email);
    await query(
      ctx.app,
      sql`update password_reset_tokens set expires_at = now() - interval '1 minute'
          where user_id = (select id from users where email = ${email})`,
    );
    const res = await resetPassword(token, 'new-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RESET_LINK_INVALID');
    expect((await login(email, 'old-password')).statusCode).toBe(200);
  });

  it('answers 400 to a token that was never issued', async () => {
    const res = await resetPassword('x'.repeat(43), 'new-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RESET_LINK_INVALID');
  });

  it('refuses a too-short new password without using up the link', async () => {
    const email = uniqueEmail('short');
    await register({ email, password: 'old-password', name: 'Short' });
    const token = await resetTokenFor(email);
    const short = await resetPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'password' })]));
    expect((await resetPassword(token, 'long-enough-now')).statusCode).toBe(200);
  });

  it('voids the other links of the account once the password is changed', async () => {
    const email = uniqueEmail('links');
    await register({ email, password: 'old-password', name: 'Two Links' });
    const first = await resetTokenFor(email);
    const second = await resetTokenFor(email);
    expect(first).not.toBe(second);
    expect((await resetPassword(second, 'new-password')).statusCode).toBe(200);
    expect((await resetPassword(first, 'other-password')).statusCode).toBe(400);
    expect((await login(email, 'new-password')).statusCode).toBe(200);
  });

  it('ends the sessions that began before the reset', async () => {
    const email = uniqueEmail('sessions');
    await register({ email, password: 'old-password', name: 'Signed In' });
    const before = (await login(email, 'old-password')).json().data.token as string;
    expect((await me(before)).statusCode).toBe(200);
    const token = await resetTokenFor(email);
    // Token times (iat) are whole seconds: the clock moves on one so "before" is strictly before.
    nextSecond();
    expect((await resetPassword(token, 'new-password')).statusCode).toBe(200);
    const old = await me(before);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('TOKEN_INVALID');
    const fresh = (await login(email, 'new-password')).json().data.token as string;
    expect((await me(fresh)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  const meWith = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  const change = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/change-password', headers, payload });

  it('changes the password after checking the current one, ends the other sign-ins and gives this one a new token', async () => {
    const user = await createUser(ctx.app, { password: 'first-password' });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'first-password' } });
    const otherDevice = { authorization: `Bearer ${login.json().data.token}` };
    // Tokens are stamped to the second: the change must come after the other sign-in's second.
    nextSecond();
    const res = await change(user.auth, { currentPassword: 'first-password', newPassword: 'second-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been changed. Your other sign-ins have ended.');
    const fresh = { authorization: `Bearer ${res.json().data.token}` };
    expect((await meWith(fresh)).statusCode).toBe(200);
    expect((await meWith(otherDevice)).statusCode).toBe(401);
    expect((await meWith(user.auth)).statusCode).toBe(401);
    const old = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'first-password' } });
    expect(old.statusCode).toBe(401);
    const now = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'second-password' } });
    expect(now.statusCode).toBe(200);
  });

  it('400 for a wrong current password, the same password, or a short new one; nothing changes', async () => {
    const user = await createUser(ctx.app, { password: 'first-password' });
    const wrong = await change(user.auth, { currentPassword: 'not-it', newPassword: 'second-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', errors: [{ path: 'currentPassword' }] });
    const same = await change(user.auth, { currentPassword: 'first-password', newPassword: 'first-password' });
    expect(same.json().errors).toEqual([{ path: 'newPassword', message: 'Choose a password different from the current one.' }]);
    const short = await change(user.auth, { currentPassword: 'first-password', newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect((await meWith(user.auth)).statusCode).toBe(200);
    expect((await change({}, { currentPassword: 'a', newPassword: 'second-password' })).statusCode).toBe(401);
  });
});
