import {
  addDays,
  bookingState,
  guestsFit,
  tooManyGuestsMessage,
  type BedLimits,
  nightsBetween,
  repriceNights,
  staffRefusal,
  todayAt,
  type NightLine,
  type Refusal,
  type TBooking,
  type TReservation,
  type TRoomAdd,
  type TRoomMove,
} from '@residency/shared';
import { MAX_NIGHTS } from '@residency/shared/booking-rules';
import type { Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isExclusionViolation } from '../../../lib/database-errors.ts';
import { checkStayDates } from '../../../lib/stay-dates.ts';
import { inTransaction } from '../../../lib/transactions.ts';
import { returnCouponUse } from '../../coupons/coupons.service.ts';
import { lockReservationFor, postStay, restateStay, roomsOf } from '../folio/folio.service.ts';
import { issueInvoiceIfDone } from '../../invoices/invoices.service.ts';
import { priceStayOnPlan } from '../../rates/rates.service.ts';
import { lockRoomForBooking, lockRoomOfStay, setRoomStatus } from '../../rooms/rooms.service.ts';
import { enqueueBookingMails, statusUpdateMail } from '../booking-mails.ts';
import { stayFacts } from '../booking-presenter.ts';
import {
  bookingsOfReservation,
  couponStillUsed,
  freeRoomsOfType,
  insertBooking,
  insertNights,
  nightsOf,
  updateBooking,
  type BookingRow,
  type BookingWithGuest,
  type NightRow,
} from '../bookings.repository.ts';
import { getBooking, newTransactionId, type BookingDeps } from '../bookings.service.ts';
import { bookingNotFound, changeLockedBooking, refuseIf } from '../locked-booking.ts';
import { getReservation } from '../reservations.service.ts';
import { deleteNightsExcept, insertSoldNights } from './stay-changes.repository.ts';

/*
 * The desk changes a reservation (issue 22): adds or removes a room, changes a stay's dates, moves
 * a guest to another room. Each change is one transaction under the booking's row lock, then the
 * reservation's, then the rooms' (the order of check-out and cancellation, so they never
 * deadlock); the overlap constraint (room_occupancy, migration 0013) judges availability, and a
 * refusal leaves nothing changed. Nights kept keep the price they were sold at; the folio's stay
 * lines are reversed and posted again as now sold (restateStay).
 */

type Answer = Promise<{ booking: TBooking; message: string }>;
/** Who makes the change: their id is recorded, their name goes with a price they set. */
type Staff = { id: string; name: string };

/** The plan of a channel's stay taken over at the desk (reservations.service): it has no rates of ours. */
const CHANNEL_PLAN = 'CHANNEL';
/** Statuses the desk leaves alone (as check-in and check-out do). */
const OUT_OF_SERVICE = new Set(['maintenance', 'unavailable']);

const paisa = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

const roomTaken = (room?: { roomNumber: string; roomCategory: string }, alternatives: { id: string; roomNumber: string }[] = []) =>
  AppError.conflict(
    room
      ? `${room.roomCategory} ${room.roomNumber} is booked on some of these nights. Nothing was changed: choose another room or other dates.`
      : 'The room is booked on some of these nights. Nothing was changed: choose other dates.',
    'ROOM_NOT_AVAILABLE',
  ).with({ alternatives: alternatives.map((a) => ({ _id: a.id, roomNumber: a.roomNumber })) });

/**
 * Why a stay's dates or room cannot change: only a stay still to come or in the house. A guest
 * in the house on their check-out day may still stay longer (`extend`), not move.
 */
function changeRefusal(current: BookingRow, today: string, extend = false): Refusal | null {
  switch (bookingState(current)) {
    case 'cancelled':
      return { code: 'BOOKING_CANCELLED', message: 'A cancelled booking cannot be changed.' };
    case 'no_show':
      return { code: 'BOOKING_NO_SHOW', message: 'This booking is marked as a no-show and cannot be changed.' };
    case 'checked_out':
      return { code: 'ALREADY_CHECKED_OUT', message: 'The guest has checked out: the stay can no longer be changed.' };
    case 'checked_in':
      return today >= current.checkOut && !extend ? { code: 'STAY_OVER', message: 'This stay ends today: nothing is left to move.' } : null;
    default:
      return today >= current.checkOut ? { code: 'STAY_OVER', message: 'This stay is over: it can no longer be changed.' } : null;
  }
}

const lineOf = (n: NightRow): NightLine => ({
  date: n.night,
  room: n.roomPrice,
  extraAdults: n.extraAdults,
  extraChildren: n.extraChildren,
  meals: n.meals,
  total: paisa(n.roomPrice + n.extraAdults + n.extraChildren + n.meals),
});

const datesOf = (checkIn: string, checkOut: string) => Array.from({ length: nightsBetween(checkIn, checkOut) }, (_, i) => addDays(checkIn, i));

/** A night as now sold: `kept` as it was (its row stays), or new (its row is written, with the reason of a price the desk set). */
interface SoldNight {
  line: NightLine;
  kept: boolean;
  reason: string | null;
}

/**
 * The nights of `dates` priced anew: at the calendar's current rates of the stay's plan for a
 * room of `category` (extra guests and meals included), the room price replaced where the desk
 * set one. A channel's stay has no rates here: the desk prices each night.
 */
async function priceNights(
  deps: BookingDeps,
  tx: Executor,
  stay: { category: string; roomId: string; planCode: string; adults: number; children: number; checkIn: string; checkOut: string },
  dates: readonly string[],
  prices: ReadonlyMap<string, number>,
  reason: string | null,
): Promise<SoldNight[]> {
  if (dates.length === 0) return [];
  let quoted = new Map<string, NightLine>();
  if (stay.planCode === CHANNEL_PLAN) {
    const unpriced = dates.find((d) => !prices.has(d));
    if (unpriced) throw AppError.badRequest('A channel sold this stay: enter the price of each new night.', 'PRICES_NEEDED').with({ date: unpriced });
  } else {
    const room = await lockRoomForBooking(tx, stay.roomId);
    if (!room) throw AppError.notFound('This room does not exist or was deleted.', 'ROOM_NOT_FOUND');
    const rates = await priceStayOnPlan(tx, {
      category: stay.category,
      planCode: stay.planCode,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      adults: stay.adults,
      children: stay.children,
      supplement: room.supplement,
      serviceChargePercent: deps.config.serviceChargePercent,
      vatPercent: deps.config.vatPercent,
      sellsAt: 'desk',
    });
    quoted = new Map(rates.quote(null).lines.map((l) => [l.date, l]));
  }
  return dates.map((date) => {
    const base = quoted.get(date) ?? { date, room: 0, extraAdults: 0, extraChildren: 0, meals: 0, total: 0 };
    const set = prices.get(date);
    const room = set ?? base.room;
    return { line: { ...base, room, total: paisa(room + base.extraAdults + base.extraChildren + base.meals) }, kept: false, reason: set === undefined ? null : reason };
  });
}

/** The booking's amounts for these nights, at the rates it was sold at (its coupon's share, service charge and VAT): repriceNights. */
function totalsOf(nights: readonly NightLine[], sold: BookingRow) {
  const totals = repriceNights(nights, sold);
  return { nights: nights.length, perNightCost: nights.length ? paisa(totals.subtotal / nights.length) : 0, ...totals };
}

/**
 * Sells the booking again as `nights` (in date order) with `changes` (dates, room): the nights
 * not kept go, the booking's amounts follow, the new nights are written, and the folio's stay
 * lines are reversed and posted again. In this order so that the revenue triggers (migration
 * 0015) take each night off and on at the ratio of the booking as it was, then as it is.
 */
async function resell(tx: Executor, current: BookingRow, nights: readonly SoldNight[], changes: Partial<BookingRow>, why: string, by: string): Promise<BookingRow> {
  await deleteNightsExcept(
    tx,
    current.id,
    nights.filter((n) => n.kept).map((n) => n.line.date),
  );
  const lines = nights.map((n) => n.line);
  const totals = totalsOf(lines, current);
  const updated = await updateBooking(tx, current.id, { ...changes, ...totals });
  await insertSoldNights(
    tx,
    current.id,
    current.ratePlanCode,
    nights.filter((n) => !n.kept).map((n) => ({ ...n.line, reason: n.reason })),
  );
  await restateStay(tx, { reservationId: current.reservationId, bookingId: current.id }, why, by, { nights: lines, totals });
  return updated;
}

/** The desk's reason as a night keeps it: who set the price (as the night-prices form records it). */
const priceReason = (reason: string | undefined, by: Staff) => (reason ? `${reason} (by ${by.name})` : null);

/** A change that failed on the overlap constraint: the 409 of a room taken, nothing stored. */
async function orTaken<T>(work: () => Promise<T>, taken: () => Promise<AppError> | AppError): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isExclusionViolation(error)) throw await taken();
    throw error;
  }
}

/* ---------- a stay's dates ---------- */

/**
 * `POST /api/bookings/:id/dates`: new dates for a stay still to come (from today on) or in the
 * house (its check-in day kept, its check-out after today). Nights kept keep the price they were
 * sold at (a price the desk set included); new nights are priced at the current rates of the
 * stay's plan, whose rules apply to the stay as changed (400 STAY_RULE), or at the desk's prices
 * with a reason. The coupon's discount, service charge and VAT keep their share of the subtotal
 * (repriceNights): a coupon is not redeemed again. The guest gets the status-update mail with the
 * new dates and amount.
 */
export function changeDates(
  deps: BookingDeps,
  id: string,
  change: { checkIn: string; checkOut: string; prices?: { date: string; price: number }[]; reason?: string },
  by: Staff,
): Answer {
  return orTaken(
    () =>
      changeLockedBooking(deps, id, async ({ tx, current, today }) => {
        refuseIf(changeRefusal(current, today, true));
        if (current.stage === 'checked_in') {
          if (change.checkIn !== current.checkIn) {
            throw AppError.conflict(`The guest is checked in: the stay keeps its check-in date (${current.checkIn}).`, 'CHECK_IN_KEPT');
          }
          if (change.checkOut <= today) {
            throw AppError.badRequest('A stay in the house ends after today: to end it today, check the guest out.', 'CHECK_OUT_PAST');
          }
          if (nightsBetween(change.checkIn, change.checkOut) > MAX_NIGHTS) {
            throw AppError.badRequest(`One booking can hold at most ${MAX_NIGHTS} nights. Please split a longer stay.`, 'STAY_TOO_LONG');
          }
        } else checkStayDates(change.checkIn, change.checkOut, deps.config.hotel.timeZone, deps.config.bookingHorizonDays);
        if (change.checkIn === current.checkIn && change.checkOut === current.checkOut) {
          throw AppError.badRequest('These are the dates of the stay already.', 'SAME_DATES');
        }
        await lockReservationFor(tx, current.reservationId);
        const sold = new Map(((await nightsOf(tx, [id])).get(id) ?? []).map((n) => [n.night, n]));
        const dates = datesOf(change.checkIn, change.checkOut);
        const fresh = dates.filter((d) => !sold.has(d));
        const prices = new Map((change.prices ?? []).map((p) => [p.date, p.price]));
        const stray = [...prices.keys()].find((d) => !fresh.includes(d));
        if (stray) {
          throw AppError.badRequest(`The night of ${stray} is not a new night of this stay: the nights kept keep their price.`, 'NIGHT_NOT_NEW').with({ date: stray });
        }
        const priced = new Map(
          (
            await priceNights(
              deps,
              tx,
              { category: current.roomCategory, roomId: current.roomId, planCode: current.ratePlanCode, adults: current.adults, children: current.children, checkIn: change.checkIn, checkOut: change.checkOut },
              fresh,
              prices,
              priceReason(change.reason, by),
            )
          ).map((n) => [n.line.date, n]),
        );
        const nights = dates.map((d): SoldNight => {
          const kept = sold.get(d);
          return kept ? { line: lineOf(kept), kept: true, reason: kept.overrideReason } : priced.get(d)!;
        });
        const why = change.reason ? `Dates changed: ${change.reason}` : 'Dates changed';
        const updated = await resell(tx, current, nights, { checkIn: change.checkIn, checkOut: change.checkOut }, why, by.id);
        await enqueueBookingMails(deps, tx, [await statusUpdateMail(tx, updated.reservationId)]);
        return `Booking: ${current.transactionId} now runs from ${change.checkIn} to ${change.checkOut}`;
      }),
    () => roomTaken(),
  );
}

/* ---------- a guest moved to another room ---------- */

/**
 * `POST /api/bookings/:id/move`: the guest goes to another room for the nights left. A stay still
 * to come moves whole. A guest in the house since before today leaves the old room today: their
 * booking there ends today (checked out, the nights stayed charged as sold, its booked check-out
 * kept), and a new booking of the reservation, checked in, holds the new room for the nights left
 * (so the new room's earlier guests never block the move). The price of the nights left is kept
 * (an upgrade) unless `keepPrice` is false: then they are priced at the new room's rates on the
 * stay's plan, or at the desk's prices, with the reason. In the house, the old room goes to
 * cleaning and the new one to booked. The guest in the house is told at the desk; a stay still to
 * come gets the status-update mail with its new room.
 */
export async function moveGuest(deps: BookingDeps, id: string, change: TRoomMove & { keepPrice: boolean }, by: Staff): Answer {
  const moved = { id, room: undefined as { roomNumber: string; roomCategory: string } | undefined };
  const result = await orTaken(
    () =>
      changeLockedBooking(deps, id, async ({ tx, current, today, now }) => {
        refuseIf(changeRefusal(current, today));
        if (change.roomId === current.roomId) throw AppError.badRequest('The guest is in this room already: choose another room.', 'SAME_ROOM');
        await lockReservationFor(tx, current.reservationId);
        // Both rooms in the order of their ids, so that two moves between the same rooms never deadlock.
        let room: Awaited<ReturnType<typeof lockRoomForBooking>>;
        let old: Awaited<ReturnType<typeof lockRoomOfStay>>;
        for (const roomId of [current.roomId, change.roomId].sort()) {
          if (roomId === change.roomId) room = await lockRoomForBooking(tx, roomId);
          else old = await lockRoomOfStay(tx, roomId);
        }
        if (!room!) throw AppError.notFound('This room does not exist or was deleted.', 'ROOM_NOT_FOUND');
        if (OUT_OF_SERVICE.has(room.status)) {
          throw AppError.conflict(`Room ${room.roomNumber} cannot be booked at the moment. Please choose another room.`, 'ROOM_OUT_OF_SERVICE');
        }
        const beds = room.bedsAndBedding as BedLimits;
        if (!guestsFit({ adults: current.adults, children: current.children }, beds)) {
          throw AppError.badRequest(
            tooManyGuestsMessage(beds, room.roomNumber),
            'TOO_MANY_GUESTS',
          );
        }
        moved.room = { roomNumber: room.roomNumber, roomCategory: room.category };
        const inHouse = current.stage === 'checked_in';
        const from = inHouse && today > current.checkIn ? today : current.checkIn;
        const sold = (await nightsOf(tx, [id])).get(id) ?? [];
        const stayed = sold.filter((n) => n.night < from);
        const left = sold.filter((n) => n.night >= from);
        const prices = new Map((change.prices ?? []).map((p) => [p.date, p.price]));
        const stray = [...prices.keys()].find((d) => d < from || d >= current.checkOut);
        if (stray) throw AppError.badRequest(`The night of ${stray} is not a night left of this stay.`, 'NIGHT_NOT_IN_STAY').with({ date: stray });
        const nightsLeft: SoldNight[] = change.keepPrice
          ? left.map((n) => ({ line: lineOf(n), kept: true, reason: n.overrideReason }))
          : await priceNights(
              deps,
              tx,
              { category: room.category, roomId: room.id, planCode: current.ratePlanCode, adults: current.adults, children: current.children, checkIn: from, checkOut: current.checkOut },
              left.map((n) => n.night),
              prices,
              priceReason(change.reason, by),
            );
        const why = `Moved to ${room.category} ${room.roomNumber}${change.reason ? `: ${change.reason}` : ''}`;
        const toRoom = { roomId: room.id, roomCategory: room.category, roomNumber: room.roomNumber };

        if (from === current.checkIn) {
          // The whole stay moves: the same booking, in the new room.
          const updated = change.keepPrice
            ? await updateBooking(tx, id, toRoom)
            : await resell(tx, current, nightsLeft, toRoom, why, by.id);
          if (!inHouse) await enqueueBookingMails(deps, tx, [await statusUpdateMail(tx, updated.reservationId)]);
        } else {
          // In the house since before today: the old room's booking ends today, a new one holds the new room.
          const stayedNights = stayed.map((n): SoldNight => ({ line: lineOf(n), kept: true, reason: n.overrideReason }));
          await resell(
            tx,
            current,
            stayedNights,
            { checkOut: from, bookedCheckOut: current.bookedCheckOut ?? current.checkOut, stage: 'checked_out', checkedOutAt: now, checkedOutBy: by.id },
            why,
            by.id,
          );
          const lines = nightsLeft.map((n) => n.line);
          const totals = totalsOf(lines, current);
          const row = await insertWithReference(deps, tx, {
            ...copyOfStay(current),
            ...toRoom,
            ...totals,
            checkIn: from,
            checkOut: current.checkOut,
            createdBy: by.id,
            stage: 'checked_in',
            checkedInAt: now,
            checkedInBy: by.id,
          });
          await insertSoldNights(tx, row.id, current.ratePlanCode, nightsLeft.map((n) => ({ ...n.line, reason: n.reason })));
          await postStay(tx, { reservationId: current.reservationId, bookingId: row.id }, lines, totals, by.id);
          moved.id = row.id;
        }
        if (inHouse) {
          if (old && !OUT_OF_SERVICE.has(old.status)) await setRoomStatus(tx, old.id, 'cleaning');
          await setRoomStatus(tx, room.id, 'booked');
        }
        return `Booking: ${current.transactionId} moved to room ${room.roomNumber}`;
      }),
    async () => roomTaken(moved.room),
  );
  return moved.id === id ? result : { booking: await getBooking(deps, moved.id), message: result.message };
}

/** What a new booking of the same stay copies from `current` (the guest, the plan, the coupon, the language). */
function copyOfStay(current: BookingWithGuest) {
  return {
    reservationId: current.reservationId,
    userId: current.userId,
    adults: current.adults,
    children: current.children,
    phone: current.phone,
    address: current.address,
    airportShuttle: false,
    couponId: current.couponId,
    couponCode: current.couponCode,
    source: current.source,
    isConfirmed: current.isConfirmed,
    confirmedAt: current.confirmedAt,
    language: current.language,
    ratePlanCode: current.ratePlanCode,
    cancellationPolicy: current.cancellationPolicy,
  };
}

/** Inserts a booking under a newly drawn transaction id (drawn again when taken). */
async function insertWithReference(deps: BookingDeps, tx: Executor, values: Omit<Parameters<typeof insertBooking>[1], 'transactionId'>): Promise<BookingRow> {
  const draw = deps.newTransactionId ?? newTransactionId;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await insertBooking(tx, { ...values, transactionId: draw() });
    if (row) return row;
  }
  throw new Error('No free transaction id after 5 draws');
}

/* ---------- rooms of a reservation ---------- */

/**
 * `POST /api/reservations/:id/rooms`: one more room for the reservation's dates (from today on,
 * when its guests are in the house already), priced at the current rates on the chosen plan
 * (the desk's plans included) and posted to the folio. The reservation's coupon is not used
 * again: the room is sold without a discount. A confirmed reservation's new room is confirmed.
 * 409 when the room is booked on one of those nights, with the rooms of its type still free.
 * No mail: the guest asked the desk for it.
 */
export async function addRoom(deps: BookingDeps, reservationId: string, wanted: TRoomAdd & { children: number }, by: Staff): Promise<TReservation> {
  let taken: { roomNumber: string; roomCategory: string; checkIn: string; checkOut: string } | undefined;
  await orTaken(
    () =>
      inTransaction(deps.db, async (tx) => {
        const reservation = await lockReservationFor(tx, reservationId);
        const today = todayAt(deps.config.hotel.timeZone);
        const live = (await bookingsOfReservation(tx, reservationId)).filter((b) => b.status === 'active' && b.stage !== 'checked_out');
        if (live.length === 0) {
          throw AppError.conflict('This reservation has no room still to come or in the house: book a new stay instead.', 'RESERVATION_CLOSED');
        }
        const first = live[0]!;
        const start = live.reduce((min, b) => (b.checkIn < min ? b.checkIn : min), first.checkIn);
        const checkIn = start < today ? today : start;
        const checkOut = live.reduce((max, b) => (b.checkOut > max ? b.checkOut : max), first.checkOut);
        if (checkIn >= checkOut) throw AppError.conflict('This reservation ends today: book a new stay instead.', 'STAY_OVER');
        const room = await lockRoomForBooking(tx, wanted.roomId);
        if (!room) throw AppError.notFound('This room does not exist or was deleted.', 'ROOM_NOT_FOUND');
        if (OUT_OF_SERVICE.has(room.status)) {
          throw AppError.conflict(`Room ${room.roomNumber} cannot be booked at the moment. Please choose another room.`, 'ROOM_OUT_OF_SERVICE');
        }
        const beds = room.bedsAndBedding as BedLimits;
        if (!guestsFit({ adults: wanted.adults, children: wanted.children }, beds)) {
          throw AppError.badRequest(
            tooManyGuestsMessage(beds),
            'TOO_MANY_GUESTS',
          );
        }
        taken = { roomNumber: room.roomNumber, roomCategory: room.category, checkIn, checkOut };
        const rates = await priceStayOnPlan(tx, {
          category: room.category,
          planCode: wanted.ratePlan,
          checkIn,
          checkOut,
          adults: wanted.adults,
          children: wanted.children,
          supplement: room.supplement,
          serviceChargePercent: deps.config.serviceChargePercent,
          vatPercent: deps.config.vatPercent,
          sellsAt: 'desk',
        });
        const { lines, ...price } = rates.quote(null);
        const confirmed = live.some((b) => b.isConfirmed);
        const row = await insertWithReference(deps, tx, {
          reservationId: reservation.id,
          userId: reservation.userId,
          roomId: room.id,
          roomCategory: room.category,
          roomNumber: room.roomNumber,
          checkIn,
          checkOut,
          adults: wanted.adults,
          children: wanted.children,
          phone: first.phone,
          address: first.address,
          airportShuttle: false,
          ...price,
          source: reservation.source,
          createdBy: by.id,
          isConfirmed: confirmed,
          confirmedAt: confirmed ? new Date() : null,
          language: reservation.language,
          ratePlanCode: rates.plan.code,
          cancellationPolicy: rates.policy as unknown as Record<string, unknown>,
        });
        await insertNights(tx, row.id, rates.plan.code, lines);
        await postStay(tx, { reservationId: reservation.id, bookingId: row.id }, lines, price, by.id);
      }),
    async () => {
      const alternatives = taken ? await freeRoomsOfType(deps.db, taken.roomCategory, taken.checkIn, taken.checkOut, [wanted.roomId]) : [];
      return roomTaken(taken, alternatives);
    },
  );
  return getReservation(deps, reservationId);
}

/**
 * `DELETE /api/reservations/:id/rooms/:bookingId`: a room not checked in to leaves the
 * reservation without a penalty (the desk's change, not the guest's cancellation): the booking
 * is cancelled, its nights free, its folio lines reversed with the reason. Never the last room
 * still active: the reservation is cancelled instead. The coupon's use goes back when no room
 * uses it any more. No mail: the guest asked the desk for it.
 */
export async function removeRoom(deps: BookingDeps, reservationId: string, bookingId: string, reason: string, by: Staff): Promise<TReservation> {
  await changeLockedBooking(deps, bookingId, async ({ tx, current, today, now }) => {
    if (current.reservationId !== reservationId) throw bookingNotFound();
    refuseIf(staffRefusal('cancel', stayFacts(current), today));
    await lockReservationFor(tx, reservationId);
    const others = (await roomsOf(tx, reservationId)).filter((r) => r.id !== bookingId && r.status === 'active');
    if (others.length === 0) {
      throw AppError.conflict("This is the reservation's only room: cancel the reservation instead.", 'LAST_ROOM');
    }
    await updateBooking(tx, bookingId, { status: 'cancelled', cancelledAt: now, cancelledBy: by.id, cancellationFee: 0 });
    await restateStay(tx, { reservationId, bookingId }, `Room removed: ${reason}`, by.id);
    // The rooms left may all be checked out already: the reservation is then done and invoiced.
    await issueInvoiceIfDone(tx, deps, reservationId, by.id, now);
    if (current.couponId && !(await couponStillUsed(tx, reservationId, current.couponId))) await returnCouponUse(tx, current.couponId);
    return `Room ${current.roomNumber} removed from the reservation`;
  });
  return getReservation(deps, reservationId);
}
