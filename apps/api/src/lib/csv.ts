/*
 * CSV cells as the exports write them (RFC 4180: comma-separated, CRLF line ends, text fields in
 * double quotes with inner quotes doubled): the bookings export and the desk's cash-up.
 */

/**
 * A text cell. A spreadsheet runs a cell that begins with = + - or @ (or a tab or carriage
 * return before one) as a formula: such a cell gets a leading apostrophe, which shows it as the
 * text it is. Then quoted, inner quotes doubled.
 */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Money with its paisa, as a spreadsheet reads a number: 18975.00, -500.00 (a plain ASCII minus, unlike the screens' −৳500: a spreadsheet reads only that as a number). */
export const moneyCell = (value: number) => value.toFixed(2);
