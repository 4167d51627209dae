import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, query, useTestApp } from '../../test/app.ts';

const ctx = useTestApp({ reset: 'file', accounts: {} });

describe('GET /api/admin', () => {
  it('counts users, staff, admins and the users who joined in the last 7 days', async () => {
    const admin = await createUser(ctx.app, { role: 'admin' });
    await createUser(ctx.app, { role: 'staff' });
    await createUser(ctx.app, { role: 'staff' });
    await createUser(ctx.app, { role: 'user' });
    await createUser(ctx.app, { role: 'user' });
    const oldTimer = await createUser(ctx.app, { role: 'user' });
    const closed = await createUser(ctx.app, { role: 'user' });
    await query(ctx.app, sql`update users set created_at = now() - interval '8 days' where id = ${oldTimer.id}`);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${closed.id}`, headers: admin.auth });
    expect(deleted.statusCode).toBe(200);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { totalUsers: 3, totalStaffs: 2, totalAdmins: 1, newUsersThisWeek: 2 },
    });
  });

  it('answers 403 to staff', async () => {
    const staff = await createUser(ctx.app, { role: 'staff' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin', headers: staff.auth })).statusCode).toBe(403);
  });
});
