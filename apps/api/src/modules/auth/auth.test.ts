import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('POST /api/auth/register', () => {
  it('creates a user account with a membership number and signs it in', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'Guest@Example.com', password: 'long-enough', name: 'Rahim Uddin' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data.user).toMatchObject({ email: 'guest@example.com', name: 'Rahim Uddin', role: 'user' });
    expect(body.data.user.membershipNumber).toMatch(/^RS\d{6}$/);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('guest@example.com');
  });
});
