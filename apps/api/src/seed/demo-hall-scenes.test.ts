import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hallSceneSvg, type HallKind } from './demo-hall-scenes.ts';
import { SCENE_HEIGHT, SCENE_WIDTH } from './demo-room-scenes.ts';

const KINDS: HallKind[] = ['ballroom', 'ballroom-wedding', 'boardroom'];
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

describe('hallSceneSvg', () => {
  it('draws each hall as a picture of the scene size that sharp decodes', async () => {
    for (const kind of KINDS) {
      const svg = hallSceneSvg({ kind, seed: 7 });
      expect(svg).toContain(`width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}"`);
      const { data, info } = await render(svg);
      expect(info.width, kind).toBe(SCENE_WIDTH * SCALE);
      expect(info.height, kind).toBe(SCENE_HEIGHT * SCALE);
      // Not a blank page: the picture has both light and shadow.
      const { channels } = await sharp(data, { raw: info }).stats();
      expect(channels[0]!.max - channels[0]!.min, kind).toBeGreaterThan(150);
    }
  });

  it('is deterministic: the same options give the same picture', () => {
    for (const kind of KINDS) {
      expect(hallSceneSvg({ kind, seed: 11 })).toBe(hallSceneSvg({ kind, seed: 11 }));
      expect(hallSceneSvg({ kind, palette: 'teal', seed: 3 })).toBe(hallSceneSvg({ kind, palette: 'teal', seed: 3 }));
    }
    expect(hallSceneSvg({ kind: 'ballroom' })).toBe(hallSceneSvg({ kind: 'ballroom', seed: 1 }));
    expect(hallSceneSvg({ kind: 'ballroom', seed: 1 })).not.toBe(hallSceneSvg({ kind: 'ballroom', seed: 2 }));
  });

  it('gives each kind a different picture', async () => {
    const pictures = await Promise.all(KINDS.map(async (kind) => (await render(hallSceneSvg({ kind, seed: 7 }))).data));
    for (let i = 0; i < pictures.length; i++) {
      for (let j = i + 1; j < pictures.length; j++) {
        expect(difference(pictures[i]!, pictures[j]!), `${KINDS[i]} vs ${KINDS[j]}`).toBeGreaterThan(15);
      }
    }
  });
});
