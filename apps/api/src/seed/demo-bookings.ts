import { addDays, guestsFit, priceStay, todayAt, type DiscountType, type PaymentMethod } from '@residency/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { bookings, coupons, payments, reservations } from '../db/schema.ts';
import { findActiveUserByEmail, findOrCreateGuestAccount, type UserRow } from '../lib/accounts.ts';
import { insertBooking, insertNights } from '../modules/reservations/bookings.repository.ts';
import { newTransactionId } from '../modules/reservations/bookings.service.ts';
import { openReservation, postStay, restateStay } from '../modules/reservations/folio/folio.service.ts';
import { issueInvoiceIfDone } from '../modules/invoices/invoices.service.ts';
import { insertCoupon, takeCouponUse, type CouponRow } from '../modules/coupons/coupons.repository.ts';
import { findActiveByNumbers, setRoomStatus } from '../modules/rooms/rooms.repository.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DEMO_CATEGORIES } from './demo-rooms.ts';

/*
 * The demo hotel's coupons and stays, so the Coupons and Reservations screens and the demo
 * guest's bookings are not empty on a first start. Every date is relative to today at the hotel,
 * so the demo always has stays that are over, under way and to come. The rows are written
 * directly, not through createBooking: that refuses past stays and would e-mail every guest.
 */

/** A coupon, its dates in days from today (negative: in the past). */
interface DemoCoupon {
  code: string;
  discountType: DiscountType;
  discountValue: number;
  minimumPurchaseAmount: number;
  /** 0 is unlimited. */
  usageLimit: number;
  expiresIn: number;
  isActive: boolean;
  createdDaysAgo: number;
}

export const DEMO_COUPONS: DemoCoupon[] = [
  { code: 'WELCOME10', discountType: 'percentage', discountValue: 10, minimumPurchaseAmount: 0, usageLimit: 0, expiresIn: 182, isActive: true, createdDaysAgo: 60 },
  { code: 'FLAT1500', discountType: 'fixed', discountValue: 1500, minimumPurchaseAmount: 15_000, usageLimit: 50, expiresIn: 90, isActive: true, createdDaysAgo: 30 },
  // An offer that has ended and was switched off: the screen's Inactive and Expired tags.
  { code: 'EARLYBIRD20', discountType: 'percentage', discountValue: 20, minimumPurchaseAmount: 10_000, usageLimit: 100, expiresIn: -20, isActive: false, createdDaysAgo: 120 },
];

/**
 * Guests besides the demo guest, as the front desk would have made them: accounts without a
 * password (nobody signs in as them; "Forgot your password?" would give them one).
 */
export const DEMO_GUESTS: { email: string; name: string; phone: string }[] = [
  { email: 'rafiqul.islam@example.com', name: 'Rafiqul Islam', phone: '+880 1812-345678' },
  { email: 'farzana.akter@example.com', name: 'Farzana Akter', phone: '+880 1913-456789' },
  { email: 'mahmudul.hasan@example.com', name: 'Mahmudul Hasan', phone: '+880 1715-567890' },
  { email: 'tahmina.rahman@example.com', name: 'Tahmina Rahman', phone: '+880 1816-678901' },
  { email: 'sabbir.ahmed@example.com', name: 'Sabbir Ahmed', phone: '+880 1917-789012' },
];

const DEMO_GUEST = DEMO_ACCOUNTS.find((a) => a.role === 'user')!;
const DEMO_ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
const DEMO_STAFF = DEMO_ACCOUNTS.find((a) => a.role === 'staff')!;

/** Money received for a stay: a share of its amount (1 is all of it), how, and how many days ago. */
interface DemoPayment {
  share: number;
  method: PaymentMethod;
  daysAgo: number;
}

/** One stay: dates in days from today, and where it stands. */
interface DemoBooking {
  guest: string;
  room: string;
  checkIn: number;
  nights: number;
  adults: number;
  children: number;
  airportShuttle: boolean;
  coupon?: string;
  source: 'online' | 'walk-in';
  /** Days before today the booking was made; never after its check-in. */
  bookedDaysAgo: number;
  confirmed: boolean;
  payments?: DemoPayment[];
  /** The front desk's progress: in the house today, or gone. */
  stage?: 'checked_in' | 'checked_out';
  /** Cancelled by the admin this many days ago. */
  cancelledDaysAgo?: number;
  /** Marked as a no-show by the desk this many days ago. */
  noShowDaysAgo?: number;
  address?: string;
}

/**
 * Each stay in a room of its own, so none can overlap (the database would refuse it). Today's
 * guests are checked in, in the rooms the demo marks occupied (103, 206, 403) and in 204; none
 * is under maintenance. Every state of a booking shows on the Reservations screen, and every
 * payment state: paid in full, partly (deposits) and not at all.
 */
export const DEMO_BOOKINGS: DemoBooking[] = [
  // The demo guest: the stay they are in now (their service requests are on it; half paid by
  // card at check-in), one to come awaiting confirmation, one confirmed and paid with a coupon,
  // one cancelled (its coupon use given back) and one that is over, checked out and paid.
  { guest: DEMO_GUEST.email, room: '204', checkIn: -1, nights: 3, adults: 2, children: 0, airportShuttle: false, source: 'online', bookedDaysAgo: 10, confirmed: true, stage: 'checked_in', payments: [{ share: 0.5, method: 'card', daysAgo: 1 }], address: 'House 8, Road 27, Dhanmondi, Dhaka 1209' },
  { guest: DEMO_GUEST.email, room: '305', checkIn: 12, nights: 3, adults: 2, children: 0, airportShuttle: true, source: 'online', bookedDaysAgo: 1, confirmed: false, address: 'House 8, Road 27, Dhanmondi, Dhaka 1209' },
  { guest: DEMO_GUEST.email, room: '501', checkIn: 30, nights: 2, adults: 2, children: 1, airportShuttle: true, coupon: 'FLAT1500', source: 'online', bookedDaysAgo: 6, confirmed: true, payments: [{ share: 1, method: 'bank_transfer', daysAgo: 5 }] },
  { guest: DEMO_GUEST.email, room: '402', checkIn: 5, nights: 3, adults: 2, children: 1, airportShuttle: false, coupon: 'WELCOME10', source: 'online', bookedDaysAgo: 9, confirmed: true, cancelledDaysAgo: 3 },
  { guest: DEMO_GUEST.email, room: '108', checkIn: -14, nights: 3, adults: 1, children: 0, airportShuttle: true, coupon: 'EARLYBIRD20', source: 'online', bookedDaysAgo: 45, confirmed: true, stage: 'checked_out', payments: [{ share: 1, method: 'card', daysAgo: 11 }] },
  // Today's guests, checked in: one paid in cash at the desk, one with a bKash deposit, one
  // who arrived this morning having paid by card when booking.
  { guest: 'rafiqul.islam@example.com', room: '103', checkIn: -2, nights: 4, adults: 1, children: 0, airportShuttle: false, source: 'walk-in', bookedDaysAgo: 2, confirmed: true, stage: 'checked_in', payments: [{ share: 1, method: 'cash', daysAgo: 2 }], address: 'Agrabad C/A, Chattogram 4100' },
  { guest: 'farzana.akter@example.com', room: '206', checkIn: -1, nights: 4, adults: 2, children: 0, airportShuttle: true, coupon: 'WELCOME10', source: 'online', bookedDaysAgo: 12, confirmed: true, stage: 'checked_in', payments: [{ share: 0.3, method: 'bkash', daysAgo: 12 }] },
  { guest: 'mahmudul.hasan@example.com', room: '403', checkIn: 0, nights: 3, adults: 2, children: 1, airportShuttle: true, source: 'online', bookedDaysAgo: 20, confirmed: true, stage: 'checked_in', payments: [{ share: 1, method: 'card', daysAgo: 20 }], address: 'Zindabazar, Sylhet 3100' },
  // An arrival the desk has still to check in today, with a deposit.
  { guest: 'tahmina.rahman@example.com', room: '207', checkIn: 0, nights: 2, adults: 2, children: 0, airportShuttle: true, source: 'online', bookedDaysAgo: 7, confirmed: true, payments: [{ share: 0.2, method: 'bkash', daysAgo: 7 }] },
  // Stays to come (one half paid by Nagad), one never came, two that are over.
  { guest: 'farzana.akter@example.com', room: '308', checkIn: 20, nights: 2, adults: 2, children: 0, airportShuttle: false, coupon: 'FLAT1500', source: 'online', bookedDaysAgo: 2, confirmed: true, payments: [{ share: 0.5, method: 'nagad', daysAgo: 1 }] },
  { guest: 'mahmudul.hasan@example.com', room: '101', checkIn: 45, nights: 2, adults: 2, children: 0, airportShuttle: false, coupon: 'WELCOME10', source: 'online', bookedDaysAgo: 0, confirmed: false },
  { guest: 'sabbir.ahmed@example.com', room: '106', checkIn: -3, nights: 2, adults: 1, children: 0, airportShuttle: false, source: 'online', bookedDaysAgo: 15, confirmed: true, noShowDaysAgo: 2 },
  { guest: 'rafiqul.islam@example.com', room: '502', checkIn: -40, nights: 2, adults: 1, children: 0, airportShuttle: true, source: 'online', bookedDaysAgo: 50, confirmed: true, stage: 'checked_out', payments: [{ share: 1, method: 'cash', daysAgo: 38 }], address: 'Agrabad C/A, Chattogram 4100' },
  ...pastYear(),
];

/**
 * The year before those stays, so the admin dashboard's chart, occupancy, ADR and RevPAR read
 * like a hotel's: a stay starting every 6 days from 52 days ago back to about a year, in 16
 * rooms taken in turn (a room comes round every 96 days, so none overlap), checked out and paid
 * at check-out; now and then one cancelled ahead or a guest who never came.
 */
function pastYear(): DemoBooking[] {
  const rooms = ['101', '102', '104', '105', '107', '201', '202', '203', '205', '301', '303', '304', '305', '401', '404', '501'];
  const guests = DEMO_GUESTS.map((g) => g.email);
  const methods: PaymentMethod[] = ['cash', 'card', 'bkash', 'nagad', 'bank_transfer'];
  return Array.from({ length: 52 }, (_, i): DemoBooking => {
    const checkIn = -(52 + i * 6 + (i % 4));
    const nights = 2 + (i % 3);
    const stay = {
      guest: guests[i % guests.length]!,
      room: rooms[i % rooms.length]!,
      checkIn,
      nights,
      adults: 1 + (i % 2),
      children: 0,
      airportShuttle: i % 3 === 0,
      source: i % 5 === 4 ? ('walk-in' as const) : ('online' as const),
      bookedDaysAgo: i % 5 === 4 ? -checkIn : -checkIn + 4 + (i % 25),
      confirmed: true,
    };
    if (i % 10 === 7) return { ...stay, source: 'online', bookedDaysAgo: -checkIn + 20, cancelledDaysAgo: -checkIn + 3 };
    if (i % 12 === 5) return { ...stay, source: 'online', noShowDaysAgo: -checkIn - 1 };
    return { ...stay, stage: 'checked_out', payments: [{ share: 1, method: methods[i % methods.length]!, daysAgo: -(checkIn + nights) }] };
  });
}

export interface DemoBookingsResult {
  coupons: number;
  bookings: number;
  guests: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The category each demo room number was made in: bookings go only into the demo's own rooms. */
const demoCategoryOf = new Map(DEMO_CATEGORIES.flatMap((c) => c.rooms.map((number) => [number, c.name] as const)));

/**
 * Creates the demo coupons and stays in one transaction, unless any booking or coupon exists (a
 * hotel's own data, or the demo already made), or the demo rooms and accounts are not all there.
 * Each coupon's used count is taken once per active stay that used it, as a booking takes it.
 */
/**
 * The browser tests' only stay (NODE_ENV=test): a guest due yesterday who never came, so the
 * night audit's screen has a day to close with an arrival to mark as a no-show (issue 35).
 */
export const NIGHT_AUDIT_ARRIVAL: DemoBooking = { guest: 'sabbir.ahmed@example.com', room: '108', checkIn: -1, nights: 1, adults: 1, children: 0, airportShuttle: false, source: 'online', bookedDaysAgo: 5, confirmed: true };

export async function seedDemoBookings(
  db: Database,
  config: Config,
  now = new Date(),
  list: { bookings: DemoBooking[]; coupons: DemoCoupon[] } = { bookings: DEMO_BOOKINGS, coupons: DEMO_COUPONS },
): Promise<DemoBookingsResult | null> {
  const { bookings: stays, coupons: offers } = list;
  const [[existingBookings], [existingCoupons]] = await Promise.all([
    db.select({ n: count() }).from(bookings),
    db.select({ n: count() }).from(coupons),
  ]);
  if ((existingBookings?.n ?? 0) > 0 || (existingCoupons?.n ?? 0) > 0) return null;

  const today = todayAt(config.hotel.timeZone, now);
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  /** A moment after `from`, never later than now. */
  const after = (from: Date, ms: number) => new Date(Math.min(from.getTime() + ms, now.getTime()));

  return db.transaction(async (tx) => {
    const rooms = new Map((await findActiveByNumbers(tx, [...new Set(stays.map((b) => b.room))])).map((r) => [r.roomNumber, r]));
    if (stays.some((b) => rooms.get(b.room)?.category !== demoCategoryOf.get(b.room))) return null;
    const staff = await findActiveUserByEmail(tx, DEMO_STAFF.email);
    const admin = await findActiveUserByEmail(tx, DEMO_ADMIN.email);
    const demoGuest = await findActiveUserByEmail(tx, DEMO_GUEST.email);
    if (!staff || !admin || !demoGuest) return null;

    const guests = new Map<string, UserRow>([[DEMO_GUEST.email, demoGuest]]);
    for (const guest of DEMO_GUESTS.filter((g) => stays.some((b) => b.guest === g.email))) guests.set(guest.email, await findOrCreateGuestAccount(tx, guest));

    const couponOf = new Map<string, CouponRow>();
    for (const c of offers) {
      const row = await insertCoupon(tx, {
        code: c.code,
        discountType: c.discountType,
        discountValue: c.discountValue,
        expirationDate: addDays(today, c.expiresIn),
        minimumPurchaseAmount: c.minimumPurchaseAmount,
        usageLimit: c.usageLimit,
        isActive: c.isActive,
        createdAt: ago(c.createdDaysAgo, 3),
      });
      couponOf.set(c.code, row);
    }

    for (const demo of stays) {
      const room = rooms.get(demo.room)!;
      const guest = guests.get(demo.guest)!;
      // Mistakes in the lists above, caught by the demo's test rather than shown to a visitor.
      if (!guestsFit(demo, room.bedsAndBedding as Parameters<typeof guestsFit>[1])) throw new Error(`Demo stay in ${demo.room}: too many guests for the room`);
      const coupon = demo.coupon ? couponOf.get(demo.coupon) : undefined;
      if (demo.coupon && !coupon) throw new Error(`Demo stay in ${demo.room}: no demo coupon ${demo.coupon}`);
      const price = priceStay({
        nights: demo.nights,
        perNightCost: room.price,
        discount: coupon ? { type: coupon.discountType, value: coupon.discountValue } : null,
        serviceChargePercent: config.serviceChargePercent,
        vatPercent: config.vatPercent,
      });
      if (coupon && price.subtotal < coupon.minimumPurchaseAmount) {
        throw new Error(`Demo stay in ${demo.room}: below the minimum of ${coupon.code}`);
      }

      const createdAt = ago(demo.bookedDaysAgo, 2);
      const confirmedAt = demo.confirmed ? after(createdAt, HOUR) : null;
      const cancelledAt = demo.cancelledDaysAgo !== undefined ? ago(demo.cancelledDaysAgo, 1) : null;
      const noShowAt = demo.noShowDaysAgo !== undefined ? ago(demo.noShowDaysAgo, 3) : null;
      const checkIn = addDays(today, demo.checkIn);
      const checkOut = addDays(checkIn, demo.nights);
      // Guests arrive in the afternoon and leave before noon (never later than now).
      const checkedInAt = demo.stage ? after(ago(-demo.checkIn, -2), 0) : null;
      const checkedOutAt = demo.stage === 'checked_out' ? after(ago(-(demo.checkIn + demo.nights), 2), 0) : null;
      const values = {
        userId: guest.id,
        roomId: room.id,
        roomCategory: room.category,
        roomNumber: room.roomNumber,
        checkIn,
        checkOut,
        adults: demo.adults,
        children: demo.children,
        phone: guest.phone ?? DEMO_GUEST.phone,
        address: demo.address ?? null,
        airportShuttle: demo.airportShuttle,
        ...price,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        isConfirmed: demo.confirmed,
        status: cancelledAt ? ('cancelled' as const) : noShowAt ? ('no_show' as const) : ('active' as const),
        source: demo.source,
        createdBy: demo.source === 'walk-in' ? staff.id : guest.id,
        confirmedAt,
        cancelledAt,
        cancelledBy: cancelledAt ? admin.id : null,
        stage: demo.stage ?? ('booked' as const),
        checkedInAt,
        checkedInBy: checkedInAt ? staff.id : null,
        // Before the register (issue 34) the demo's stays were checked in on paper: the desk's
        // note says so, and the staff's day lists the rooms whose cards are still to fill.
        ...(checkedInAt ? { registrationNote: 'Registered in the paper book before Residency kept the register', registrationNoteBy: staff.id, registrationNoteAt: checkedInAt } : {}),
        checkedOutAt,
        checkedOutBy: checkedOutAt ? staff.id : null,
        noShowAt,
        noShowBy: noShowAt ? staff.id : null,
        createdAt,
        updatedAt: [cancelledAt, noShowAt, checkedOutAt, checkedInAt, confirmedAt, createdAt].find(Boolean)!,
      };
      // A one-room reservation under the booking's reference, as POST /api/bookings makes it.
      const reference = newTransactionId();
      const reservation = await openReservation(
        tx,
        { userId: guest.id, language: 'en', source: demo.source, createdBy: values.createdBy },
        () => reference,
      );
      await tx.update(reservations).set({ createdAt, updatedAt: values.updatedAt }).where(eq(reservations.id, reservation.id));
      const row = await insertBooking(tx, { ...values, reservationId: reservation.id, transactionId: reference });
      if (!row) throw new Error('No free transaction id for a demo stay');
      // Its nights as sold, as every booking has them (issue 21): the room's price each night.
      const nights = Array.from({ length: demo.nights }, (_, i) => {
        const night = { date: addDays(checkIn, i), room: price.perNightCost, extraAdults: 0, extraChildren: 0, meals: 0 };
        return { ...night, total: night.room };
      });
      await insertNights(tx, row.id, 'STD', nights);
      // Its folio (issue 22): the nights with coupon, service charge and VAT, as a booking posts them.
      const target = { reservationId: reservation.id, bookingId: row.id };
      await postStay(tx, target, nights, price, values.createdBy);
      // A cancelled stay charges nothing: its lines reversed, as cancelling does.
      if (cancelledAt) await restateStay(tx, target, 'Cancelled', admin.id);
      // Recorded by the desk as the stay's payments are: the totals and the payment status
      // follow from them (triggers), as for any payment.
      for (const [n, payment] of (demo.payments ?? []).entries()) {
        await tx.insert(payments).values({
          reservationId: reservation.id,
          bookingId: row.id,
          amount: payment.share === 1 ? price.amount : Math.round(price.amount * payment.share),
          method: payment.method,
          paidAt: after(new Date(Math.max(createdAt.getTime(), ago(payment.daysAgo, 1).getTime())), 0),
          recordedBy: staff.id,
          note: payment.share === 1 ? null : 'deposit',
          // Every method but cash has its transaction's reference, as the desk must record it.
          reference: payment.method === 'cash' ? null : `${row.transactionId.slice(4)}${n}`,
        });
      }
      // A stay that is over has its VAT invoice, as check-out issues it (not mailed: the demo mails nobody).
      if (demo.stage === 'checked_out') await issueInvoiceIfDone(tx, { config }, reservation.id, staff.id, checkedOutAt ?? now);
      // Checked in: the room is occupied.
      if (demo.stage === 'checked_in') await setRoomStatus(tx, room.id, 'booked');
      // A cancelled stay gave its coupon use back: only stays that were not cancelled count.
      if (coupon && !cancelledAt && !(await takeCouponUse(tx, coupon.id))) {
        throw new Error(`Demo coupon ${coupon.code} has no use left`);
      }
    }
    // The demo hotel opened a year before its first stay above, not at this first start: the
    // dashboard counts a room's nights from the day it was made.
    await tx.execute(sql`update rooms set created_at = ${ago(-Math.min(...stays.map((b) => b.checkIn)) + 30)} where deleted_at is null`);
    return { coupons: offers.length, bookings: stays.length, guests: guests.size };
  });
}
