import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser, query, useTestApp } from '../../test/app.ts';

// Counts and "last admin" depend on who exists: each test starts with one admin only.
const ctx = useTestApp({ accounts: { admin: { name: 'Head Admin', email: 'head.admin@residency.test' } } });

const asAdmin = () => ctx.admin.auth;

function listUsers(queryString = '', headers = asAdmin()) {
  return ctx.app.inject({ method: 'GET', url: `/api/users${queryString}`, headers });
}
function changeRole(id: string, role: unknown, headers = asAdmin()) {
  return ctx.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers, payload: { role } });
}
function deleteUser(id: string, headers = asAdmin()) {
  return ctx.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers });
}
function updateMe(headers: Record<string, string>, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers, payload });
}
function me(headers: Record<string, string>) {
  return ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers });
}

describe('GET /api/users', () => {
  it('lists the accounts for an admin with data and meta', async () => {
    const guest = await createUser(ctx.app, { name: 'Guest One' });
    const res = await listUsers();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.meta).toEqual({ page: 1, limit: 10, total: 2 });
    expect(body.data.map((u: { _id: string }) => u._id).sort()).toEqual([ctx.admin.id, guest.id].sort());
    const row = body.data.find((u: { _id: string }) => u._id === guest.id);
    expect(row).toMatchObject({ name: 'Guest One', email: guest.email, role: 'user', phone: null });
    expect(row.membershipNumber).toMatch(/^RS\d{6}$/);
    expect(Number.isNaN(Date.parse(row.createdAt))).toBe(false);
    expect(row).not.toHaveProperty('passwordHash');
  });

  it('answers 403 to staff and guests', async () => {
    const staff = await createUser(ctx.app, { role: 'staff' });
    const guest = await createUser(ctx.app);
    expect((await listUsers('', staff.auth)).statusCode).toBe(403);
    expect((await listUsers('', guest.auth)).statusCode).toBe(403);
  });

  it('pages through the accounts without repeating anyone', async () => {
    for (let i = 0; i < 6; i += 1) await createUser(ctx.app);
    const first = (await listUsers('?page=1&limit=3')).json();
    const second = (await listUsers('?page=2&limit=3')).json();
    const third = (await listUsers('?page=3&limit=3')).json();
    expect(first.meta).toEqual({ page: 1, limit: 3, total: 7 });
    expect(second.meta).toEqual({ page: 2, limit: 3, total: 7 });
    expect(first.data).toHaveLength(3);
    expect(second.data).toHaveLength(3);
    expect(third.data).toHaveLength(1);
    const ids = [...first.data, ...second.data, ...third.data].map((u: { _id: string }) => u._id);
    expect(new Set(ids).size).toBe(7);
  });

  it('answers 400 to a limit above 100 or a page below 1', async () => {
    expect((await listUsers('?limit=101')).statusCode).toBe(400);
    expect((await listUsers('?page=0')).statusCode).toBe(400);
  });

  it('searches names and e-mails without regard to letter case', async () => {
    const byName = await createUser(ctx.app, { name: 'Farhana Akter', email: 'fa@example.com' });
    const byEmail = await createUser(ctx.app, { name: 'Someone Else', email: 'AKTER.family@example.com' });
    await createUser(ctx.app, { name: 'Unrelated', email: 'other@example.com' });
    const res = await listUsers('?searchTerm=aKtEr');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.total).toBe(2);
    expect(body.data.map((u: { _id: string }) => u._id).sort()).toEqual([byName.id, byEmail.id].sort());
  });

  it('takes % and _ in the search literally', async () => {
    const percent = await createUser(ctx.app, { name: '100% Cotton' });
    const underscore = await createUser(ctx.app, { name: 'Under_score' });
    await createUser(ctx.app, { name: 'Plain Cotton' });
    await createUser(ctx.app, { name: 'Underscore' });
    const byPercent = (await listUsers(`?searchTerm=${encodeURIComponent('%')}`)).json();
    expect(byPercent.data.map((u: { _id: string }) => u._id)).toEqual([percent.id]);
    const byUnderscore = (await listUsers('?searchTerm=r_s')).json();
    expect(byUnderscore.data.map((u: { _id: string }) => u._id)).toEqual([underscore.id]);
  });

  it('leaves deleted accounts out', async () => {
    const gone = await createUser(ctx.app, { name: 'Gone Soon' });
    expect((await deleteUser(gone.id)).statusCode).toBe(200);
    const body = (await listUsers('?searchTerm=Gone')).json();
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(0);
  });
});

describe('GET /api/users/:id', () => {
  it('returns one account', async () => {
    const guest = await createUser(ctx.app, { name: 'Single' });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/${guest.id}`, headers: asAdmin() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: guest.id, name: 'Single', role: 'user' });
  });

  it('answers 404 for an unknown id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/${randomUUID()}`, headers: asAdmin() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'USER_NOT_FOUND' });
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/12345', headers: asAdmin() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json().errors[0].path).toBe('id');
  });
});

describe('PUT /api/users/:id', () => {
  it('changes the role and the person gets its rights at once', async () => {
    const staffToBe = await createUser(ctx.app);
    expect((await listUsers('', staffToBe.auth)).statusCode).toBe(403);
    const res = await changeRole(staffToBe.id, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'User role updated successfully',
      data: { _id: staffToBe.id, role: 'admin' },
    });
    expect((await listUsers('', staffToBe.auth)).statusCode).toBe(200);
  });

  it('answers 400 to a role that does not exist and changes nothing', async () => {
    const guest = await createUser(ctx.app);
    const res = await changeRole(guest.id, 'owner');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'role', message: 'Role must be admin, user or staff.' });
    expect((await me(guest.auth)).json().data.role).toBe('user');
  });

  it('answers 404 for an unknown account', async () => {
    expect((await changeRole(randomUUID(), 'staff')).statusCode).toBe(404);
  });

  it('refuses an admin demoting themselves with 409 SELF_DEMOTE (so the last admin cannot be demoted either)', async () => {
    for (const role of ['user', 'staff']) {
      const res = await changeRole(ctx.admin.id, role);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, code: 'SELF_DEMOTE', message: 'You cannot change your own role. Another admin can do it.' });
    }
    // With a second admin it is still refused: only another admin may do it.
    const second = await createUser(ctx.app, { role: 'admin' });
    expect((await changeRole(ctx.admin.id, 'staff')).json().code).toBe('SELF_DEMOTE');
    expect((await changeRole(ctx.admin.id, 'staff', second.auth)).statusCode).toBe(200);
  });

  it('lets one of two admins be demoted, and then the other is the last', async () => {
    const second = await createUser(ctx.app, { role: 'admin' });
    const demoted = await changeRole(second.id, 'staff');
    expect(demoted.statusCode).toBe(200);
    expect((await listUsers('', second.auth)).statusCode).toBe(403);
  });

  it('keeps one admin when two admins demote each other at the same time', async () => {
    const second = await createUser(ctx.app, { role: 'admin' });
    const answers = await Promise.all([
      changeRole(second.id, 'user', ctx.admin.auth),
      changeRole(ctx.admin.id, 'user', second.auth),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    // The loser is refused either by the last-admin rule (409) or, if it came second, by the guard (403).
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const [row] = await query<{ n: number }>(
      ctx.app,
      sql`select count(*)::int as n from users where role = 'admin' and deleted_at is null`,
    );
    expect(Number(row!.n)).toBe(1);
  });

  it('lets an admin keep the admin role of the last admin (no change is no demotion)', async () => {
    expect((await changeRole(ctx.admin.id, 'admin')).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/:id', () => {
  it('closes the account: its person can no longer log in or use a token', async () => {
    const guest = await createUser(ctx.app, { password: 'guest-password' });
    expect((await me(guest.auth)).statusCode).toBe(200);
    const res = await deleteUser(guest.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'User Deleted successfully' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: guest.email, password: 'guest-password' },
    });
    expect(login.statusCode).toBe(401);
    expect((await me(guest.auth)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${guest.id}`, headers: asAdmin() })).statusCode).toBe(404);
  });

  it('answers 404 to a second delete of the same account', async () => {
    const guest = await createUser(ctx.app);
    expect((await deleteUser(guest.id)).statusCode).toBe(200);
    expect((await deleteUser(guest.id)).statusCode).toBe(404);
  });

  it('refuses an admin deleting their own account with 409 SELF_DELETE, even with other admins', async () => {
    const res = await deleteUser(ctx.admin.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, code: 'SELF_DELETE', message: 'You cannot delete your own account. Another admin can do it.' });
    const second = await createUser(ctx.app, { role: 'admin' });
    expect((await deleteUser(ctx.admin.id)).json().code).toBe('SELF_DELETE');
    expect((await me(asAdmin())).statusCode).toBe(200);
    // Another admin may.
    expect((await deleteUser(ctx.admin.id, second.auth)).statusCode).toBe(200);
  });

  it('deletes an admin when another admin remains', async () => {
    const second = await createUser(ctx.app, { role: 'admin' });
    expect((await deleteUser(second.id)).statusCode).toBe(200);
    expect((await listUsers('', second.auth)).statusCode).toBe(401);
  });

  it('frees the e-mail for a new sign-up', async () => {
    const guest = await createUser(ctx.app, { email: 'comeback@example.com' });
    expect((await deleteUser(guest.id)).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'Comeback@example.com', password: 'a-new-start', name: 'Back Again' },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json().data.user;
    expect(user._id).not.toBe(guest.id);
    expect(user.membershipNumber).not.toBe(guest.membershipNumber);
    expect((await listUsers('?searchTerm=comeback')).json().meta.total).toBe(1);
  });
});

describe('PATCH /api/users/me', () => {
  it('updates name, phone, address and image, and GET /api/auth/me shows them', async () => {
    const guest = await createUser(ctx.app, { name: 'Before' });
    const changes = {
      name: 'After',
      phone: '+880 1811-222333',
      address: 'Road 5, Banani, Dhaka',
      image: 'https://images.example.com/me.jpg',
    };
    const res = await updateMe(guest.auth, changes);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(changes);
    expect((await me(guest.auth)).json().data).toMatchObject({ ...changes, email: guest.email, role: 'user' });
  });

  it('leaves the fields it is not sent as they are', async () => {
    const guest = await createUser(ctx.app, { name: 'Keeps Name' });
    await updateMe(guest.auth, { phone: '01711000000' });
    const res = await updateMe(guest.auth, { address: 'Somewhere 1' });
    expect(res.statusCode).toBe(200);
    expect((await me(guest.auth)).json().data).toMatchObject({
      name: 'Keeps Name',
      phone: '01711000000',
      address: 'Somewhere 1',
    });
  });

  it('clears the phone with an empty string', async () => {
    const guest = await createUser(ctx.app);
    await updateMe(guest.auth, { phone: '+880 1711-000999' });
    const res = await updateMe(guest.auth, { phone: '' });
    expect(res.statusCode).toBe(200);
    expect((await me(guest.auth)).json().data.phone).toBeNull();
  });

  it('answers 400 to an image that is not a web link and changes nothing', async () => {
    const guest = await createUser(ctx.app, { name: 'Unchanged' });
    const res = await updateMe(guest.auth, { name: 'Changed', image: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('image');
    expect((await me(guest.auth)).json().data).toMatchObject({ name: 'Unchanged', image: null });
  });

  it('does not let a person change their own role or e-mail', async () => {
    const guest = await createUser(ctx.app);
    const res = await updateMe(guest.auth, { name: 'Still Guest', role: 'admin', email: 'new@example.com' });
    expect(res.statusCode).toBe(200);
    expect((await me(guest.auth)).json().data).toMatchObject({ name: 'Still Guest', role: 'user', email: guest.email });
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', payload: { name: 'Nobody' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/users/invite', () => {
  const invite = (payload: Record<string, unknown>, headers = asAdmin()) =>
    ctx.app.inject({ method: 'POST', url: '/api/users/invite', headers, payload });

  it("makes the account with the role and mails a one-hour link that sets the password, once", async () => {
    const res = await invite({ name: 'Sadia Rahman', email: 'Sadia@Hotel.example', role: 'staff' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Invitation sent to sadia@hotel.example', data: { role: 'staff', name: 'Sadia Rahman' } });
    const [mail] = await query<{ to: string; subject: string; text: string }>(ctx.app, sql`select "to", subject, text from outbox_mails where kind = 'invite'`);
    expect(mail!.to).toBe('sadia@hotel.example');
    expect(mail!.text).toContain('Head Admin has invited you to Residency as a member of staff.');
    const token = /reset-password\?token=([\w-]+)&invite=1/.exec(mail!.text)?.[1];
    expect(token).toBeDefined();
    // Until the link is used there is no password: nobody can sign in.
    const before = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'sadia@hotel.example', password: 'anything-at-all' } });
    expect(before.statusCode).toBe(401);
    const set = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'my-own-password' } });
    expect(set.statusCode).toBe(200);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'sadia@hotel.example', password: 'my-own-password' } });
    expect(login.json().data.user.role).toBe('staff');
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'another-password' } });
    expect(again.statusCode).toBe(400);
  });

  it('makes a link that stops working after one hour', async () => {
    await invite({ name: 'Late Comer', email: 'late@hotel.example', role: 'admin' });
    const [mail] = await query<{ text: string }>(ctx.app, sql`select text from outbox_mails where kind = 'invite'`);
    const token = /token=([\w-]+)/.exec(mail!.text)![1];
    await query(ctx.app, sql`update password_reset_tokens set expires_at = now() - interval '1 second'`);
    const set = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'my-own-password' } });
    expect(set.statusCode).toBe(400);
    expect(set.json().code).toBe('RESET_LINK_INVALID');
  });

  it('409 for an e-mail that has an account, 400 for a bad role, 403 for staff', async () => {
    const guest = await createUser(ctx.app, { email: 'guest@hotel.example' });
    const taken = await invite({ name: 'Guest', email: 'GUEST@hotel.example', role: 'staff' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    expect((await invite({ name: 'X', email: 'x@hotel.example', role: 'owner' })).statusCode).toBe(400);
    const staff = await createUser(ctx.app, { role: 'staff' });
    expect((await invite({ name: 'X', email: 'x@hotel.example', role: 'staff' }, staff.auth)).statusCode).toBe(403);
    expect((await me(guest.auth)).json().data.role).toBe('user');
  });
});
