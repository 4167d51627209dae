import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { TEST_JWT_SECRET } from '../test/app.ts';
import { testDatabase } from '../test/database.ts';

/**
 * The built web app as the server sends it, on a build directory of our own: pages for every
 * client, the error envelope for everything that is not a page, whatever the client sends.
 */
let app: FastifyInstance;
let dist: string;
let dataDir: string;
let port: number;

const INDEX = '<!doctype html><html><head><!--site-config--></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("residency");'.repeat(50);

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'residency-web-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'residency-web-data-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dataDir, '.jwt-secret'), 'x'.repeat(40));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    webDist: dist,
  };
  app = await buildApp(config, { database: await testDatabase(), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const envelope = { success: false, message: expect.any(String), code: expect.any(String) };

describe('the home page', () => {
  it.each([
    ['no Accept-Encoding (curl, monitors, crawlers)', undefined],
    ['identity', 'identity'],
    ['zstd only', 'zstd'],
    ['gzip refused', 'gzip;q=0'],
    ['gzip', 'gzip'],
    ['brotli', 'br'],
  ])('answers 200 HTML to a client accepting %s', async (_label, acceptEncoding) => {
    const res = await app.inject({ url: '/', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // In the encoding asked for (plugins/compress.ts), else as it is.
    const encoding = res.headers['content-encoding'];
    expect(encoding).toBe(acceptEncoding === 'gzip' || acceptEncoding === 'br' ? acceptEncoding : undefined);
    const html = (encoding === 'br' ? brotliDecompressSync : encoding === 'gzip' ? gunzipSync : (b: Buffer) => b)(res.rawPayload).toString();
    expect(html).toContain('<div id="root">');
    // The hotel's facts are in the page itself.
    expect(html).toContain('id="site-config"');
  });

  it('answers HEAD / with 200', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('answers a bare HTTP/1.0 request, as the simplest monitor sends it', async () => {
    const answer = await rawRequest('GET / HTTP/1.0\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain('<div id="root">');
  });
});

describe('files and pages', () => {
  it('serves a built asset in the encoding the client takes, and plain to one that takes none', async () => {
    const plain = await app.inject({ url: '/assets/app-1234.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(SCRIPT);
    const brotli = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
  });

  it('answers a page path with the web app, including a category name with a dot in it', async () => {
    for (const url of ['/accommodation', '/admin/users', '/booking/123', '/admin/edit-category/Suite%202.0']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it.each([
    '/.env',
    '/.git/config',
    '/uploads/.jwt-secret',
    '/%2ejwt-secret',
    '/app.js.map',
    '/assets/missing-9999.js',
    '/wp-login.php',
    '/favicon.ico',
    '/backup.sql',
  ])('404 in the envelope, never the web app, for the missing file %s', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ ...envelope, code: 'NOT_FOUND' });
  });

  it.each(['/uploads/', '/uploads', '/assets/', '/uploads/2026/', '/uploads/../.jwt-secret'])(
    '404 in the envelope for the directory %s (was 403)',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ ...envelope, code: 'NOT_FOUND' });
    },
  );

  it('404 in the envelope for a POST to a page path', async () => {
    const res = await app.inject({ method: 'POST', url: '/accommodation', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ...envelope, code: 'NOT_FOUND' });
  });
});

describe('requests the router or Node refuse', () => {
  it('400 BAD_URL in the envelope for a broken %-encoding', async () => {
    for (const url of ['/%E0%A4%A', '/api/room/%ZZ', '/api/room-categories/%']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ ...envelope, code: 'BAD_URL' });
    }
  });

  it('404 in the envelope for a path parameter longer than the router takes (it falls through to the files)', async () => {
    const res = await app.inject({ url: `/api/room/${'a'.repeat(500)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ...envelope, code: 'NOT_FOUND' });
  });

  it('431 in the envelope for headers larger than Node takes', async () => {
    const answer = await rawRequest(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ ...envelope, code: 'HEADERS_TOO_LARGE' });
  });

  it('431 in the envelope for an address of 20,000 characters', async () => {
    const answer = await rawRequest(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({ success: false });
  });

  it('400 in the envelope for a request that is not HTTP', async () => {
    const answer = await rawRequest('HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ ...envelope, code: 'BAD_REQUEST' });
  });
});

/** Sends raw bytes to the server and reads everything it answers until it closes. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.write(text);
  });
}
