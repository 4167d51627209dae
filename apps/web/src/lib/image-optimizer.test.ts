import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AVIF_QUALITY,
  OPTIMIZE_TIMEOUT_MS,
  WEBP_QUALITY,
  fitWithin,
  optimizeImage,
  type DecodedImage,
  type EncodedType,
  type ImageCodec,
} from './image-optimizer';

const photo = (bytes: number, name = 'holiday.jpg', type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type, lastModified: 1_700_000_000_000 });

const blob = (bytes: number, type: string) => new Blob([new Uint8Array(bytes)], { type });

interface Call {
  type: EncodedType;
  quality: number;
  size: { width: number; height: number };
}

/**
 * A codec that decodes to `size` and answers each encode with what `answers` gives for its type:
 * a blob, null, a PNG (the browser's stand-in for a type it cannot write) or a thrown error.
 */
function fakeCodec(size: { width: number; height: number }, answers: Partial<Record<EncodedType, () => Promise<Blob | null>>>) {
  const calls: Call[] = [];
  const closed = vi.fn();
  const codec: ImageCodec = {
    decode: vi.fn(async (): Promise<DecodedImage> => ({ ...size, close: closed })),
    encode: vi.fn<ImageCodec['encode']>(async (_image, target, type, quality) => {
      calls.push({ type, quality, size: target });
      const answer = answers[type];
      if (!answer) throw new Error(`no answer for ${type}`);
      return answer();
    }),
  };
  return { codec, calls, closed };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('optimizeImage', () => {
  it('sends a file under 8192 bytes as it is, without decoding it', async () => {
    const { codec } = fakeCodec({ width: 100, height: 100 }, {});
    const small = photo(8191);
    expect(await optimizeImage(small, { codec })).toBe(small);
    expect(codec.decode).not.toHaveBeenCalled();
  });

  it('optimises a file of exactly 8192 bytes', async () => {
    const { codec } = fakeCodec({ width: 100, height: 100 }, { 'image/avif': async () => blob(1000, 'image/avif') });
    const result = await optimizeImage(photo(8192), { codec });
    expect(result.type).toBe('image/avif');
  });

  it('uses AVIF at quality 0.6, scaled so the longest side is 1920, and renames the file', async () => {
    const { codec, calls, closed } = fakeCodec(
      { width: 4000, height: 3000 },
      { 'image/avif': async () => blob(50_000, 'image/avif') },
    );
    const original = photo(2_000_000, 'IMG_0042.JPG');
    const result = await optimizeImage(original, { codec });
    expect(calls).toEqual([{ type: 'image/avif', quality: AVIF_QUALITY, size: { width: 1920, height: 1440 } }]);
    expect(result).not.toBe(original);
    expect(result.name).toBe('IMG_0042.avif');
    expect(result.type).toBe('image/avif');
    expect(result.size).toBe(50_000);
    expect(result.lastModified).toBe(original.lastModified);
    expect(closed).toHaveBeenCalled();
  });

  it('falls back to WebP at quality 0.7 when the browser answers AVIF with a PNG', async () => {
    const { codec, calls } = fakeCodec(
      { width: 1000, height: 3000 },
      {
        'image/avif': async () => blob(900_000, 'image/png'),
        'image/webp': async () => blob(80_000, 'image/webp'),
      },
    );
    const result = await optimizeImage(photo(500_000, 'scan.png', 'image/png'), { codec });
    expect(calls.map((c) => [c.type, c.quality])).toEqual([
      ['image/avif', AVIF_QUALITY],
      ['image/webp', WEBP_QUALITY],
    ]);
    expect(calls[1]!.size).toEqual({ width: 640, height: 1920 });
    expect(result.type).toBe('image/webp');
    expect(result.name).toBe('scan.webp');
  });

  it('falls back to WebP when AVIF encoding throws or gives nothing', async () => {
    for (const avif of [async () => Promise.reject(new Error('encoder crashed')), async () => null]) {
      const { codec } = fakeCodec({ width: 800, height: 600 }, { 'image/avif': avif, 'image/webp': async () => blob(10_000, 'image/webp') });
      expect((await optimizeImage(photo(100_000), { codec })).type).toBe('image/webp');
    }
  });

  it('keeps the original unless the result is at most 98 % of its size', async () => {
    const original = photo(100_000);
    const at = (bytes: number) => fakeCodec({ width: 800, height: 600 }, { 'image/avif': async () => blob(bytes, 'image/avif') }).codec;
    expect(await optimizeImage(original, { codec: at(98_001) })).toBe(original);
    expect(await optimizeImage(original, { codec: at(120_000) })).toBe(original);
    const kept = await optimizeImage(original, { codec: at(98_000) });
    expect(kept).not.toBe(original);
    expect(kept.size).toBe(98_000);
  });

  it('never enlarges a picture already within 1920 px', () => {
    expect(fitWithin(1200, 800)).toEqual({ width: 1200, height: 800 });
    expect(fitWithin(1920, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(fitWithin(3840, 2160)).toEqual({ width: 1920, height: 1080 });
  });

  it('gives back the original when neither AVIF nor WebP can be written', async () => {
    const original = photo(100_000);
    const { codec } = fakeCodec(
      { width: 800, height: 600 },
      { 'image/avif': async () => blob(1000, 'image/png'), 'image/webp': async () => blob(1000, 'image/png') },
    );
    expect(await optimizeImage(original, { codec })).toBe(original);
  });

  it('gives back the original, silently, when the picture cannot be decoded', async () => {
    const original = photo(100_000, 'notes.jpg');
    const codec: ImageCodec = {
      decode: async () => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError')),
      encode: vi.fn(),
    };
    expect(await optimizeImage(original, { codec })).toBe(original);
    expect(codec.encode).not.toHaveBeenCalled();
  });

  it('gives up after 10 s and sends the original', async () => {
    vi.useFakeTimers();
    const original = photo(3_000_000);
    const { codec } = fakeCodec({ width: 6000, height: 4000 }, { 'image/avif': () => new Promise<Blob>(() => {}) });
    let settled: File | undefined;
    void optimizeImage(original, { codec }).then((file) => (settled = file));
    await vi.advanceTimersByTimeAsync(OPTIMIZE_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(original);
  });

  it('uses a result that arrives just before the time-out', async () => {
    vi.useFakeTimers();
    const { codec } = fakeCodec(
      { width: 6000, height: 4000 },
      { 'image/avif': () => new Promise<Blob>((resolve) => setTimeout(() => resolve(blob(1000, 'image/avif')), OPTIMIZE_TIMEOUT_MS - 100)) },
    );
    let settled: File | undefined;
    void optimizeImage(photo(3_000_000), { codec }).then((file) => (settled = file));
    await vi.advanceTimersByTimeAsync(OPTIMIZE_TIMEOUT_MS);
    expect(settled?.type).toBe('image/avif');
    expect(vi.getTimerCount()).toBe(0);
  });
});
