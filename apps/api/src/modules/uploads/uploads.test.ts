import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_STORED_WIDTH, IMAGE_WIDTHS, MAX_UPLOAD_BYTES, imageSrcSet } from '@residency/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createUser, useTestApp } from '../../test/app.ts';
import { bitmapPng, phonePhoto } from '../../test/images.ts';
import { createImageGate, storeImage } from './uploads.service.ts';

let dataDir: string;
let uploadsDir: string;

beforeAll(() => {
  // A data directory of its own, so "nothing was written" can be checked on the disk.
  dataDir = mkdtempSync(path.join(tmpdir(), 'residency-uploads-'));
  uploadsDir = path.join(dataDir, 'uploads');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const ctx = useTestApp({ env: () => ({ DATA_DIR: dataDir }), reset: 'file' });
beforeEach(() => {
  rmSync(uploadsDir, { recursive: true, force: true });
});

/** Every file under the uploads directory, relative to it. */
function storedFiles(): string[] {
  try {
    return readdirSync(uploadsDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(uploadsDir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** The file on disk behind an `/uploads/...` URL. */
const fileOf = (url: string) => path.join(uploadsDir, url.replace(/^\/uploads\//, ''));

/** A real multipart body, as a browser's FormData would send it. */
async function multipart(fields: { file?: { data: Uint8Array; name: string; type: string }; purpose?: string }) {
  const form = new FormData();
  if (fields.purpose !== undefined) form.append('purpose', fields.purpose);
  if (fields.file) form.append('file', new Blob([new Uint8Array(fields.file.data)], { type: fields.file.type }), fields.file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

async function upload(
  file: { data: Uint8Array; name: string; type: string } | undefined,
  options: { purpose?: string; headers?: Record<string, string> } = {},
) {
  const body = await multipart({ file, purpose: options.purpose });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...(options.headers ?? ctx.admin.auth), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe('POST /api/uploads', () => {
  it('201 for an admin: five WebP variants, none wider than the source, every bit of metadata gone', async () => {
    const photo = await phonePhoto();
    const source = await sharp(photo).metadata();
    // The test photo really carries EXIF with a GPS block (tag 0x8825, little-endian).
    expect(source.exif?.toString('latin1')).toContain('Private Owner');
    expect(source.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const res = await upload({ data: photo, name: 'IMG_0042.JPG', type: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}-1280\.webp$/);
    expect(data.secure_url).toBe(data.url);
    expect({ width: data.width, height: data.height }).toEqual({ width: 1280, height: 853 });
    expect(data.variants).toEqual(
      IMAGE_WIDTHS.map((width) => ({ width, url: data.url.replace(/-1280\.webp$/, `-${width}.webp`) })),
    );
    // The shared srcset rule finds exactly these files.
    expect(imageSrcSet(data.url)).toBe(data.variants.map((v: { width: number; url: string }) => `${v.url} ${v.width}w`).join(', '));

    expect(storedFiles()).toHaveLength(IMAGE_WIDTHS.length);
    for (const variant of data.variants as { width: number; url: string }[]) {
      const bytes = readFileSync(fileOf(variant.url));
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(Math.round((variant.width * 1600) / 2400));
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.includes(Buffer.from('Private Owner'))).toBe(false);
      expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    }
    expect(Math.max(...data.variants.map((v: { width: number }) => v.width))).toBe(1920);
  });

  it('never enlarges a small picture: a 500 px PNG stays 500 px in the wider variants', async () => {
    const res = await upload({ data: await png(500, 250), name: 'small.png', type: 'image/png' }, { headers: ctx.staff.auth });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.variants.map((v: { width: number }) => v.width)).toEqual([320, 500, 500, 500, 500]);
    expect(data).toMatchObject({ width: 500, height: 250 });
    for (const width of IMAGE_WIDTHS) {
      const meta = await sharp(readFileSync(fileOf(data.url.replace(/-1280\.webp$/, `-${width}.webp`)))).metadata();
      expect(meta.width).toBe(Math.min(width, 500));
      expect(meta.hasAlpha).toBe(true);
    }
  });

  it('turns a sideways photo upright by its EXIF orientation', async () => {
    const res = await upload({ data: await phonePhoto(400, 200, 6), name: 'sideways.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const meta = await sharp(readFileSync(fileOf(res.json().data.url))).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 200, height: 400 });
    expect(meta.orientation).toBeUndefined();
  });

  it('takes AVIF, WebP and GIF by their content, whatever the file is called', async () => {
    const base = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#114477' } });
    const files = [
      { data: await base().avif().toBuffer(), name: 'a.avif', type: 'image/avif' },
      { data: await base().webp().toBuffer(), name: 'b.bin', type: 'application/octet-stream' },
      { data: await base().gif().toBuffer(), name: 'c.gif', type: 'image/gif' },
    ];
    for (const file of files) {
      const res = await upload(file);
      expect(res.statusCode, file.name).toBe(201);
      expect(res.json().data).toMatchObject({ width: 64, height: 48 });
    }
  });

  it('serves a stored variant with a year-long immutable cache and nosniff', async () => {
    const { data } = (await upload({ data: await png(300, 200), name: 'p.png', type: 'image/png' })).json();
    const res = await ctx.app.inject({ method: 'GET', url: data.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(readFileSync(fileOf(data.url)))).toBe(true);

    const missing = await ctx.app.inject({ method: 'GET', url: '/uploads/2020/01/nothing-1280.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('400 NOT_AN_IMAGE for a text file called photo.jpg sent as image/jpeg, and writes nothing', async () => {
    const res = await upload({ data: Buffer.from('Hello, I am not a picture at all.\n'.repeat(50)), name: 'photo.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_AN_IMAGE',
      message: 'This file is not a picture we can use. Choose a JPEG, PNG, WebP, AVIF, GIF or HEIC image.',
    });
    expect(storedFiles()).toEqual([]);
  });

  it('400 NOT_AN_IMAGE for a PDF, an SVG and a cut-off JPEG', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const photo = await phonePhoto(1200, 800);
    const cut = photo.subarray(0, Math.floor(photo.length * 0.6));
    for (const file of [
      { data: pdf, name: 'menu.pdf', type: 'application/pdf' },
      { data: svg, name: 'logo.png', type: 'image/png' },
      { data: cut, name: 'cut.jpg', type: 'image/jpeg' },
    ]) {
      const res = await upload(file);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json().code, file.name).toBe('NOT_AN_IMAGE');
      expect(res.json().message.length).toBeGreaterThan(20);
    }
    expect(storedFiles()).toEqual([]);
  });

  it('413 with the spec message for an 11 MB file, and writes nothing', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 7);
    const res = await upload({ data: big, name: 'huge.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, code: 'FILE_TOO_LARGE', message: 'File size too large. Maximum is 10MB.' });
    expect(storedFiles()).toEqual([]);
  });

  it('413 for a file one byte over 10 MB, caught while the form is read', async () => {
    const res = await upload({ data: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 7), name: 'just-over.png', type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, code: 'FILE_TOO_LARGE', message: 'File size too large. Maximum is 10MB.' });
    expect(storedFiles()).toEqual([]);
  });

  it('403 when a guest uploads a content picture (the default purpose), 201 for a profile or event picture', async () => {
    const file = { data: await png(200, 200), name: 'me.png', type: 'image/png' };
    for (const purpose of [undefined, 'content']) {
      const res = await upload(file, { headers: ctx.guest.auth, purpose });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect(storedFiles()).toEqual([]);
    expect((await upload(file, { headers: ctx.guest.auth, purpose: 'profile' })).statusCode).toBe(201);
    expect((await upload(file, { headers: ctx.guest.auth, purpose: 'event' })).statusCode).toBe(201);
    expect((await upload(file, { headers: ctx.staff.auth, purpose: 'content' })).statusCode).toBe(201);
  });

  it('401 without a token', async () => {
    const res = await upload({ data: await png(10, 10), name: 'x.png', type: 'image/png' }, { headers: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(storedFiles()).toEqual([]);
  });

  it('takes an event-request picture from a visitor without an account, and nothing else', async () => {
    const file = { data: await png(64, 48), name: 'hall.png', type: 'image/png' };
    const event = await upload(file, { purpose: 'event', headers: {} });
    expect(event.statusCode).toBe(201);
    expect(event.json().data.url).toMatch(/^\/uploads\/.+-1280\.webp$/);
    for (const purpose of ['profile', 'content']) {
      const refused = await upload(file, { purpose, headers: {} });
      expect(refused.statusCode, purpose).toBe(401);
      expect(refused.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    // A token that is not valid is refused, not taken as a visitor.
    const forged = await upload(file, { purpose: 'event', headers: { authorization: 'Bearer not.a.token' } });
    expect(forged.statusCode).toBe(401);
  });

  it('400 for an unknown purpose, a form without a file, or two files', async () => {
    const file = { data: await png(20, 20), name: 'x.png', type: 'image/png' };
    const badPurpose = await upload(file, { purpose: 'banner' });
    expect(badPurpose.statusCode).toBe(400);
    expect(badPurpose.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'purpose' }] });

    const noFile = await upload(undefined, { purpose: 'profile' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('NO_FILE');

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.data)], { type: 'image/png' }), 'a.png');
    form.append('file', new Blob([new Uint8Array(file.data)], { type: 'image/png' }), 'b.png');
    const encoded = new Response(form);
    const two = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...ctx.admin.auth, 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().code).toBe('TOO_MANY_FILES');
    expect(storedFiles()).toEqual([]);
  });

  it('415 for a JSON body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: ctx.admin.auth, payload: { file: 'x' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('NOT_MULTIPART');
  });

  it('is described in the OpenAPI document as a multipart upload answering 201', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/uploads'].post;
    expect(operation.description).toContain('multipart/form-data');
    // Public for event-request pictures; the purpose decides who else may upload.
    expect(operation['x-access']).toBe('public');
    expect(operation.responses['201']).toBeDefined();
  });
});

describe('POST /api/uploads under attack', () => {
  it('413 IMAGE_TOO_LARGE for a 12 KB PNG that decodes to 100 megapixels, refused from its header without decoding', async () => {
    const bomb = bitmapPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(400_000);
    const started = performance.now();
    const res = await upload({ data: bomb, name: 'avatar.png', type: 'image/png' }, { purpose: 'profile', headers: ctx.guest.auth });
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'IMAGE_TOO_LARGE',
      message: 'This picture is 10000x10000 pixels; the most we take is 40 megapixels. Make it smaller and try again.',
    });
    // Decoding 100 MP takes seconds and hundreds of MB; reading a header takes milliseconds.
    expect(ms).toBeLessThan(1000);
    expect(storedFiles()).toEqual([]);
  });

  it('413 IMAGE_TOO_LARGE too for a PNG declaring 16384x16384, past the image library\'s own 268-megapixel limit', async () => {
    const res = await upload({ data: bitmapPng(16_384, 16_384), name: 'huge.png', type: 'image/png' }, { purpose: 'profile', headers: ctx.guest.auth });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: expect.stringContaining('16384x16384 pixels') });
    expect(storedFiles()).toEqual([]);
  });

  it('refuses 42 megapixels and takes a panorama of 39', async () => {
    const over = await upload({ data: bitmapPng(7000, 6000), name: 'big.png', type: 'image/png' });
    expect(over.statusCode).toBe(413);
    const under = await upload({ data: bitmapPng(13_000, 3000), name: 'pano.png', type: 'image/png' });
    expect(under.statusCode).toBe(201);
    expect(under.json().data.width).toBe(1280);
  });

  it('400 BAD_MULTIPART for a form without a boundary, garbage, a cut-off part and a form that never ends; nothing stored', async () => {
    const body = await multipart({ file: { data: await png(40, 40), name: 'x.png', type: 'image/png' } });
    const boundary = body.contentType.split('boundary=')[1]!;
    const cases: { contentType: string; payload: Buffer | string }[] = [
      { contentType: 'multipart/form-data', payload: body.payload },
      { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from('\x00\xff garbage \r\n\r\n--') },
      { contentType: body.contentType, payload: body.payload.subarray(0, Math.floor(body.payload.length / 2)) },
      { contentType: body.contentType, payload: Buffer.concat([body.payload.subarray(0, body.payload.lastIndexOf(`--${boundary}--`))]) },
      { contentType: 'multipart/form-data; boundary=', payload: 'x' },
    ];
    for (const { contentType, payload } of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...ctx.admin.auth, 'content-type': contentType }, payload });
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
    }
    expect(storedFiles()).toEqual([]);
  });
});

describe('upload limits', () => {
  it('decodes at most IMAGE_DECODE_CONCURRENCY pictures at once and refuses the overflow with 503 and Retry-After', async () => {
    const busy = await buildTestApp({ DATA_DIR: dataDir, IMAGE_DECODE_CONCURRENCY: '1', IMAGE_DECODE_QUEUE: '1' }, { reset: false });
    try {
      const photo = await phonePhoto(3000, 2000);
      const body = await multipart({ file: { data: photo, name: 'p.jpg', type: 'image/jpeg' } });
      const send = () =>
        busy.inject({ method: 'POST', url: '/api/uploads', headers: { ...ctx.admin.auth, 'content-type': body.contentType }, payload: body.payload });
      const answers = await Promise.all([send(), send(), send(), send()]);
      const statuses = answers.map((r) => r.statusCode).sort();
      // One decoding, one waiting, the rest refused at once.
      expect(statuses).toEqual([201, 201, 503, 503]);
      const refused = answers.find((r) => r.statusCode === 503)!;
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ success: false, code: 'IMAGES_BUSY' });
      // Once the queue is empty, the next one is taken.
      expect((await send()).statusCode).toBe(201);
    } finally {
      await busy.close();
    }
  });

  it('limits uploads per account (429 for the one over RATE_LIMIT_UPLOAD_MAX), not per address', async () => {
    const limited = await buildTestApp({ DATA_DIR: dataDir, RATE_LIMIT_UPLOAD_MAX: '2' }, { reset: false });
    try {
      const [a, b] = [await createUser(limited), await createUser(limited)];
      const body = await multipart({ file: { data: await png(30, 30), name: 'x.png', type: 'image/png' }, purpose: 'profile' });
      const send = (auth: Record<string, string>) =>
        limited.inject({ method: 'POST', url: '/api/uploads', headers: { ...auth, 'content-type': body.contentType }, payload: body.payload });
      expect((await send(a.auth)).statusCode).toBe(201);
      expect((await send(a.auth)).statusCode).toBe(201);
      const third = await send(a.auth);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      // Another guest from the same address is not held back by the first one.
      expect((await send(b.auth)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('createImageGate', () => {
  it('runs `concurrency` tasks, queues `queue` more and refuses the rest until a slot frees', async () => {
    const gate = createImageGate({ concurrency: 2, queue: 1 });
    let started = 0;
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const task = async () => {
      started += 1;
      await hold;
      return 'done';
    };
    const accepted = [gate(task), gate(task), gate(task)];
    await expect(gate(task)).rejects.toMatchObject({ statusCode: 503, code: 'IMAGES_BUSY', retryAfterSeconds: 5 });
    await vi.waitFor(() => expect(started).toBe(2));
    release();
    await expect(Promise.all(accepted)).resolves.toEqual(['done', 'done', 'done']);
    expect(started).toBe(3);
    await expect(gate(task)).resolves.toBe('done');
  });
});

describe('storeImage (used by the demo-data seed)', () => {
  it('stores a PNG buffer like an upload does', async () => {
    const image = await storeImage(ctx.app, await png(1600, 900));
    expect(image.url).toMatch(new RegExp(`-${IMAGE_STORED_WIDTH}\\.webp$`));
    expect(image.secure_url).toBe(image.url);
    expect(image).toMatchObject({ width: 1280, height: 720 });
    // The 1600 px source gives a 1600 px file under the 1920 name.
    expect(image.variants.map((v) => v.width)).toEqual([320, 640, 960, 1280, 1600]);
    expect(image.variants.map((v) => v.url.match(/-(\d+)\.webp$/)![1])).toEqual(IMAGE_WIDTHS.map(String));
    expect(storedFiles()).toHaveLength(IMAGE_WIDTHS.length);
  });
});
