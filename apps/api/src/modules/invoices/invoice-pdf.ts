import PDFDocument from 'pdfkit';
import type { TLanguage } from '@residency/shared';
import { formatAmount, formatLongDate, formatWholeNumber } from '@residency/shared/display';
import { CONTENT, digits, INK, lineHeight, MARGIN, MUTED, Page, PAGE, RULE, WARN, type Align, type Style } from '../../lib/pdf-page.ts';
import { invoiceLabels } from './invoice-labels.ts';
import type { InvoiceLine, InvoiceView } from './invoice-view.ts';

/*
 * The VAT invoice as a PDF (A4 landscape: Mushak-6.3's thirteen columns need the width), drawn by
 * pdfkit with Noto Sans Bengali shaped by HarfBuzz (lib/pdf-fonts.ts, lib/pdf-page.ts): no browser at run time.
 * Text is placed by hand, line by line, so that a Bengali and a Latin run of one line share a
 * baseline and a cell never overflows. The file is PDF/A-2b (archival): invoices are kept for
 * years (see renderInvoicePdf).
 */

const dhakaFormats = new Map<string, Intl.DateTimeFormat>();
/** A moment as the wall clock in Dhaka shows it ('bn-BD': Bengali words and digits): its date, its time, or both. */
function dhaka(at: Date, language: TLanguage, part: 'date' | 'time' | 'date-time'): string {
  const key = `${language}:${part}`;
  let format = dhakaFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-US', {
      timeZone: 'Asia/Dhaka',
      ...(part === 'time' ? {} : { day: 'numeric', month: 'short', year: 'numeric' }),
      ...(part === 'date' ? {} : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
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

const SMALL: Style = { size: 8 };
const BODY: Style = { size: 9 };
const LABEL: Style = { size: 8, color: MUTED };
const CELL_PAD = 3;

interface Column {
  title: string;
  width: number;
  align: Align;
  value: (l: InvoiceLine) => string;
  /** The column's figure on the table's totals row, if it has one. */
  total?: (t: InvoiceView['totals']) => string;
}

/** A deduction in its column: "−৳1,250" (nothing off: ৳0). */
const minus = (value: number, lng: TLanguage) => formatAmount(value ? -value : 0, lng);

/**
 * The line table's columns, left to right: Mushak-6.3's (serial, description, unit of supply,
 * quantity, unit price, value, SD rate and amount, VAT rate and amount, total with all duties and
 * taxes), with the discount and the service charge each in a column of its own between the
 * value and the taxes, so that every line's columns add up to its total. Widths add up to the
 * content width. A credit note's figures are what it reduces, and its headings say so.
 */
function columns(view: InvoiceView): Column[] {
  const t = invoiceLabels(view.language);
  const c = t.columns;
  const lng = view.language;
  const credit = view.kind === 'credit_note';
  const money = (pick: (l: InvoiceLine) => number) => (l: InvoiceLine) => formatAmount(pick(l), lng);
  return [
    { title: c.serial, width: 26, align: 'right', value: (l) => formatWholeNumber(l.serial, lng) },
    { title: c.description, width: 176, align: 'left', value: (l) => digits(l.description, lng), total: () => t.totalRow },
    { title: c.unit, width: 44, align: 'left', value: (l) => l.unit },
    { title: c.quantity, width: 32, align: 'right', value: (l) => formatWholeNumber(l.quantity, lng) },
    { title: c.unitPrice, width: 58, align: 'right', value: money((l) => l.unitPrice) },
    { title: credit ? t.reduced.amount : c.amount, width: 64, align: 'right', value: money((l) => l.amount), total: (s) => formatAmount(s.subtotal, lng) },
    { title: c.discount, width: 56, align: 'right', value: (l) => minus(l.discount, lng), total: (s) => minus(s.discount, lng) },
    { title: c.serviceCharge, width: 56, align: 'right', value: money((l) => l.serviceCharge), total: (s) => formatAmount(s.serviceCharge, lng) },
    { title: c.sdRate, width: 40, align: 'right', value: (l) => percent(l.sdRate, lng) },
    { title: credit ? t.reduced.sd : c.sd, width: 50, align: 'right', value: money((l) => l.sdAmount), total: (s) => formatAmount(s.sd, lng) },
    { title: c.vatRate, width: 38, align: 'right', value: (l) => percent(l.vatRate, lng) },
    { title: credit ? t.reduced.vat : c.vat, width: 58, align: 'right', value: money((l) => l.vatAmount), total: (s) => formatAmount(s.vat, lng) },
    { title: credit ? t.reduced.total : c.total, width: CONTENT - 698, align: 'right', value: money((l) => l.total), total: (s) => formatAmount(s.total, lng) },
  ];
}

/** The form's head: the authority, the form's number and rule, the title; a proforma's mark instead. */
function drawHeading(page: Page, view: InvoiceView) {
  const t = invoiceLabels(view.language);
  if (view.kind === 'proforma') {
    page.line(t.title.proforma, MARGIN, page.y + 18, { size: 16, bold: true });
    const mark = { size: 10, bold: true, color: WARN };
    const width = page.width(t.proformaMark, mark) + 16;
    page.doc.roundedRect(MARGIN + CONTENT - width, page.y, width, 24, 3).lineWidth(1.2).strokeColor(WARN).stroke();
    page.line(t.proformaMark, MARGIN + CONTENT - width + 8, page.y + 16, mark);
    page.y += 30;
  } else {
    const kind = view.kind;
    page.line(t.government, MARGIN, page.y + 10, LABEL, 'center', CONTENT);
    page.line(t.board, MARGIN, page.y + 22, { ...LABEL, bold: true }, 'center', CONTENT);
    page.line(t.form[kind], MARGIN, page.y + 14, { size: 12, bold: true }, 'right', CONTENT);
    page.line(t.title[kind], MARGIN, page.y + 42, { size: 16, bold: true }, 'center', CONTENT);
    page.line(t.rule[kind], MARGIN, page.y + 56, LABEL, 'center', CONTENT);
    page.y += 62;
  }
  page.rule(page.y);
  page.y += 8;
}

/** Seller, buyer and the document's own facts, in three columns. */
function drawParties(page: Page, view: InvoiceView) {
  const t = invoiceLabels(view.language);
  const lng = view.language;
  const gap = 14;
  const width = (CONTENT - 2 * gap) / 3;
  const top = page.y;
  const column = (x: number, heading: string | null, rows: { label?: string; text: string; style?: Style }[]) => {
    let y = top;
    if (heading) y += page.block(heading, x, y, width, { size: 8.5, bold: true, color: MUTED }) + 1;
    for (const row of rows) y += page.block(row.label ? `${row.label}: ${row.text}` : row.text, x, y, width, row.style ?? BODY);
    return y;
  };
  const seller = view.seller;
  const buyer = view.buyer;
  const notGiven = { ...BODY, color: MUTED };
  const sellerEnd = column(MARGIN, t.seller, [
    { label: t.name, text: seller.legalName, style: { ...BODY, bold: true } },
    seller.bin ? { label: t.bin, text: digits(seller.bin, lng) } : { text: t.binNotSet, style: { ...BODY, bold: true, color: WARN } },
    { label: t.address, text: digits(seller.address, lng) },
    { label: t.phone, text: digits(seller.phone, lng) },
    { label: t.email, text: seller.email },
  ]);
  const buyerEnd = column(MARGIN + width + gap, t.buyer, [
    { label: t.name, text: buyer.name, style: { ...BODY, bold: true } },
    ...(buyer.company
      ? [{ label: t.company, text: digits(buyer.company, lng) }, buyer.bin ? { label: t.bin, text: digits(buyer.bin, lng) } : { label: t.bin, text: t.notGiven, style: notGiven }]
      : []),
    buyer.address ? { label: t.address, text: digits(buyer.address, lng) } : { label: t.address, text: t.notGiven, style: notGiven },
    ...(buyer.phone ? [{ label: t.phone, text: digits(buyer.phone, lng) }] : []),
  ]);
  const { reservation } = view;
  const facts: { label?: string; text: string; style?: Style }[] = [];
  if (view.kind === 'proforma') {
    facts.push({ label: t.printed, text: dhaka(view.issuedAt, lng, 'date-time') });
  } else {
    if (view.number) facts.push({ label: t.number[view.kind], text: digits(view.number, lng), style: { ...BODY, bold: true } });
    facts.push({ label: t.dateOfIssue, text: dhaka(view.issuedAt, lng, 'date') }, { label: t.timeOfIssue, text: dhaka(view.issuedAt, lng, 'time') });
  }
  if (view.kind === 'credit_note' && view.credits) {
    facts.push(
      { label: t.original, text: digits(view.credits.number, lng), style: { ...BODY, bold: true } },
      { label: t.originalIssued, text: dhaka(view.credits.issuedAt, lng, 'date-time') },
    );
  }
  facts.push(
    { label: t.reservation, text: digits(reservation.reference, lng) },
    { label: t.stay, text: `${formatLongDate(reservation.checkIn, lng)} – ${formatLongDate(reservation.checkOut, lng)}` },
    { label: t.rooms, text: digits(reservation.rooms.join(', '), lng) },
  );
  const factsEnd = column(MARGIN + 2 * (width + gap), null, facts);
  page.y = Math.max(sellerEnd, buyerEnd, factsEnd) + 6;
  // A credit note's reason (the nature of the adjustment), across the page: it is why it exists.
  if (view.kind === 'credit_note' && view.reason) {
    page.y += page.block(`${t.reason}: ${view.reason}`, MARGIN, page.y, CONTENT, { size: 10, bold: true });
    page.y += 4;
  }
}

function drawTableHeader(page: Page, view: InvoiceView) {
  const style: Style = { size: 7.5, bold: true, color: MUTED };
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

/** One row of cells, wrapped in their columns; a new page (and the header again) when it does not fit. */
function drawRow(page: Page, view: InvoiceView, values: string[], style: Style) {
  const cols = columns(view);
  const cells = cols.map((col, i) => ({ col, lines: page.wrap(values[i] ?? '', col.width - 2 * CELL_PAD, style) }));
  const height = Math.max(...cells.map((c) => c.lines.length)) * lineHeight(style) + 5;
  if (page.ensure(height)) drawTableHeader(page, view);
  let x = MARGIN;
  for (const { col, lines } of cells) {
    page.block(lines.join(' '), x + CELL_PAD, page.y + 2.5, col.width - 2 * CELL_PAD, style, col.align);
    x += col.width;
  }
  page.y += height;
}

function drawLines(page: Page, view: InvoiceView) {
  const t = invoiceLabels(view.language);
  if (view.kind === 'credit_note') {
    page.ensure(60);
    page.y += page.block(t.reduced.caption, MARGIN, page.y, CONTENT, { ...BODY, color: MUTED }) + 2;
  }
  const cols = columns(view);
  drawTableHeader(page, view);
  for (const line of view.lines) {
    drawRow(page, view, cols.map((col) => col.value(line)), SMALL);
    page.rule(page.y);
  }
  // The form's "Total" row: each column of amounts summed, under its lines.
  page.rule(page.y, MARGIN, CONTENT, INK);
  drawRow(page, view, cols.map((col) => col.total?.(view.totals) ?? ''), { ...SMALL, bold: true });
  page.rule(page.y, MARGIN, CONTENT, INK);
  page.y += 10;
}

type SumRow = { label: string; value: string; bold?: boolean; color?: string };
const sumStyle = (row: SumRow): Style => ({ size: row.bold ? 10.5 : 9.5, bold: row.bold, color: row.color });
/** The height drawSums takes for `rows`. */
const sumsHeight = (rows: SumRow[]) => rows.reduce((h, row) => h + lineHeight(sumStyle(row)) + 2, 0) + 10;

/** Label and amount rows at the right of the page, the last of each group in bold; kept on one page. */
function drawSums(page: Page, rows: SumRow[]) {
  const labelWidth = 170;
  const valueWidth = 110;
  const x = MARGIN + CONTENT - labelWidth - valueWidth;
  // The group stays on one page: a total apart from what it sums is hard to check.
  page.ensure(sumsHeight(rows));
  for (const row of rows) {
    const style = sumStyle(row);
    const height = lineHeight(style) + 2;
    if (row.bold) page.rule(page.y, x, labelWidth + valueWidth, INK);
    page.block(row.label, x, page.y + 2, labelWidth - 6, style);
    page.block(row.value, x + labelWidth, page.y + 2, valueWidth, style, 'right');
    page.y += height;
  }
  page.y += 10;
}

function drawPayments(page: Page, view: InvoiceView, money: NonNullable<InvoiceView['money']>) {
  const t = invoiceLabels(view.language);
  const lng = view.language;
  page.ensure(60);
  page.block(t.payments, MARGIN, page.y, CONTENT, { size: 10.5, bold: true });
  page.y += lineHeight({ size: 10.5 }) + 2;
  if (money.payments.length === 0) {
    page.block(t.noPayments, MARGIN, page.y, CONTENT, { ...BODY, color: MUTED });
    page.y += lineHeight(BODY) + 6;
  }
  const cols = [
    { title: t.paymentColumns.date, width: 120, align: 'left' as Align },
    { title: t.paymentColumns.method, width: 180, align: 'left' as Align },
    { title: t.paymentColumns.reference, width: 180, align: 'left' as Align },
    { title: t.paymentColumns.amount, width: 110, align: 'right' as Align },
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
    page.rule(page.y, MARGIN, 590);
  };
  if (money.payments.length) row(cols.map((c) => c.title), { size: 8, bold: true, color: MUTED });
  for (const payment of money.payments) {
    const method = payment.refund ? `${t.refund}: ${payment.method}` : payment.method;
    row(
      [dhaka(payment.at, lng, 'date'), digits(method, lng), payment.reference ? digits(payment.reference, lng) : '–', formatAmount(payment.refund ? -payment.amount : payment.amount, lng)],
      { ...SMALL, color: payment.refund ? WARN : INK },
    );
  }
  page.y += 10;
}

/** The height of the signatory's block. */
const SIGNATORY_HEIGHT = 112;

/**
 * The authorised signatory (Mushak-6.3's officer-in-charge), at the left from `top`: name and
 * designation as the settings gave them when it was issued (a blank line where they gave none),
 * and a place to sign and seal. Answers where it ends.
 */
function drawSignatory(page: Page, view: InvoiceView, signatory: NonNullable<InvoiceView['signatory']>, top: number): number {
  const t = invoiceLabels(view.language).signatory;
  const width = 320;
  const blank = '______________________________';
  const x = MARGIN;
  let y = top + 4;
  y += page.block(t.heading, x, y, width, { size: 9, bold: true, color: MUTED });
  y += page.block(`${t.name}: ${signatory.name ?? blank}`, x, y, width, BODY);
  y += page.block(`${t.title}: ${signatory.title ?? blank}`, x, y, width, BODY);
  // The place to sign: a ruled space, and the seal beside it.
  const signTop = y + 6;
  page.doc.rect(x, signTop, width, 46).lineWidth(0.6).strokeColor(RULE).stroke();
  page.line(`${t.signature}:`, x + 6, signTop + 12, LABEL);
  page.line(`${t.seal}:`, x + width / 2 + 6, signTop + 12, LABEL);
  page.doc.moveTo(x + width / 2, signTop).lineTo(x + width / 2, signTop + 46).lineWidth(0.6).strokeColor(RULE).stroke();
  return signTop + 46 + 8;
}

function drawFooters(page: Page, view: InvoiceView) {
  const t = invoiceLabels(view.language);
  const { start, count } = page.doc.bufferedPageRange();
  const of = formatWholeNumber(count, view.language);
  const left = [view.seller.legalName, view.number ? digits(view.number, view.language) : t.title.proforma].join(' · ');
  for (let i = start; i < start + count; i += 1) {
    page.doc.switchToPage(i);
    const baseline = PAGE.height - MARGIN + 6;
    page.rule(baseline - 14);
    page.line(left, MARGIN, baseline, LABEL);
    page.line(t.page(formatWholeNumber(i + 1, view.language), of), MARGIN, baseline, LABEL, 'right', CONTENT);
  }
}

/**
 * The invoice, credit note or proforma of `view` as an A4 landscape PDF/A-2b, in the view's
 * language: Bengali words and digits throughout a Bengali one (codes and e-mail addresses keep
 * their Latin letters).
 *
 * PDF/A-2b (ISO 19005-2, level B: the page looks the same for as long as the file is kept) is
 * what pdfkit writes with `subset`: the XMP metadata naming the part and conformance
 * (pdfaid:part 2, conformance B), an output intent with the sRGB ICC profile for the colours,
 * PDF 1.7, no encryption; every font is embedded (the three subsets of Noto Sans Bengali, as
 * subsets of the glyphs used), and no standard font is set up that would not be (`font: null`).
 * The metadata's title is the form's name and number only: pdfkit writes it into the XMP
 * without escaping, so no name a person typed goes there.
 */
export function renderInvoicePdf(view: InvoiceView, options: { compress?: boolean } = {}): Promise<Buffer> {
  const t = invoiceLabels(view.language);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    bufferPages: true,
    compress: options.compress ?? true,
    lang: view.language === 'bn' ? 'bn-BD' : 'en',
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    font: null as unknown as string,
    info: { Title: `${t.title[view.kind]} ${view.number ?? ''}`.trim(), Producer: 'Residency', Creator: 'Residency' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const page = new Page(doc);
  const lng = view.language;
  const { totals, money } = view;
  drawHeading(page, view);
  drawParties(page, view);
  drawLines(page, view);
  const sums: SumRow[] = [
    { label: t.subtotal, value: formatAmount(totals.subtotal, lng) },
    { label: t.discount, value: minus(totals.discount, lng) },
    { label: t.serviceCharge, value: formatAmount(totals.serviceCharge, lng) },
    { label: t.sd, value: formatAmount(totals.sd, lng) },
    { label: t.vat, value: formatAmount(totals.vat, lng) },
    { label: view.kind === 'credit_note' ? t.totalReduced : t.total, value: formatAmount(totals.total, lng), bold: true },
    // The money beside the total it settles (an invoice, a proforma); the payments themselves below.
    ...(money
      ? [
          { label: t.paid, value: formatAmount(money.paid, lng) },
          { label: t.refunded, value: formatAmount(money.refunded ? -money.refunded : 0, lng) },
          { label: t.balance, value: formatAmount(money.balance, lng), bold: true, color: money.balance > 0 ? WARN : INK },
        ]
      : []),
  ];
  // The sums at the right and the signatory at the left, side by side, on one page.
  page.ensure(Math.max(sumsHeight(sums), view.signatory ? SIGNATORY_HEIGHT : 0));
  const top = page.y;
  drawSums(page, sums);
  if (view.signatory) page.y = Math.max(page.y, drawSignatory(page, view, view.signatory, top));
  if (money) drawPayments(page, view, money);
  drawFooters(page, view);
  doc.end();
  return done;
}
