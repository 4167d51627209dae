import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import * as hb from 'harfbuzzjs';

/*
 * The printed documents' fonts (the invoice's, the police register's): Noto Sans Bengali from
 * @fontsource, as shipped (WOFF), in two weights and three of its subsets: `bengali` (the
 * script, ৳ and the Bengali digits), `latin` (Latin letters, ASCII digits, punctuation) and
 * `latin-ext`. Read and parsed once per process; every PDF embeds
 * a subset of what it uses.
 *
 * Shaping is HarfBuzz's (harfbuzzjs), the shaper of Chromium, Firefox and Android, not fontkit's:
 * fontkit picks the right conjunct glyphs (ক্ষ, ত্র, ন্ত) but ignores the lookups' mark filtering
 * sets, and this font places its marks and headline pieces with such lookups: with fontkit, ক্ত
 * before a space lost the space to its headline, শুল্ক lost a piece of headline and দেশ took
 * another form of ে (compared glyph by glyph with HarfBuzz; see docs/decisions/0013). pdfkit
 * still draws and embeds: it asks the font object for `layout`, which is HarfBuzz's here.
 */

const require = createRequire(import.meta.url);

const FILES = {
  'bengali-400': require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff'),
  'bengali-700': require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff'),
  'latin-400': require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-latin-400-normal.woff'),
  'latin-700': require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-latin-700-normal.woff'),
  'latin-ext-400': require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-latin-ext-400-normal.woff'),
  'latin-ext-700': require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-latin-ext-700-normal.woff'),
};

/** The file of one subset and weight of the font package; the tests load the same files. */
export function fontFile(subset: 'bengali' | 'latin' | 'latin-ext', weight: 400 | 700): string {
  return FILES[`${subset}-${weight}`];
}

/**
 * WOFF 1 is an sfnt with each table zlib-compressed: HarfBuzz reads only the sfnt, so the tables
 * are inflated back into one (fontkit reads both; both then read the same bytes).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(count, 4);
  let entrySelector = 0;
  while (2 ** (entrySelector + 1) <= count) entrySelector += 1;
  header.writeUInt16BE(16 * 2 ** entrySelector, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(16 * count - 16 * 2 ** entrySelector, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  for (let i = 0; i < count; i += 1) {
    const entry = 44 + i * 20;
    const [tag, at, compressed, length, checksum] = [0, 4, 8, 12, 16].map((k) => woff.readUInt32BE(entry + k)) as [number, number, number, number, number];
    const stored = woff.subarray(at, at + compressed);
    const table = compressed < length ? inflateSync(stored) : stored;
    const record = 12 + i * 16;
    header.writeUInt32BE(tag, record);
    header.writeUInt32BE(checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(length, record + 12);
    const padding = Buffer.alloc((4 - (table.length % 4)) % 4);
    parts.push(table, padding);
    offset += table.length + padding.length;
  }
  return Buffer.concat(parts);
}

/** What pdfkit reads from a glyph of a layout. */
interface LaidGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

/**
 * A fontkit font whose `layout` is HarfBuzz's: the glyphs and positions (in font units, as
 * fontkit gives them) that Chromium would draw with the same file.
 */
function shapedFont(sfnt: Buffer): fontkit.Font {
  const font = fontkit.create(sfnt) as fontkit.Font;
  const hbFont = new hb.Font(new hb.Face(new hb.Blob(sfnt)));
  const buffer = new hb.Buffer();
  const advance = new Map<number, number>();
  const advanceOf = (id: number) => {
    let width = advance.get(id);
    if (width === undefined) {
      width = font.getGlyph(id).advanceWidth;
      advance.set(id, width);
    }
    return width;
  };
  /**
   * The letters each glyph stands for, for the PDF's text layer (copy, search, pdftotext): a
   * glyph takes the letters it is the glyph of, and the first glyph of a cluster the rest (a
   * conjunct drawn as one glyph takes all its letters). A PDF maps a glyph to one text for the
   * whole file and keeps the drawn order, so Bengali copied from it is approximate (ি comes
   * before its consonant); ActualText spans would fix that, pdfkit has no API for them.
   */
  const textOfGlyphs = (infos: { codepoint: number; cluster: number }[], points: number[]) => {
    const starts = [...new Set(infos.map((info) => info.cluster))].sort((a, b) => a - b);
    const codePoints: number[][] = infos.map(() => []);
    for (const [k, start] of starts.entries()) {
      const members = infos.flatMap((info, i) => (info.cluster === start ? [i] : []));
      const left = points.slice(start, starts[k + 1] ?? points.length).filter((point) => {
        const owner = members.find((i) => font.glyphForCodePoint(point).id === infos[i]!.codepoint);
        if (owner === undefined || members.length === 1) return true;
        codePoints[owner]!.push(point);
        return false;
      });
      codePoints[members.find((i) => codePoints[i]!.length === 0) ?? members[0]!]!.push(...left);
    }
    return codePoints;
  };
  const layout = (text: string) => {
    // Code points, not text: the clusters HarfBuzz gives back are then indexes into `points`.
    const points = [...text].map((ch) => ch.codePointAt(0)!);
    buffer.reset();
    buffer.addCodePoints(points);
    buffer.guessSegmentProperties();
    hb.shape(hbFont, buffer);
    const infos = buffer.getGlyphInfos();
    const places = buffer.getGlyphPositions();
    const codePoints = textOfGlyphs(infos, points);
    const glyphs: LaidGlyph[] = [];
    const positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[] = [];
    let advanceWidth = 0;
    infos.forEach((info, i) => {
      glyphs.push({ id: info.codepoint, advanceWidth: advanceOf(info.codepoint), codePoints: codePoints[i]! });
      const place = places[i]!;
      positions.push({ xAdvance: place.xAdvance, yAdvance: place.yAdvance, xOffset: place.xOffset, yOffset: place.yOffset });
      advanceWidth += place.xAdvance;
    });
    return { glyphs, positions, advanceWidth };
  };
  return Object.assign(font, { layout }) as unknown as fontkit.Font;
}

/** The subsets of the font, each in its two weights: pdfkit's names for them are `${face}` and `${face}Bold`. */
export type Face = 'bengali' | 'latin' | 'latinExt';

interface InvoiceFonts {
  bengali: fontkit.Font;
  bengaliBold: fontkit.Font;
  latin: fontkit.Font;
  latinBold: fontkit.Font;
  latinExt: fontkit.Font;
  latinExtBold: fontkit.Font;
}

let loaded: InvoiceFonts | undefined;

/** The six fonts, parsed on first use and kept for the life of the process. */
export function invoiceFonts(): InvoiceFonts {
  const load = (subset: Parameters<typeof fontFile>[0], weight: 400 | 700) => shapedFont(woffToSfnt(readFileSync(fontFile(subset, weight))));
  loaded ??= {
    bengali: load('bengali', 400),
    bengaliBold: load('bengali', 700),
    latin: load('latin', 400),
    latinBold: load('latin', 700),
    latinExt: load('latin-ext', 400),
    latinExtBold: load('latin-ext', 700),
  };
  return loaded;
}

/**
 * Text cut into runs of one subset: Bengali letters, signs and digits (and ৳, the danda, the
 * joiners, the dotted circle) in the Bengali font; Latin letters, digits and punctuation in the
 * Latin one; the letters of other Latin alphabets (Łukasz, Şahin, Dvořák) in Latin Extended. A
 * letter none of them has is drawn as the Latin font's empty box.
 */
export function scriptRuns(text: string): { face: Face; text: string }[] {
  const { latin, latinExt } = invoiceFonts();
  const runs: { face: Face; text: string }[] = [];
  for (const ch of text) {
    const point = ch.codePointAt(0)!;
    const last = runs.at(-1);
    // A space or a joiner stays in the run it is in, so a Bengali phrase is shaped as one run.
    const neutral = point === 0x20 || point === 0x200c || point === 0x200d;
    const face: Face =
      neutral && last
        ? last.face
        : (point >= 0x0980 && point <= 0x09ff) || point === 0x0964 || point === 0x0965 || point === 0x25cc
          ? 'bengali'
          : !latin.hasGlyphForCodePoint(point) && latinExt.hasGlyphForCodePoint(point)
            ? 'latinExt'
            : 'latin';
    if (last && last.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs;
}
