import { chargeLines, PAYMENT_METHODS, stayLines, type DraftLine, type NightLine } from '@residency/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceContent, invoiceView, readContent, type InvoiceContent, type IssuerSettings } from './invoice-content.ts';

/*
 * An invoice's figures add up (issue 31): on every line, value − discount + service charge + SD +
 * VAT is the line's total; down the invoice, each column's lines make its total; and the invoice's
 * total is what the folio charged. Folios are made by the folio's own posting rules (stayLines,
 * chargeLines) over random stays, coupons, tax rates, charges and reversals.
 */

type Source = Parameters<typeof invoiceContent>[0];
type Row = Source['lines'][number];

const ISSUER: IssuerSettings = {
  seller: { legalName: 'Residency Hospitality Ltd.', bin: '000123456-0101', address: 'Gulshan 2, Dhaka', addressBn: 'গুলশান ২, ঢাকা', phone: '+880 1711-000000', email: 'hello@residency.test' },
  signatory: { name: 'Farhana Rahman', title: 'Finance Manager' },
  sdRate: 0,
};

const paisa = (v: number) => Math.round(v * 100);
const round = (v: number) => Math.round((v + Number.EPSILON) * 100) / 100;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const CHARGE_TYPES = ['airport_shuttle', 'laundry', 'room_service', 'minibar', 'early_departure', 'other'] as const;

/** A folio as the folio service posts it: each draft a row with an id, adjustments pointing at their line's id. */
class Folio {
  rows: Row[] = [];
  private next = 1;

  post(bookingId: string, drafts: DraftLine[]) {
    const ids = drafts.map(() => (this.next += 1));
    drafts.forEach((d, i) => {
      this.rows.push({
        line: {
          id: ids[i]!,
          reservationId: 'r',
          bookingId,
          kind: d.kind,
          chargeType: d.chargeType ?? null,
          serviceDate: d.serviceDate,
          description: d.description ?? '',
          quantity: d.quantity,
          unitPrice: d.unitPrice,
          amount: d.amount,
          rate: d.rate,
          appliesTo: d.appliesTo === null ? null : ids[d.appliesTo]!,
          reverses: null,
          reason: null,
          serviceRequestId: null,
          postedBy: null,
          postedAt: new Date(0),
        },
        nameEn: d.chargeType ? `Charge ${d.chargeType}` : null,
        nameBn: d.chargeType ? `চার্জ ${d.chargeType}` : null,
      });
    });
  }

  /** Reverses a base line and what adjusts it, as folio.repository's postReversals does. */
  reverse(lineId: number) {
    const targets = this.rows.filter((r) => r.line.reverses === null && (r.line.id === lineId || r.line.appliesTo === lineId));
    for (const t of targets) {
      this.rows.push({ ...t, line: { ...t.line, id: (this.next += 1), unitPrice: -t.line.unitPrice, amount: -t.line.amount, reverses: t.line.id, reason: 'test' } });
    }
  }

  get charged() {
    return this.rows.reduce((s, r) => s + paisa(r.line.amount), 0);
  }
}

const night = fc.record({
  room: fc.integer({ min: 100_00, max: 3_000_000 }).map((p) => p / 100),
  extra: fc.option(fc.integer({ min: 1, max: 500_000 }).map((p) => p / 100), { nil: 0 }),
  meals: fc.option(fc.integer({ min: 1, max: 400_000 }).map((p) => p / 100), { nil: 0 }),
});
const stay = fc.record({
  nights: fc.array(night, { minLength: 1, maxLength: 8 }),
  /** The coupon's share of the subtotal. */
  coupon: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60 }).map((n) => n / 100)),
  servicePercent: fc.constantFrom(0, 5, 10),
  vatPercent: fc.constantFrom(0, 7.5, 10, 15),
});
const charge = fc.record({
  room: fc.nat(2),
  chargeType: fc.constantFrom(...CHARGE_TYPES),
  quantity: fc.integer({ min: 1, max: 5 }),
  unitPrice: fc.integer({ min: 1, max: 2_500_000 }).map((p) => p / 100),
  servicePercent: fc.constantFrom(0, 10),
  vatPercent: fc.constantFrom(0, 15),
});
const scenario = fc.record({
  stays: fc.array(stay, { minLength: 1, maxLength: 3 }),
  charges: fc.array(charge, { maxLength: 6 }),
  /** Base lines picked for reversal, by position. */
  reversals: fc.array(fc.nat(), { maxLength: 4 }),
  paid: fc.integer({ min: 0, max: 10_000_000 }).map((p) => p / 100),
});

function folioOf(input: Scenario): { source: Source; folio: Folio } {
  const folio = new Folio();
  const checkIn = '2026-12-20';
  const rooms = input.stays.map((s, i) => ({
    id: `b${i}`,
    category: 'Deluxe King',
    categoryBn: 'ডিলাক্স কিং',
    number: String(101 + i),
    checkIn,
    checkOut: addDays(checkIn, s.nights.length),
    status: 'active' as const,
    stage: 'checked_out' as const,
    phone: '+880 1711-223344',
    address: 'Agrabad, Chattogram',
  }));
  input.stays.forEach((s, i) => {
    const nights: NightLine[] = s.nights.map((n, k) => ({ date: addDays(checkIn, k), room: n.room, extraAdults: n.extra, extraChildren: 0, meals: n.meals, total: round(n.room + n.extra + n.meals) }));
    const subtotal = round(nights.reduce((sum, n) => sum + n.room + n.extraAdults + n.meals, 0));
    const discount = round(subtotal * s.coupon);
    const withOutVatAndService = round(subtotal - discount);
    const serviceCharge = round((withOutVatAndService * s.servicePercent) / 100);
    const vat = round(((withOutVatAndService + serviceCharge) * s.vatPercent) / 100);
    folio.post(rooms[i]!.id, stayLines(nights, { discount, serviceCharge, vat, withOutVatAndService }));
  });
  for (const c of input.charges) {
    const room = rooms[c.room % rooms.length]!;
    folio.post(
      room.id,
      chargeLines({ kind: 'charge', chargeType: c.chargeType, description: '', serviceDate: checkIn, quantity: c.quantity, unitPrice: c.unitPrice, serviceChargePercent: c.servicePercent, vatPercent: c.vatPercent }),
    );
  }
  const bases = folio.rows.filter((r) => r.line.appliesTo === null);
  for (const pick of input.reversals) {
    const target = bases[pick % bases.length]!;
    if (!folio.rows.some((r) => r.line.reverses === target.line.id)) folio.reverse(target.line.id);
  }
  const source = {
    reservation: { reference: 'RSV-7K3F9Q2M', companyName: 'Meghna Textiles Ltd.', companyBin: '004567891-0202' },
    guestName: 'Rafid Hasan',
    guestEmail: 'rafid@example.com',
    rooms,
    lines: folio.rows,
    money: input.paid ? [{ kind: 'payment', amount: input.paid, method: 'cash', reference: null, paidAt: new Date('2026-12-21T10:00:00Z') }] : [],
  } as unknown as Source;
  return { source, folio };
}
type Scenario = {
  stays: { nights: { room: number; extra: number; meals: number }[]; coupon: number; servicePercent: number; vatPercent: number }[];
  charges: { room: number; chargeType: (typeof CHARGE_TYPES)[number]; quantity: number; unitPrice: number; servicePercent: number; vatPercent: number }[];
  reversals: number[];
  paid: number;
};

/** Every way the figures of `content` must add up; returns nothing, fails on the first that does not. */
function expectAddsUp(content: InvoiceContent, charged: number) {
  const lines = content.lines;
  for (const [i, l] of lines.entries()) {
    const at = `line ${i + 1} (${l.kind} ${l.roomNumber} ${l.from}–${l.to})`;
    expect(paisa(l.amount), `${at}: value = quantity × unit price`).toBe(paisa(l.quantity * l.unitPrice));
    expect(paisa(l.total), `${at}: value − discount + service charge + SD + VAT = total`).toBe(
      paisa(l.amount) - paisa(l.discount) + paisa(l.serviceCharge) + paisa(l.sdAmount) + paisa(l.vatAmount),
    );
  }
  const column = (pick: (l: InvoiceContent['lines'][number]) => number) => lines.reduce((s, l) => s + paisa(pick(l)), 0);
  const t = content.totals;
  expect(paisa(t.subtotal), 'the values add up to the subtotal').toBe(column((l) => l.amount));
  expect(paisa(t.discount)).toBe(column((l) => l.discount));
  expect(paisa(t.serviceCharge)).toBe(column((l) => l.serviceCharge));
  expect(paisa(t.sd)).toBe(column((l) => l.sdAmount));
  expect(paisa(t.vat)).toBe(column((l) => l.vatAmount));
  expect(paisa(t.total), 'the lines add up to the total').toBe(column((l) => l.total));
  expect(paisa(t.total), 'the totals row adds up across').toBe(paisa(t.subtotal) - paisa(t.discount) + paisa(t.serviceCharge) + paisa(t.sd) + paisa(t.vat));
  expect(paisa(t.total), 'the invoice charges what the folio charged').toBe(charged);
  expect(paisa(t.balance)).toBe(paisa(t.total) - paisa(t.paid) + paisa(t.refunded));
}

describe('invoiceContent', () => {
  it('adds up per line, per column and in total, on random stays, coupons, taxes, charges and reversals', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const { source, folio } = folioOf(input as Scenario);
        const content = invoiceContent(source, ISSUER);
        expectAddsUp(content, folio.charged);
        // The page shows the same figures, line by line, numbered 1, 2, 3…
        const view = invoiceView(content, 'en', { kind: 'invoice', number: 'INV-2026-27-000001', issuedAt: new Date() });
        expect(view.lines.map((l) => l.serial)).toEqual(content.lines.map((_, i) => i + 1));
        expect(view.lines.map((l) => l.total)).toEqual(content.lines.map((l) => l.total));
      }),
      { numRuns: 300 },
    );
  });

  it('gives room 401 its service charge in a column of its own: 12,500 − 1,250 + 1,125 + 0 + 1,856.25 = 14,231.25', () => {
    const { source } = folioOf({ stays: [{ nights: [{ room: 12_500, extra: 0, meals: 0 }], coupon: 0.1, servicePercent: 10, vatPercent: 15 }], charges: [], reversals: [], paid: 0 });
    const [line] = invoiceContent(source, ISSUER).lines;
    expect(line).toMatchObject({ unit: 'night', quantity: 1, unitPrice: 12_500, amount: 12_500, discount: 1_250, serviceCharge: 1_125, sdRate: 0, sdAmount: 0, vatRate: 15, vatAmount: 1_856.25, total: 14_231.25 });
  });

  it('names each unit of supply: nights, meals by the day, a shuttle by the trip, laundry by the piece', () => {
    const { source } = folioOf({
      stays: [{ nights: [{ room: 5000, extra: 800, meals: 1200 }], coupon: 0, servicePercent: 10, vatPercent: 15 }],
      charges: [
        { room: 0, chargeType: 'airport_shuttle', quantity: 1, unitPrice: 1500, servicePercent: 0, vatPercent: 15 },
        { room: 0, chargeType: 'laundry', quantity: 3, unitPrice: 120, servicePercent: 10, vatPercent: 15 },
        { room: 0, chargeType: 'other', quantity: 1, unitPrice: 300, servicePercent: 10, vatPercent: 15 },
      ],
      reversals: [],
      paid: 0,
    });
    const units = invoiceContent(source, ISSUER).lines.map((l) => [l.kind, l.chargeType, l.unit]);
    expect(units).toEqual([
      ['room', null, 'night'],
      ['extra_guest', null, 'night'],
      ['meal', null, 'day'],
      ['charge', 'airport_shuttle', 'trip'],
      ['charge', 'laundry', 'piece'],
      ['charge', 'other', 'service'],
    ]);
    const bn = invoiceView(invoiceContent(source, ISSUER), 'bn', { kind: 'invoice', number: 'INV-2026-27-000001', issuedAt: new Date() });
    expect(bn.lines.map((l) => l.unit)).toEqual(['রাত', 'রাত', 'দিন', 'ট্রিপ', 'পিস', 'সেবা']);
    // The Bengali invoice names the room type in Bengali.
    expect(bn.lines[0]!.description).toContain('ডিলাক্স কিং');
    expect(bn.lines[0]!.description).not.toContain('Deluxe King');
    expect(bn.reservation.rooms).toEqual(['ডিলাক্স কিং ১০১']);
  });
});

describe('invoiceView of the payments', () => {
  it.each(['en', 'bn'] as const)('names every payment method in %s (a Bengali invoice with a Rocket payment once failed to draw)', (lang) => {
    const { source } = folioOf({ stays: [{ nights: [{ room: 5000, extra: 0, meals: 0 }], coupon: 0, servicePercent: 10, vatPercent: 15 }], charges: [], reversals: [], paid: 0 });
    const content = invoiceContent(source, ISSUER);
    content.payments = PAYMENT_METHODS.map((method, i) => ({ at: '2026-11-30T05:00:00.000Z', method, reference: null, amount: 100 + i, refund: false }));
    const view = invoiceView(content, lang, { kind: 'invoice', number: 'INV-2026-27-000001', issuedAt: new Date() });
    const names = view.money!.payments.map((p) => p.method);
    expect(names.every((name) => typeof name === 'string' && name.length > 0), String(names)).toBe(true);
    expect(new Set(names).size).toBe(PAYMENT_METHODS.length);
    if (lang === 'bn') expect(names).toContain('রকেট');
  });
});

describe('readContent', () => {
  /** An invoice as version 1 stored it (issue 22): no version, units, SD, signatory or Bengali type names. */
  const v1 = {
    reference: 'RSV-GC8YZH8G',
    seller: ISSUER.seller,
    buyer: { name: 'Rafid Hasan', email: 'rafid@example.com', phone: null, address: null, company: null, bin: null },
    stay: { checkIn: '2026-11-28', checkOut: '2026-11-30', rooms: [{ category: 'Deluxe King', number: '401' }] },
    lines: [
      { kind: 'room', roomCategory: 'Deluxe King', roomNumber: '401', chargeType: null, nameEn: null, nameBn: null, description: '', from: '2026-11-28', to: '2026-11-29', quantity: 2, unitPrice: 12_500, amount: 25_000, discount: 2_500, serviceCharge: 2_250, vatRate: 15, vatAmount: 3_712.5, total: 28_462.5 },
      { kind: 'charge', roomCategory: 'Deluxe King', roomNumber: '401', chargeType: 'airport_shuttle', nameEn: 'Airport shuttle', nameBn: 'বিমানবন্দর শাটল', description: '', from: '2026-11-29', to: '2026-11-29', quantity: 1, unitPrice: 1500, amount: 1500, discount: 0, serviceCharge: 0, vatRate: 15, vatAmount: 225, total: 1725 },
    ],
    totals: { subtotal: 26_500, discount: 2_500, serviceCharge: 2_250, vat: 3_937.5, total: 30_187.5, paid: 30_187.5, refunded: 0, balance: 0 },
    payments: [{ at: '2026-11-30T05:00:00.000Z', method: 'cash', reference: null, amount: 30_187.5, refund: false }],
  };

  it('reads an invoice stored before version 2 as it was issued: units from its lines, no SD, no signatory, English type names', () => {
    const content = readContent(structuredClone(v1));
    expect(content.version).toBe(2);
    expect(content.lines.map((l) => [l.unit, l.sdRate, l.sdAmount, l.roomCategoryBn])).toEqual([
      ['night', 0, 0, null],
      ['trip', 0, 0, null],
    ]);
    expect(content.totals.sd).toBe(0);
    expect(content.signatory).toEqual({ name: null, title: null });
    expectAddsUp(content, paisa(v1.totals.total));
    const bn = invoiceView(content, 'bn', { kind: 'invoice', number: 'INV-2026-27-000001', issuedAt: new Date() });
    expect(bn.reservation.rooms).toEqual(['Deluxe King ৪০১']);
  });

  it('leaves a version 2 content as it is', () => {
    const { source } = folioOf({ stays: [{ nights: [{ room: 5000, extra: 0, meals: 0 }], coupon: 0, servicePercent: 10, vatPercent: 15 }], charges: [], reversals: [], paid: 0 });
    const content = invoiceContent(source, ISSUER);
    expect(readContent(JSON.parse(JSON.stringify(content)))).toEqual(content);
  });
});

describe('invoiceView of a credit note', () => {
  it('names the invoice it cancels and the reason, and says nothing about payments or a balance', () => {
    const { source } = folioOf({ stays: [{ nights: [{ room: 12_500, extra: 0, meals: 0 }], coupon: 0, servicePercent: 10, vatPercent: 15 }], charges: [], reversals: [], paid: 25_047 });
    const content = invoiceContent(source, ISSUER);
    const issuedAt = new Date('2026-12-02T04:22:00Z');
    const view = invoiceView(content, 'en', { kind: 'credit_note', number: 'CN-2026-27-000001', issuedAt: new Date(), credits: { number: 'INV-2026-27-000001', issuedAt }, reason: 'Wrong company name' });
    expect(view).toMatchObject({ credits: { number: 'INV-2026-27-000001', issuedAt }, reason: 'Wrong company name', signatory: ISSUER.signatory });
    expect(view.money).toBeUndefined();
    // What it reduces, as positive figures: the invoice's own.
    expect(view.lines.map((l) => [l.amount, l.sdAmount, l.vatAmount, l.total])).toEqual(content.lines.map((l) => [l.amount, l.sdAmount, l.vatAmount, l.total]));
    const invoice = invoiceView(content, 'en', { kind: 'invoice', number: 'INV-2026-27-000001', issuedAt });
    expect(invoice.money).toMatchObject({ paid: 25_047 });
    expect(invoice.reason).toBeUndefined();
  });
});
