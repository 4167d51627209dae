import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CONTENT_SCENE_KINDS, contentSceneSvg } from './demo-content-scenes.ts';
import { SCENE_HEIGHT, SCENE_WIDTH } from './demo-room-scenes.ts';

/** A quarter of the full size: the same drawing, rasterised quickly. */
const SCALE = 0.25;

async function render(svg: string) {
  return sharp(Buffer.from(svg), { density: 72 * SCALE }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** Mean absolute difference of two pictures of the same size, 0–255. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('contentSceneSvg', () => {
  it('draws each scene as a picture of the scene size that sharp decodes, with light and shadow', async () => {
    for (const kind of CONTENT_SCENE_KINDS) {
      const svg = contentSceneSvg({ kind, seed: 7 });
      expect(svg).toContain(`width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}"`);
      expect(svg, kind).not.toMatch(/NaN|undefined|Infinity/);
      const { data, info } = await render(svg);
      expect(info.width, kind).toBe(SCENE_WIDTH * SCALE);
      expect(info.height, kind).toBe(SCENE_HEIGHT * SCALE);
      const { channels } = await sharp(data, { raw: info }).stats();
      expect(channels[0]!.max - channels[0]!.min, kind).toBeGreaterThan(150);
    }
  });

  it('is deterministic: the same options give the same picture, another seed another one', () => {
    for (const kind of CONTENT_SCENE_KINDS) {
      expect(contentSceneSvg({ kind, seed: 11 })).toBe(contentSceneSvg({ kind, seed: 11 }));
      expect(contentSceneSvg({ kind, seed: 11 }), kind).not.toBe(contentSceneSvg({ kind, seed: 12 }));
    }
    expect(contentSceneSvg({ kind: 'river' })).toBe(contentSceneSvg({ kind: 'river', seed: 1 }));
  });

  it('gives each scene, and the facade by day and at dusk, a picture of its own', async () => {
    const options = [...CONTENT_SCENE_KINDS.map((kind) => ({ kind, seed: 7 })), { kind: 'facade' as const, seed: 7, time: 'dusk' as const }];
    const pictures = await Promise.all(options.map(async (o) => (await render(contentSceneSvg(o))).data));
    for (let i = 0; i < pictures.length; i++) {
      for (let j = i + 1; j < pictures.length; j++) {
        expect(difference(pictures[i]!, pictures[j]!), `${options[i]!.kind} vs ${options[j]!.kind}`).toBeGreaterThan(12);
      }
    }
  });
});
