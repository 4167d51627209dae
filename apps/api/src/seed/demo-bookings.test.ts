import { addDays, todayAt, type TBooking, type TCoupon } from '@residency/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { findActiveUserByEmail } from '../lib/accounts.ts';
import { outbox, query, useTestApp } from '../test/app.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DEMO_BOOKINGS, DEMO_COUPONS, DEMO_GUESTS, seedDemoBookings, type DemoBookingsResult } from './demo-bookings.ts';
import { seedDemoData } from './index.ts';

let first: DemoBookingsResult | null;
let skippedInTests: { bookings: number; coupons: number };
let nightAuditStay: { room_number: string; check_in: string; stage: string; status: string } | undefined;

const tokenOf = async (email: string) => {
  const user = (await findActiveUserByEmail(ctx.app.db, email))!;
  return { authorization: `Bearer ${ctx.app.jwt.sign({ sub: user.id, role: user.role })}` };
};
const admin = () => tokenOf(DEMO_ACCOUNTS.find((a) => a.role === 'admin')!.email);
const demoGuest = DEMO_ACCOUNTS.find((a) => a.role === 'user')!;

async function allBookings(): Promise<TBooking[]> {
  return (await ctx.app.inject({ url: '/api/bookings?limit=100', headers: await admin() })).json().data;
}
async function allCoupons(): Promise<TCoupon[]> {
  return (await ctx.app.inject({ url: '/api/coupons?limit=100', headers: await admin() })).json().data;
}
const counts = async () => {
  const [row] = await query<{ bookings: number; coupons: number }>(
    ctx.app,
    sql`select (select count(*) from bookings)::int as bookings, (select count(*) from coupons)::int as coupons`,
  );
  return row!;
};

const ctx = useTestApp({ reset: 'file', accounts: {} });
beforeAll(async () => {
  // The whole demo as a start makes it, under NODE_ENV=test (the browser tests' server):
  // accounts, no coupons, one stay only (yesterday's arrival who never came, for the night
  // audit's test). Small pictures: the drawing is the same, only faster.
  expect(await seedDemoData(ctx.app.dbHandle, ctx.app.storage, ctx.app.config, { scale: 0.25 })).toBe('seeded');
  skippedInTests = await counts();
  [nightAuditStay] = await query<{ room_number: string; check_in: string; stage: string; status: string }>(ctx.app, sql`select room_number, check_in::text, stage, status from bookings`);
  // Gone again (its folio and reservation with it, round the append-only triggers), so the direct call makes the whole demo.
  await ctx.app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`truncate bookings, booking_nights, folio_lines, reservations, payments, daily_totals cascade`);
  });
  first = await seedDemoBookings(ctx.app.db, ctx.app.config);
}, 120_000);

describe('seedDemoBookings', () => {
  it('is left out of a start with NODE_ENV=test but for the night audit\'s arrival, and made by a direct call', async () => {
    expect(skippedInTests).toEqual({ bookings: 1, coupons: 0 });
    expect(nightAuditStay).toEqual({ room_number: '108', check_in: addDays(todayAt(ctx.app.config.hotel.timeZone), -1), stage: 'booked', status: 'active' });
    expect(first).toEqual({ coupons: DEMO_COUPONS.length, bookings: DEMO_BOOKINGS.length, guests: DEMO_GUESTS.length + 1 });
    expect(await counts()).toEqual({ bookings: DEMO_BOOKINGS.length, coupons: DEMO_COUPONS.length });
    // Demo data sends no mail.
    expect(await outbox(ctx.app)).toHaveLength(0);
  });

  it('never puts two active stays of one room on the same night', async () => {
    const byRoom = new Map<string, TBooking[]>();
    for (const b of (await allBookings()).filter((b) => b.status === 'active')) {
      byRoom.set(b.room._id, [...(byRoom.get(b.room._id) ?? []), b]);
    }
    for (const stays of byRoom.values()) {
      stays.sort((a, b) => a.startDate.localeCompare(b.startDate));
      for (let i = 1; i < stays.length; i += 1) expect(stays[i - 1]!.endDate <= stays[i]!.startDate).toBe(true);
    }
  });

  it('prices every stay from its room, nights and coupon, with 10 % service charge and 15 % VAT (worked out here in paisa)', async () => {
    const prices = new Map(
      (await query<{ id: string; price: string }>(ctx.app, sql`select id, price from rooms`)).map((r) => [r.id, Number(r.price)]),
    );
    const coupons = new Map((await allCoupons()).map((c) => [c.code, c]));
    const today = todayAt(ctx.app.config.hotel.timeZone);
    for (const b of await allBookings()) {
      const coupon = b.couponCode ? coupons.get(b.couponCode)! : null;
      // By hand, in whole paisa, independently of priceStay: subtotal, coupon, room charge,
      // service charge on the room charge, VAT on the room charge plus the service charge.
      const subtotal = b.nights * prices.get(b.room._id)! * 100;
      const discount = !coupon
        ? 0
        : coupon.discountType === 'percentage'
          ? Math.round((subtotal * coupon.discountValue) / 100)
          : Math.min(coupon.discountValue * 100, subtotal);
      const room = subtotal - discount;
      const service = Math.round(room / 10);
      const vat = Math.round(((room + service) * 15) / 100);
      expect(b, b.transactionId).toMatchObject({
        subtotal: subtotal / 100,
        discount: discount / 100,
        withOutVatAndService: room / 100,
        serviceCharge: service / 100,
        vat: vat / 100,
        amount: (room + service + vat) / 100,
      });
      expect(b.transactionId).toMatch(/^RSV-[A-Z2-9]{8}$/);
      if (coupon) expect(b.discount).toBeGreaterThan(0);
      // Booked no later than the stay began, and never in the future.
      expect(todayAt(ctx.app.config.hotel.timeZone, new Date(b.createdAt)) <= b.startDate).toBe(true);
      expect(todayAt(ctx.app.config.hotel.timeZone, new Date(b.createdAt)) <= today).toBe(true);
    }
  });

  it('counts each coupon once per stay that used it and was not cancelled, and shows an inactive one', async () => {
    const active = (await allBookings()).filter((b) => b.status !== 'cancelled');
    const coupons = await allCoupons();
    expect(coupons.map((c) => c.code).sort()).toEqual(DEMO_COUPONS.map((c) => c.code).sort());
    for (const c of coupons) expect(c.usedCount, c.code).toBe(active.filter((b) => b.couponCode === c.code).length);
    expect(coupons.some((c) => !c.isActive)).toBe(true);
    const welcome = (await ctx.app.inject({ url: '/api/coupons/WELCOME10?amount=10000' })).json().data;
    expect(welcome).toMatchObject({ valid: true, discount: 1000 });
    const flat = (await ctx.app.inject({ url: '/api/coupons/FLAT1500?amount=10000' })).json().data;
    expect(flat.valid).toBe(false);
  });

  it('gives the demo guest stays to come, a cancelled one and one that is over', async () => {
    const mine: TBooking[] = (await ctx.app.inject({ url: '/api/bookings/my-bookings?limit=100', headers: await tokenOf(demoGuest.email) })).json().data;
    const today = todayAt(ctx.app.config.hotel.timeZone);
    const upcoming = mine.filter((b) => b.status === 'active' && b.startDate > today);
    expect(upcoming.some((b) => !b.isConfirmed && b.paymentStatus === 'Pending')).toBe(true);
    expect(upcoming.some((b) => b.isConfirmed && b.paymentStatus === 'Paid' && b.couponCode)).toBe(true);
    expect(mine.some((b) => b.status === 'active' && b.endDate <= today)).toBe(true);
    const cancelled = mine.filter((b) => b.status === 'cancelled');
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((b) => b.cancelledAt)).toBe(true);
    const [who] = await query<{ cancelled_by: string }>(ctx.app, sql`select cancelled_by from bookings where status = 'cancelled' limit 1`);
    expect(who?.cancelled_by).toBe((await findActiveUserByEmail(ctx.app.db, 'admin@residency.local'))!.id);
  });

  it('books the other guests on password-less accounts, with shuttles, payments and confirmations mixed', async () => {
    for (const guest of DEMO_GUESTS) {
      const account = (await findActiveUserByEmail(ctx.app.db, guest.email))!;
      expect(account).toMatchObject({ name: guest.name, role: 'user', passwordHash: null });
    }
    const all = await allBookings();
    expect(new Set(all.map((b) => b.user.email)).size).toBe(DEMO_GUESTS.length + 1);
    expect(new Set(all.map((b) => b.airportShuttle))).toEqual(new Set([true, false]));
    expect(new Set(all.map((b) => b.paymentStatus))).toEqual(new Set(['Paid', 'Pending']));
    expect(new Set(all.map((b) => b.isConfirmed))).toEqual(new Set([true, false]));
    expect(new Set(all.map((b) => b.source))).toEqual(new Set(['online', 'walk-in']));
  });

  it('shows every state of a booking and of its payment', async () => {
    const all = await allBookings();
    expect(new Set(all.map((b) => b.state))).toEqual(new Set(['unconfirmed', 'confirmed', 'checked_in', 'checked_out', 'cancelled', 'no_show']));
    expect(new Set(all.map((b) => b.paymentState))).toEqual(new Set(['unpaid', 'partly_paid', 'paid']));
  });

  it("checks today's guests in, in occupied rooms, and leaves one arrival for the desk", async () => {
    const today = todayAt(ctx.app.config.hotel.timeZone);
    const all = await allBookings();
    const inHouse = all.filter((b) => b.state === 'checked_in');
    expect(inHouse.map((b) => b.room.roomNumber).sort()).toEqual(['103', '204', '206', '403']);
    for (const b of inHouse) {
      expect(b.startDate <= today && today < b.endDate, b.transactionId).toBe(true);
      expect(b.checkedInAt).toBeTruthy();
    }
    const statuses = await query<{ room_number: string; status: string }>(
      ctx.app,
      sql`select room_number, status from rooms where room_number in ('103', '204', '206', '403')`,
    );
    expect(statuses.every((r) => r.status === 'booked')).toBe(true);
    // Every stay that is not cancelled and under way today is checked in, but for one arrival.
    const arrivals = all.filter((b) => b.status === 'active' && b.stage === 'booked' && b.startDate <= today && today < b.endDate);
    expect(arrivals.map((b) => [b.startDate, b.state])).toEqual([[today, 'confirmed']]);
    const staffToken = await tokenOf(DEMO_ACCOUNTS.find((a) => a.role === 'staff')!.email);
    const desk = (await ctx.app.inject({ url: '/api/staff/today', headers: staffToken })).json().data;
    expect(desk).toMatchObject({ arrivals: { count: 1 }, inHouse: { count: 4 } });
  });

  it('records the payments of past and present stays with their method and time, and a no-show', async () => {
    const all = await allBookings();
    const over = all.filter((b) => b.state === 'checked_out');
    expect(over.length).toBeGreaterThan(0);
    for (const stay of over) {
      const full = (await ctx.app.inject({ url: `/api/bookings/${stay._id}`, headers: await admin() })).json().data;
      expect(full).toMatchObject({ paymentState: 'paid', balance: 0 });
      expect(full.payments.length).toBeGreaterThan(0);
      expect(full.payments.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0)).toBe(full.amount);
      for (const p of full.payments) {
        expect(['cash', 'card', 'bkash', 'nagad', 'bank_transfer']).toContain(p.method);
        expect(Date.parse(p.paidAt)).toBeLessThanOrEqual(Date.now());
        expect(Date.parse(p.paidAt)).toBeGreaterThanOrEqual(Date.parse(full.createdAt));
      }
    }
    const partly = all.filter((b) => b.paymentState === 'partly_paid');
    expect(partly.length).toBeGreaterThanOrEqual(2);
    for (const b of partly) expect(b.paymentStatus).toBe('Pending');
    const noShow = all.filter((b) => b.state === 'no_show');
    expect(noShow).toHaveLength(DEMO_BOOKINGS.filter((b) => b.noShowDaysAgo !== undefined).length);
    expect(noShow.length).toBeGreaterThan(0);
    for (const b of noShow) {
      expect(b.noShowAt).toBeTruthy();
      expect(b.startDate < todayAt(ctx.app.config.hotel.timeZone)).toBe(true);
    }
  });

  it('has a year of stays in rooms that existed then, so every month of the dashboard has figures', async () => {
    const stats = (await ctx.app.inject({ url: '/api/admin', headers: await admin() })).json().data;
    expect(stats.monthlyData).toHaveLength(12);
    for (const month of stats.monthlyData) {
      expect(month.roomNightsAvailable, month.month).toBeGreaterThan(0);
      expect(month.roomNightsSold, month.month).toBeLessThanOrEqual(month.roomNightsAvailable);
    }
    // Every month before this one had guests who paid.
    for (const month of stats.monthlyData.slice(0, -1)) expect(month.revenue, month.month).toBeGreaterThan(0);
  });

  it('adds nothing on a second run', async () => {
    const before = (await allBookings()).map((b) => b._id);
    expect(await seedDemoBookings(ctx.app.db, ctx.app.config)).toBeNull();
    expect(await seedDemoData(ctx.app.dbHandle, ctx.app.storage, { ...ctx.app.config, env: 'development' })).toBe('already-seeded');
    expect((await allBookings()).map((b) => b._id)).toEqual(before);
    expect(await counts()).toEqual({ bookings: DEMO_BOOKINGS.length, coupons: DEMO_COUPONS.length });
  });
});
