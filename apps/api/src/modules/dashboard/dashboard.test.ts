import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, query } from '../../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('GET /api/admin', () => {
  it('counts users, staff, admins and the users who joined in the last 7 days', async () => {
    const admin = await createUser(app, { role: 'admin' });
    await createUser(app, { role: 'staff' });
    await createUser(app, { role: 'staff' });
    await createUser(app, { role: 'user' });
    await createUser(app, { role: 'user' });
    const oldTimer = await createUser(app, { role: 'user' });
    const closed = await createUser(app, { role: 'user' });
    await query(app, sql`update users set created_at = now() - interval '8 days' where id = ${oldTimer.id}`);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/users/${closed.id}`, headers: admin.auth });
    expect(deleted.statusCode).toBe(200);

    const res = await app.inject({ method: 'GET', url: '/api/admin', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { totalUsers: 3, totalStaffs: 2, totalAdmins: 1, newUsersThisWeek: 2 },
    });
  });

  it('answers 403 to staff', async () => {
    const staff = await createUser(app, { role: 'staff' });
    expect((await app.inject({ method: 'GET', url: '/api/admin', headers: staff.auth })).statusCode).toBe(403);
  });
});
