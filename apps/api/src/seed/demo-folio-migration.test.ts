import { sql } from 'drizzle-orm';
import { priceStay } from '@residency/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { migrationBed } from '../test/migration-bed.ts';
import { DEMO_BOOKINGS, DEMO_COUPONS } from './demo-bookings.ts';
import { DEMO_CATEGORIES, DEMO_ROOMS } from './demo-rooms.ts';

/*
 * Migration 0017 (reservations and folios) on the demo hotel's data as the version before it
 * wrote them: no amount, payment or payment status changes, and each stay's folio adds up to its
 * amount (issue 22: "a test proves it on the demo data"). Generated stays: db/folio-migration.test.ts.
 */

let bed: Awaited<ReturnType<typeof migrationBed>>;
const GUEST = '00000000-0000-4000-8000-000000000001';
const num = (value: unknown) => Math.round(Number(value) * 100) / 100;

beforeAll(async () => {
  bed = await migrationBed('_demo_folio_migration');
  await bed.before(17);
  await bed.db.execute(sql`insert into users (id, email, name) values (${GUEST}, 'demo.guest@example.com', 'Demo Guest')`);
  await insertDemoStaysAsBefore();
  await bed.after();
}, 120_000);

/**
 * The demo hotel's stays as the seed of the version before 0017 wrote them (priced with
 * priceStay at each room's price and coupon, one night line per night, payments by share, the
 * cancelled ones without payments), with the amounts and payment totals it stored.
 */
const demoBefore: { id: string; amount: number; paid: number; status: string; paymentStatus: string }[] = [];
async function insertDemoStaysAsBefore() {
  const { db } = bed;
  const categoryOf = new Map(DEMO_CATEGORIES.flatMap((c) => c.rooms.map((n) => [n, c] as const)));
  for (const [i, demo] of DEMO_BOOKINGS.entries()) {
    const category = categoryOf.get(demo.room)!;
    const roomPrice = DEMO_ROOMS[demo.room]?.price ?? category.offerPrice;
    const coupon = demo.coupon ? DEMO_COUPONS.find((c) => c.code === demo.coupon) : undefined;
    const price = priceStay({
      nights: demo.nights,
      perNightCost: roomPrice,
      discount: coupon ? { type: coupon.discountType, value: coupon.discountValue } : null,
      serviceChargePercent: 10,
      vatPercent: 15,
    });
    const id = `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;
    const room = `00000000-0000-4000-a000-${String(i).padStart(12, '0')}`;
    await db.execute(sql`insert into rooms (id, category, room_number, name, price) values (${room}, ${category.name}, ${`D${demo.room}-${i}`}, 'Demo', ${roomPrice})`);
    const checkIn = new Date(Date.parse('2028-01-01T00:00:00Z') + (demo.checkIn + 400) * 86_400_000).toISOString().slice(0, 10);
    const checkOut = new Date(Date.parse(`${checkIn}T00:00:00Z`) + demo.nights * 86_400_000).toISOString().slice(0, 10);
    const cancelled = demo.cancelledDaysAgo !== undefined;
    await db.execute(sql`
      insert into bookings (id, transaction_id, user_id, room_id, room_category, room_number, check_in, check_out, adults, children, phone,
        nights, per_night_cost, subtotal, discount, without_vat_and_service, service_charge, vat, amount, is_confirmed, status, stage, coupon_code)
      values (${id}, ${`RSV-DEMO${String(i).padStart(4, '0')}`}, ${GUEST}, ${room}, ${category.name}, ${demo.room}, ${checkIn}, ${checkOut},
        ${demo.adults}, ${demo.children}, '01711-000000', ${price.nights}, ${price.perNightCost}, ${price.subtotal}, ${price.discount},
        ${price.withOutVatAndService}, ${price.serviceCharge}, ${price.vat}, ${price.amount}, ${demo.confirmed},
        ${cancelled ? 'cancelled' : demo.noShowDaysAgo !== undefined ? 'no_show' : 'active'}, ${demo.stage ?? 'booked'}, ${coupon?.code ?? null})`);
    for (let n = 0; n < demo.nights; n += 1) {
      const night = new Date(Date.parse(`${checkIn}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
      await db.execute(sql`insert into booking_nights (booking_id, night, plan_code, room_price) values (${id}, ${night}, 'STD', ${price.perNightCost})`);
    }
    for (const payment of demo.payments ?? []) {
      const amount = payment.share === 1 ? price.amount : Math.round(price.amount * payment.share);
      await db.execute(sql`insert into payments (booking_id, amount, method, paid_at) values (${id}, ${amount}, ${payment.method}, now())`);
    }
    const [row] = await rows<{ paid_amount: string; payment_status: string }>(db, sql`select paid_amount, payment_status from bookings where id = ${id}`);
    demoBefore.push({ id, amount: price.amount, paid: Number(row!.paid_amount), status: cancelled ? 'cancelled' : 'active', paymentStatus: row!.payment_status });
  }
}

afterAll(async () => {
  await bed?.close();
});

describe('migration 0017 on the demo hotel', () => {
  it("keeps the demo hotel's amounts, payments and payment statuses as they were, each stay's folio adding up to its amount", async () => {
    expect(demoBefore.length).toBe(DEMO_BOOKINGS.length);
    const after = await rows<{ id: string; amount: string; charged: string; paid_amount: string; payment_status: string }>(
      bed.db,
      sql`select id, amount, charged, paid_amount, payment_status from bookings where transaction_id like 'RSV-DEMO%'`,
    );
    for (const before of demoBefore) {
      const row = after.find((r) => r.id === before.id)!;
      // No demo stay was both cancelled and paid: every one keeps its figures.
      expect({ id: row.id, amount: num(row.amount), paid: num(row.paid_amount), status: row.payment_status }).toEqual({
        id: before.id,
        amount: before.amount,
        paid: before.paid,
        status: before.status === 'cancelled' ? 'Pending' : before.paymentStatus,
      });
      expect(num(row.charged)).toBe(before.status === 'cancelled' ? 0 : before.amount);
    }
  });

});
