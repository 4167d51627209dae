import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ISO_DATE_PATTERN } from '@residency/shared';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../test/app.ts';
import { documentValidator, valuesOf, type JsonSchema } from '../test/document-arbitraries.ts';
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

/* ---------- the reference against the server (issue 31, §7: what a peer fuzzer found) ---------- */

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  'x-access'?: Access;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema & { $ref?: string } }> }>;
}
interface Listed {
  key: string;
  method: string;
  path: string;
  operation: Operation;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

let reference: Document;
const documented = async () => {
  reference ??= (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
  return reference;
};
const operationsOf = (doc: Document): Listed[] =>
  Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, operation })),
  );
const takesInput = ({ method, operation }: Listed) =>
  (operation.parameters ?? []).length > 0 || operation.requestBody !== undefined || ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/** Where a request's strings sit in an operation: its parameters, and its JSON body's properties (nested, arrays marked []). */
function stringsOf(operation: Operation): { where: string; name: string; schema: JsonSchema }[] {
  const found: { where: string; name: string; schema: JsonSchema }[] = [];
  const walk = (schema: JsonSchema | undefined, where: string, name: string) => {
    if (!schema) return;
    const types = [schema.type].flat();
    if (types.includes('string') && !schema.enum && !('const' in schema)) found.push({ where, name, schema });
    for (const [key, child] of Object.entries(schema.properties ?? {})) walk(child, `${where}.${key}`, key);
    walk(schema.items, `${where}[]`, name);
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(branch, where, name);
  };
  for (const parameter of operation.parameters ?? []) walk(parameter.schema, `${parameter.in} ${parameter.name}`, parameter.name);
  walk(operation.requestBody?.content['application/json']?.schema, 'body', '');
  return found;
}

/** Names that say a string is a day or a time, an e-mail address, or a link: each needs a format. */
const NEEDS_FORMAT = /^(date|day|from|to|checkIn|checkOut|email|url|href|link)$|(Date|At|Email|Url|Link)$/;

/** A caller the route lets in: none for a public one, else an account of the first role it names. */
async function callerOf(access: Access | undefined): Promise<Record<string, string>> {
  if (access === 'public' || access === undefined) return {};
  const role = access === 'signed-in' ? 'user' : access[0]!;
  return (await createUser(ctx.app, { role })).auth;
}

describe('the API reference against the server', () => {
  it('declares the error answers of every operation, in the error envelope', async () => {
    const doc = await documented();
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const listed of operations) {
      const { key, operation, path } = listed;
      const access = operation['x-access'];
      const wanted = [500];
      if (takesInput(listed)) wanted.push(400);
      if (access !== 'public') wanted.push(401);
      if (Array.isArray(access)) wanted.push(403);
      if (path.includes('{')) wanted.push(404);
      for (const status of wanted) if (!operation.responses[status]) missing.push(`${key}: no ${status}`);
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const schema = answer.content?.['application/json']?.schema;
        const envelope = schema?.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
        if (!envelope || !['success', 'message', 'code'].every((field) => envelope.required?.includes(field))) {
          missing.push(`${key}: ${status} is not the error envelope`);
        }
      }
    }
    expect(missing).toEqual([]);
    // The envelope allows more than its three fields: a stay rule's refusal names the rule (`rule`, `date`…).
    expect(doc.components.schemas.ErrorResponse).toMatchObject({ required: ['success', 'message', 'code'], additionalProperties: {} });
  });

  it('gives every date, e-mail address and link of a request its format, and every schema compiles (formats known, patterns valid)', async () => {
    const doc = await documented();
    const ajv = documentValidator();
    const unformatted: string[] = [];
    for (const { key, operation } of operationsOf(doc)) {
      for (const { where, name, schema } of stringsOf(operation)) {
        if (NEEDS_FORMAT.test(name) && !schema.format) unformatted.push(`${key} ${where}`);
        // Throws on a format no validator knows and on a pattern that is not a JavaScript (u) regular expression.
        for (const pattern of [schema.pattern, ...(schema.allOf ?? []).map((p) => p.pattern)]) if (typeof pattern === 'string') new RegExp(pattern, 'u');
        ajv.compile(schema);
      }
    }
    expect(unformatted).toEqual([]);
    const dates = operationsOf(doc).flatMap(({ operation }) => stringsOf(operation)).filter(({ schema }) => schema.format === 'date');
    expect(dates.length).toBeGreaterThan(20);
    for (const { schema } of dates) expect(schema.pattern).toBe(ISO_DATE_PATTERN);
  });

  it('refuses a query parameter a route does not take, with a 400 that names it, on every route with a query', async () => {
    const doc = await documented();
    const ajv = documentValidator();
    const accepted: string[] = [];
    let routes = 0;
    for (const { key, method, path, operation } of operationsOf(doc)) {
      const parameters = operation.parameters ?? [];
      // Google's redirect back takes what Google sends (next test); bKash's return, what bKash adds
      // (signature, apiVersion…); an SMS provider's delivery report, what the provider adds.
      const takesTheSendersFields = ['GET /api/auth/google/callback', 'GET /api/payments/bkash/callback', 'POST /api/sms/delivery-report'];
      if (!parameters.some((p) => p.in === 'query') || takesTheSendersFields.includes(key)) continue;
      routes += 1;
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        const schema = parameters.find((p) => p.in === 'path' && p.name === name)!.schema;
        return encodeURIComponent(String(fc.sample(valuesOf(ajv, schema), { numRuns: 1, seed: 7 })[0]));
      });
      const required = parameters.filter((p) => p.in === 'query' && p.required);
      const query = required.map((p) => `${p.name}=${encodeURIComponent(String(fc.sample(valuesOf(ajv, p.schema), { numRuns: 1, seed: 7 })[0]))}`);
      const res = await ctx.app.inject({
        method: method as 'GET',
        url: `${url}?${[...query, 'pgae=2'].join('&')}`,
        headers: await callerOf(operation['x-access']),
      });
      const body: { errors?: { path: string; message: string }[] } = res.headers['content-type']?.includes('json') ? res.json() : {};
      if (res.statusCode !== 400 || !body.errors?.some((e) => e.path === 'pgae' && e.message.includes('"pgae"'))) {
        accepted.push(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(routes).toBeGreaterThanOrEqual(20);
    expect(accepted).toEqual([]);
  });

  it('still takes what Google adds to the sign-in callback (scope, authuser, prompt)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y&scope=openid+email&authuser=0&prompt=none' });
    // Google sign-in is not configured here: the route's own 404, not a 400 for the parameters.
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('GOOGLE_DISABLED');
  });

  it('refuses plan=null (a client\'s empty variable), in the rate calendar and its log', async () => {
    const admin = await createUser(ctx.app, { role: 'admin' });
    for (const url of ['/api/rates?category=Deluxe&plan=null&from=2027-01-01&to=2027-01-02', '/api/rates/changes?category=Deluxe&plan=undefined']) {
      const res = await ctx.app.inject({ url, headers: admin.auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'plan', message: 'Send a plan code (such as STD), or leave it out.' });
    }
    // A code in either case is still one (kept in capitals), as before.
    expect((await ctx.app.inject({ url: '/api/rates/changes?category=Deluxe&plan=std', headers: admin.auth })).statusCode).toBe(404);
  });

  it('accepts the values the document allows, on a sample of routes (values drawn from the document, not from zod)', { timeout: 60_000 }, async () => {
    const doc = await documented();
    const ajv = documentValidator();
    const sample = ['POST /api/contact', 'PATCH /api/users/me', 'POST /api/hero-slides', 'GET /api/channels/blocks', 'GET /api/reports/cash-up', 'GET /api/rates/changes', 'POST /api/auth/forgot-password'];
    const refused: string[] = [];
    for (const key of sample) {
      const listed = operationsOf(doc).find((o) => o.key === key);
      expect(listed, key).toBeDefined();
      const { method, path, operation } = listed!;
      const headers = await callerOf(operation['x-access']);
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const queries = fc.record(
        Object.fromEntries(query.map((p) => [p.name, valuesOf(ajv, p.schema)])),
        { requiredKeys: query.filter((p) => p.required).map((p) => p.name) },
      );
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const bodies = bodySchema ? valuesOf(ajv, bodySchema) : fc.constant(undefined);
      let last = '';
      const details = await fc.check(
        fc.asyncProperty(queries, bodies, async (values, body) => {
          const search = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
          const res = await ctx.app.inject({ method: method as 'GET', url: search ? `${path}?${search}` : path, headers, ...(body === undefined ? {} : { payload: body as object }) });
          if (res.statusCode !== 400) return true;
          last = `${key}?${search} ${JSON.stringify(body)} → ${res.body.slice(0, 300)}`;
          return false;
        }),
        { numRuns: key.includes('forgot-password') ? 5 : 15, seed: 31 },
      );
      // After shrinking, `last` is the smallest request refused that was found.
      if (details.failed) refused.push(last);
    }
    expect(refused).toEqual([]);
  });
});
