import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZPersonName } from './auth.ts';
import { stripInvisibleControls, zLine } from './text.ts';

describe('zLine: one line of text without invisible controls', () => {
  it('leaves no format character but ZWNJ, ZWJ and emoji tags, and changes nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const kept = stripInvisibleControls(text);
        const allowed = (c: string) => c === '\u200C' || c === '\u200D' || (c.codePointAt(0)! >= 0xe0020 && c.codePointAt(0)! <= 0xe007f);
        expect([...kept].filter((c) => /\p{Cf}/u.test(c) && !allowed(c))).toEqual([]);
        expect(kept).toBe([...text].filter((c) => !/\p{Cf}/u.test(c) || allowed(c)).join(''));
      }),
    );
  });

  it('strips before trimming and before the length checks: an override alone is no name', () => {
    expect(zLine().trim().parse('\u202E Rahim \u202C')).toBe('Rahim');
    expect(ZPersonName.safeParse('\u202E\u200F').error?.issues[0]?.message).toBe('Name is required.');
    // Bengali keeps its joiners; a flag keeps its tags (England: 🏴 + tags g b e n g + cancel).
    expect(ZPersonName.parse('র\u200D্যাব হো\u200Cসেন')).toBe('র\u200D্যাব হো\u200Cসেন');
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    expect(ZPersonName.parse(`Guest ${england}`)).toBe(`Guest ${england}`);
  });
});
