import { describe, expect, it } from 'vitest';
import { WriteBatcher } from './write-batcher.ts';

describe('WriteBatcher', () => {
  it('writes what arrives during a write in the next one, and a lone item at once', async () => {
    const batches: number[][] = [];
    const batcher = new WriteBatcher<number, string>(async (items) => {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items.map((n) => `#${n}`);
    });
    expect(await batcher.submit(0)).toBe('#0');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => batcher.submit(i + 1)));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => `#${i + 1}`));
    // The first write took one item; the twenty that came together were written together.
    expect(batches[0]).toEqual([0]);
    expect(batches.length).toBeLessThanOrEqual(3);
    expect(batches.flat()).toEqual(Array.from({ length: 21 }, (_, i) => i));
  });

  it('keeps batches within maxBatch', async () => {
    const sizes: number[] = [];
    const batcher = new WriteBatcher<number, number>(
      async (items) => {
        sizes.push(items.length);
        return items;
      },
      { maxBatch: 4 },
    );
    await Promise.all(Array.from({ length: 10 }, (_, i) => batcher.submit(i)));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(10);
  });

  it('fails only the bad item of a batch that failed: the others are written one by one', async () => {
    const batcher = new WriteBatcher<string, string>(async (items) => {
      if (items.includes('bad')) throw new Error('refused');
      return items.map((s) => s.toUpperCase());
    });
    const answers = await Promise.allSettled(['a', 'bad', 'c'].map((s) => batcher.submit(s)));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual(['A', 'refused', 'C']);
    // And it keeps working.
    expect(await batcher.submit('d')).toBe('D');
  });
});
