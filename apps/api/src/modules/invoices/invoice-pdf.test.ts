import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { chromium, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, formatWholeNumber } from '@residency/shared/display';
import { fontFile, invoiceFonts, woffToSfnt } from '../../lib/pdf-fonts.ts';
import { sampleInvoice } from './invoice-fixture.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/*
 * The invoice PDF read back as a person and a machine would: its text through poppler's
 * pdftotext, its pages through pdftoppm, its Bengali against Chromium drawing the same font file.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'invoice-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function save(pdf: Buffer): string {
  const file = path.join(dir, `${(files += 1)}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
const text = (file: string, page?: number) =>
  execFileSync('pdftotext', ['-layout', ...(page ? ['-f', String(page), '-l', String(page)] : []), file, '-'], { encoding: 'utf8' });
const pageCount = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
/** Words in order, whatever the columns and line breaks between them. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

describe('renderInvoicePdf: text', () => {
  it('an English invoice has every line, the totals and its number', async () => {
    const view = sampleInvoice({ language: 'en', nights: 3, rooms: 2 });
    const file = save(await renderInvoicePdf(view));
    const all = text(file);
    const flat = squeeze(all);
    expect(all).toContain('Tax invoice');
    expect(all).toContain('Mushak-6.3');
    expect(all).toContain('INV-2026-27-000042');
    for (const line of view.lines) {
      // A long description wraps inside its cell: its words come back in order, other cells between.
      const words = line.description.split(' ');
      let from = 0;
      for (const word of words) {
        const at = all.indexOf(word, from);
        expect(at, `"${word}" of "${line.description}"`).toBeGreaterThanOrEqual(0);
        from = at + word.length;
      }
      expect(flat).toContain(squeeze(formatAmount(line.total, 'en')));
    }
    for (const amount of [view.totals.subtotal, view.totals.serviceCharge, view.totals.vat, view.totals.total, view.money!.balance]) {
      expect(all).toContain(formatAmount(amount, 'en'));
    }
    expect(all).toContain(formatAmount(-view.totals.discount, 'en'));
    expect(all).toContain('Refund: bKash');
    expect(all).toMatch(/Page 1 of \d/);
  });

  it('a Bengali invoice writes every number in Bengali digits', async () => {
    const view = sampleInvoice({ language: 'bn', nights: 3, rooms: 2 });
    const file = save(await renderInvoicePdf(view));
    const all = text(file);
    expect(all).toContain('INV-২০২৬-২৭-০০০০৪২');
    expect(all).toContain('মূসক-৬.৩');
    for (const line of view.lines) {
      expect(squeeze(all)).toContain(squeeze(formatAmount(line.total, 'bn')));
      expect(all).toContain(formatAmount(line.unitPrice, 'bn'));
    }
    for (const amount of [view.totals.subtotal, view.totals.serviceCharge, view.totals.vat, view.totals.total, view.money!.balance]) {
      expect(all).toContain(formatAmount(amount, 'bn'));
    }
    // Room numbers inside descriptions, the stay's year, the VAT rate, the page numbers.
    expect(all).toContain('১০১');
    expect(all).toContain('২০২৬');
    expect(all).toContain('১৫%');
    // pdftotext may put a space inside a word where a mark sits out of line (পৃ ষ্ঠা).
    expect(squeeze(all)).toMatch(new RegExp(squeeze('পৃষ্ঠা ১ / [০-৯]')));
    // No ASCII digit but in the codes of letters and digits and the e-mail address.
    const rest = all.replace(/RSV-7K3F9Q2M|8N7A6D5F2K|billing@residency\.example/g, '');
    expect(rest).not.toMatch(/[0-9]/);
    // The words of a PDF's text layer keep the drawn order of the glyphs (ি before its consonant):
    // the Bengali words checked here have no such sign.
    for (const word of ['কক্ষ ভাড়া', 'সংখ্যা', 'একক মূল্য', 'মূসক', 'ছাড়']) expect(all, word).toContain(word);
  });

  it('a proforma has no number, no signatory and says it is not a tax invoice; a missing BIN shows', async () => {
    const view = sampleInvoice({ kind: 'proforma', bin: null });
    // A guest's name in letters beyond Latin-1 comes from the font's Latin Extended subset.
    view.buyer.name = 'Łukasz Dvořák';
    const all = text(save(await renderInvoicePdf(view)));
    expect(all).toContain('Łukasz Dvořák');
    expect(all).toContain('Proforma invoice');
    expect(all).toContain('PROFORMA — not a tax invoice');
    expect(all).toContain('BIN not set');
    expect(all).not.toContain('INV-');
    expect(all).not.toContain('Mushak-6.3');
    expect(all).not.toContain('Authorised signatory');
  });
});

/*
 * Mushak-6.3, field by field (the NBR's form: the registered person's name, BIN and address of
 * issue; the purchaser's name, BIN and destination of supply; the invoice's number, date and
 * time of issue; per line the serial, description, unit of supply, quantity, unit value, total
 * value, SD rate and amount, VAT rate and amount, value with all duties and taxes; the total
 * row; the officer-in-charge's name, designation, signature and seal), read back by pdftotext.
 */
describe('renderInvoicePdf: the fields of Mushak-6.3', () => {
  /** One line of `pdftotext -layout` output that holds every one of `cells`, in that order. */
  const rowWith = (all: string, cells: string[]) =>
    all.split('\n').find((row) => {
      let from = 0;
      for (const cell of cells) {
        const at = row.indexOf(cell, from);
        if (at < 0) return false;
        from = at + cell.length;
      }
      return true;
    });

  it('in English: the form, seller, buyer, number, date and time, every column, the total row and the signatory', async () => {
    const view = sampleInvoice({ language: 'en', nights: 1, rooms: 1 });
    const all = text(save(await renderInvoicePdf(view)));
    for (const field of [
      "Government of the People's Republic of Bangladesh",
      'National Board of Revenue',
      'Mushak-6.3',
      'Tax invoice',
      '[See clauses (c) and (f) of sub-rule (1) of rule 40]',
      'Seller (registered person)',
      'Name: Residency Hotels Ltd.',
      'BIN: 000123456-0101',
      'Address: House 12, Road 7, Gulshan 1, Dhaka 1212',
      'Buyer (purchaser)',
      'Name: Rafid Hasan Chowdhury',
      'Company: Meghna Textiles Ltd.',
      'BIN: 004567891-0202',
      'Address: Agrabad, Chattogram 4100',
      'Invoice no.: INV-2026-27-000042',
      // 05:30 UTC is 11:30 in Dhaka.
      'Date of issue: Dec 24, 2026',
      'Time of issue: 11:30',
      'Authorised signatory (officer-in-charge)',
      'Name: Farhana Rahman',
      'Designation: Finance Manager',
      'Signature:',
      'Seal:',
    ]) {
      expect(all, field).toContain(field);
    }
    // The header row: every column of the form, and the discount and service charge between value and taxes.
    expect(rowWith(all, ['SL', 'Description of goods or services', 'Unit of', 'Qty', 'Unit price', 'Value (qty ×', 'Discount', 'Service', 'SD rate', 'SD', 'VAT rate', 'VAT', 'Total incl. all'])).toBeDefined();
    // Each line: serial, description, unit, quantity, unit price, value, discount, service charge, SD rate, SD, VAT rate, VAT, total.
    for (const line of view.lines) {
      const cells = [String(line.serial), line.description.split(' ')[0]!, line.unit, String(line.quantity), formatAmount(line.unitPrice), formatAmount(line.amount)];
      cells.push(formatAmount(line.discount ? -line.discount : 0), formatAmount(line.serviceCharge), '0%', formatAmount(0), `${line.vatRate}%`, formatAmount(line.vatAmount), formatAmount(line.total));
      expect(rowWith(all, cells), `line ${line.serial}: ${cells.join(' | ')}`).toBeDefined();
    }
    const t = view.totals;
    const totalRow = ['Total', formatAmount(t.subtotal), formatAmount(-t.discount), formatAmount(t.serviceCharge), formatAmount(t.sd), formatAmount(t.vat), formatAmount(t.total)];
    expect(rowWith(all, totalRow), totalRow.join(' | ')).toBeDefined();
  });

  it("reads room 401's line across: 12,500 − 1,250 + 1,125 + SD 0 + 1,856.25 = 14,231.25", async () => {
    const view = sampleInvoice({ language: 'en', nights: 1, rooms: 1 });
    view.lines = [{ serial: 1, description: 'Room 401 (Deluxe King), room nights · Tue, Dec 1', unit: 'night', serviceDate: '2026-12-01', quantity: 1, unitPrice: 12_500, amount: 12_500, discount: 1_250, serviceCharge: 1_125, sdRate: 0, sdAmount: 0, vatRate: 15, vatAmount: 1_856.25, total: 14_231.25 }];
    const all = text(save(await renderInvoicePdf(view)));
    expect(rowWith(all, ['1', 'Room 401', 'night', '1', '৳12,500', '৳12,500', formatAmount(-1_250), '৳1,125', '0%', '৳0', '15%', '৳1,856.25', '৳14,231.25'])).toBeDefined();
  });

  it('in Bengali: the same fields in the form’s Bengali words and Bengali digits', async () => {
    const view = sampleInvoice({ language: 'bn', nights: 1, rooms: 1 });
    const all = squeeze(text(save(await renderInvoicePdf(view))));
    // Words without a vowel sign drawn before its consonant come back as written (see 0013's known limits).
    // (বিআইএন comes back as িবআইএন: its ি is drawn first.)
    for (const field of ['জাতীয় রাজস্ব', 'মূসক-৬.৩', 'আইএন: ০০০১২৩৪৫৬-০১০১', 'আইএন: ০০৪৫৬৭৮৯১-০২০২', 'চালানপত্র নম্বর: INV-২০২৬-২৭-০০০০৪২', 'সম্পূরক শুল্ক', 'স্বাক্ষর', 'ফারহানা রহমান']) {
      expect(all, field).toContain(squeeze(field));
    }
    // A night's unit of supply, in Bengali, between the description and the quantity.
    expect(all).toContain(squeeze('রাত ১ ৳৮,৫০০ ৳৮,৫০০'));
  });

  it('leaves the name and designation blank, to write by hand, when no signatory was set', async () => {
    const view = sampleInvoice({ language: 'en' });
    view.signatory = { name: null, title: null };
    const all = text(save(await renderInvoicePdf(view)));
    expect(all).toContain('Name: ____');
    expect(all).toContain('Designation: ____');
    expect(all).toContain('Signature:');
  });
});

/*
 * Mushak-6.7 (section 52 of the VAT and SD Act 2012): the credit note's number, date and time;
 * the supplier's name, address and BIN; the original invoice's number, date and time; the nature
 * of the adjustment (the reason); its effect on VAT; the buyer's name, address and BIN.
 */
describe('renderInvoicePdf: the credit note (Mushak-6.7)', () => {
  it('names the invoice it cancels with its date, gives the reason and what it reduces, and says nothing of payments or a balance', async () => {
    const view = sampleInvoice({ kind: 'credit_note', language: 'en', nights: 1 });
    const all = text(save(await renderInvoicePdf(view)));
    for (const field of [
      'Mushak-6.7',
      'Credit note',
      'Credit note no.: CN-2026-27-000007',
      'Date of issue: Dec 24, 2026',
      'Original tax invoice no.: INV-2026-27-000041',
      // 12:10 UTC is 18:10 in Dhaka.
      'Original invoice issued: Dec 23, 2026, 18:10',
      'Reason: Wrong company name on the invoice',
      'BIN: 000123456-0101',
      'BIN: 004567891-0202',
      'Value reduced',
      'SD reduced',
      'VAT reduced',
      'Total reduced',
      'Authorised signatory (officer-in-charge)',
    ]) {
      expect(all, field).toContain(field);
    }
    expect(all).toContain(formatAmount(view.totals.vat));
    expect(all).not.toMatch(/Payments|No payment yet|Balance due|Refund/);
  });

  it('in Bengali, the same', async () => {
    const all = text(save(await renderInvoicePdf(sampleInvoice({ kind: 'credit_note', language: 'bn' }))));
    expect(all).toContain('মূসক-৬.৭');
    expect(all).toContain('CN-২০২৬-২৭-০০০০০৭');
    expect(all).toContain('INV-২০২৬-২৭-০০০০৪১');
    expect(all).toContain('Wrong company name on the invoice');
    expect(all).not.toContain('বকেয়া');
  });
});

/*
 * PDF/A-2b, the parts checked here (no veraPDF on the machine): the XMP metadata declares
 * pdfaid:part 2 and pdfaid:conformance B; the catalog's output intent is GTS_PDFA1 with an
 * embedded ICC profile (its header says 'acsp', three components); PDF 1.7; not encrypted; every
 * font is embedded (pdffonts: "emb yes" on each, and no standard font such as Helvetica anywhere
 * in the file); the Info dictionary's title and producer match the XMP's.
 */
describe('renderInvoicePdf: PDF/A-2b', () => {
  it.each(['en', 'bn'] as const)('an invoice in %s is PDF/A-2b: metadata, output intent, embedded fonts, no encryption', async (language) => {
    const file = save(await renderInvoicePdf(sampleInvoice({ language, nights: 2, rooms: 2 })));
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/PDF version:\s+1\.7/);
    expect(info).toMatch(/Encrypted:\s+no/);
    const xmp = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
    expect(xmp).toContain('<pdfaid:part>2</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain(`<rdf:li xml:lang="x-default">${language === 'bn' ? 'কর চালানপত্র' : 'Tax invoice'} INV-2026-27-000042</rdf:li>`);
    expect(xmp).toContain('<pdf:Producer>Residency</pdf:Producer>');
    expect(info).toMatch(/Producer:\s+Residency/);

    const raw = readFileSync(file).toString('latin1');
    const intents = /\/OutputIntents \[(\d+) 0 R\]/.exec(raw);
    expect(intents, 'the catalog has an output intent').not.toBeNull();
    const intent = new RegExp(`\\n${intents![1]} 0 obj\\n<<([\\s\\S]*?)>>\\nendobj`).exec(raw)![1]!;
    expect(intent).toContain('/S /GTS_PDFA1');
    const profileId = /\/DestOutputProfile (\d+) 0 R/.exec(intent)![1];
    const profile = new RegExp(`\\n${profileId} 0 obj\\n<<([\\s\\S]*?)>>\\nstream\\n`).exec(raw)!;
    expect(profile[1]).toContain('/N 3');
    const start = profile.index + profile[0].length;
    const stream = Buffer.from(raw.slice(start, raw.indexOf('\nendstream', start)), 'latin1');
    const icc = profile[1]!.includes('/FlateDecode') ? inflateSync(stream) : stream;
    expect(icc.subarray(36, 40).toString('latin1'), 'an ICC profile').toBe('acsp');

    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    // Bengali and Latin, regular and bold: each one a subset of Noto Sans Bengali, embedded.
    expect(fonts.length).toBeGreaterThanOrEqual(language === 'bn' ? 4 : 2);
    for (const font of fonts) {
      expect(font).toContain('NotoSansBengali');
      expect(font).toMatch(/CID TrueType\s+Identity-H\s+yes yes yes/);
    }
    expect(raw).not.toMatch(/Helvetica|\/Type1/);
  });

  it('a credit note and a proforma are PDF/A-2b too', async () => {
    for (const kind of ['credit_note', 'proforma'] as const) {
      const file = save(await renderInvoicePdf(sampleInvoice({ kind, language: 'bn' })));
      expect(execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' })).toContain('<pdfaid:part>2</pdfaid:part>');
      for (const font of execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2)) expect(font).toMatch(/yes yes yes/);
    }
  });
});

describe('renderInvoicePdf: a long stay', () => {
  it('14 nights in 3 rooms span pages, each with the table header and its page number', async () => {
    for (const language of ['en', 'bn'] as const) {
      const view = sampleInvoice({ language, nights: 14, rooms: 3 });
      expect(view.lines.length).toBeGreaterThanOrEqual(45);
      const file = save(await renderInvoicePdf(view));
      const pages = pageCount(file);
      expect(pages).toBeGreaterThanOrEqual(2);
      const header = language === 'en' ? /Description of goods or services\s+Unit of\s+Qty\s+Unit price/ : /সংখ্যা\s+একক মূল্য/;
      const of = formatWholeNumber(pages, language);
      for (let page = 1; page <= pages; page += 1) {
        const body = text(file, page);
        const pageText = language === 'en' ? `Page ${page} of ${pages}` : `পৃষ্ঠা ${formatWholeNumber(page, language)} / ${of}`;
        expect(squeeze(body)).toContain(squeeze(pageText));
        // The last page may hold only the totals and payments, after the table has ended.
        if (page < pages || body.includes(formatAmount(view.lines.at(-1)!.total, language))) expect(body).toMatch(header);
      }
      // Every line is drawn once.
      const all = text(file);
      // (A night's unit price is also its value: quantity 1.)
      expect(all.split(formatAmount(view.lines[0]!.unitPrice, language)).length - 1).toBe(
        2 * view.lines.filter((l) => l.unitPrice === view.lines[0]!.unitPrice).length,
      );
    }
  });
});

/*
 * Bengali shaping. The words hold the conjuncts ক্ষ, ত্র and ন্ত. fontkit (pdfkit's own shaper)
 * gives the reference glyphs of the conjuncts; the PDF's embedded font must draw exactly the
 * outlines HarfBuzz chose; and the PDF rasterised by poppler must look like Chromium drawing the
 * same text with the same font file through @font-face.
 */
describe('renderInvoicePdf: Bengali conjuncts', () => {
  const WORDS = ['কক্ষ', 'পত্র', 'অন্তর্ভুক্ত'];
  const woff = readFileSync(fontFile('bengali', 400));
  const reference = fontkit.create(woff) as fontkit.Font;
  const ids = (s: string) => reference.layout(s).glyphs.map((g) => g.id);
  const single = (ch: string) => reference.glyphForCodePoint(ch.codePointAt(0)!).id;

  it('fontkit draws each conjunct with glyphs of its own, not the letters and a virama', () => {
    const virama = single('্');
    expect(ids('ক্ষ')).toHaveLength(1);
    expect(ids('ত্র')).toHaveLength(1);
    expect(ids('ক্ষ')[0]).not.toBe(single('ক'));
    expect(ids('ত্র')[0]).not.toBe(single('ত'));
    // This font draws ন্ত as a half form of ন over which ত sits below (two glyphs), as Chromium does.
    const nt = ids('ন্ত');
    expect(nt).not.toContain(virama);
    expect(nt).not.toContain(single('ন'));
    expect(nt).not.toContain(single('ত'));
    for (const word of WORDS) expect(ids(word)).not.toContain(virama);
    expect(ids('কক্ষ')).toEqual([single('ক'), ids('ক্ষ')[0]]);
  });

  it('the renderer draws the glyphs HarfBuzz chose, the same as fontkit for these words', async () => {
    const shaped = invoiceFonts().bengali;
    const doc = new PDFDocument({ size: 'A4', compress: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    doc.registerFont('bn', shaped as unknown as Buffer);
    doc.font('bn').fontSize(20).text(WORDS.join(' '), 40, 40, { lineBreak: false });
    doc.end();
    await ended;
    const pdf = Buffer.concat(chunks).toString('latin1');
    // The glyph ids of the page's text (subset ids), in drawing order.
    const drawn = [...pdf.matchAll(/\[([^\]]*)\] TJ/g)].flatMap((tj) =>
      [...tj[1]!.matchAll(/<([0-9a-f]+)>/g)].flatMap((hex) => hex[1]!.match(/.{4}/g)!.map((h) => parseInt(h, 16))),
    );
    // The embedded subset: pdfkit writes it uncompressed here, as a TrueType file ('true') in a stream.
    const streams = [...pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) => Buffer.from(m[1]!, 'latin1'));
    const embedded = fontkit.create(streams.find((s) => s.subarray(0, 4).toString('latin1') === 'true')!) as fontkit.Font;
    const outline = (font: fontkit.Font, id: number) => font.getGlyph(id).path.toSVG();
    const expected = WORDS.join(' ')
      .split(' ')
      .flatMap((word, i) => [...(i ? [single(' ')] : []), ...ids(word)]);
    const harfbuzz = shaped.layout(WORDS.join(' ')).glyphs.map((g) => g.id);
    expect(harfbuzz).toEqual(expected);
    expect(drawn.map((id) => outline(embedded, id))).toEqual(expected.map((id) => outline(reference, id)));
  });

  describe('against Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    });
    afterAll(() => browser?.close());

    /** Black-on-white ink of an image, trimmed to the ink: its size and its pixels (0 or 1). */
    async function ink(png: Buffer) {
      const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).greyscale().threshold(160).trim({ threshold: 10 }).raw().toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data };
    }

    // The words alone, then in phrases: fontkit's layout drew the same ink for অন্তর্ভুক্ত alone but
    // lost the space after its ক্ত, a headline piece of শুল্ক and the form of ে in বাংলাদেশ.
    it.each([...WORDS, 'অন্তর্ভুক্ত কক্ষ', 'শুল্ক বাংলাদেশ'])('%s rasterised from the PDF matches Chromium with the same font file', async (word) => {
      // 40 pt at 150 dpi in poppler; 40 pt is 53.33 CSS px, at 150/96 device pixels each.
      const doc = new PDFDocument({ size: [500, 120], margin: 0 });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      const ended = new Promise((resolve) => doc.on('end', resolve));
      doc.registerFont('bn', invoiceFonts().bengali as unknown as Buffer);
      doc.font('bn').fontSize(40).text(word, 20, 20, { lineBreak: false });
      doc.end();
      await ended;
      const file = save(Buffer.concat(chunks));
      execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', file, file]);
      const fromPdf = await ink(readFileSync(`${file}.png`));

      const page = await browser.newPage({ viewport: { width: 500, height: 120 }, deviceScaleFactor: 150 / 72 });
      const data = woff.toString('base64');
      await page.setContent(
        `<style>@font-face{font-family:Bn;src:url(data:font/woff;base64,${data}) format('woff')}body{margin:0;background:#fff}p{margin:20px;font:40px/1.5 Bn;color:#000}</style><p>${word}</p>`,
      );
      await page.evaluate(() => document.fonts.ready);
      // CSS px are 1/96 in, pdfkit's points 1/72: the page is laid out in points to match.
      const fromChromium = await ink(await page.screenshot({ type: 'png' }));
      await page.close();

      expect(Math.abs(fromPdf.width - fromChromium.width)).toBeLessThanOrEqual(3);
      expect(Math.abs(fromPdf.height - fromChromium.height)).toBeLessThanOrEqual(3);
      const width = Math.min(fromPdf.width, fromChromium.width);
      const height = Math.min(fromPdf.height, fromChromium.height);
      let differ = 0;
      let inked = 0;
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const a = fromPdf.data[y * fromPdf.width + x]! < 128;
          const b = fromChromium.data[y * fromChromium.width + x]! < 128;
          if (a || b) inked += 1;
          if (a !== b) differ += 1;
        }
      }
      // Anti-aliasing differs between poppler and Skia at the edges of strokes; a wrong glyph or
      // a glyph out of place differs in whole strokes.
      expect(differ / inked).toBeLessThan(0.15);
    });
  });
});

it('the font files are WOFF, read once into TrueType for both shapers', () => {
  const sfnt = woffToSfnt(readFileSync(fontFile('latin', 400)));
  expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
  expect(invoiceFonts()).toBe(invoiceFonts());
});
