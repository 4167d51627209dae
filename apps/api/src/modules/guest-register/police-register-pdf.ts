import { type TLanguage, type TPoliceRegister, type TPoliceRegisterRow } from '@residency/shared';
import { formatWholeNumber } from '@residency/shared/display';
import type { Config } from '../../config.ts';
import { CONTENT, digits, lineHeight, MARGIN, MUTED, Page, PAGE, type Align, type Style } from '../../lib/pdf-page.ts';
import { drawHotelHeading, hotelMoment, openDocument } from '../../lib/pdf-document.ts';
import { registerLabels, type RegisterLabels } from './police-register-labels.ts';

/*
 * The police register as a printable PDF (issue 34): A4 landscape, the hotel at the top, the
 * range and when it was made (hotel time), then a table per section (Bangladeshis, foreigners,
 * rooms checked in without complete cards), each row kept whole and the table's header drawn
 * again at the top of every page it runs onto. The text is the invoice's: Noto Sans Bengali
 * shaped by HarfBuzz (lib/pdf-fonts.ts) through the invoice's Page (lib/pdf-page.ts), so the conjuncts are right,
 * and Bengali digits in a Bengali register (codes such as RSV-7K3F9Q2M keep theirs).
 */

const SMALL: Style = { size: 7.5 };
const HEAD: Style = { size: 7.5, bold: true, color: MUTED };
const CELL_PAD = 3;

/** A cell: its lines (each wrapped to the column), the first in ink, the others muted. */
type Cell = string[];

interface Column {
  title: string;
  width: number;
  align?: Align;
}

/** A date as the police forms write it, DD-MM-YYYY, in the page's digits. */
export function day(iso: string | null, language: TLanguage): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return digits(`${d}-${m}-${y}`, language);
}

/** A country's name in the page's language (Intl's names: বাংলাদেশ, India). */
export function countryName(code: string | null, language: TLanguage): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([language === 'bn' ? 'bn' : 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Page 1 of 3" and the document's name at the foot of every page. */
export function drawFooters(page: Page, labels: RegisterLabels, language: TLanguage, left: string) {
  const { start, count } = page.doc.bufferedPageRange();
  const of = formatWholeNumber(count, language);
  const style: Style = { size: 8, color: MUTED };
  for (let i = start; i < start + count; i += 1) {
    page.doc.switchToPage(i);
    const baseline = PAGE.height - MARGIN + 6;
    page.rule(baseline - 14);
    page.line(left, MARGIN, baseline, style);
    page.line(labels.page(formatWholeNumber(i + 1, language), of), MARGIN, baseline, style, 'right', CONTENT);
  }
}

/** A table: the header, then its rows; a row that does not fit goes to the next page under the header again. */
class Table {
  private readonly page: Page;
  private readonly columns: Column[];

  constructor(page: Page, columns: Column[]) {
    this.page = page;
    this.columns = columns;
  }

  header() {
    const { page, columns } = this;
    const height = Math.max(...columns.map((c) => page.wrap(c.title, c.width - 2 * CELL_PAD, HEAD).length)) * lineHeight(HEAD) + 6;
    page.ensure(height + lineHeight(SMALL) * 2 + 6);
    page.doc.rect(MARGIN, page.y, CONTENT, height).fillColor('#eef1f4').fill();
    let x = MARGIN;
    for (const col of columns) {
      page.block(col.title, x + CELL_PAD, page.y + 3, col.width - 2 * CELL_PAD, HEAD, col.align);
      x += col.width;
    }
    page.y += height;
  }

  /** One row; `span` draws the cells from column `span.from` on as one cell (an erased line). */
  row(cells: Cell[], span?: { from: number; text: string; style: Style }) {
    const { page, columns } = this;
    const layout = (text: string, width: number, style: Style) => page.wrap(text, width - 2 * CELL_PAD, style);
    const laid = columns.map((col, i) => {
      if (span && i >= span.from) return [];
      return (cells[i] ?? []).flatMap((text, k) => layout(text, col.width, SMALL).map((line) => ({ line, muted: k > 0 })));
    });
    const spanWidth = span ? columns.slice(span.from).reduce((w, c) => w + c.width, 0) : 0;
    const spanLines = span ? layout(span.text, spanWidth, span.style) : [];
    const height = Math.max(1, spanLines.length, ...laid.map((l) => l.length)) * lineHeight(SMALL) + 5;
    if (page.ensure(height)) this.header();
    let x = MARGIN;
    columns.forEach((col, i) => {
      laid[i]!.forEach(({ line, muted }, k) => {
        page.line(line, x + CELL_PAD, page.y + 2.5 + k * lineHeight(SMALL) + SMALL.size * 1.05, muted ? { ...SMALL, color: MUTED } : SMALL, col.align, col.width - 2 * CELL_PAD);
      });
      if (span && i === span.from) {
        spanLines.forEach((line, k) => page.line(line, x + CELL_PAD, page.y + 2.5 + k * lineHeight(span.style) + span.style.size * 1.05, span.style));
      }
      x += col.width;
    });
    page.y += height;
    page.rule(page.y);
  }
}

/** A section's heading and its count. */
function sectionHeading(page: Page, text: string, count: number, language: TLanguage) {
  page.ensure(60);
  page.y += 4;
  page.block(`${text} (${formatWholeNumber(count, language)})`, MARGIN, page.y, CONTENT, { size: 11, bold: true });
  page.y += lineHeight({ size: 11 }) + 2;
}

function none(page: Page, t: RegisterLabels) {
  page.block(t.none, MARGIN, page.y, CONTENT, { size: 9, color: MUTED });
  page.y += lineHeight({ size: 9 }) + 6;
}

/** The guest's cell: the name (a child's age), then the father's or husband's name and the date of birth, muted. */
function guestCell(r: TPoliceRegisterRow, t: RegisterLabels, lng: TLanguage): Cell {
  const name = r.kind === 'child' ? `${r.fullName} (${t.child(r.age === null ? '–' : formatWholeNumber(r.age, lng))})` : r.fullName;
  return [name, ...(r.guardianName ? [r.guardianName] : []), ...(r.dateOfBirth ? [`${t.dateOfBirth} ${day(r.dateOfBirth, lng)}`] : [])];
}

const roomCell = (r: { roomNumber: string; reference: string }, lng: TLanguage): Cell => [digits(r.roomNumber, lng), r.reference];

/** The register of `report` as an A4 landscape PDF in `language`. */
export function renderPoliceRegisterPdf(report: TPoliceRegister, config: Config, language: TLanguage, now = new Date()): Promise<Buffer> {
  const t = registerLabels(language);
  const lng = language;
  const range = report.from === report.to ? day(report.from, lng) : `${day(report.from, lng)} – ${day(report.to, lng)}`;
  const { page, done } = openDocument(`${registerLabels('en').title} ${report.from} ${report.to}`, language);
  drawHotelHeading(page, config, lng, t.title, [`${t.range}: ${range}`, `${t.generatedAt}: ${hotelMoment(now, config, lng)}`, t.subtitle]);

  const c = t.columns;
  const erasedStyle: Style = { ...SMALL, color: MUTED };
  const serial = (n: number) => [formatWholeNumber(n, lng)];
  const idCell = (r: TPoliceRegisterRow): Cell => (r.idType ? [t.idTypes[r.idType], digits(r.idNumber ?? '', lng)] : [digits(r.idNumber ?? '', lng)]);

  const home = report.guests.filter((g) => !g.foreign);
  sectionHeading(page, t.bangladeshis, home.length, lng);
  if (home.length === 0) none(page, t);
  else {
    const table = new Table(page, [
      { title: c.serial, width: 22, align: 'right' },
      { title: c.room, width: 66 },
      { title: c.guest, width: 150 },
      { title: c.address, width: 150 },
      { title: c.nationality, width: 62 },
      { title: c.id, width: 120 },
      { title: c.phone, width: 80 },
      { title: c.arrival, width: 58 },
      { title: c.departure, width: CONTENT - 708 },
    ]);
    table.header();
    home.forEach((r, i) => {
      if (r.erased) return table.row([serial(i + 1), roomCell(r, lng)], { from: 2, text: `${t.erased} · ${t.arrival} ${day(r.arrival, lng)} · ${t.departure} ${day(r.departure, lng)}`, style: erasedStyle });
      table.row([
        serial(i + 1),
        roomCell(r, lng),
        guestCell(r, t, lng),
        [digits(r.address ?? '', lng)],
        [countryName(r.nationality, lng)],
        idCell(r),
        [digits(r.phone ?? '', lng)],
        [day(r.arrival, lng)],
        [day(r.departure, lng)],
      ]);
    });
  }

  const foreign = report.guests.filter((g) => g.foreign);
  page.y += 6;
  sectionHeading(page, t.foreigners, foreign.length, lng);
  if (foreign.length === 0) none(page, t);
  else {
    const table = new Table(page, [
      { title: c.serial, width: 22, align: 'right' },
      { title: c.room, width: 66 },
      { title: c.guest, width: 130 },
      { title: c.nationality, width: 62 },
      { title: c.passport, width: 92 },
      { title: c.visa, width: 92 },
      { title: c.visaExpiry, width: 56 },
      { title: c.entered, width: 56 },
      { title: c.phone, width: 76 },
      { title: c.arrival, width: 56 },
      { title: c.departure, width: CONTENT - 708 },
    ]);
    table.header();
    foreign.forEach((r, i) => {
      // A visa that ends before the stay does is the desk's warning; on paper it is flagged in red.
      const lapses = r.visaExpiry !== null && r.visaExpiry < r.departure;
      table.row([
        serial(i + 1),
        roomCell(r, lng),
        guestCell(r, t, lng),
        [countryName(r.nationality, lng)],
        [r.idNumber ?? '', countryName(r.passportCountry, lng)],
        [r.visaType ?? '', r.visaNumber ?? ''],
        [day(r.visaExpiry, lng), ...(lapses ? [t.visaBeforeCheckOut] : [])],
        [day(r.enteredBangladesh, lng)],
        [digits(r.phone ?? '', lng)],
        [day(r.arrival, lng)],
        [day(r.departure, lng)],
      ]);
    });
  }

  if (report.incomplete.length > 0) {
    page.y += 6;
    sectionHeading(page, t.incomplete, report.incomplete.length, lng);
    const table = new Table(page, [
      { title: c.serial, width: 22, align: 'right' },
      { title: c.room, width: 100 },
      { title: c.guest, width: 200 },
      { title: c.note, width: CONTENT - 322 },
    ]);
    table.header();
    report.incomplete.forEach((b, i) => table.row([serial(i + 1), roomCell(b, lng), [b.guestName], [b.note ?? '']]));
  }

  drawFooters(page, t, lng, `${config.hotel.name} · ${t.title} · ${range}`);
  page.doc.end();
  return done;
}
