import type { TLanguage } from '@residency/shared';
import { invoiceFonts, scriptRuns } from './pdf-fonts.ts';

/*
 * The printed documents' page (A4 landscape) and text helpers over pdfkit, with Noto Sans Bengali
 * shaped by HarfBuzz (pdf-fonts.ts): first the VAT invoice's (issue 31), now also the police
 * register's and the registration card's (issue 34). Text is placed by hand, line by line, so
 * that a Bengali and a Latin run of one line share a baseline and a cell never overflows.
 */

export const PAGE = { width: 841.89, height: 595.28 };
export const MARGIN = 36;
export const CONTENT = PAGE.width - 2 * MARGIN;
/** The lowest a row of content may reach: below it the footer. */
export const BOTTOM = PAGE.height - MARGIN - 22;
export const INK = '#1f2933';
export const MUTED = '#5f6b7a';
export const WARN = '#b42318';
export const RULE = '#c8ced6';

export interface Style {
  size: number;
  bold?: boolean;
  color?: string;
}
export type Align = 'left' | 'right' | 'center';

/** Bengali lines need room for marks above and below: 1.45 em, not pdfkit's 1.2. */
export const lineHeight = (style: Style) => style.size * 1.45;

/**
 * Numbers in the data's text (INV-2026-27-000042, Deluxe King 101, a phone) in Bengali digits on a
 * Bengali invoice. Digits inside a code of letters and digits (RSV-7K3F9Q2M, a card's reference)
 * stay as they are: such a code is copied letter by letter into another system.
 */
export function digits(text: string, language: TLanguage): string {
  if (language !== 'bn') return text;
  return text.replace(/(?<![A-Za-z0-9])[0-9]+(?![A-Za-z0-9])/g, (run) => run.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d))));
}

/** pdfkit with the fonts registered and a few text helpers over it. */
export class Page {
  readonly doc: PDFKit.PDFDocument;
  y = MARGIN;

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
    const fonts = invoiceFonts();
    // pdfkit takes a font object with `layout` as well as a file: the fonts are parsed once per process.
    for (const [name, font] of Object.entries(fonts)) doc.registerFont(name, font as unknown as Buffer);
  }

  private runs(text: string, style: Style) {
    return scriptRuns(text).map((run) => ({
      text: run.text,
      font: `${run.face}${style.bold ? 'Bold' : ''}`,
    }));
  }

  /**
   * Widths measured on this page, by size, weight and text: a table of thirteen columns measures
   * the same cells ("৳0", "15%", "night") and the words of wrapped cells again and again, and each
   * measure shapes the text.
   */
  private widths = new Map<string, number>();

  width(text: string, style: Style): number {
    const key = `${style.size}:${style.bold ? 1 : 0}:${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = 0;
      for (const run of this.runs(text, style)) width += this.doc.font(run.font).fontSize(style.size).widthOfString(run.text);
      this.widths.set(key, width);
    }
    return width;
  }

  /** One line at a baseline, no wrapping: its runs one after the other, each in its script's font. */
  line(text: string, x: number, baseline: number, style: Style, align: Align = 'left', width = 0) {
    let at = align === 'right' ? x + width - this.width(text, style) : align === 'center' ? x + (width - this.width(text, style)) / 2 : x;
    this.doc.fillColor(style.color ?? INK);
    for (const run of this.runs(text, style)) {
      this.doc.font(run.font).fontSize(style.size).text(run.text, at, baseline, { lineBreak: false, baseline: 'alphabetic' });
      at += this.doc.widthOfString(run.text);
    }
  }

  /** `text` cut at spaces (and inside a word too long for the width) into lines of `width`. */
  wrap(text: string, width: number, style: Style): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (this.width(candidate, style) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = word;
      while (this.width(current, style) > width && current.length > 1) {
        let cut = current.length - 1;
        while (cut > 1 && this.width(current.slice(0, cut), style) > width) cut -= 1;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
    if (current) lines.push(current);
    return lines.length ? lines : [''];
  }

  /** Wrapped text whose first line's top is `top`; returns the height it took. */
  block(text: string, x: number, top: number, width: number, style: Style, align: Align = 'left'): number {
    const lines = this.wrap(text, width, style);
    const height = lineHeight(style);
    lines.forEach((text, i) => this.line(text, x, top + i * height + style.size * 1.05, style, align, width));
    return lines.length * height;
  }

  rule(y: number, x = MARGIN, width = CONTENT, color = RULE) {
    this.doc.moveTo(x, y).lineTo(x + width, y).lineWidth(0.6).strokeColor(color).stroke();
  }

  /** A new page when `height` does not fit below `y`; true when one was added. */
  ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.doc.addPage();
    this.y = MARGIN;
    return true;
  }
}

