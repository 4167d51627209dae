import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { quoteStay } from '@residency/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationBed } from '../test/migration-bed.ts';
import { rows } from './client.ts';

/*
 * Migration 0017 (reservations and folios) on a hotel running the version before: every booking
 * becomes a one-room reservation under its own reference, with a folio whose lines add up to its
 * amount to the paisa, whatever its nights, coupon, extras and meals; its payments stay its
 * payments; a cancelled stay keeps only its penalty and what it was paid beyond it is refunded.
 */

let bed: Awaited<ReturnType<typeof migrationBed>>;
const GUEST = '00000000-0000-4000-8000-000000000001';
const ROOM = '00000000-0000-4000-8000-000000000101';

interface OldBooking {
  id: string;
  nights: { price: number; extraAdults: number; extraChildren: number; meals: number }[];
  discountPercent: number;
  paid: number[];
  cancelled: boolean;
  fee: number;
  amount: number;
  serviceCharge: number;
  vat: number;
  discount: number;
}

const night = fc.record({
  price: fc.integer({ min: 0, max: 30_000 }),
  extraAdults: fc.constantFrom(0, 0, 1500, 1333.33),
  extraChildren: fc.constantFrom(0, 0, 700),
  meals: fc.constantFrom(0, 0, 1700, 2550.5),
});
const bookingArb = fc.record({
  nights: fc.array(night, { minLength: 1, maxLength: 9 }),
  discountPercent: fc.constantFrom(0, 0, 7, 12.5, 33, 100),
  paidShares: fc.array(fc.constantFrom(0.1, 0.25, 0.5, 1), { maxLength: 3 }),
  cancelled: fc.boolean(),
  feeShare: fc.constantFrom(0, 0, 0.3, 1),
});

const booked: OldBooking[] = [];

beforeAll(async () => {
  bed = await migrationBed('_folio_migration');
  const { db } = bed;
  await bed.before(17);
  await db.execute(sql`insert into users (id, email, name) values (${GUEST}, 'old.guest@example.com', 'Old Guest')`);
  await db.execute(sql`insert into room_categories (name, offer_price) values ('Deluxe King', 9500)`);
  await db.execute(sql`insert into rooms (id, category, room_number, name, price) values (${ROOM}, 'Deluxe King', '101', 'Deluxe', 9500)`);
  const samples = fc.sample(bookingArb, { numRuns: 60, seed: 22 });
  let day = Date.parse('2027-01-01T00:00:00Z');
  for (const [i, sample] of samples.entries()) {
    const dates = sample.nights.map((_, n) => new Date(day + n * 86_400_000).toISOString().slice(0, 10));
    const checkIn = dates[0]!;
    const checkOut = new Date(day + sample.nights.length * 86_400_000).toISOString().slice(0, 10);
    day += (sample.nights.length + 1) * 86_400_000;
    // Priced as the version before priced it (quoteStay), the extras and meals in the nights' totals.
    const withExtras = quoteStay({
      nights: sample.nights.map((n, k) => ({ date: dates[k]!, price: n.price + n.extraAdults + n.extraChildren + n.meals, extraAdult: 0, extraChild: 0 })),
      adults: 2,
      children: 0,
      includedAdults: 2,
      includedChildren: 0,
      mealPerPerson: 0,
      discount: sample.discountPercent ? { type: 'percentage', value: sample.discountPercent } : null,
      serviceChargePercent: 10,
      vatPercent: 15,
    });
    const id = `00000000-0000-4000-8000-${String(1000 + i).padStart(12, '0')}`;
    const paid = sample.paidShares.map((s) => Math.round(withExtras.amount * s * 100) / 100).filter((p) => p > 0);
    let left = withExtras.amount;
    const payments = paid.map((p) => {
      const take = Math.min(p, left);
      left = Math.round((left - take) * 100) / 100;
      return take;
    }).filter((p) => p > 0);
    const fee = sample.cancelled ? Math.round(withExtras.amount * sample.feeShare * 100) / 100 : 0;
    await db.execute(sql`
      insert into bookings (id, transaction_id, user_id, room_id, room_category, room_number, check_in, check_out, adults, phone,
        nights, per_night_cost, subtotal, discount, without_vat_and_service, service_charge, vat, amount, is_confirmed,
        status, cancelled_at, cancellation_fee, created_at)
      values (${id}, ${`RSV-OLD${String(i).padStart(5, '0')}`}, ${GUEST}, ${ROOM}, 'Deluxe King', '101', ${checkIn}, ${checkOut}, 2, '01711-000000',
        ${withExtras.nights}, ${withExtras.perNightCost}, ${withExtras.subtotal}, ${withExtras.discount}, ${withExtras.withOutVatAndService},
        ${withExtras.serviceCharge}, ${withExtras.vat}, ${withExtras.amount}, true,
        ${sample.cancelled ? 'cancelled' : 'active'}, ${sample.cancelled ? new Date('2026-12-20T08:00:00Z') : null}, ${sample.cancelled ? fee : null},
        ${new Date(Date.parse('2026-11-01T00:00:00Z') + i * 60_000)})`);
    for (const [k, n] of sample.nights.entries()) {
      await db.execute(sql`
        insert into booking_nights (booking_id, night, plan_code, room_price, extra_adults, extra_children, meals)
        values (${id}, ${dates[k]}, 'STD', ${n.price}, ${n.extraAdults}, ${n.extraChildren}, ${n.meals})`);
    }
    for (const p of payments) {
      await db.execute(sql`insert into payments (booking_id, amount, method, paid_at) values (${id}, ${p}, 'bkash', ${new Date('2026-12-10T08:00:00Z')})`);
    }
    booked.push({
      id,
      nights: sample.nights,
      discountPercent: sample.discountPercent,
      paid: payments,
      cancelled: sample.cancelled,
      fee,
      amount: withExtras.amount,
      serviceCharge: withExtras.serviceCharge,
      vat: withExtras.vat,
      discount: withExtras.discount,
    });
  }
  await bed.after();
}, 120_000);

afterAll(async () => {
  await bed?.close();
});

const num = (value: unknown) => Math.round(Number(value) * 100) / 100;

describe('migration 0017 on a hotel from before it', () => {
  it('makes every booking a one-room reservation under its own reference and guest', async () => {
    const found = await rows<{ transaction_id: string; reference: string; user_id: string; n: number }>(
      bed.db,
      sql`select b.transaction_id, r.reference, r.user_id, (select count(*)::int from bookings x where x.reservation_id = r.id) as n
          from bookings b join reservations r on r.id = b.reservation_id`,
    );
    expect(found).toHaveLength(booked.length);
    for (const row of found) expect([row.reference, row.user_id, row.n]).toEqual([row.transaction_id, GUEST, 1]);
  });

  it("writes each stay's folio to the paisa of its amount: nights, coupon, service charge and VAT", async () => {
    const sums = await rows<{ booking_id: string; kind: string; amount: string }>(
      bed.db,
      sql`select booking_id, kind, sum(amount) as amount from folio_lines where reverses is null group by booking_id, kind`,
    );
    for (const b of booked) {
      const of = (kind: string) => num(sums.find((s) => s.booking_id === b.id && s.kind === kind)?.amount ?? 0);
      const all = num(sums.filter((s) => s.booking_id === b.id).reduce((sum, s) => sum + Number(s.amount), 0));
      expect({ id: b.id, all, discount: 0 - of('discount') || 0, service: of('service_charge'), vat: of('vat') }).toEqual({
        id: b.id,
        all: num(b.amount + (b.cancelled && b.fee > 0 ? b.fee : 0)),
        discount: b.discount,
        service: b.serviceCharge,
        vat: b.vat,
      });
    }
  });

  it('leaves every amount as it was, and the folio of a stay that is not cancelled charges exactly it', async () => {
    const found = await rows<{ id: string; amount: string; charged: string; paid_amount: string; payment_status: string }>(
      bed.db,
      sql`select id, amount, charged, paid_amount, payment_status from bookings`,
    );
    for (const b of booked) {
      const row = found.find((r) => r.id === b.id)!;
      const paid = num(b.paid.reduce((s, p) => s + p, 0));
      expect(num(row.amount)).toBe(b.amount);
      if (b.cancelled) {
        // Only the penalty stays charged; what was paid beyond it went back.
        expect(num(row.charged)).toBe(b.fee);
        expect(num(row.paid_amount)).toBe(Math.min(paid, b.fee));
      } else {
        expect(num(row.charged)).toBe(b.amount);
        expect(num(row.paid_amount)).toBe(paid);
        expect(row.payment_status).toBe(paid >= b.amount ? 'Paid' : 'Pending');
      }
    }
  });

  it("spreads a coupon and the taxes over the lines in proportion: each line's VAT on its discounted amount", async () => {
    const lines = await rows<{ id: string; kind: string; amount: string; applies_to: string | null; booking_id: string }>(
      bed.db,
      sql`select id::text, kind, amount, applies_to::text, booking_id from folio_lines where reverses is null and kind <> 'penalty' order by id`,
    );
    const base = lines.filter((l) => l.applies_to === null);
    for (const line of base) {
      const on = (kind: string) => num(lines.filter((l) => l.applies_to === line.id && l.kind === kind).reduce((s, l) => s + Number(l.amount), 0));
      const discounted = num(Number(line.amount) + on('discount'));
      // Rounded per line with the remainder on a booking's last line: within a paisa per line, a few on the last.
      expect(Math.abs(on('service_charge') - discounted * 0.1)).toBeLessThan(0.5);
      expect(Math.abs(on('vat') - (discounted + on('service_charge')) * 0.15)).toBeLessThan(0.5);
    }
  });

  it('moves payments to the reservation and refunds on the day of cancelling what a cancelled stay was paid beyond its penalty', async () => {
    const refunds = await rows<{ booking_id: string; amount: string; reason: string }>(
      bed.db,
      sql`select booking_id, amount, reason from payments where kind = 'refund'`,
    );
    for (const b of booked.filter((x) => x.cancelled)) {
      const paid = num(b.paid.reduce((s, p) => s + p, 0));
      const refund = refunds.find((r) => r.booking_id === b.id);
      const expected = num(paid - Math.min(paid, b.fee));
      expect(refund ? num(refund.amount) : 0).toBe(expected);
    }
    expect(await rows(bed.db, sql`select 1 from payments where reservation_id is null`)).toEqual([]);
  });

  it('keeps the lines append-only: an edit or a delete is refused', async () => {
    const refusal = (query: ReturnType<typeof sql>) =>
      bed.db.execute(query).then(
        () => 'done',
        (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
      );
    expect(await refusal(sql`update folio_lines set amount = 0 where id = (select min(id) from folio_lines)`)).toMatch(/never changed/);
    expect(await refusal(sql`delete from folio_lines where id = (select min(id) from folio_lines)`)).toMatch(/never changed/);
  });
});
