import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { describeAccess, type Access } from './access.ts';

// A web build of our own, as the product serves one: its pages, /sitemap.xml, /robots.txt and
// static files are routes too, without a schema (a document built without them once hid a 500).
const dist = mkdtempSync(path.join(tmpdir(), 'residency-docs-web-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--site-config--></head><body><div id="root"></div></body></html>');
writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log("residency");');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const ctx = useTestApp({ reset: 'file', accounts: {}, config: () => ({ webDist: dist }) });

/** OpenAPI's spelling of a Fastify path: `/api/users/:id` is `/api/users/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

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

  it('lists every /api route the server registers, each with its access note, and nothing else, with the web app served', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    const expected = ctx.app
      .routeAccess()
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !(r.schema as { hide?: boolean } | undefined)?.hide)
      .flatMap((r) => [r.method].flat().filter((m) => m !== 'HEAD').map((m) => [`${m} ${openApiPath(r.url)}`, r.access as Access] as const));
    expect(expected.length).toBeGreaterThan(50);
    const access = new Map<string, Access>(expected);
    const listed = Object.entries<Record<string, { description?: string }>>(doc.paths).flatMap(([url, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${url}`, operation })),
    );
    expect(listed.map((l) => l.key).sort()).toEqual([...access.keys()].sort());
    for (const { key, operation } of listed) {
      expect(operation.description, key).toContain(describeAccess(access.get(key)!));
    }
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
