import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';

const ctx = useTestApp({ reset: 'file', accounts: {} });

describe('error answers', () => {
  it('answers 400 { success: false, code, message } to a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      success: false,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      message: 'The request body is not valid JSON.',
    });
  });

  it('answers 400 to an empty JSON body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'The request body is empty.' });
  });

  it('answers 415 to a content type the API does not read', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
  });

  it('answers 413 to a body larger than 1 MB', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: 'The request is too large.' });
  });

  it('answers 404 JSON for an unknown /api path', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'Nothing is found at GET /api/no-such-thing.',
    });
  });

  it('answers 414 URL_TOO_LONG in the envelope for a path parameter longer than the router takes', async () => {
    const res = await ctx.app.inject({ url: `/api/room/${'a'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ success: false, code: 'URL_TOO_LONG', message: 'This address is too long.' });
  });

  it('answers 400 JSON_TOO_DEEP to a body nested 5,000 levels deep, before parsing it', async () => {
    for (const payload of ['['.repeat(5000) + ']'.repeat(5000), '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, code: 'JSON_TOO_DEEP', message: 'The request body nests deeper than 32 levels.' });
    }
  });

  it('answers 400 to a body with a __proto__ key', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com","password":"x","__proto__":{"isAdmin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
  });

  it('lists every validation problem with its path', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'bad', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['email', 'name', 'password']);
    expect(body.message).toBe(body.errors[0].message);
  });
});
