import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { IMAGE_WIDTHS } from '@residency/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from '../test/app.ts';
import { startS3, TEST_S3_CREDENTIALS, type TestS3 } from '../test/s3.ts';
import { unusedPort } from '../test/smtp.ts';
import { createS3Storage } from './storage.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let s3: TestS3;

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
});
// Registered after the S3 server's hooks: built once it is up, closed before it goes down.
const ctx = useTestApp({ env: () => s3.env, reset: 'file', accounts: { admin: true } });

/** A photo, by default 2400x1200: wide enough for every variant width. */
const photo = (width = 2400, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: '#2f6f8f' } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** `POST /api/uploads` of a JPEG as a browser's FormData sends it. */
async function upload(target: FastifyInstance, auth: Record<string, string>, data: Buffer) {
  const form = new FormData();
  form.append('purpose', 'content');
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'room.jpg');
  const encoded = new Response(form);
  return target.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...auth, 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

/** Every key in a bucket. */
async function keys(server: TestS3): Promise<string[]> {
  const list = await server.client.send(new ListObjectsV2Command({ Bucket: server.bucket }));
  return (list.Contents ?? []).map((o) => o.Key!).sort();
}

/** The error a server with these settings fails to start with (the test fails if it starts). */
async function startError(env: Record<string, string>): Promise<Error> {
  try {
    const started = await buildTestApp(env, { reset: false });
    await started.close();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the server started');
}

describe('POST /api/uploads with S3 storage', () => {
  it('201: every WebP variant is in the bucket with its type and a year-long immutable cache, and loads from the public URL', async () => {
    const res = await upload(ctx.app, ctx.admin.auth, await photo());
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    const base = `${s3.endpoint}/${s3.bucket}/`;
    expect(data.url).toMatch(new RegExp(`^${base}\\d{4}/\\d{2}/[0-9a-f-]{36}-1280\\.webp$`));
    expect(data.variants.map((v: { width: number }) => v.width)).toEqual(IMAGE_WIDTHS);

    const key = (url: string) => url.slice(base.length);
    expect(await keys(s3)).toEqual(expect.arrayContaining(data.variants.map((v: { url: string }) => key(v.url))));
    for (const variant of data.variants as { width: number; url: string }[]) {
      expect(variant.url.startsWith(base)).toBe(true);
      const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key(variant.url) }));
      expect(object.ContentType).toBe('image/webp');
      expect(object.CacheControl).toBe(IMMUTABLE);
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      const meta = await sharp(bytes).metadata();
      expect({ format: meta.format, width: meta.width }).toEqual({ format: 'webp', width: variant.width });

      // What a browser does with the answer: load the URL (path-style, anonymous).
      const fetched = await fetch(variant.url);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe('image/webp');
      expect(fetched.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('answers URLs under S3_PUBLIC_URL when one is set (a CDN in front of the bucket)', async () => {
    const cdn = await buildTestApp({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.residency.test/pictures/' }, { reset: false });
    try {
      const res = await upload(cdn, ctx.admin.auth, await photo());
      expect(res.statusCode).toBe(201);
      const { data } = res.json();
      for (const url of [data.url, ...data.variants.map((v: { url: string }) => v.url)]) {
        expect(url).toMatch(/^https:\/\/cdn\.residency\.test\/pictures\/\d{4}\/\d{2}\/[0-9a-f-]{36}-\d+\.webp$/);
      }
      // The object itself is in the bucket under the same key.
      expect(await keys(s3)).toContain(data.url.replace('https://cdn.residency.test/pictures/', ''));
    } finally {
      await cdn.close();
    }
  });

  it('503 STORAGE_UNAVAILABLE within seconds while S3 is down, with nothing stored, and 201 again once it is back', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'residency-s3-down-'));
    let server = await startS3({ directory });
    const own = await buildTestApp(server.env, { reset: false });
    try {
      // Small, so that the time measured is S3's failure rather than encoding.
      const picture = await photo(400, 200);
      await server.close();

      const started = performance.now();
      const res = await upload(own, ctx.admin.auth, picture);
      const seconds = (performance.now() - started) / 1000;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        code: 'STORAGE_UNAVAILABLE',
        message: 'Pictures cannot be saved right now. Please try again in a few minutes.',
      });
      expect(seconds).toBeLessThan(5);

      // The same bucket, back on the same address: not a single variant of that upload in it.
      server = await startS3({ directory, port: server.port });
      expect(await keys(server)).toEqual([]);
      const again = await upload(own, ctx.admin.auth, picture);
      expect(again.statusCode).toBe(201);
      expect(await keys(server)).toHaveLength(IMAGE_WIDTHS.length);
    } finally {
      await own.close();
      await server.close().catch(() => {});
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

/**
 * s3rver behind a proxy that answers 500 InternalError to every write of a key ending in
 * `suffix`: one variant of an upload fails while the others are stored.
 */
async function failingProxy(target: TestS3, suffix: string) {
  const proxy = createServer((req, res) => {
    if (req.method === 'PUT' && req.url?.split('?')[0]!.endsWith(suffix)) {
      req.resume();
      res.writeHead(500, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>test</Message></Error>');
      return;
    }
    const upstream = request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

describe('POST /api/uploads when one variant cannot be written', () => {
  it('503 STORAGE_UNAVAILABLE and none of the other variants is left in the bucket', async () => {
    const proxy = await failingProxy(s3, '-1920.webp');
    const own = await buildTestApp({ ...s3.env, S3_ENDPOINT: proxy.endpoint }, { reset: false });
    try {
      const before = await keys(s3);
      const res = await upload(own, ctx.admin.auth, await photo());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'STORAGE_UNAVAILABLE' });
      expect(await keys(s3)).toEqual(before);
    } finally {
      await own.close();
      await proxy.close();
    }
  });
});

describe('a server with S3 storage', () => {
  it('does not serve /uploads/... (404): the pictures are in the bucket', async () => {
    const res = await ctx.app.inject({ url: '/uploads/2026/11/00000000-0000-0000-0000-000000000000-1280.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it("lets pages load pictures from the bucket's plain-http origin (CSP img-src)", async () => {
    const res = await ctx.app.inject({ url: '/accommodation' });
    const imgSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('img-src'));
    expect(imgSrc?.split(' ')).toContain(s3.endpoint);
  });
});

describe('starting with S3 storage', () => {
  it('refuses to start when the bucket does not exist, naming the bucket and the endpoint', async () => {
    const error = await startError({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    expect(error.message).toBe(
      `Upload storage is not usable: bucket "no-such-bucket" at ${s3.endpoint} does not exist. ` +
        'Create the bucket, or correct S3_BUCKET / S3_ENDPOINT.',
    );
  });

  it('refuses to start when the credentials are wrong', async () => {
    const error = await startError({ ...s3.env, S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' });
    expect(error.message).toContain(`bucket "${s3.bucket}" at ${s3.endpoint} refused access (403)`);
    expect(error.message).toContain('Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  });

  it('refuses to start when the endpoint does not answer', async () => {
    const endpoint = `http://127.0.0.1:${await unusedPort()}`;
    const started = performance.now();
    const error = await startError({ ...s3.env, S3_ENDPOINT: endpoint });
    expect(error.message).toBe(
      `Upload storage is not usable: bucket "${s3.bucket}" at ${endpoint} could not be reached ` +
        `(connect ECONNREFUSED ${endpoint.replace('http://', '')}). Check S3_ENDPOINT and that the service is running.`,
    );
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('gives up on an endpoint that takes connections but never answers, within the time limit of the check', async () => {
    const silent = createNetServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const storage = createS3Storage({
      kind: 's3',
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint,
      credentials: TEST_S3_CREDENTIALS,
      publicUrl: `${endpoint}/${s3.bucket}`,
      forcePathStyle: true,
    });
    try {
      const started = performance.now();
      await expect(storage.checkBucket(300)).rejects.toThrow(
        `Upload storage is not usable: bucket "${s3.bucket}" at ${endpoint} could not be reached (no answer within 300 ms).`,
      );
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      storage.destroy();
      silent.close();
    }
  });
});
