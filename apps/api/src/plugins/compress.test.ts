import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { saveCategory } from '../test/rooms.ts';
import { MIN_COMPRESS_BYTES } from './compress.ts';

/**
 * The answers the server builds, compressed for a client that accepts it (a browser), sent as
 * they are to one that does not (curl, autocannon), and never for a body too small to gain.
 */
const ctx = useTestApp({ accounts: { admin: true } });

const LIST = '/api/room-categories?public=true';
const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

beforeEach(async () => {
  // The room list of /accommodation: room types guests can see (each with rooms in service).
  for (const [i, name] of ['Deluxe King', 'Twin Garden', 'Junior Suite'].entries()) {
    const res = await saveCategory(ctx.app, ctx.admin.auth, name, { roomNumbers: `${i + 1}01, ${i + 1}02` });
    expect(res.statusCode).toBe(200);
  }
});

describe('compressed answers', () => {
  it('sends the room list in gzip to a client asking for gzip, the same JSON once decompressed', async () => {
    const plain = await get(LIST);
    expect(plain.rawPayload.length).toBeGreaterThan(MIN_COMPRESS_BYTES);
    expect(plain.json().data.map((c: { name: string }) => c.name)).toEqual(['Deluxe King', 'Junior Suite', 'Twin Garden']);

    const gzip = await get(LIST, 'gzip, deflate');
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);

    // Again from the cache: the same compressed answer.
    const again = await get(LIST, 'gzip');
    expect(again.rawPayload.equals(gzip.rawPayload)).toBe(true);
  });

  it('sends brotli when the client takes it (a browser sends "gzip, deflate, br, zstd")', async () => {
    const plain = await get(LIST);
    const br = await get(LIST, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it.each([
    ['no Accept-Encoding (autocannon, curl)', undefined],
    ['identity', 'identity'],
    ['gzip and brotli refused', 'gzip;q=0, br;q=0'],
    ['an encoding we do not make', 'zstd'],
  ])('sends the room list as it is to a client with %s', async (_label, acceptEncoding) => {
    const res = await get(LIST, acceptEncoding);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.json().data).toHaveLength(3);
  });

  it('sends a small answer as it is, even to a client asking for gzip', async () => {
    const res = await get('/api/site', 'gzip, br');
    expect(res.rawPayload.length).toBeLessThan(MIN_COMPRESS_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().success).toBe(true);
  });

  it('compresses one room type\'s answer too', async () => {
    const found = await get('/api/room-categories/Deluxe%20King', 'gzip');
    expect(found.statusCode).toBe(200);
    expect(found.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(found.rawPayload).toString()).data.name).toBe('Deluxe King');
  });
});
