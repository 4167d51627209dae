import type { TFolio, TFolioLine } from '@residency/shared';

/** One row of the guest's bill: what it is, how many, and its amount before taxes. */
export interface GuestChargeRow {
  key: string;
  /** 'room' | 'extra_guest' | 'meal' rows sum the nights; a charge or penalty is a row of its own. */
  kind: TFolioLine['kind'];
  chargeType: string | null;
  description: string;
  /** The first day the row covers (the only one for a charge). */
  serviceDate: string;
  quantity: number;
  unitPrice: number | null;
  amount: number;
  /** Cancelled by the hotel with a reversal line: shown struck, not counted. */
  reversed: boolean;
  reason: string | null;
}

interface GuestRoomBill {
  bookingId: string;
  roomNumber: string;
  rows: GuestChargeRow[];
}

/** The guest's bill: each room's rows, then the discount, service charge and VAT of all standing lines. */
export interface GuestBill {
  rooms: GuestRoomBill[];
  discount: number;
  serviceCharge: number;
  vat: number;
}

const paisa = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;
const NIGHTLY = new Set<TFolioLine['kind']>(['room', 'extra_guest', 'meal']);

/**
 * The folio as a guest reads it: the nights summed per room ("2 nights, ৳19,000"), each charge
 * on its own row, and the taxes as totals. The reversal lines themselves are left out and the
 * lines they cancel are struck through and not counted, so that the standing rows and taxes add
 * up to what the folio charges.
 */
export function guestBill(lines: readonly TFolioLine[]): GuestBill {
  const reversedIds = new Set<string>();
  const reasonOf = new Map<string, string | null>();
  for (const l of lines) {
    if (l.reverses !== null) {
      reversedIds.add(l.reverses);
      reasonOf.set(l.reverses, l.reason);
    }
    if (l.reversedBy !== null) reversedIds.add(l._id);
  }
  const standing = (l: TFolioLine) => l.reverses === null && !reversedIds.has(l._id);
  const sum = (kind: TFolioLine['kind']) => paisa(lines.filter((l) => l.kind === kind && standing(l)).reduce((s, l) => s + l.amount, 0));

  const rooms = new Map<string, GuestRoomBill>();
  const sorted = [...lines].sort((a, b) => a.serviceDate.localeCompare(b.serviceDate) || Number(a._id) - Number(b._id));
  for (const line of sorted) {
    if (line.reverses !== null || line.appliesTo !== null) continue;
    const room = rooms.get(line.bookingId) ?? { bookingId: line.bookingId, roomNumber: line.roomNumber, rows: [] };
    rooms.set(line.bookingId, room);
    const reversed = reversedIds.has(line._id);
    const reason = reversed ? (reasonOf.get(line._id) ?? null) : null;
    if (NIGHTLY.has(line.kind)) {
      // Nights cancelled together (an early departure) are one struck row, beside the nights charged.
      const row = room.rows.find((r) => r.kind === line.kind && r.reversed === reversed && r.reason === reason);
      if (row) {
        row.quantity += line.quantity;
        row.amount = paisa(row.amount + line.amount);
        // Nights at different prices: no single price a night to show.
        if (row.unitPrice !== line.unitPrice) row.unitPrice = null;
        continue;
      }
    }
    room.rows.push({
      key: line._id,
      kind: line.kind,
      chargeType: line.chargeType,
      description: line.description,
      serviceDate: line.serviceDate,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amount: line.amount,
      reversed,
      reason,
    });
  }
  // The nights first (charged, then cancelled), then the charges day by day.
  const rank = (r: GuestChargeRow) => (NIGHTLY.has(r.kind) ? (r.reversed ? 1 : 0) : 2);
  for (const room of rooms.values()) room.rows.sort((a, b) => rank(a) - rank(b) || a.serviceDate.localeCompare(b.serviceDate));
  return {
    rooms: [...rooms.values()].sort((a, b) => a.roomNumber.localeCompare(b.roomNumber, undefined, { numeric: true })),
    discount: sum('discount'),
    serviceCharge: sum('service_charge'),
    vat: sum('vat'),
  };
}

/** Payments and refunds in the order they happened, for the receipt. */
export function moneyMovements(folio: Pick<TFolio, 'payments' | 'refunds'>) {
  return [
    ...folio.payments.map((m) => ({ ...m, kind: 'payment' as const })),
    ...folio.refunds.map((m) => ({ ...m, kind: 'refund' as const })),
  ].sort((a, b) => a.paidAt.localeCompare(b.paidAt));
}
