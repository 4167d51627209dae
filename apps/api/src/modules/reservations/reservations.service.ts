import {
  addDays,
  guestsFit,
  tooManyGuestsMessage,
  type BedLimits,
  nightsBetween,
  reservationDeposit,
  spreadInProportion,
  todayAt,
  type NightLine,
  type RoomTakenDetails,
  type TBooking,
  type TLanguage,
  type TReservation,
} from '@residency/shared';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { jsonColumns } from '../../db/json-rows.ts';
import { bookingNights, bookings as bookingsTable, folioLines, reservations } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { actorSetting } from '../../db/audit-actor.ts';
import { isExclusionViolation, isPricingStale, isReferenceTaken, isRoomsStale } from '../../lib/database-errors.ts';
import { keyToClaim } from '../../lib/idempotency.ts';
import { checkStayDates } from '../../lib/stay-dates.ts';
import { inTransaction, runAgainWhenAborted } from '../../lib/transactions.ts';
import { redeemCoupon } from '../coupons/coupons.service.ts';
import { folioBalanceOf, findReservation, stayLinesInOrder, type ReservationRow } from './folio/folio.service.ts';
import { templatedMailRows } from '../email-templates/email-templates.service.ts';
import { enqueueGuestSms } from '../sms/sms.service.ts';
import { priceStayOnPlan, pricingReadsFrom, type PricingReads } from '../rates/rates.service.ts';
import { lockRoomsForBooking } from '../rooms/rooms.service.ts';
import { confirmationMails, splitBookingMails } from './booking-mails.ts';
import { presentBooking } from './booking-presenter.ts';
import {
  bookingsOfReservation,
  bookingsOfReservations,
  freeRoomsOfType,
  listReservationsOf,
  nightRow,
  nightsOf,
  rememberLanguage,
  writeReservation,
  type BookingRow,
  type BookingWithGuest,
} from './bookings.repository.ts';
import { newTransactionId, type BookingDeps, type BookingRoom, type ChannelTakeOver, type GuestOf, type StayRequest } from './bookings.service.ts';

/*
 * Reservations of one or several rooms (issue 22): all or nothing, in one transaction. Each room
 * is its own booking under the overlap constraint; the reservation holds the reference, the guest,
 * the folio and the invoice.
 */

interface ReservationRoom {
  roomId: string;
  adults: number;
  children: number;
  ratePlan?: string;
}

export interface ReservationRequest {
  checkIn: string;
  checkOut: string;
  phone: string;
  address?: string;
  airportShuttle: boolean;
  couponCode?: string;
  language?: TLanguage;
  expectedAmount?: number;
  companyName?: string;
  companyBin?: string;
  rooms: ReservationRoom[];
}

interface Options {
  source: 'online' | 'walk-in' | 'channel';
  createdBy: string;
  takeOver?: ChannelTakeOver;
  /** The guest pays online now (issue 33): the rooms are held until then. */
  holdUntil?: Date;
}

/** How many times references are drawn for a new reservation before giving up (each draw all but never collides). */
const REFERENCE_ATTEMPTS = 5;

/** The plan code of a channel's stay taken over at the desk: the channel priced it, not our calendar. */
const CHANNEL_PLAN = 'CHANNEL';

/**
 * A channel's price taken as sold: the whole amount, spread over the nights (the last night takes
 * the paisa left over, so the lines add up to it). The channel priced it, so no service charge or
 * VAT is added on top here.
 */
function soldAt(checkIn: string, nights: number, amount: number) {
  const shares = spreadInProportion(amount, Array.from({ length: nights }, () => 1));
  const lines = shares.map((room, i) => ({ date: addDays(checkIn, i), room, extraAdults: 0, extraChildren: 0, meals: 0, total: room }));
  return { nights, perNightCost: Math.round((amount / nights) * 100) / 100, subtotal: amount, discount: 0, withOutVatAndService: amount, serviceCharge: 0, vat: 0, amount, lines };
}

type Sold = ReturnType<typeof soldAt>;

const roomTaken = (details?: RoomTakenDetails) =>
  AppError.conflict(
    details
      ? `Sorry, ${details.roomType} ${details.roomNumber} was just booked for some of these dates. Nothing was booked: choose another room or other dates.`
      : 'Sorry, this room was just booked for some of these dates. Please choose another room or other dates.',
    'ROOM_NOT_AVAILABLE',
  ).with(details ? { ...details } : {});

/** The 409 of a taken room, with the rooms of its type still free (read after the rollback). */
async function takenWithAlternatives(deps: BookingDeps, request: ReservationRequest, room: { id: string; category: string; roomNumber: string }) {
  const alternatives = await freeRoomsOfType(deps.db, room.category, request.checkIn, request.checkOut, request.rooms.map((r) => r.roomId));
  return roomTaken({
    roomId: room.id,
    roomType: room.category,
    roomNumber: room.roomNumber,
    alternatives: alternatives.map((a) => ({ _id: a.id, roomNumber: a.roomNumber })),
  });
}

type Guest = { id: string; name: string; email: string | null; language: TLanguage };

/** The room an overlap refusal names in its detail ("Key (room_id, nights)=(<id>, …) conflicts with …"). */
function takenRoomId(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const detail = (e as { detail?: unknown }).detail;
    if (typeof detail === 'string') return /\(([0-9a-f-]{36}),/.exec(detail)?.[1];
  }
  return undefined;
}

type Priced = { wanted: ReservationRoom; room: BookingRoom; rates: Awaited<ReturnType<typeof priceStayOnPlan>> | null };
type SoldRoom = { price: Sold; planCode: string; policy: unknown };
type Coupon = Awaited<ReturnType<typeof redeemCoupon>>;

/** Step 1: each room asked for exists, is in service and sleeps its guests (the rooms are locked). */
function checkRooms(request: ReservationRequest, locked: ReadonlyMap<string, BookingRoom>): void {
  for (const wanted of request.rooms) {
    const room = locked.get(wanted.roomId);
    if (!room) throw AppError.notFound('This room does not exist or was deleted.', 'ROOM_NOT_FOUND').with({ roomId: wanted.roomId });
    if (room.status === 'maintenance' || room.status === 'unavailable') {
      throw AppError.conflict(`Room ${room.roomNumber} cannot be booked at the moment. Please choose another room.`, 'ROOM_OUT_OF_SERVICE').with({ roomId: room.id });
    }
    const beds = room.bedsAndBedding as BedLimits;
    if (!guestsFit({ adults: wanted.adults, children: wanted.children }, beds)) {
      throw AppError.badRequest(tooManyGuestsMessage(beds), 'TOO_MANY_GUESTS').with({ roomId: room.id });
    }
  }
}

/** Step 2: each room priced on its plan (its rules may refuse it: 400 STAY_RULE); a channel's stay is priced by the channel. */
async function priceRooms(tx: Executor, deps: BookingDeps, request: ReservationRequest, locked: ReadonlyMap<string, BookingRoom>, options: Options, reads: PricingReads): Promise<Priced[]> {
  const priced: Priced[] = [];
  for (const wanted of request.rooms) {
    const room = locked.get(wanted.roomId)!;
    const rates = options.takeOver
      ? null
      : await priceStayOnPlan(tx, {
          category: room.category,
          planCode: wanted.ratePlan,
          checkIn: request.checkIn,
          checkOut: request.checkOut,
          adults: wanted.adults,
          children: wanted.children,
          supplement: room.supplement,
          serviceChargePercent: deps.config.serviceChargePercent,
          vatPercent: deps.config.vatPercent,
          sellsAt: options.source === 'online' ? 'online' : 'desk',
        }, reads);
    if (rates?.plan.onlinePaymentRequired && options.source === 'online' && !options.holdUntil) {
      throw AppError.badRequest('This rate is paid online when booking: choose SSLCommerz or bKash to pay.', 'ONLINE_PAYMENT_REQUIRED').with({ roomId: room.id });
    }
    if (rates && request.couponCode && !rates.plan.couponsAllowed) {
      throw AppError.badRequest('Coupons cannot be used with this rate plan.', 'COUPON_NOT_FOR_PLAN').with({ roomId: room.id });
    }
    priced.push({ wanted, room, rates });
  }
  return priced;
}

/**
 * Step 3: what each room is sold at. One coupon use for the reservation, on the subtotal of all its
 * rooms; a fixed discount is shared among the rooms in proportion to their subtotals. Never a
 * price the guest did not see: 409 PRICE_CHANGED when the rates (or a coupon) changed since.
 */
async function sellRooms(tx: Executor, request: ReservationRequest, priced: readonly Priced[], nights: number, today: string, options: Options): Promise<{ sold: SoldRoom[]; coupon: Coupon | undefined }> {
  const subtotals = priced.map((p) => p.rates?.quote(null).subtotal ?? 0);
  const takeOver = options.takeOver;
  const coupon = request.couponCode && !takeOver ? await redeemCoupon(tx, request.couponCode, subtotals.reduce((s, v) => s + v, 0), today) : undefined;
  const fixedShares = coupon?.discountType === 'fixed' ? spreadInProportion(Math.min(coupon.discountValue, subtotals.reduce((s, v) => s + v, 0)), subtotals) : [];
  const sold = priced.map((p, i): SoldRoom => {
    if (!p.rates) return { price: soldAt(request.checkIn, nights, takeOver!.amount), planCode: CHANNEL_PLAN, policy: null };
    const discount = !coupon ? null : coupon.discountType === 'fixed' ? { type: 'fixed' as const, value: fixedShares[i]! } : { type: coupon.discountType, value: coupon.discountValue };
    return { price: p.rates.quote(discount), planCode: p.rates.plan.code, policy: p.rates.policy };
  });
  const total = Math.round(sold.reduce((s, x) => s + x.price.amount, 0) * 100) / 100;
  if (request.expectedAmount !== undefined && Math.abs(request.expectedAmount - total) >= 0.005) {
    throw AppError.conflict(
      `The price of this stay is now ${total} Taka, not ${request.expectedAmount}. Please check the new price and confirm again.`,
      'PRICE_CHANGED',
    ).with({ amount: total, expectedAmount: request.expectedAmount });
  }
  return { sold, coupon };
}

/** Step 4: the guest, resolved last (a new account holds its e-mail until commit), and the booking's language. */
async function resolveGuest(tx: Executor, guestOf: GuestOf, request: ReservationRequest): Promise<{ account: Guest; language: TLanguage }> {
  const account: Guest = typeof guestOf === 'function' ? await guestOf(tx) : guestOf;
  const language = request.language ?? account.language;
  if (request.language && request.language !== account.language) await rememberLanguage(tx, account.id, request.language);
  return { account, language };
}

/** Step 5's rows: each room's booking as it is inserted. */
function bookingValues(deps: BookingDeps, request: ReservationRequest, options: Options, reservationId: string, guest: { account: Guest; language: TLanguage }, priced: readonly Priced[], sold: readonly SoldRoom[], coupon: Coupon | undefined) {
  return priced.map(({ wanted, room, rates }, i) => {
    const { price, planCode, policy } = sold[i]!;
    return {
      reservationId,
      userId: guest.account.id,
      roomId: room.id,
      roomCategory: room.category,
      roomNumber: room.roomNumber,
      checkIn: request.checkIn,
      checkOut: request.checkOut,
      adults: wanted.adults,
      children: wanted.children,
      phone: request.phone,
      address: request.address || null,
      airportShuttle: request.airportShuttle,
      nights: price.nights,
      perNightCost: price.perNightCost,
      subtotal: price.subtotal,
      discount: price.discount,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      withOutVatAndService: price.withOutVatAndService,
      serviceCharge: price.serviceCharge,
      vat: price.vat,
      amount: price.amount,
      source: options.source,
      createdBy: options.createdBy,
      ...(options.source !== 'online' ? { isConfirmed: true, confirmedAt: new Date() } : {}),
      language: guest.language,
      ratePlanCode: planCode,
      cancellationPolicy: (policy as Record<string, unknown> | null) ?? null,
      // A millisecond apart each, so that "the order they were made" is the order asked.
      createdAt: new Date(Date.now() + i),
      ...rates?.deposit(price, deps.config),
    };
  });
}

/** The answer's bookings: each row with the nights it was sold, as the API presents a booking. */
function presentBooked(deps: BookingDeps, rows: readonly { row: BookingWithGuest; lines: NightLine[] }[]): TBooking[] {
  return rows.map(({ row, lines }) =>
    presentBooking(
      row,
      deps.config,
      lines.map((line) => ({
        bookingId: row.id,
        night: line.date,
        planCode: row.ratePlanCode,
        roomPrice: line.room,
        extraAdults: line.extraAdults,
        extraChildren: line.extraChildren,
        meals: line.meals,
        overrideReason: null,
      })),
    ),
  );
}

/**
 * Books every room of `request` for one guest in one transaction, in steps: the rooms locked (in
 * one order, so two families booking overlapping rooms never deadlock) and checked, priced on
 * their plans, sold (one coupon use for the reservation, the price the guest saw), the guest
 * resolved; then the reservation, each room's booking with its nights and folio lines, and one
 * pair of confirmation mails. Any room refused refuses all.
 */
export async function createReservation(
  deps: BookingDeps,
  guestOf: GuestOf,
  request: ReservationRequest,
  options: Options,
): Promise<{ reservationId: string; bookings: TBooking[]; reservation: TReservation }> {
  const takeOver = options.takeOver;
  if (takeOver && request.rooms.length !== 1) throw new Error('A channel take-over is one room');
  const nights = takeOver
    ? nightsBetween(request.checkIn, request.checkOut)
    : checkStayDates(request.checkIn, request.checkOut, deps.config.hotel.timeZone, deps.config.bookingHorizonDays);
  const today = todayAt(deps.config.hotel.timeZone);
  const drawId = deps.newTransactionId ?? newTransactionId;
  const single = request.rooms.length === 1 ? request.rooms[0]! : null;

  let taken: BookingRoom | undefined;
  let fromMemory = true;
  const roomIds = request.rooms.map((r) => r.roomId);
  /**
   * Nothing is written before the reservation itself: no coupon used, no account made or its
   * language changed, no channel's stay taken over, no Idempotency-Key to claim.
   */
  const nothingWrittenFirst = () =>
    !takeOver && !request.couponCode && typeof guestOf !== 'function' && (!request.language || request.language === guestOf.language) && !keyToClaim();

  /**
   * One attempt. `memoryRooms` are the index's copy of the rooms: the reservation is then one call
   * sent on its own (a statement is a transaction of its own), which locks the rooms and compares
   * them; otherwise the rooms are locked first, in a transaction around every step.
   */
  const bookOnce = async (tx: Executor, memoryRooms: BookingRoom[] | undefined) => {
    const oneCall = memoryRooms !== undefined;
    // Locks in one order: the rooms (by id, in one statement), then the coupon, then the guest's account.
    const lockedRooms: BookingRoom[] = memoryRooms ?? (await lockRoomsForBooking(tx, roomIds));
    const locked = new Map(lockedRooms.map((room) => [room.id, room]));
    try {
      checkRooms(request, locked);
    } catch (refusal) {
      // The index's copy may be a moment behind (a room just back in service): a refusal is said
      // only on the rooms as the table has them, under their lock.
      throw oneCall ? new NeedsTransaction() : refusal;
    }
    // The rates from the index's calendar when it is current (no read here); the database checks
    // its number with the write, and a calendar changed since prices the stay again from the tables.
    const calendar = fromMemory && !takeOver ? deps.rates?.() : undefined;
    const stays = request.rooms.map((r) => ({ category: locked.get(r.roomId)!.category, planCode: r.ratePlan, checkIn: request.checkIn, checkOut: request.checkOut }));
    const fromCalendar = calendar && pricingReadsFrom(calendar, stays);
    if (oneCall && !fromCalendar) throw new NeedsTransaction();
    const pricedOn = fromCalendar ? calendar.version : null;
    const priced = await priceRooms(tx, deps, request, locked, options, fromCalendar ?? new Map());
    const { sold, coupon } = await sellRooms(tx, request, priced, nights, today, options);
    if (takeOver) await takeOver.release(tx);
    const guest = await resolveGuest(tx, guestOf, request);

    const reservationId = randomUUID();
    const reference = drawId();
    // Ids drawn here, so that the rows, their nights, lines and mails go to the database in one call.
    const values = bookingValues(deps, request, options, reservationId, guest, priced, sold, coupon).map((v, i) => ({
      isConfirmed: false,
      confirmedAt: null,
      deposit: 0,
      depositDueAt: null,
      ...v,
      id: randomUUID(),
      // A reservation of one room goes by its booking's reference: the guest sees one number.
      transactionId: i === 0 && single ? reference : drawId(),
    }));
    const soldRooms = values.map((v, i) => ({ v, nights: sold[i]!.price.lines as NightLine[], totals: sold[i]!.price }));
    const lines = stayLinesInOrder(soldRooms.map(({ v, nights, totals }) => ({ target: { reservationId, bookingId: v.id }, nights, totals })), options.createdBy);
    const mailed = soldRooms.map(({ v, nights }) => ({
      row: v,
      nights: nights.map((l) => ({ date: l.date, price: l.room, extraAdults: l.extraAdults, extraChildren: l.extraChildren, meals: l.meals })),
    }));
    const { addressed, texts } = splitBookingMails(await confirmationMails(deps.config, tx, mailed, guest.account, reference));
    // A text to send is written with its own statements: those need the transaction.
    if (oneCall && texts.length > 0) throw new NeedsTransaction();
    let written: Awaited<ReturnType<typeof writeReservation>>;
    try {
      written = await writeReservation(tx, {
        reservation: jsonColumns(reservations, {
          id: reservationId,
          reference,
          userId: guest.account.id,
          language: guest.language,
          source: options.source,
          createdBy: options.createdBy,
          companyName: request.companyName ?? null,
          companyBin: request.companyBin ?? null,
          holdUntil: options.holdUntil ?? null,
        }),
        bookings: values.map((v) => jsonColumns(bookingsTable, v)),
        nights: soldRooms.flatMap(({ v, nights }) => nights.map((line) => jsonColumns(bookingNights, nightRow(v.id, v.ratePlanCode, line)))),
        lines: lines.map((line) => ({ ...jsonColumns(folioLines, line.values), applies_to: line.adjusts })),
        mails: templatedMailRows(addressed),
        pricingVersion: pricedOn,
        ...(oneCall && {
          rooms: lockedRooms.map((r) => ({ id: r.id, category: r.category, room_number: r.roomNumber, supplement: r.supplement, beds: r.bedsAndBedding })),
          actor: actorSetting(),
        }),
      });
    } catch (error) {
      // The overlap rule names the room in its detail: "Key (room_id, nights)=(<id>, …) conflicts…".
      if (isExclusionViolation(error)) taken = lockedRooms.find((r) => r.id === takenRoomId(error)) ?? priced[0]!.room;
      throw error;
    }
    if (texts.length > 0) await enqueueGuestSms(deps, tx, texts);
    if (takeOver) await takeOver.link(tx, written.bookings[0]!.id);
    // The answer from what this transaction wrote, as the triggers leave it (no read back).
    const posted = lines.map((line) => ({ bookingId: line.values.bookingId ?? null, amount: line.values.amount }));
    const settled = asPosted(written.reservation, written.bookings, posted, guest.account);
    return { reservation: settled.reservation, rows: soldRooms.map(({ nights }, i) => ({ row: settled.bookings[i]!, lines: nights })) };
  };

  /** The one call alone when the index holds the rooms and rates and nothing is written first; else a transaction. */
  const book = async () => {
    const memoryRooms = fromMemory && !takeOver && nothingWrittenFirst() ? deps.rooms?.(roomIds) : undefined;
    if (memoryRooms) {
      try {
        return await runAgainWhenAborted(() => bookOnce(deps.db, memoryRooms));
      } catch (error) {
        if (!(error instanceof NeedsTransaction)) throw error;
      }
    }
    return inTransaction(deps.db, (tx) => bookOnce(tx, undefined));
  };

  /** A reference drawn that is in use already runs the whole transaction again with new ones. */
  const bookWithFreshReferences = async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await book();
      } catch (error) {
        // The index's copy of the rates or rooms changed since it was read: read them from the tables.
        if (isPricingStale(error) || isRoomsStale(error)) {
          fromMemory = false;
          continue;
        }
        if (!isReferenceTaken(error)) throw error;
        if (attempt >= REFERENCE_ATTEMPTS) throw new Error(`No free transaction id after ${attempt} draws`, { cause: error });
      }
    }
  };

  let result: Awaited<ReturnType<typeof book>>;
  try {
    result = single ? await deps.roomQueue.run(single.roomId, bookWithFreshReferences) : await bookWithFreshReferences();
  } catch (error) {
    if (isExclusionViolation(error)) throw taken && !single ? await takenWithAlternatives(deps, request, taken) : roomTaken();
    throw error;
  }
  deps.mailer.kick();
  const { reservation, rows } = result;
  const bookings = presentBooked(deps, rows);
  return { reservationId: reservation.id, bookings, reservation: reservationAnswer(reservation, rows.map((r) => r.row), bookings) };
}

/** A step of a one-call attempt needs a statement of its own: the attempt runs again as a transaction (nothing was written). */
class NeedsTransaction extends Error {}

const paisa = (value: number) => Math.round(value * 100) / 100;

/**
 * A new reservation and its bookings as the folio triggers of migrations 0017 and 0018 leave them
 * once its lines are posted, worked out from what the transaction wrote instead of read back:
 * nothing paid or refunded yet, so each booking's `charged` is the sum of its lines, nothing of
 * the money is its share, it is 'Paid' (since it was booked) only when the reservation charges
 * nothing, and an active booking's whole deposit is due. (booking-answer.test.ts holds this
 * answer to the one a read gives afterwards.)
 */
function asPosted(
  reservation: ReservationRow,
  rows: readonly BookingRow[],
  lines: readonly { bookingId: string | null; amount: number }[],
  guest: Guest,
): { reservation: ReservationRow; bookings: BookingWithGuest[] } {
  const charged = new Map<string, number>();
  for (const line of lines) if (line.bookingId) charged.set(line.bookingId, paisa((charged.get(line.bookingId) ?? 0) + line.amount));
  const total = paisa(lines.reduce((sum, line) => sum + line.amount, 0));
  const settled = paisa(total - reservation.paid + reservation.refunded) <= 0;
  return {
    reservation: { ...reservation, charged: total },
    bookings: rows.map((row) => {
      const paid = settled && (reservation.paid > 0 || row.status === 'active');
      return {
        ...row,
        guestName: guest.name,
        guestEmail: guest.email,
        reservationReference: reservation.reference,
        charged: charged.get(row.id) ?? 0,
        paidAmount: 0,
        paymentStatus: paid ? 'Paid' : 'Pending',
        paidAt: paid ? (row.paidAt ?? row.createdAt) : null,
        depositDue: row.status === 'active' ? row.deposit : 0,
      };
    }),
  };
}

/** One room for `guest` (POST /api/bookings, the walk-in form, a channel's stay at the desk): a one-room reservation. */
export async function createBooking(deps: BookingDeps, guestOf: GuestOf, request: StayRequest, options: Options): Promise<TBooking> {
  const { roomId, adults, children, ratePlan, ...stay } = request;
  const { bookings } = await createReservation(deps, guestOf, { ...stay, rooms: [{ roomId, adults, children, ratePlan }] }, options);
  return bookings[0]!;
}

/** `GET /api/reservations/:id`: the reservation with its rooms' bookings; `ownerId` limits it to its guest (others: 404). */
export async function getReservation(deps: BookingDeps, id: string, ownerId?: string): Promise<TReservation> {
  const reservation = await findReservation(deps.db, id);
  if (!reservation || (ownerId !== undefined && reservation.userId !== ownerId)) {
    throw AppError.notFound('This reservation does not exist.', 'RESERVATION_NOT_FOUND');
  }
  return presentReservation(deps, deps.db, reservation);
}

/**
 * `GET /api/reservations/my-reservations`: the guest's reservations, a page of them newest first,
 * each with its rooms inside (issue 31: My Bookings shows one card per reservation). Paged by
 * reservation, so a reservation's rooms are never split over two pages. Three reads whatever the
 * page holds: the reservations, their bookings, their nights.
 */
export async function getGuestReservations(deps: BookingDeps, userId: string, query: { page: number; limit: number }) {
  const { data, total } = await listReservationsOf(deps.db, userId, query.page, query.limit);
  const rooms = await bookingsOfReservations(deps.db, data.map((r) => r.id));
  const nights = await nightsOf(deps.db, [...rooms.values()].flat().map((b) => b.id));
  const answers = data.flatMap((reservation) => {
    const rows = rooms.get(reservation.id) ?? [];
    // Every reservation holds a room (bookings.reservation_id is not null and a room is never deleted); none would be no card.
    return rows.length === 0 ? [] : [reservationAnswer(reservation, rows, rows.map((r) => presentBooking(r, deps.config, nights.get(r.id) ?? [])))];
  });
  return { data: answers, meta: { page: query.page, limit: query.limit, total } };
}

/** A reservation as the API answers it. */
async function presentReservation(deps: BookingDeps, db: Executor, reservation: NonNullable<Awaited<ReturnType<typeof findReservation>>>): Promise<TReservation> {
  const rows = await bookingsOfReservation(db, reservation.id);
  const nights = await nightsOf(db, rows.map((r) => r.id));
  return reservationAnswer(reservation, rows, rows.map((r) => presentBooking(r, deps.config, nights.get(r.id) ?? [])));
}

/** The answer from the reservation's row, its bookings' rows and their answers. */
function reservationAnswer(
  reservation: NonNullable<Awaited<ReturnType<typeof findReservation>>>,
  rows: readonly BookingWithGuest[],
  bookings: TBooking[],
): TReservation {
  const first = rows[0]!;
  return {
    _id: reservation.id,
    reference: reservation.reference,
    user: { _id: first.userId, name: first.guestName, email: first.guestEmail },
    checkIn: rows.reduce((min, r) => (r.checkIn < min ? r.checkIn : min), first.checkIn),
    checkOut: rows.reduce((max, r) => (r.checkOut > max ? r.checkOut : max), first.checkOut),
    source: reservation.source,
    companyName: reservation.companyName,
    companyBin: reservation.companyBin,
    bookings,
    ...reservationDeposit(bookings),
    amount: Math.round(rows.reduce((s, r) => s + r.amount, 0) * 100) / 100,
    charged: reservation.charged,
    paid: reservation.paid,
    refunded: reservation.refunded,
    balance: folioBalanceOf(reservation),
    createdAt: reservation.createdAt.toISOString(),
    holdUntil: reservation.holdUntil?.toISOString() ?? null,
    holdEndedAt: reservation.holdLapsedAt?.toISOString() ?? null,
  };
}
