import { addDays, todayAt, type TBooking } from '@residency/shared';
import { nightsBetween } from '@residency/shared/pricing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { query, type TestAccount } from './app.ts';
import { categoryPayload, saveCategory } from './rooms.ts';

/*
 * Stays for the tests of the front desk, payments and dashboards: a small hotel, bookings made
 * through the API, and stays put on any dates (the API books only from today on).
 */

export type Person = TestAccount;
const HOTEL_TIME_ZONE = 'Asia/Dhaka';
export const today = () => todayAt(HOTEL_TIME_ZONE);
export const day = (n: number) => addDays(today(), n);

/** The accounts of the small hotel, as useTestApp's `accounts`: an admin, a staff member and the guest Rahim Uddin. */
export const HOTEL_ACCOUNTS = { admin: true, staff: true, guest: { name: 'Rahim Uddin' } } as const;

/**
 * A small hotel's rooms, saved by `admin`: Deluxe King 101 and 102 (৳7,500 a night), and `extra`
 * categories as given (name → room numbers and price). Returns room ids by number.
 */
export async function smallHotelRooms(
  app: FastifyInstance,
  admin: { auth: Record<string, string> },
  extra: Record<string, { rooms: string; price: number }> = {},
): Promise<Record<string, string>> {
  const categories = { 'Deluxe King': { rooms: '101, 102', price: 7500 }, ...extra };
  for (const [name, { rooms, price }] of Object.entries(categories)) {
    const saved = await saveCategory(app, admin.auth, name, {
      roomNumbers: rooms,
      offerPrice: price,
      beds_and_bedding: { ...categoryPayload('x').beds_and_bedding, maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 },
    });
    if (saved.statusCode !== 200) throw new Error(`category ${name}: ${saved.body}`);
  }
  app.roomsCache.clear();
  const all = (await app.inject({ url: '/api/room?limit=100' })).json().data as { _id: string; room_overview: { room_number: string } }[];
  return Object.fromEntries(all.map((r) => [r.room_overview.room_number, r._id])) as Record<string, string>;
}

/** `POST /api/bookings` as `who`: 2 adults, no shuttle, the given room and dates. */
export function book(app: FastifyInstance, who: { auth: Record<string, string> }, roomId: string, checkIn: string, checkOut: string, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: who.auth,
    payload: { roomId, checkIn, checkOut, adults: 2, children: 0, phone: '+880 1711-223344', ...extra },
  });
}

/**
 * The desk books one room for a guest: `POST /api/reservations/walk-in` with one room (the one
 * walk-in path). The stay is written as a booking's (`roomId`, `adults`, `children`, `ratePlan`).
 */
export function walkIn(app: FastifyInstance, who: { auth: Record<string, string> }, stay: Record<string, unknown>) {
  const { roomId, adults, children, ratePlan, ...details } = stay;
  return app.inject({
    method: 'POST',
    url: '/api/reservations/walk-in',
    headers: who.auth,
    payload: { ...details, rooms: [{ roomId, adults, ...(children === undefined ? {} : { children }), ...(ratePlan === undefined ? {} : { ratePlan }) }] },
  });
}

let slot = 0;

/**
 * A stay on any dates, past ones included: booked through the API on free nights far ahead
 * (priced and mailed as any booking), then moved to its dates in the database.
 */
export async function placeStay(
  app: FastifyInstance,
  who: { auth: Record<string, string> },
  roomId: string,
  checkIn: string,
  checkOut: string,
  extra: Record<string, unknown> = {},
): Promise<TBooking> {
  slot += 1;
  const farIn = addDays(today(), 3000 + slot * 70);
  const res = await book(app, who, roomId, farIn, addDays(farIn, nightsBetween(checkIn, checkOut)), extra);
  if (res.statusCode !== 201) throw new Error(`placeStay: ${res.statusCode} ${res.body}`);
  const booking = res.json().data as TBooking;
  await moveStay(app, booking._id, checkIn, checkOut);
  return { ...booking, startDate: checkIn, endDate: checkOut };
}

/** Moves a stay to other dates in the database (the API never moves one), its nights as sold with it. */
async function moveStay(app: FastifyInstance, id: string, checkIn: string, checkOut: string) {
  await query(
    app,
    sql`update booking_nights n set night = n.night + (${checkIn}::date - b.check_in) from bookings b where b.id = n.booking_id and b.id = ${id}`,
  );
  await query(app, sql`update bookings set check_in = ${checkIn}::date, check_out = ${checkOut}::date where id = ${id}`);
  // Its folio's dates with it: lines are append-only (a trigger), so the move goes round the
  // triggers, as a restore of a dump would (no amount changes).
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update folio_lines set service_date = ${checkIn}::date + (service_date - (select min(f.service_date) from folio_lines f where f.booking_id = ${id})) where booking_id = ${id}`);
  });
}

/**
 * The note a check-in carries in tests of the stay rather than of the guest register: the cards
 * are not filled, so the desk says why (issue 34). Tests of the register send their own body.
 */
const CARDS_TO_FOLLOW = { registrationNote: 'Cards to follow (a test of the stay, not of the register)' };

/** Runs a front-desk action (`check-in`, `check-out`, `no-show`, `cancel`, …) on a booking; a check-in without a body carries CARDS_TO_FOLLOW. */
export function act(app: FastifyInstance, who: { auth: Record<string, string> }, id: string, action: string, payload?: Record<string, unknown>) {
  const body = payload ?? (action === 'check-in' ? CARDS_TO_FOLLOW : undefined);
  return app.inject({ method: 'POST', url: `/api/bookings/${id}/${action}`, headers: who.auth, ...(body ? { payload: body } : {}) });
}

/** A check-out whose balance, if any, goes to the company's account (city ledger): for tests about the stay, not the money. */
export const ON_ACCOUNT = { cityLedger: true, note: 'test' };

/** `PATCH /api/bookings/:id {isConfirmed: true}`. */
export function confirm(app: FastifyInstance, who: { auth: Record<string, string> }, id: string) {
  return app.inject({ method: 'PATCH', url: `/api/bookings/${id}`, headers: who.auth, payload: { isConfirmed: true } });
}

let trx = 0;
/**
 * A money body as the desk sends it: every method but cash comes with its transaction's
 * reference (issue 31), a made-up TrxID unless the test gives one.
 */
export function withReference(body: Record<string, unknown>): Record<string, unknown> {
  if (typeof body.method !== 'string' || body.method === 'cash' || 'reference' in body) return body;
  trx += 1;
  return { ...body, reference: `TRX${String(trx).padStart(7, '0')}` };
}

/** `POST /api/bookings/:id/payments`. */
export function pay(app: FastifyInstance, who: { auth: Record<string, string> }, id: string, payment: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/bookings/${id}/payments`, headers: who.auth, payload: withReference(payment) });
}

/** The booking as the API answers it to an admin. */
export async function bookingOf(app: FastifyInstance, admin: { auth: Record<string, string> }, id: string): Promise<TBooking> {
  return (await app.inject({ url: `/api/bookings/${id}`, headers: admin.auth })).json().data;
}
