import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZImageUrl } from './auth.ts';
import { ISO_DATE_PATTERN, isIsoDate } from './dates.ts';
import { ZHeroSlideCreate } from './hero-slides.ts';

/*
 * The API reference states each rule of the contracts as JSON Schema (a format and a pattern),
 * for clients generated from it. These hold each pattern to the rule it stands for: a value the
 * document allows is one the server accepts, and the other way round.
 */

/** JSON Schema's `format: date`: a real day of the calendar, read without isIsoDate. */
const realDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const dateLike = fc.oneof(
  fc.tuple(digits(4), digits(2), digits(2)).map(([y, m, d]) => `${y}-${m}-${d}`),
  fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('0099-12-31', '0100-01-01', '2024-02-29', '2026-02-29', '2026-13-01', '2026-1-01', ' 2026-01-01', '2026-01-01\n'),
);

describe('ISO_DATE_PATTERN (format: date)', () => {
  it('with a real calendar day, allows exactly the dates isIsoDate accepts', () => {
    const pattern = new RegExp(ISO_DATE_PATTERN, 'u');
    fc.assert(fc.property(dateLike, (value) => isIsoDate(value) === (pattern.test(value) && realDay(value))), { numRuns: 2000 });
  });
});

/** A link's shapes, and what breaks them: spaces, backslashes, controls, a second slash, other schemes. */
const linkish = fc.oneof(
  fc.webPath(),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc
    .tuple(fc.constantFrom('/', '//', '/\\', 'http://', 'HTTPS://', 'ftp://', 'javascript:', '#', 'mailto:', 'tel:', ''), fc.string({ maxLength: 12 }))
    .map(([start, rest]) => start + rest),
  fc.tuple(fc.oneof(fc.webPath(), fc.webUrl()), fc.constantFrom(' ', '\t', '\\', '\u0000', '\u001f', '\u007f', '\u00a0', '\u2028'), fc.nat()).map(([path, bad, at]) => {
    const i = at % (path.length + 1);
    return path.slice(0, i) + bad + path.slice(i);
  }),
);
/** The server trims first: the document speaks of the trimmed value. */
const trimmed = (value: string) => value === value.trim();

describe('the links the API reference describes with a pattern', () => {
  it('an image link (ZImageUrl): the pattern allows exactly what the contract accepts', () => {
    const { pattern, maxLength } = z.toJSONSchema(ZImageUrl, { io: 'input' }) as { pattern: string; maxLength: number };
    expect(pattern).toBeTypeOf('string');
    const allowed = new RegExp(pattern, 'u');
    fc.assert(
      fc.property(linkish.filter(trimmed), (value) => ZImageUrl.safeParse(value).success === (allowed.test(value) && value.length <= maxLength)),
      { numRuns: 2000 },
    );
  });

  it("a hero slide's call-to-action link: the pattern allows exactly what the contract accepts", () => {
    const slide = z.toJSONSchema(ZHeroSlideCreate, { io: 'input' }) as unknown as {
      properties: { ctaPrimary: { anyOf: { properties?: { href: { pattern: string; maxLength: number } } }[] } };
    };
    const { pattern, maxLength } = slide.properties.ctaPrimary.anyOf.find((branch) => branch.properties)!.properties!.href;
    expect(pattern).toBeTypeOf('string');
    const allowed = new RegExp(pattern, 'u');
    const accepted = (href: string) => ZHeroSlideCreate.safeParse({ title: 'Eid', imageUrl: '/a.webp', ctaPrimary: { label: 'Book', href } }).success;
    fc.assert(fc.property(linkish.filter(trimmed), (href) => accepted(href) === (allowed.test(href) && href.length <= maxLength)), { numRuns: 2000 });
  });
});
