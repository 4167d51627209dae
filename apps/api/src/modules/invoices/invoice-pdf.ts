import PDFDocument from 'pdfkit';
import type { TLanguage } from '@residency/shared';
import { formatAmount, formatLongDate, formatWholeNumber } from '@residency/shared/display';
import { invoiceFonts, scriptRuns } from './invoice-fonts.ts';
import { invoiceLabels } from './invoice-labels.ts';
import type { InvoiceLine, InvoiceView } from './invoice-view.ts';

/*
 * The VAT invoice as a PDF (A4 portrait), drawn by pdfkit with Noto Sans Bengali shaped by
 * HarfBuzz (invoice-fonts.ts): no browser at run time. Text is placed by hand, line by line, so
 * that a Bengali and a Latin run of one line share a baseline and a cell never overflows.
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const CONTENT = PAGE.width - 2 * MARGIN;
/** The lowest a row of content may reach: below it the footer. */
const BOTTOM = PAGE.height - MARGIN - 24;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const WARN = '#b42318';
const RULE = '#c8ced6';

interface Style {
  size: number;
  bold?: boolean;
  color?: string;
}
type Align = 'left' | 'right';

/** Bengali lines need room for marks above and below: 1.45 em, not pdfkit's 1.2. */
const lineHeight = (style: Style) => style.size * 1.45;

const dhakaFormats = new Map<string, Intl.DateTimeFormat>();
/** A moment as the wall clock in Dhaka shows it ('bn-BD': Bengali words and digits). */
function dhaka(at: Date, language: TLanguage, withTime: boolean): string {
  const key = `${language}:${withTime}`;
  let format = dhakaFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-US', {
      timeZone: 'Asia/Dhaka',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    } as Intl.DateTimeFormatOptions);
    dhakaFormats.set(key, format);
  }
  return format.format(at);
}

const percentFormats = new Map<TLanguage, Intl.NumberFormat>();
/** A VAT rate: 15 → "15%", 7.5 → "৭.৫%" (formatWholeNumber would round 7.5 away). */
function percent(rate: number, language: TLanguage): string {
  let format = percentFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language === 'bn' ? 'bn-BD' : 'en-IN', { maximumFractionDigits: 2 });
    percentFormats.set(language, format);
  }
  return `${format.format(rate)}%`;
}

/**
 * Numbers in the data's text (INV-2026-27-000042, Deluxe King 101, a phone) in Bengali digits on a
 * Bengali invoice. Digits inside a code of letters and digits (RSV-7K3F9Q2M, a card's reference)
 * stay as they are: such a code is copied letter by letter into another system.
 */
function digits(text: string, language: TLanguage): string {
  if (language !== 'bn') return text;
  return text.replace(/(?<![A-Za-z0-9])[0-9]+(?![A-Za-z0-9])/g, (run) => run.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d))));
}

/** pdfkit with the invoice's fonts registered and a few text helpers over it. */
class Page {
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

  width(text: string, style: Style): number {
    let width = 0;
    for (const run of this.runs(text, style)) width += this.doc.font(run.font).fontSize(style.size).widthOfString(run.text);
    return width;
  }

  /** One line at a baseline, no wrapping: its runs one after the other, each in its script's font. */
  line(text: string, x: number, baseline: number, style: Style, align: Align = 'left', width = 0) {
    let at = align === 'right' ? x + width - this.width(text, style) : x;
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

const SMALL: Style = { size: 8.5 };
const BODY: Style = { size: 9.5 };
const LABEL: Style = { size: 8.5, color: MUTED };

/** The line table's columns, left to right; widths add up to the content width. */
function columns(view: InvoiceView) {
  const labels = invoiceLabels(view.language).columns;
  const lng = view.language;
  return [
    { title: labels.description, width: 179, align: 'left' as Align, value: (l: InvoiceLine) => digits(l.description, lng) },
    { title: labels.quantity, width: 36, align: 'right' as Align, value: (l: InvoiceLine) => formatWholeNumber(l.quantity, lng) },
    { title: labels.unitPrice, width: 64, align: 'right' as Align, value: (l: InvoiceLine) => formatAmount(l.unitPrice, lng) },
    { title: labels.discount, width: 56, align: 'right' as Align, value: (l: InvoiceLine) => (l.discount ? formatAmount(-l.discount, lng) : '–') },
    { title: labels.vatRate, width: 44, align: 'right' as Align, value: (l: InvoiceLine) => percent(l.vatRate, lng) },
    { title: labels.vat, width: 60, align: 'right' as Align, value: (l: InvoiceLine) => formatAmount(l.vatAmount, lng) },
    { title: labels.total, width: 76, align: 'right' as Align, value: (l: InvoiceLine) => formatAmount(l.total, lng) },
  ];
}
const CELL_PAD = 4;

function drawHeading(page: Page, view: InvoiceView) {
  const t = invoiceLabels(view.language);
  const lng = view.language;
  page.line(t.title[view.kind], MARGIN, page.y + 18, { size: 18, bold: true });
  if (view.kind === 'proforma') {
    const mark = { size: 10, bold: true, color: WARN };
    const width = page.width(t.proformaMark, mark) + 16;
    page.doc.roundedRect(MARGIN + CONTENT - width, page.y, width, 24, 3).lineWidth(1.2).strokeColor(WARN).stroke();
    page.line(t.proformaMark, MARGIN + CONTENT - width + 8, page.y + 16, mark);
  } else {
    page.line(t.form[view.kind], MARGIN, page.y + 18, { size: 11, bold: true, color: MUTED }, 'right', CONTENT);
  }
  page.y += 34;
  page.rule(page.y);
  page.y += 10;

  const half = CONTENT / 2 - 10;
  const left = MARGIN;
  const right = MARGIN + CONTENT / 2 + 10;
  let leftY = page.y;
  const party = (heading: string, rows: (string | { text: string; style: Style })[]) => {
    leftY += page.block(heading, left, leftY, half, { size: 8.5, bold: true, color: MUTED });
    for (const row of rows) {
      const [text, style] = typeof row === 'string' ? [row, BODY] : [row.text, row.style];
      leftY += page.block(text, left, leftY, half, style);
    }
    leftY += 8;
  };
  const seller = view.seller;
  party(t.seller, [
    { text: seller.legalName, style: { ...BODY, bold: true } },
    seller.bin ? `${t.bin}: ${digits(seller.bin, lng)}` : { text: t.binNotSet, style: { ...BODY, bold: true, color: WARN } },
    digits(seller.address, lng),
    `${t.phone}: ${digits(seller.phone, lng)}`,
    `${t.email}: ${seller.email}`,
  ]);
  const buyer = view.buyer;
  party(t.buyer, [
    { text: buyer.name, style: { ...BODY, bold: true } },
    ...(buyer.company ? [`${t.company}: ${digits(buyer.company, lng)}`] : []),
    ...(buyer.bin ? [`${t.bin}: ${digits(buyer.bin, lng)}`] : []),
    ...(buyer.address ? [digits(buyer.address, lng)] : []),
    ...(buyer.phone ? [`${t.phone}: ${digits(buyer.phone, lng)}`] : []),
  ]);

  let rightY = page.y;
  const fact = (label: string, value: string, style: Style = BODY) => {
    rightY += page.block(label, right, rightY, half, LABEL);
    rightY += page.block(value, right, rightY, half, style) + 3;
  };
  const { reservation } = view;
  if (view.kind !== 'proforma' && view.number) fact(t.number[view.kind], digits(view.number, lng), { ...BODY, bold: true });
  if (view.kind === 'credit_note' && view.creditsNumber) fact(t.cancels, digits(view.creditsNumber, lng), { ...BODY, bold: true });
  fact(t.issued, dhaka(view.issuedAt, lng, true));
  fact(t.reservation, digits(reservation.reference, lng));
  fact(t.stay, `${formatLongDate(reservation.checkIn, lng)} – ${formatLongDate(reservation.checkOut, lng)}`);
  fact(t.rooms, digits(reservation.rooms.join(', '), lng));
  page.y = Math.max(leftY, rightY) + 4;
}

function drawTableHeader(page: Page, view: InvoiceView) {
  const style: Style = { size: 8, bold: true, color: MUTED };
  const cols = columns(view);
  const height = Math.max(...cols.map((c) => page.wrap(c.title, c.width - 2 * CELL_PAD, style).length)) * lineHeight(style) + 6;
  page.doc.rect(MARGIN, page.y, CONTENT, height).fillColor('#eef1f4').fill();
  let x = MARGIN;
  for (const col of cols) {
    page.block(col.title, x + CELL_PAD, page.y + 3, col.width - 2 * CELL_PAD, style, col.align);
    x += col.width;
  }
  page.y += height;
}

function drawLines(page: Page, view: InvoiceView) {
  const cols = columns(view);
  drawTableHeader(page, view);
  for (const line of view.lines) {
    const cells = cols.map((col) => ({ col, lines: page.wrap(col.value(line), col.width - 2 * CELL_PAD, SMALL) }));
    const height = Math.max(...cells.map((c) => c.lines.length)) * lineHeight(SMALL) + 5;
    if (page.ensure(height)) drawTableHeader(page, view);
    let x = MARGIN;
    for (const { col, lines } of cells) {
      page.block(lines.join(' '), x + CELL_PAD, page.y + 2.5, col.width - 2 * CELL_PAD, SMALL, col.align);
      x += col.width;
    }
    page.y += height;
    page.rule(page.y);
  }
  page.y += 10;
}

/** Label and amount rows at the right of the page, the last of each group in bold. */
function drawSums(page: Page, rows: { label: string; value: string; bold?: boolean; color?: string }[]) {
  const labelWidth = 150;
  const valueWidth = 100;
  const x = MARGIN + CONTENT - labelWidth - valueWidth;
  for (const row of rows) {
    const style: Style = { size: row.bold ? 10.5 : 9.5, bold: row.bold, color: row.color };
    const height = lineHeight(style) + 2;
    page.ensure(height);
    if (row.bold) page.rule(page.y, x, labelWidth + valueWidth, INK);
    page.block(row.label, x, page.y + 2, labelWidth - 6, style);
    page.block(row.value, x + labelWidth, page.y + 2, valueWidth, style, 'right');
    page.y += height;
  }
  page.y += 12;
}

function drawPayments(page: Page, view: InvoiceView) {
  const t = invoiceLabels(view.language);
  const lng = view.language;
  page.ensure(60);
  page.block(t.payments, MARGIN, page.y, CONTENT, { size: 10.5, bold: true });
  page.y += lineHeight({ size: 10.5 }) + 2;
  if (view.payments.length === 0) {
    page.block(t.noPayments, MARGIN, page.y, CONTENT, { ...BODY, color: MUTED });
    page.y += lineHeight(BODY) + 6;
  }
  const cols = [
    { title: t.paymentColumns.date, width: 110, align: 'left' as Align },
    { title: t.paymentColumns.method, width: 160, align: 'left' as Align },
    { title: t.paymentColumns.reference, width: 145, align: 'left' as Align },
    { title: t.paymentColumns.amount, width: 100, align: 'right' as Align },
  ];
  const row = (values: string[], style: Style) => {
    const height = Math.max(...cols.map((c, i) => page.wrap(values[i]!, c.width - 2 * CELL_PAD, style).length)) * lineHeight(style) + 4;
    page.ensure(height);
    let x = MARGIN;
    cols.forEach((col, i) => {
      page.block(values[i]!, x + CELL_PAD, page.y + 2, col.width - 2 * CELL_PAD, style, col.align);
      x += col.width;
    });
    page.y += height;
    page.rule(page.y);
  };
  if (view.payments.length) row(cols.map((c) => c.title), { size: 8, bold: true, color: MUTED });
  for (const payment of view.payments) {
    const method = payment.refund ? `${t.refund}: ${payment.method}` : payment.method;
    row(
      [dhaka(payment.at, lng, false), digits(method, lng), payment.reference ? digits(payment.reference, lng) : '–', formatAmount(payment.refund ? -payment.amount : payment.amount, lng)],
      { ...SMALL, color: payment.refund ? WARN : INK },
    );
  }
  page.y += 10;
}

function drawFooters(page: Page, view: InvoiceView) {
  const t = invoiceLabels(view.language);
  const { start, count } = page.doc.bufferedPageRange();
  const of = formatWholeNumber(count, view.language);
  const left = [view.seller.legalName, view.number ? digits(view.number, view.language) : t.title.proforma].join(' · ');
  for (let i = start; i < start + count; i += 1) {
    page.doc.switchToPage(i);
    const baseline = PAGE.height - MARGIN + 4;
    page.rule(baseline - 14);
    page.line(left, MARGIN, baseline, LABEL);
    page.line(t.page(formatWholeNumber(i + 1, view.language), of), MARGIN, baseline, LABEL, 'right', CONTENT);
  }
}

/**
 * The invoice, credit note or proforma of `view` as an A4 PDF, in the view's language: Bengali
 * words and digits throughout a Bengali one (codes and e-mail addresses keep their Latin letters).
 */
export function renderInvoicePdf(view: InvoiceView, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    compress: options.compress ?? true,
    lang: view.language === 'bn' ? 'bn-BD' : 'en',
    info: { Title: `${invoiceLabels(view.language).title[view.kind]} ${view.number ?? ''}`.trim(), Producer: 'Residency' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const page = new Page(doc);
  const t = invoiceLabels(view.language);
  const lng = view.language;
  const { totals } = view;
  drawHeading(page, view);
  drawLines(page, view);
  drawSums(page, [
    { label: t.subtotal, value: formatAmount(totals.subtotal, lng) },
    { label: t.discount, value: totals.discount ? formatAmount(-totals.discount, lng) : formatAmount(0, lng) },
    { label: t.serviceCharge, value: formatAmount(totals.serviceCharge, lng) },
    { label: t.vat, value: formatAmount(totals.vat, lng) },
    { label: t.total, value: formatAmount(totals.total, lng), bold: true },
  ]);
  drawPayments(page, view);
  drawSums(page, [{ label: t.balance, value: formatAmount(totals.balance, lng), bold: true, color: totals.balance > 0 ? WARN : INK }]);
  drawFooters(page, view);
  doc.end();
  return done;
}
