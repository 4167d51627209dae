import type { TChargeType, TFolio, TFolioLine } from '@residency/shared';
import { chargeTypeName } from '../../../../../lib/charge-types-api';

/** A line as the folio tab shows it: its adjustments (discount, service charge, VAT) under it, and its reversal when it has one. */
export interface ShownLine {
  line: TFolioLine;
  adjustments: { line: TFolioLine; reversal: TFolioLine | null }[];
  reversal: TFolioLine | null;
}

/** One room's lines, day by day. */
export interface RoomLines {
  bookingId: string;
  roomNumber: string;
  days: { date: string; lines: ShownLine[] }[];
}

const byDateThenPosting = (a: TFolioLine, b: TFolioLine) =>
  a.serviceDate.localeCompare(b.serviceDate) || a.postedAt.localeCompare(b.postedAt) || Number(a._id) - Number(b._id);

/**
 * The folio's lines grouped by room and day, each adjustment beside the line it applies to.
 * Reversal lines are not rows of their own: the line they cancel is shown struck through with
 * the reversal's reason and who posted it (a reversal's amount only cancels the line's).
 */
export function groupFolioLines(lines: readonly TFolioLine[]): RoomLines[] {
  const reversalOf = new Map<string, TFolioLine>();
  for (const l of lines) if (l.reverses !== null) reversalOf.set(l.reverses, l);
  const find = (l: TFolioLine) => reversalOf.get(l._id) ?? (l.reversedBy ? (lines.find((r) => r._id === l.reversedBy) ?? null) : null);
  const own = lines.filter((l) => l.reverses === null);
  const adjustmentsOf = new Map<string, TFolioLine[]>();
  for (const l of own) {
    if (l.appliesTo === null) continue;
    adjustmentsOf.set(l.appliesTo, [...(adjustmentsOf.get(l.appliesTo) ?? []), l]);
  }
  const ids = new Set(own.map((l) => l._id));
  // An adjustment whose line is not on the folio (never expected) is shown as a line, not lost.
  const base = own.filter((l) => l.appliesTo === null || !ids.has(l.appliesTo)).sort(byDateThenPosting);
  const rooms = new Map<string, RoomLines>();
  for (const line of base) {
    const room = rooms.get(line.bookingId) ?? { bookingId: line.bookingId, roomNumber: line.roomNumber, days: [] };
    rooms.set(line.bookingId, room);
    let day = room.days.at(-1);
    if (day?.date !== line.serviceDate) {
      day = { date: line.serviceDate, lines: [] };
      room.days.push(day);
    }
    const adjustments = (adjustmentsOf.get(line._id) ?? []).map((a) => ({ line: a, reversal: find(a) }));
    day.lines.push({ line, adjustments, reversal: find(line) });
  }
  return [...rooms.values()].sort((a, b) => a.roomNumber.localeCompare(b.roomNumber, undefined, { numeric: true }));
}

/** The invoice that stands (issued and not cancelled by a credit note), if any. */
export function standingInvoice(folio: Pick<TFolio, 'invoices'>) {
  const credited = new Set(folio.invoices.filter((i) => i.kind === 'credit_note').map((i) => i.credits));
  return folio.invoices.find((i) => i.kind === 'invoice' && !credited.has(i._id)) ?? null;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * What a line is, in the page's language: its kind, a charge by its charge type's name (the
 * staff's description after it), service charge and VAT with their rate.
 */
export function lineLabel(line: TFolioLine, t: Translate, lng: string, types: readonly TChargeType[], formatRate: (rate: number) => string): string {
  const type = line.chargeType ? types.find((c) => c.code === line.chargeType) : undefined;
  const kind = t(`front-desk:folio.kinds.${line.kind}`);
  if (line.kind === 'service_charge' || line.kind === 'vat') {
    return line.rate !== null ? t('front-desk:folio.rate', { name: kind, rate: formatRate(line.rate) }) : kind;
  }
  if (line.kind === 'charge' || line.kind === 'penalty') {
    const name = type ? chargeTypeName(type, lng) : kind;
    return line.description ? `${name}: ${line.description}` : name;
  }
  return kind;
}
