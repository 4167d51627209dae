import type { TVatRegister, TVatRegisterRow } from '@residency/shared';
import { wallClockAt } from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { moneyCell, textCell } from '../../lib/csv.ts';
import { readContent } from './invoice-content.ts';
import { invoicesOfMonth } from './invoices.repository.ts';

/*
 * The VAT sales register (issue 31): a month's tax invoices and credit notes with the figures the
 * monthly return (Mushak-9.1) asks for, read from each one's frozen content, so the register says
 * what the documents say. A credit note carries the content of the invoice it cancels; its
 * figures are taken off (negative).
 */

const paisa = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** `GET /api/reports/vat-register?month=YYYY-MM`: the month at the hotel's clock. */
export async function vatRegister(db: Executor, config: Config, month: string): Promise<TVatRegister> {
  const timeZone = config.hotel.timeZone;
  const rows: TVatRegisterRow[] = (await invoicesOfMonth(db, month, timeZone)).map((row) => {
    const content = readContent(row.content);
    const t = content.totals;
    const sign = row.kind === 'credit_note' ? -1 : 1;
    // The taxable value: what SD and VAT are charged on (the service charge is part of it).
    const value = paisa(t.subtotal - t.discount + t.serviceCharge);
    const buyer = content.buyer;
    return {
      _id: row.id,
      kind: row.kind,
      number: row.number,
      issuedAt: row.issuedAt.toISOString(),
      date: wallClockAt(row.issuedAt, timeZone).date,
      reservationId: row.reservationId,
      reference: content.reference,
      buyer: buyer.company ?? buyer.name,
      bin: buyer.company ? buyer.bin : null,
      credits: row.credits,
      value: paisa(sign * value),
      sd: paisa(sign * t.sd),
      vat: paisa(sign * t.vat),
      total: paisa(sign * t.total),
    };
  });
  const sum = (pick: (r: TVatRegisterRow) => number) => paisa(rows.reduce((s, r) => s + pick(r), 0));
  return {
    month,
    timeZone,
    rows,
    totals: {
      value: sum((r) => r.value),
      sd: sum((r) => r.sd),
      vat: sum((r) => r.vat),
      total: sum((r) => r.total),
      invoices: rows.filter((r) => r.kind === 'invoice').length,
      creditNotes: rows.filter((r) => r.kind === 'credit_note').length,
    },
  };
}

const KIND_NAMES = { invoice: 'Tax invoice (Mushak-6.3)', credit_note: 'Credit note (Mushak-6.7)' } as const;

/**
 * The register as CSV, as the other exports write it (RFC 4180, a byte order mark, CRLF, text
 * cells guarded against spreadsheet formulas): a line per invoice or credit note, then the total.
 */
export function vatRegisterCsv(report: TVatRegister): string {
  const header = ['Number', 'Kind', `Date (${report.timeZone})`, 'Buyer', 'Buyer BIN', 'Reservation', 'Cancels invoice', 'Value', 'SD', 'VAT', 'Total'].map(textCell).join(',');
  const figures = (f: { value: number; sd: number; vat: number; total: number }) => [moneyCell(f.value), moneyCell(f.sd), moneyCell(f.vat), moneyCell(f.total)];
  const lines = report.rows.map((r) =>
    [textCell(r.number), textCell(KIND_NAMES[r.kind]), r.date, textCell(r.buyer), textCell(r.bin ?? ''), textCell(r.reference), textCell(r.credits ?? ''), ...figures(r)].join(','),
  );
  const total = [textCell('Total'), textCell(`Invoices: ${report.totals.invoices}; credit notes: ${report.totals.creditNotes}`), report.month, '""', '""', '""', '""', ...figures(report.totals)].join(',');
  return `\uFEFF${[header, ...lines, total].join('\r\n')}\r\n`;
}
