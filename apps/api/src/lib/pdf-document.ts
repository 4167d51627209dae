import PDFDocument from 'pdfkit';
import { wallClockAt, type TLanguage } from '@residency/shared';
import { formatClockTime, formatLongDate } from '@residency/shared/display';
import type { Config } from '../config.ts';
import { CONTENT, digits, INK, MARGIN, MUTED, Page } from './pdf-page.ts';

/*
 * A printed document of the hotel (the police register and cards, issue 34; the owner's day
 * report, issue 35): pdfkit set up as the VAT invoice is, and the hotel's heading.
 */

/** "Tue, Dec 8, 2026 14:05" at the hotel's clock, in the page's words and digits. */
export function hotelMoment(at: Date, config: Config, language: TLanguage): string {
  const wall = wallClockAt(at, config.hotel.timeZone);
  return `${formatLongDate(wall.date, language)} ${formatClockTime(wall.time, language)}`;
}

/** pdfkit set up as the invoice is (A4 landscape, PDF/A-2b, only the embedded Noto fonts); answers the page and the file to come. */
export function openDocument(title: string, language: TLanguage): { page: Page; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    bufferPages: true,
    compress: true,
    lang: language === 'bn' ? 'bn-BD' : 'en',
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    font: null as unknown as string,
    // Fixed words only: pdfkit writes the title into the XMP unescaped, so no typed name goes there.
    info: { Title: title, Producer: 'Residency', Creator: 'Residency' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { page: new Page(doc), done };
}

/** The hotel's name and address at the left, the document's title and facts at the right. */
export function drawHotelHeading(page: Page, config: Config, language: TLanguage, title: string, facts: string[]) {
  const half = CONTENT / 2 - 10;
  const top = page.y;
  let left = top + page.block(config.hotel.name, MARGIN, top, half, { size: 14, bold: true });
  left += page.block(digits(language === 'bn' ? config.hotel.addressBn : config.hotel.address, language), MARGIN, left, half, { size: 8.5, color: MUTED });
  if (config.hotel.phone) left += page.block(digits(config.hotel.phone, language), MARGIN, left, half, { size: 8.5, color: MUTED });
  const x = MARGIN + CONTENT - half;
  let right = top + page.block(title, x, top, half, { size: 14, bold: true }, 'right');
  for (const fact of facts) right += page.block(fact, x, right, half, { size: 8.5, color: MUTED }, 'right');
  page.y = Math.max(left, right) + 6;
  page.rule(page.y, MARGIN, CONTENT, INK);
  page.y += 8;
}

