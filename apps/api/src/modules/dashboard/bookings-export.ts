import { Readable } from 'node:stream';
import { balanceOf, bookingState, paymentState, wallClockAt, type BookingState, type PaymentState } from '@residency/shared';
import { nightsBetween } from '@residency/shared/pricing';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { moneyCell, textCell } from '../../lib/csv.ts';
import type { Period } from './admin-stats.repository.ts';
import { exportPage, type ExportedBooking } from './bookings-export.repository.ts';

/*
 * The bookings of a period as CSV (RFC 4180: comma-separated, CRLF line ends, text fields in
 * double quotes with inner quotes doubled), streamed a page of rows at a time.
 */

/** Rows read from the database per page. */
export const EXPORT_PAGE_ROWS = 500;

const STATE_LABELS: Record<BookingState, string> = {
  unconfirmed: 'Unconfirmed',
  confirmed: 'Confirmed',
  checked_in: 'Checked in',
  checked_out: 'Checked out',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};
const PAYMENT_LABELS: Record<PaymentState, string> = { unpaid: 'Unpaid', partly_paid: 'Partly paid', paid: 'Paid' };

function csvHeader(timeZone: string): string {
  return [
    'Booking ID',
    'Guest',
    'E-mail',
    'Phone',
    'Room category',
    'Room number',
    'Check-in',
    'Check-out',
    'Nights',
    'Rate plan',
    'Room revenue in the period',
    'State',
    'Amount',
    'Paid',
    'Balance',
    'Payment state',
    'Payment references',
    `Created at (${timeZone})`,
  ]
    .map(textCell)
    .join(',');
}

function csvLine(row: ExportedBooking, timeZone: string): string {
  const created = wallClockAt(row.createdAt, timeZone);
  return [
    textCell(row.transactionId),
    textCell(row.guestName),
    textCell(row.guestEmail ?? ''),
    textCell(row.phone),
    textCell(row.roomCategory),
    textCell(row.roomNumber),
    row.checkIn,
    row.checkOut,
    // The nights of the stay as it stands (an early check-out shortened it).
    String(nightsBetween(row.checkIn, row.checkOut)),
    textCell(row.ratePlanCode),
    // Each night at its own price (issue 21), as the dashboard's revenue counts it.
    moneyCell(row.periodRevenue),
    textCell(STATE_LABELS[bookingState(row)]),
    // What the stay costs now (its folio lines), beside what was paid and is due of it.
    moneyCell(row.charged),
    moneyCell(row.paidAmount),
    moneyCell(balanceOf(row.charged, row.paidAmount)),
    textCell(PAYMENT_LABELS[paymentState(row.paymentStatus, row.paidAmount)]),
    textCell(row.paymentReferences),
    `${created.date} ${created.time}`,
  ].join(',');
}

/**
 * The CSV of the period's bookings as a stream: a byte order mark (so spreadsheet programs
 * read the UTF-8 names right), the header, then a chunk per page of rows, read only as the
 * client takes them.
 */
export function bookingsCsv(db: Database, config: Config, period: Period): Readable {
  const timeZone = config.hotel.timeZone;
  async function* lines() {
    yield `\uFEFF${csvHeader(timeZone)}\r\n`;
    let after: { createdAtKey: string; id: string } | null = null;
    for (;;) {
      const page = await exportPage(db, period, after, EXPORT_PAGE_ROWS);
      if (page.length === 0) return;
      yield page.map((row) => `${csvLine(row, timeZone)}\r\n`).join('');
      if (page.length < EXPORT_PAGE_ROWS) return;
      const last = page[page.length - 1]!;
      after = { createdAtKey: last.createdAtKey, id: last.id };
    }
  }
  return Readable.from(lines());
}
