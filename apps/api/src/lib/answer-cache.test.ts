import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

describe('AnswerCache', () => {
  it('drops exactly the answers whose nights a change touches, as a plain list of them would', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 30 }), from: fc.integer({ min: 0, max: 60 }), nights: fc.integer({ min: 0, max: 10 }) }),
      fc.record({ kind: fc.constant('drop' as const), from: fc.integer({ min: 0, max: 70 }), nights: fc.integer({ min: 1, max: 20 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const cache = new AnswerCache(1024 * 1024);
        const model = new Map<string, { from: number; to: number }>();
        for (const o of ops) {
          if (o.kind === 'set') {
            const key = `k${o.key}`;
            cache.set(key, [Buffer.from(key)], o.nights ? { from: o.from, to: o.from + o.nights } : undefined);
            model.set(key, { from: o.from, to: o.nights ? o.from + o.nights : o.from });
          } else {
            cache.dropNights(o.from, o.from + o.nights);
            for (const [key, e] of model) if (e.to > e.from && e.from < o.from + o.nights && o.from < e.to) model.delete(key);
          }
        }
        for (let k = 0; k <= 30; k += 1) expect(cache.get(`k${k}`)?.[0]?.toString(), `k${k}`).toBe(model.has(`k${k}`) ? `k${k}` : undefined);
        expect(cache.stats().entries).toBe(model.size);
      }),
    );
  });

  it('holds no more bytes than its bound, letting the answer used least recently go first', () => {
    const cache = new AnswerCache(16_000);
    const body = [Buffer.alloc(700), Buffer.alloc(70)];
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p']) cache.set(key, body);
    expect(cache.stats().bytes).toBeLessThanOrEqual(16_000);
    expect(cache.get('a')).toBeDefined();
    cache.set('q', body);
    cache.set('r', body);
    // "a" was just used: "b" and "c" went instead.
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ maxBytes: 16_000 });
    expect(cache.stats().bytes).toBeLessThanOrEqual(16_000);
    // An answer bigger than a sixteenth of the bound is not kept at all.
    cache.set('big', [Buffer.alloc(2000)]);
    expect(cache.get('big')).toBeUndefined();
  });
});
