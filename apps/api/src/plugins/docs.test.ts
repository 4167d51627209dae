import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';

const ctx = useTestApp({ reset: 'file', accounts: {} });

describe('GET /api/openapi.json', () => {
  it('lists the routes and says who may call each one', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Residency API');
    const users = doc.paths['/api/users'].get;
    expect(users['x-access']).toEqual(['admin']);
    expect(users.description).toContain('Roles: admin.');
    expect(users.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/users/me'].patch['x-access']).toBe('signed-in');
    expect(doc.paths['/api/users/{id}'].delete['x-access']).toEqual(['admin']);
    expect(doc.paths['/api/admin'].get['x-access']).toEqual(['admin']);
    const login = doc.paths['/api/auth/login'].post;
    expect(login['x-access']).toBe('public');
    expect(login.security).toBeUndefined();
    expect(login.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  it('states an access rule for every operation it lists', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const missing: string[] = [];
    for (const [url, operations] of Object.entries<Record<string, { 'x-access'?: unknown }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation['x-access'] === undefined) missing.push(`${method.toUpperCase()} ${url}`);
      }
    }
    expect(Object.keys(doc.paths).length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('answers with the HTML reference page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<html/i);
  });
});
