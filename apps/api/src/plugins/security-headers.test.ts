import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';

const ctx = useTestApp({ reset: 'file', accounts: {} });

describe('security headers', () => {
  it('gives pages the web policy: own scripts only, no framing, Google pop-ups may answer', async () => {
    const res = await ctx.app.inject({ url: '/accommodation' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends HSTS only over HTTPS: never on plain http, yes behind a trusted proxy that says https', async () => {
    const plain = await ctx.app.inject({ url: '/accommodation' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect((await ctx.app.inject({ url: '/api/site' })).headers['strict-transport-security']).toBeUndefined();

    // A proxy on this machine (trusted by default) that took the request over TLS.
    for (const url of ['/accommodation', '/api/site']) {
      const secure = await ctx.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
    }

    // Anyone on the internet can send the header; only a trusted proxy is believed.
    const spoofed = await ctx.app.inject({ url: '/accommodation', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('switches off camera, microphone, location and payment on pages and API answers', async () => {
    for (const url of ['/accommodation', '/api/site', '/api/no-such-thing']) {
      const policy = String((await ctx.app.inject({ url })).headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(policy, url).toContain(feature);
    }
  });

  it('gives JSON answers the short API set, on successes and failures alike', async () => {
    for (const url of ['/api/site', '/api/users']) {
      const res = await ctx.app.inject({ url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });
});
