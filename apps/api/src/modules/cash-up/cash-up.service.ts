import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS, todayAt, wallClockAt, type PaymentMethod, type TCashUp } from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { moneyCell, textCell } from '../../lib/csv.ts';
import { cashUpGroups, cashUpItems } from './cash-up.repository.ts';

const paisa = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;
const methodOrder = (method: PaymentMethod) => PAYMENT_METHODS.indexOf(method);

/**
 * The desk's cash-up of `date` (today at the hotel when left out): per staff member and method,
 * by name, then in the methods' usual order; money recorded by nobody (carried over from before
 * payments named their taker) last. Totals per method, every method listed, for the drawer and
 * the bKash and Nagad accounts to be checked against.
 */
export async function cashUp(db: Executor, config: Config, date?: string): Promise<TCashUp> {
  const timeZone = config.hotel.timeZone;
  const day = date ?? todayAt(timeZone);
  const [groups, moves] = await Promise.all([cashUpGroups(db, day, timeZone), cashUpItems(db, day, timeZone)]);
  const items = moves.map((m) => ({
    _id: m.id,
    kind: m.kind,
    method: m.method,
    amount: paisa(m.amount),
    paidAt: m.paidAt.toISOString(),
    reference: m.reference,
    staff: m.staffId ? { _id: m.staffId, name: m.staffName ?? '' } : null,
    reservation: { _id: m.reservationId, reference: m.reservationReference },
  }));
  const rows = groups
    .map((g) => ({
      staff: g.staffId ? { _id: g.staffId, name: g.staffName ?? '' } : null,
      method: g.method,
      taken: paisa(g.taken),
      refunded: paisa(g.refunded),
      net: paisa(g.taken - g.refunded),
      count: g.count,
    }))
    .sort(
      (a, b) =>
        Number(a.staff === null) - Number(b.staff === null) ||
        (a.staff?.name ?? '').localeCompare(b.staff?.name ?? '') ||
        (a.staff?._id ?? '').localeCompare(b.staff?._id ?? '') ||
        methodOrder(a.method) - methodOrder(b.method),
    );
  const totals = PAYMENT_METHODS.map((method) => {
    const mine = rows.filter((r) => r.method === method);
    const taken = paisa(mine.reduce((s, r) => s + r.taken, 0));
    const refunded = paisa(mine.reduce((s, r) => s + r.refunded, 0));
    return { method, taken, refunded, net: paisa(taken - refunded), count: mine.reduce((s, r) => s + r.count, 0) };
  });
  const taken = paisa(totals.reduce((s, t) => s + t.taken, 0));
  const refunded = paisa(totals.reduce((s, t) => s + t.refunded, 0));
  return { date: day, timeZone, rows, items, totals, total: { taken, refunded, net: paisa(taken - refunded), count: totals.reduce((s, t) => s + t.count, 0) } };
}

/** The staff column of money nobody is named for (payments from before the desk recorded who took them). */
const NOBODY = 'Not recorded';

/**
 * The cash-up as CSV, as the bookings export writes it (RFC 4180, a byte order mark, CRLF, text
 * cells guarded against spreadsheet formulas): a line per payment and refund (its time at the
 * hotel, reference and reservation: a bKash statement is matched against these), then a
 * subtotal per staff member and method, a total per method and one for all of them.
 */
export function cashUpCsv(report: TCashUp): string {
  const header = ['Line', `Day (${report.timeZone})`, 'Time', 'Staff', 'Method', 'Reference', 'Reservation', 'Taken', 'Refunded', 'Net', 'Payments and refunds']
    .map(textCell)
    .join(',');
  const line = (
    kind: string,
    cells: { time?: string; staff: string; method: string; reference?: string | null; reservation?: string },
    figures: { taken: number; refunded: number; net: number; count: number },
  ) =>
    [
      textCell(kind),
      report.date,
      textCell(cells.time ?? ''),
      textCell(cells.staff),
      textCell(cells.method),
      textCell(cells.reference ?? ''),
      textCell(cells.reservation ?? ''),
      moneyCell(figures.taken),
      moneyCell(figures.refunded),
      moneyCell(figures.net),
      String(figures.count),
    ].join(',');
  const lines = [
    ...report.items.map((item) => {
      const refund = item.kind === 'refund';
      return line(
        refund ? 'Refund' : 'Payment',
        {
          time: wallClockAt(new Date(item.paidAt), report.timeZone).time,
          staff: item.staff?.name ?? NOBODY,
          method: PAYMENT_METHOD_NAMES[item.method],
          reference: item.reference,
          reservation: item.reservation.reference,
        },
        { taken: refund ? 0 : item.amount, refunded: refund ? item.amount : 0, net: refund ? -item.amount : item.amount, count: 1 },
      );
    }),
    ...report.rows.map((r) => line('Subtotal', { staff: r.staff?.name ?? NOBODY, method: PAYMENT_METHOD_NAMES[r.method] }, r)),
    ...report.totals.map((t) => line('Total', { staff: 'All staff', method: PAYMENT_METHOD_NAMES[t.method] }, t)),
    line('Total', { staff: 'All staff', method: 'All methods' }, report.total),
  ];
  return `\uFEFF${[header, ...lines].join('\r\n')}\r\n`;
}
