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

/**
 * The unit of supply of a line (Mushak-6.3's column 3), stored as a code and worded per language
 * when drawn: a room's nights and its extra guests by the night, a plan's meals by the day, a
 * charge by what its type sells.
 */
type SupplyUnit = 'night' | 'day' | 'piece' | 'trip' | 'order' | 'service';
const CHARGE_UNITS: Record<string, SupplyUnit> = { airport_shuttle: 'trip', laundry: 'piece', minibar: 'piece', room_service: 'order' };

function supplyUnit(kind: FolioLineKind, chargeType: string | null): SupplyUnit {
  if (kind === 'room' || kind === 'extra_guest') return 'night';
  if (kind === 'meal') return 'day';
  if (kind === 'charge') return CHARGE_UNITS[chargeType ?? ''] ?? 'service';
  return 'service';
}

interface ContentLine {
  kind: FolioLineKind;
  roomCategory: string;
  /** The room type's Bengali name when it was issued (null: it had none, or an invoice of version 1). */
  roomCategoryBn: string | null;
  roomNumber: string;
  chargeType: string | null;
  nameEn: string | null;
  nameBn: string | null;
  description: string;
  from: string;
  to: string;
  unit: SupplyUnit;
  quantity: number;
  unitPrice: number;
  /** The value before tax: quantity × unit price. */
  amount: number;
  discount: number;
  serviceCharge: number;
  /** Supplementary duty: percent and Taka. */
  sdRate: number;
  sdAmount: number;
  vatRate: number;
  vatAmount: number;
  /** amount − discount + service charge + SD + VAT. */
  total: number;
}

/**
 * The frozen content of an invoice, version 2 (issue 31): units of supply, supplementary duty,
 * the room types' Bengali names and the signatory. Invoices issued before it (version 1, no
 * `version` key) stay as they were stored and are read through `readContent`, which fills what
 * they lack with what was true when they were issued: no SD was charged, no signatory was named.
 */
export interface InvoiceContent {
  version: 2;
  reference: string;
  seller: { legalName: string; bin: string | null; address: string; addressBn: string; phone: string; email: string };
  buyer: { name: string; email: string | null; phone: string | null; address: string | null; company: string | null; bin: string | null };
  stay: { checkIn: string; checkOut: string; rooms: { category: string; categoryBn: string | null; number: string }[] };
  /** Who signs for the seller (Mushak-6.3's officer-in-charge), from the settings when issued. */
  signatory: { name: string | null; title: string | null };
  lines: ContentLine[];
  totals: { subtotal: number; discount: number; serviceCharge: number; sd: number; vat: number; total: number; paid: number; refunded: number; balance: number };
  payments: { at: string; method: PaymentMethod; reference: string | null; amount: number; refund: boolean }[];
}

/** What the seller's settings put on an invoice when it is issued. */
export interface IssuerSettings {
  seller: InvoiceContent['seller'];
  signatory: InvoiceContent['signatory'];
  /** HOTEL_SD_RATE, percent. */
  sdRate: number;
}

const paisa = (v: number) => Math.round((v + Number.EPSILON) * 100) / 100;
const KIND_ORDER: FolioLineKind[] = ['room', 'extra_guest', 'meal', 'charge', 'penalty', 'discount', 'service_charge', 'vat'];
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The folio as an invoice shows it: the lines that stand (a reversed line and its reversal cancel
 * out and are left out), each with its discount, service charge, SD and VAT; consecutive nights of
 * a room at one price on one row ("3 × ৳6,600"). Each line's columns add up to its total and the
 * lines add up to the folio's total, to the paisa.
 */
export function invoiceContent(source: Source, issuer: IssuerSettings): InvoiceContent {
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
    // The folio charges no supplementary duty (HOTEL_SD_RATE is 0, the only rate accepted): the
    // column is there, at the rate the settings give, with nothing in it.
    const sdAmount = 0;
    rows.push({
      order: room.order,
      kind: line.kind,
      roomCategory: room.category,
      roomCategoryBn: room.categoryBn ?? null,
      roomNumber: room.number,
      chargeType: line.chargeType,
      nameEn,
      nameBn,
      description: line.description,
      from: line.serviceDate,
      to: line.serviceDate,
      unit: supplyUnit(line.kind, line.chargeType),
      quantity: isAdjustment ? 1 : line.quantity,
      unitPrice: isAdjustment ? 0 : line.unitPrice,
      amount,
      discount,
      serviceCharge,
      sdRate: issuer.sdRate,
      sdAmount,
      vatRate: adjustments.find((a) => a.kind === 'vat')?.rate ?? (line.kind === 'vat' ? (line.rate ?? 0) : 0),
      vatAmount,
      total: paisa(amount - discount + serviceCharge + sdAmount + vatAmount),
    });
  }
  rows.sort((a, b) => a.order - b.order || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.from.localeCompare(b.from));
  // Consecutive nights (or days of a charge) of one room at one price and rates: one row.
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
      last.sdRate === row.sdRate &&
      row.kind !== 'charge' &&
      nextDay(last.to) === row.from
    ) {
      last.to = row.from;
      last.quantity += row.quantity;
      last.amount = paisa(last.amount + row.amount);
      last.discount = paisa(last.discount + row.discount);
      last.serviceCharge = paisa(last.serviceCharge + row.serviceCharge);
      last.sdAmount = paisa(last.sdAmount + row.sdAmount);
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
    version: 2,
    reference: source.reservation.reference,
    seller: issuer.seller,
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
      rooms: source.rooms.map((r) => ({ category: r.category, categoryBn: r.categoryBn ?? null, number: r.number })),
    },
    signatory: issuer.signatory,
    lines,
    totals: {
      subtotal: total((l) => l.amount),
      discount: total((l) => l.discount),
      serviceCharge: total((l) => l.serviceCharge),
      sd: total((l) => l.sdAmount),
      vat: total((l) => l.vatAmount),
      total: grand,
      paid,
      refunded,
      balance: paisa(grand - paid + refunded),
    },
    payments: source.money.map((m) => ({ at: m.paidAt.toISOString(), method: m.method, reference: m.reference, amount: m.amount, refund: m.kind === 'refund' })),
  };
}

/** Version 1 of the content, as invoices issued before issue 31 were stored. */
type ContentV1 = Omit<InvoiceContent, 'version' | 'signatory' | 'lines' | 'stay' | 'totals'> & {
  version?: undefined;
  stay: { checkIn: string; checkOut: string; rooms: { category: string; number: string }[] };
  lines: Omit<ContentLine, 'roomCategoryBn' | 'unit' | 'sdRate' | 'sdAmount'>[];
  totals: Omit<InvoiceContent['totals'], 'sd'>;
};

/**
 * An invoice's stored content as the current shape. Version 1 is read as it was: its units
 * follow from its lines' kinds, it charged no SD, named no signatory and kept no Bengali room
 * type names (they are then written in English). Nothing stored is rewritten.
 */
export function readContent(stored: unknown): InvoiceContent {
  const content = stored as InvoiceContent | ContentV1;
  if (content.version === 2) return content;
  return {
    ...content,
    version: 2,
    stay: { ...content.stay, rooms: content.stay.rooms.map((r) => ({ ...r, categoryBn: null })) },
    signatory: { name: null, title: null },
    lines: content.lines.map((l) => ({ ...l, roomCategoryBn: null, unit: supplyUnit(l.kind, l.chargeType), sdRate: 0, sdAmount: 0 })),
    totals: { ...content.totals, sd: 0 },
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
    units: { night: 'night', day: 'day', piece: 'piece', trip: 'trip', order: 'order', service: 'service' } satisfies Record<SupplyUnit, string>,
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
    units: { night: 'রাত', day: 'দিন', piece: 'পিস', trip: 'ট্রিপ', order: 'অর্ডার', service: 'সেবা' } satisfies Record<SupplyUnit, string>,
    // `satisfies`, not `as`: a method added to PAYMENT_METHODS without its Bengali name fails the
    // type check (rocket and upay once came without one, and a Bengali invoice with such a payment failed).
    methods: {
      cash: 'ক্যাশ',
      card: 'কার্ড',
      bkash: 'বিকাশ',
      nagad: 'নগদ',
      bank_transfer: 'ব্যাংক ট্রান্সফার',
      rocket: 'রকেট',
      upay: 'উপায়',
    } satisfies Record<PaymentMethod, string>,
  },
} as const;

const bengaliDigits = (text: string) => text.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);

/** A room type's name in `lang`: its Bengali name on a Bengali invoice when it had one. */
const categoryName = (en: string, bn: string | null, lang: TLanguage) => (lang === 'bn' && bn ? bn : en);

/** One line's words in `lang`: what it is, which room, and its dates. */
function describe(line: ContentLine, lang: TLanguage): string {
  const w = WORDS[lang];
  const number = lang === 'bn' ? bengaliDigits(line.roomNumber) : line.roomNumber;
  const what =
    line.kind === 'room'
      ? w.room(number, categoryName(line.roomCategory, line.roomCategoryBn, lang))
      : line.kind === 'charge'
        ? w.charge(number, (lang === 'bn' ? line.nameBn : line.nameEn) ?? line.chargeType ?? '')
        : w[line.kind](number);
  const dates = line.from === line.to ? formatShortDate(line.from, lang) : `${formatShortDate(line.from, lang)} – ${formatShortDate(line.to, lang)}`;
  return [what, line.description, dates].filter(Boolean).join(' · ');
}

/**
 * The page of an invoice (or a proforma, or a credit note) in `lang`, from its content (stored
 * content goes through readContent first). A credit note lists what it reduces, as positive
 * figures under headings that say so, with the invoice it cancels and the reason; no money.
 */
export function invoiceView(
  content: InvoiceContent,
  lang: TLanguage,
  head: { kind: InvoiceView['kind']; number: string | null; issuedAt: Date; credits?: { number: string; issuedAt: Date }; reason?: string | null },
): InvoiceView {
  const lines: InvoiceLine[] = content.lines.map((l, i) => ({
    serial: i + 1,
    description: describe(l, lang),
    unit: WORDS[lang].units[l.unit],
    serviceDate: l.from,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: l.amount,
    discount: l.discount,
    serviceCharge: l.serviceCharge,
    sdRate: l.sdRate,
    sdAmount: l.sdAmount,
    vatRate: l.vatRate,
    vatAmount: l.vatAmount,
    total: l.total,
  }));
  const t = content.totals;
  const credit = head.kind === 'credit_note';
  return {
    kind: head.kind,
    language: lang,
    number: head.number,
    issuedAt: head.issuedAt,
    ...(credit && head.credits ? { credits: head.credits } : {}),
    ...(credit && head.reason ? { reason: head.reason } : {}),
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
      rooms: content.stay.rooms.map((r) => `${categoryName(r.category, r.categoryBn, lang)} ${lang === 'bn' ? bengaliDigits(r.number) : r.number}`),
    },
    ...(head.kind === 'proforma' ? {} : { signatory: content.signatory }),
    lines,
    totals: { subtotal: t.subtotal, discount: t.discount, serviceCharge: t.serviceCharge, sd: t.sd, vat: t.vat, total: t.total },
    ...(credit
      ? {}
      : {
          money: {
            paid: t.paid,
            refunded: t.refunded,
            balance: t.balance,
            payments: content.payments.map((p) => ({ at: new Date(p.at), method: WORDS[lang].methods[p.method], reference: p.reference, amount: p.amount, refund: p.refund })),
          },
        }),
  };
}
