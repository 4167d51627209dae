import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TVatRegister } from '@residency/shared';
import { formatAmount } from '@residency/shared/display';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { query, useTestApp } from '../../test/app.ts';
import { act, confirm, day, HOTEL_ACCOUNTS, ON_ACCOUNT, placeStay, smallHotelRooms } from '../../test/stays.ts';

/*
 * Issued invoices and credit notes through the API (issue 31): drawn from their frozen content
 * (old versions too), with the room types' Bengali names, and the month's VAT sales register.
 */

let rooms: Record<string, string>;
const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
beforeEach(async () => {
  // Deluxe King 101, 102 (৳7,500), with its Bengali name.
  rooms = await smallHotelRooms(ctx.app, ctx.admin);
  await query(ctx.app, sql`update room_categories set translations = jsonb_set(translations, '{bn}', coalesce(translations->'bn', '{}') || '{"name": "ডিলাক্স কিং"}') where name = 'Deluxe King'`);
});

const dir = mkdtempSync(path.join(tmpdir(), 'invoices-api-'));
let files = 0;
/** The PDF's text as pdftotext -layout reads it. */
function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `${(files += 1)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
const squeeze = (s: string) => s.replace(/\s+/g, '');

const post = (id: string, what: string, payload: Record<string, unknown>, who = ctx.staff) =>
  ctx.app.inject({ method: 'POST', url: `/api/reservations/${id}/${what}`, headers: who.auth, payload });
const pdfOf = (reservationId: string, params: string, who = ctx.guest) => ctx.app.inject({ url: `/api/reservations/${reservationId}/invoice?${params}`, headers: who.auth });

/** A 2-night stay in `room` (৳15,000 + 10 % service + 15 % VAT = ৳18,975), checked out; its invoice. */
async function checkedOut(room = '101', options: { company?: { name: string; bin: string }; paid?: number; weeksAgo?: number } = {}) {
  const end = -7 * (options.weeksAgo ?? 0);
  const booking = await placeStay(ctx.app, ctx.guest, rooms[room]!, day(end - 2), day(end));
  await confirm(ctx.app, ctx.staff, booking._id);
  await query(ctx.app, sql`update bookings set stage = 'checked_in' where id = ${booking._id}`);
  if (options.company) {
    await query(ctx.app, sql`update reservations set company_name = ${options.company.name}, company_bin = ${options.company.bin} where id = ${booking.reservationId}`);
  }
  if (options.paid) expect((await post(booking.reservationId, 'payments', { amount: options.paid, method: 'cash' })).statusCode).toBe(201);
  const out = await act(ctx.app, ctx.staff, booking._id, 'check-out', options.paid ? undefined : ON_ACCOUNT);
  expect(out.statusCode, out.body).toBe(200);
  const [invoice] = await query<{ id: string; number: string }>(ctx.app, sql`select id, number from invoices where reservation_id = ${booking.reservationId} and kind = 'invoice'`);
  return { booking, invoice: invoice! };
}

describe('GET /api/reservations/:id/invoice', () => {
  it('draws the Bengali invoice with the room type’s Bengali name, and freezes it with the signatory and the SD rate', async () => {
    const { booking, invoice } = await checkedOut('101');
    const [row] = await query<{ content: Record<string, unknown> }>(ctx.app, sql`select content from invoices where id = ${invoice.id}`);
    expect(row!.content).toMatchObject({ version: 2, signatory: { name: 'Farhana Rahman', title: 'Finance Manager' }, stay: { rooms: [{ category: 'Deluxe King', categoryBn: 'ডিলাক্স কিং', number: '101' }] } });
    expect((row!.content.lines as { unit: string; sdRate: number; sdAmount: number }[]).map((l) => [l.unit, l.sdRate, l.sdAmount])).toEqual([['night', 0, 0]]);
    const bn = await pdfOf(booking.reservationId, 'lang=bn');
    expect(bn.statusCode).toBe(200);
    const text = squeeze(pdfText(bn.rawPayload));
    // (ি is drawn before its consonant: pdftotext reads ডিলাক্স কিং as "িডলাক্সিকং".)
    expect(text).toContain(squeeze('িডলাক্স িকং ১০১'));
    expect(text).not.toContain('DeluxeKing');
    const en = pdfText((await pdfOf(booking.reservationId, 'lang=en')).rawPayload);
    expect(en).toContain('Room 101 (Deluxe King), room nights');
    expect(en).toContain('Name: Farhana Rahman');
  });

  it('draws a credit note that names the invoice it cancels, its date and the reason, and says nothing of payments or a balance', async () => {
    // Paid in full, then cancelled: the old credit note said "No payment yet" and "Balance due -৳18,975".
    const { booking, invoice } = await checkedOut('101', { paid: 18_975 });
    const credit = await post(booking.reservationId, 'credit-notes', { reason: 'Wrong company name' });
    expect(credit.statusCode, credit.body).toBe(201);
    const [note] = await query<{ number: string }>(ctx.app, sql`select number from invoices where kind = 'credit_note' and credits = ${invoice.id}`);
    const text = pdfText((await pdfOf(booking.reservationId, `number=${note!.number}`)).rawPayload);
    expect(text).toContain(`Credit note no.: ${note!.number}`);
    expect(text).toContain(`Original tax invoice no.: ${invoice.number}`);
    expect(text).toMatch(/Original invoice issued: \w{3} \d{1,2}, \d{4}, \d{2}:\d{2}/);
    expect(text).toContain('Reason: Wrong company name');
    expect(text).toContain('VAT reduced');
    expect(text).toContain(formatAmount(18_975));
    expect(text).not.toMatch(/Payments|No payment yet|Balance due/);
  });

  it('still draws an invoice frozen before version 2 (no units, SD or signatory stored): as it was issued', async () => {
    const { booking, invoice } = await checkedOut('102');
    // The content as issue 22 stored it.
    const v1 = {
      reference: 'RSV-OLD00001',
      seller: { legalName: 'Residency Hospitality Ltd.', bin: '000123456-0101', address: 'Gulshan 2, Dhaka', addressBn: 'গুলশান ২, ঢাকা', phone: '+880 1711-000000', email: 'hello@residency.test' },
      buyer: { name: 'Rahim Uddin', email: null, phone: null, address: null, company: null, bin: null },
      stay: { checkIn: day(-2), checkOut: day(0), rooms: [{ category: 'Deluxe King', number: '102' }] },
      lines: [{ kind: 'room', roomCategory: 'Deluxe King', roomNumber: '102', chargeType: null, nameEn: null, nameBn: null, description: '', from: day(-2), to: day(-1), quantity: 2, unitPrice: 7500, amount: 15_000, discount: 0, serviceCharge: 1500, vatRate: 15, vatAmount: 2475, total: 18_975 }],
      totals: { subtotal: 15_000, discount: 0, serviceCharge: 1500, vat: 2475, total: 18_975, paid: 0, refunded: 0, balance: 18_975 },
      payments: [],
    };
    await query(ctx.app, sql`update invoices set content = ${JSON.stringify(v1)}::jsonb where id = ${invoice.id}`);
    for (const lang of ['en', 'bn']) {
      const res = await pdfOf(booking.reservationId, `lang=${lang}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const text = pdfText((await pdfOf(booking.reservationId, 'lang=en')).rawPayload);
    expect(text).toContain('RSV-OLD00001');
    expect(text).toMatch(/Room 102 \(Deluxe King\), room nights.*night\s+2\s+৳7,500\s+৳15,000\s+৳0\s+৳1,500\s+0%\s+৳0\s+15%\s+৳2,475\s+৳18,975/);
    // No signatory was frozen into it: the lines are left to write by hand.
    expect(text).toContain('Name: ____');
  });
});

describe('GET /api/reports/vat-register', () => {
  const register = (params: string, who = ctx.admin) => ctx.app.inject({ url: `/api/reports/vat-register?${params}`, headers: who.auth });

  /** Invoices placed at the edges of December 2026 at the hotel (Asia/Dhaka, UTC+6). */
  async function aMonthOfInvoices() {
    const nov30Late = await checkedOut('101'); // Nov 30, 23:59 in Dhaka: November.
    const dec1Early = await checkedOut('102', { company: { name: 'Meghna Textiles Ltd.', bin: '004567891-0202' } }); // Dec 1, 00:00: December.
    const dec31Late = await checkedOut('101', { weeksAgo: 1 }); // Dec 31, 23:59:59: December.
    const credit = await post(dec31Late.booking.reservationId, 'credit-notes', { reason: 'Charged twice' }); // Jan 1, 00:00: January.
    expect(credit.statusCode, credit.body).toBe(201);
    const at = (id: string, instant: string) => query(ctx.app, sql`update invoices set issued_at = ${instant}::timestamptz where id = ${id}`);
    await at(nov30Late.invoice.id, '2026-11-30T17:59:00Z');
    await at(dec1Early.invoice.id, '2026-11-30T18:00:00Z');
    await at(dec31Late.invoice.id, '2026-12-31T17:59:59Z');
    const [note] = await query<{ id: string; number: string }>(ctx.app, sql`select id, number from invoices where credits = ${dec31Late.invoice.id}`);
    await at(note!.id, '2026-12-31T18:00:00Z');
    return { nov30Late, dec1Early, dec31Late, note: note! };
  }

  it("lists the month's invoices by the hotel's day, with buyer, BIN, value, SD and VAT, and the totals", async () => {
    const { nov30Late, dec1Early, dec31Late } = await aMonthOfInvoices();
    const res = await register('month=2026-12');
    expect(res.statusCode, res.body).toBe(200);
    const data: TVatRegister = res.json().data;
    expect(data).toMatchObject({ month: '2026-12', timeZone: 'Asia/Dhaka' });
    // ৳15,000 + ৳1,500 service charge is the taxable value; VAT ৳2,475; SD none.
    expect(data.rows).toEqual([
      {
        _id: dec1Early.invoice.id,
        kind: 'invoice',
        number: dec1Early.invoice.number,
        issuedAt: '2026-11-30T18:00:00.000Z',
        date: '2026-12-01',
        reservationId: dec1Early.booking.reservationId,
        reference: expect.stringMatching(/^RSV-/),
        buyer: 'Meghna Textiles Ltd.',
        bin: '004567891-0202',
        credits: null,
        value: 16_500,
        sd: 0,
        vat: 2475,
        total: 18_975,
      },
      expect.objectContaining({ number: dec31Late.invoice.number, date: '2026-12-31', buyer: 'Rahim Uddin', bin: null, value: 16_500, sd: 0, vat: 2475, total: 18_975 }),
    ]);
    expect(data.totals).toEqual({ value: 33_000, sd: 0, vat: 4950, total: 37_950, invoices: 2, creditNotes: 0 });
    const november: TVatRegister = (await register('month=2026-11')).json().data;
    expect(november.rows.map((r) => [r.number, r.date])).toEqual([[nov30Late.invoice.number, '2026-11-30']]);
  });

  it('takes a credit note off in the month it was issued, naming the invoice it cancels', async () => {
    const { dec31Late, note } = await aMonthOfInvoices();
    const january: TVatRegister = (await register('month=2027-01')).json().data;
    expect(january.rows).toEqual([
      expect.objectContaining({ kind: 'credit_note', number: note.number, date: '2027-01-01', credits: dec31Late.invoice.number, value: -16_500, sd: 0, vat: -2475, total: -18_975 }),
    ]);
    expect(january.totals).toEqual({ value: -16_500, sd: 0, vat: -2475, total: -18_975, invoices: 0, creditNotes: 1 });
    // A month with nothing issued: an empty register, zero totals.
    expect((await register('month=2027-02')).json().data).toMatchObject({ rows: [], totals: { value: 0, sd: 0, vat: 0, total: 0, invoices: 0, creditNotes: 0 } });
  });

  it('answers the register as a CSV download with format=csv', async () => {
    const { dec1Early, dec31Late } = await aMonthOfInvoices();
    const res = await register('month=2026-12&format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="vat-register-2026-12.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Number","Kind","Date (Asia/Dhaka)","Buyer","Buyer BIN","Reservation","Cancels invoice","Value","SD","VAT","Total"');
    expect(lines[1]).toMatch(new RegExp(`^"${dec1Early.invoice.number}","Tax invoice \\(Mushak-6.3\\)",2026-12-01,"Meghna Textiles Ltd.","004567891-0202","RSV-[0-9A-Z]+","",16500.00,0.00,2475.00,18975.00$`));
    expect(lines[2]).toContain(`"${dec31Late.invoice.number}"`);
    expect(lines[3]).toBe('"Total","Invoices: 2; credit notes: 0",2026-12,"","","","",33000.00,0.00,4950.00,37950.00');
    expect(lines).toHaveLength(4);
    const january = (await register('month=2027-01&format=csv')).body;
    expect(january).toContain(`"Credit note (Mushak-6.7)",2027-01-01,"Rahim Uddin","",`);
    expect(january).toContain(`"${dec31Late.invoice.number}",-16500.00,0.00,-2475.00,-18975.00`);
  });

  it('is for admins: 403 for staff and guests, 401 without a token', async () => {
    expect((await register('month=2026-12', ctx.staff)).statusCode).toBe(403);
    expect((await register('month=2026-12&format=csv', ctx.guest)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/reports/vat-register?month=2026-12' })).statusCode).toBe(401);
  });

  it.each(['', 'month=2026-13', 'month=2026-1', 'month=Dec%202026', 'month=2026-12-01', 'month=0000-01', 'month=0099-12', 'month=2026-12&format=xlsx', 'month=2026-12&page=2'])('400 for a bad month or format (%s)', async (params) => {
    const res = await register(params);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('answers the first and the last month a date may name (0100-01, 9999-12), empty', async () => {
    for (const month of ['0100-01', '9999-12']) {
      const res = await register(`month=${month}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ month, rows: [], totals: { invoices: 0, creditNotes: 0 } });
    }
  });
});
