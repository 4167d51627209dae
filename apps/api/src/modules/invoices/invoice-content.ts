import { PAYMENT_METHOD_NAMES, type FolioLineKind, type PaymentMethod, type TLanguage } from '@residency/shared';
import { formatShortDate } from '@residency/shared/display';
import type { InvoiceLine, InvoiceView } from './invoice-view.ts';
import type { invoiceSource } from './invoices.repository.ts';

/*
 * What an invoice says, frozen when it is issued (the `content` of its row): language-neutral
 * facts from the folio, so that the same invoice prints in English and in Bengali and never
 * changes afterwards, whatever is posted later.
 */

type Source = NonNullable<Awaited<ReturnType<typeof invoiceSource>>>;

interface ContentLine {
  kind: FolioLineKind;
  roomCategory: string;
  roomNumber: string;
  chargeType: string | null;
  nameEn: string | null;
  nameBn: string | null;
  description: string;
  from: string;
  to: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  discount: number;
  serviceCharge: number;
  vatRate: number;
  vatAmount: number;
  total: number;
}

export interface InvoiceContent {
  reference: string;
  seller: { legalName: string; bin: string | null; address: string; addressBn: string; phone: string; email: string };
  buyer: { name: string; email: string | null; phone: string | null; address: string | null; company: string | null; bin: string | null };
  stay: { checkIn: string; checkOut: string; rooms: { category: string; number: string }[] };
  lines: ContentLine[];
  totals: { subtotal: number; discount: number; serviceCharge: number; vat: number; total: number; paid: number; refunded: number; balance: number };
  payments: { at: string; method: PaymentMethod; reference: string | null; amount: number; refund: boolean }[];
}

const paisa = (v: number) => Math.round((v + Number.EPSILON) * 100) / 100;
const KIND_ORDER: FolioLineKind[] = ['room', 'extra_guest', 'meal', 'charge', 'penalty', 'discount', 'service_charge', 'vat'];
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The folio as an invoice shows it: the lines that stand (a reversed line and its reversal cancel
 * out and are left out), each with its discount, service charge and VAT; consecutive nights of a
 * room at one price on one row ("3 × ৳6,600"). The lines add up to the folio's total to the paisa.
 */
export function invoiceContent(source: Source, seller: InvoiceContent['seller']): InvoiceContent {
  const reversed = new Set(source.lines.filter((l) => l.line.reverses !== null).map((l) => l.line.reverses!));
  const live = source.lines.filter((l) => l.line.reverses === null && !reversed.has(l.line.id));
  const liveIds = new Set(live.map((l) => l.line.id));
  const roomOf = new Map(source.rooms.map((r, i) => [r.id, { ...r, order: i }]));
  const rows: (ContentLine & { order: number })[] = [];
  for (const { line, nameEn, nameBn } of live) {
    // An adjustment goes with its line; one whose line no longer stands is shown on its own.
    if (line.appliesTo !== null && liveIds.has(line.appliesTo)) continue;
    const adjustments = live.filter((a) => a.line.appliesTo === line.id).map((a) => a.line);
    const sum = (kind: FolioLineKind) => paisa(adjustments.filter((a) => a.kind === kind).reduce((s, a) => s + a.amount, 0));
    const room = roomOf.get(line.bookingId)!;
    const own = (kind: FolioLineKind) => (line.kind === kind ? line.amount : 0);
    const isAdjustment = line.appliesTo !== null;
    const amount = isAdjustment ? 0 : line.amount;
    const discount = paisa(-sum('discount') - own('discount'));
    const serviceCharge = paisa(sum('service_charge') + own('service_charge'));
    const vatAmount = paisa(sum('vat') + own('vat'));
    rows.push({
      order: room.order,
      kind: line.kind,
      roomCategory: room.category,
      roomNumber: room.number,
      chargeType: line.chargeType,
      nameEn,
      nameBn,
      description: line.description,
      from: line.serviceDate,
      to: line.serviceDate,
      quantity: isAdjustment ? 1 : line.quantity,
      unitPrice: isAdjustment ? 0 : line.unitPrice,
      amount,
      discount,
      serviceCharge,
      vatRate: adjustments.find((a) => a.kind === 'vat')?.rate ?? (line.kind === 'vat' ? (line.rate ?? 0) : 0),
      vatAmount,
      total: paisa(amount - discount + serviceCharge + vatAmount),
    });
  }
  rows.sort((a, b) => a.order - b.order || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.from.localeCompare(b.from));
  // Consecutive nights (or days of a charge) of one room at one price and rate: one row.
  const lines: ContentLine[] = [];
  for (const { order: _order, ...row } of rows) {
    const last = lines.at(-1);
    if (
      last &&
      last.roomNumber === row.roomNumber &&
      last.kind === row.kind &&
      last.chargeType === row.chargeType &&
      last.description === row.description &&
      last.unitPrice === row.unitPrice &&
      last.vatRate === row.vatRate &&
      row.kind !== 'charge' &&
      nextDay(last.to) === row.from
    ) {
      last.to = row.from;
      last.quantity += row.quantity;
      last.amount = paisa(last.amount + row.amount);
      last.discount = paisa(last.discount + row.discount);
      last.serviceCharge = paisa(last.serviceCharge + row.serviceCharge);
      last.vatAmount = paisa(last.vatAmount + row.vatAmount);
      last.total = paisa(last.total + row.total);
    } else lines.push({ ...row });
  }
  const total = (pick: (l: ContentLine) => number) => paisa(lines.reduce((s, l) => s + pick(l), 0));
  const paid = paisa(source.money.filter((m) => m.kind === 'payment').reduce((s, m) => s + m.amount, 0));
  const refunded = paisa(source.money.filter((m) => m.kind === 'refund').reduce((s, m) => s + m.amount, 0));
  const grand = total((l) => l.total);
  const first = source.rooms[0];
  return {
    reference: source.reservation.reference,
    seller,
    buyer: {
      name: source.guestName,
      email: source.guestEmail,
      phone: first?.phone ?? null,
      address: first?.address ?? null,
      company: source.reservation.companyName,
      bin: source.reservation.companyBin,
    },
    stay: {
      checkIn: source.rooms.reduce((m, r) => (r.checkIn < m ? r.checkIn : m), first?.checkIn ?? ''),
      checkOut: source.rooms.reduce((m, r) => (r.checkOut > m ? r.checkOut : m), first?.checkOut ?? ''),
      rooms: source.rooms.map((r) => ({ category: r.category, number: r.number })),
    },
    lines,
    totals: {
      subtotal: total((l) => l.amount),
      discount: total((l) => l.discount),
      serviceCharge: total((l) => l.serviceCharge),
      vat: total((l) => l.vatAmount),
      total: grand,
      paid,
      refunded,
      balance: paisa(grand - paid + refunded),
    },
    payments: source.money.map((m) => ({ at: m.paidAt.toISOString(), method: m.method, reference: m.reference, amount: m.amount, refund: m.kind === 'refund' })),
  };
}

/** The words of each kind of line, per language. */
const WORDS = {
  en: {
    room: (n: string, c: string) => `Room ${n} (${c}), room nights`,
    extra_guest: (n: string) => `Extra guests, room ${n}`,
    meal: (n: string) => `Meals, room ${n}`,
    penalty: (n: string) => `Cancellation charge, room ${n}`,
    discount: (n: string) => `Discount, room ${n}`,
    service_charge: (n: string) => `Service charge, room ${n}`,
    vat: (n: string) => `VAT, room ${n}`,
    charge: (n: string, name: string) => `${name}, room ${n}`,
    methods: PAYMENT_METHOD_NAMES,
  },
  bn: {
    room: (n: string, c: string) => `কক্ষ ${n} (${c}), রাত্রিযাপন`,
    extra_guest: (n: string) => `অতিরিক্ত অতিথি, কক্ষ ${n}`,
    meal: (n: string) => `খাবার, কক্ষ ${n}`,
    penalty: (n: string) => `বাতিলকরণ চার্জ, কক্ষ ${n}`,
    discount: (n: string) => `ছাড়, কক্ষ ${n}`,
    service_charge: (n: string) => `সার্ভিস চার্জ, কক্ষ ${n}`,
    vat: (n: string) => `ভ্যাট, কক্ষ ${n}`,
    charge: (n: string, name: string) => `${name}, কক্ষ ${n}`,
    methods: { cash: 'ক্যাশ', card: 'কার্ড', bkash: 'বিকাশ', nagad: 'নগদ', bank_transfer: 'ব্যাংক ট্রান্সফার' } as Record<PaymentMethod, string>,
  },
} as const;

const bengaliDigits = (text: string) => text.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);

/** One line's words in `lang`: what it is, which room, and its dates. */
function describe(line: ContentLine, lang: TLanguage): string {
  const w = WORDS[lang];
  const number = lang === 'bn' ? bengaliDigits(line.roomNumber) : line.roomNumber;
  const what =
    line.kind === 'room'
      ? w.room(number, line.roomCategory)
      : line.kind === 'charge'
        ? w.charge(number, (lang === 'bn' ? line.nameBn : line.nameEn) ?? line.chargeType ?? '')
        : w[line.kind](number);
  const dates = line.from === line.to ? formatShortDate(line.from, lang) : `${formatShortDate(line.from, lang)} – ${formatShortDate(line.to, lang)}`;
  return [what, line.description, dates].filter(Boolean).join(' · ');
}

/** The page of an invoice (or a proforma, or a credit note) in `lang`, from its frozen content. */
export function invoiceView(
  content: InvoiceContent,
  lang: TLanguage,
  head: { kind: InvoiceView['kind']; number: string | null; issuedAt: Date; creditsNumber?: string },
): InvoiceView {
  const sign = head.kind === 'credit_note' ? -1 : 1;
  const lines: InvoiceLine[] = content.lines.map((l) => ({
    description: describe(l, lang),
    serviceDate: l.from,
    quantity: l.quantity,
    unitPrice: l.unitPrice * sign,
    amount: l.amount * sign,
    discount: l.discount * sign,
    serviceCharge: l.serviceCharge * sign,
    vatRate: l.vatRate,
    vatAmount: l.vatAmount * sign,
    total: l.total * sign,
  }));
  const t = content.totals;
  return {
    kind: head.kind,
    language: lang,
    number: head.number,
    issuedAt: head.issuedAt,
    ...(head.creditsNumber ? { creditsNumber: head.creditsNumber } : {}),
    seller: {
      legalName: content.seller.legalName,
      bin: content.seller.bin,
      address: lang === 'bn' ? content.seller.addressBn : content.seller.address,
      phone: content.seller.phone,
      email: content.seller.email,
    },
    buyer: { name: content.buyer.name, company: content.buyer.company, bin: content.buyer.bin, address: content.buyer.address, phone: content.buyer.phone },
    reservation: {
      reference: content.reference,
      checkIn: content.stay.checkIn,
      checkOut: content.stay.checkOut,
      rooms: content.stay.rooms.map((r) => `${r.category} ${lang === 'bn' ? bengaliDigits(r.number) : r.number}`),
    },
    lines,
    totals: {
      subtotal: t.subtotal * sign,
      discount: t.discount * sign,
      serviceCharge: t.serviceCharge * sign,
      vat: t.vat * sign,
      total: t.total * sign,
      // A credit note cancels the charges; the money stays where it is.
      paid: head.kind === 'credit_note' ? 0 : t.paid,
      refunded: head.kind === 'credit_note' ? 0 : t.refunded,
      balance: head.kind === 'credit_note' ? t.total * sign : t.balance,
    },
    payments:
      head.kind === 'credit_note'
        ? []
        : content.payments.map((p) => ({ at: new Date(p.at), method: WORDS[lang].methods[p.method], reference: p.reference, amount: p.amount, refund: p.refund })),
  };
}
