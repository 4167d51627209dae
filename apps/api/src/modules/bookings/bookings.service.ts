import {
  guestCancelRefusal,
  addDays,
  guestsFit,
  nightsBetween,
  staffRefusal,
  todayAt,
  type BookingState,
  type NightLine,
  type TCancellationQuote,
  type PaymentState,
  type TBooking,
  type TLanguage,
} from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../../lib/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { newReference } from '../../lib/references.ts';
import { isExclusionViolation } from '../../lib/database-errors.ts';
import { inTransaction, KeyedQueue } from '../../lib/transactions.ts';
import { checkStayDates } from '../../lib/stay-dates.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { redeemCoupon, returnCouponUse } from '../coupons/coupons.service.ts';
import { lockRoomForBooking } from '../rooms/rooms.service.ts';
import { cancellationMail, confirmationMails, enqueueBookingMails, statusUpdateMail } from './booking-mails.ts';
import { guestCancelPolicy } from '../../lib/guest-cancel-policy.ts';
import { presentBooking, stayFacts } from './booking-presenter.ts';
import { cancellationQuote } from './cancellation.ts';
import { priceStayOnPlan } from '../rates/rates.service.ts';
import {
  currentOrFutureStays,
  insertNights,
  nightsOf,
  findBooking,
  hasOverlappingStay,
  insertBooking,
  listBookings,
  rememberLanguage,
  updateBooking,
  type BookingRow,
} from './bookings.repository.ts';
import { bookingNotFound, changeLockedBooking, refuseIf, type ChangeContext } from './locked-booking.ts';
import { addPayment } from './payments.service.ts';
import { paymentsOf } from './payments.repository.ts';

export interface BookingDeps {
  db: Database;
  mailer: Mailer;
  config: Config;
  /** Bookings of one room, one at a time in this process (see KeyedQueue). */
  roomQueue: KeyedQueue;
  /** Draws booking references; tests pass their own to force a collision. */
  newTransactionId?: () => string;
}

/** The guest of a booking: the caller's own account, or one found or created in the booking's transaction. */
type BookingGuest = Pick<UserRow, 'id' | 'name' | 'email' | 'language'>;
export type GuestOf = BookingGuest | ((tx: Executor) => Promise<BookingGuest>);

export interface StayRequest {
  roomId: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  phone: string;
  address?: string;
  airportShuttle: boolean;
  couponCode?: string;
  /** The site's language when booking; without it, the account's. The stay's mails are written in it. */
  language?: TLanguage;
  /** The rate plan's code; the Standard plan when absent. */
  ratePlan?: string;
  /** The amount the guest saw: a different price refuses the booking (409 PRICE_CHANGED). */
  expectedAmount?: number;
}

/**
 * A channel's stay that the desk turns into a reservation when the guest arrives: the block's
 * nights pass to the reservation in the booking's transaction (`release` before the insert, `link`
 * after it), priced at what the channel sold it for.
 */
export interface ChannelTakeOver {
  /** Taka the channel sold the stay at, all in. */
  amount: number;
  release: (tx: Executor) => Promise<void>;
  link: (tx: Executor, bookingId: string) => Promise<void>;
}

/** The plan code of a channel's stay taken over at the desk: the channel priced it, not our calendar. */
const CHANNEL_PLAN = 'CHANNEL';

/**
 * A channel's price taken as sold: the whole amount, spread over the nights (the last night takes
 * the paisa left over, so the lines add up to it). The channel priced it, so no service charge or
 * VAT is added on top here.
 */
function soldAt(checkIn: string, nights: number, amount: number) {
  const perNightCost = Math.round((amount / nights) * 100) / 100;
  const lines = Array.from({ length: nights }, (_, i) => {
    const room = i < nights - 1 ? perNightCost : Math.round((amount - perNightCost * (nights - 1)) * 100) / 100;
    return { date: addDays(checkIn, i), room, extraAdults: 0, extraChildren: 0, meals: 0, total: room };
  });
  return { nights, perNightCost, subtotal: amount, discount: 0, withOutVatAndService: amount, serviceCharge: 0, vat: 0, amount, lines };
}

/** A readable, unguessable booking reference such as RSV-7K3F9Q2M. */
export function newTransactionId(): string {
  return newReference('RSV');
}

const roomTaken = () =>
  AppError.conflict(
    'Sorry, this room was just booked for some of these dates. Please choose another room or other dates.',
    'ROOM_NOT_AVAILABLE',
  );

/** A new BookingDeps' queue: one per server process. */
export const newRoomQueue = () => new KeyedQueue();

/** Draws for a free booking reference: 30^8 ids, so even with a million bookings five taken draws in a row do not happen. */
const TRANSACTION_ID_ATTEMPTS = 5;

/**
 * Books a room for `guest`. Everything is checked and priced here (a price sent by a client is
 * never used); the booking, the coupon use, the guest's account when `guest` finds or creates
 * it, and both confirmation e-mails are written in one transaction, so a refused booking leaves
 * none of them behind. An overlapping stay is refused by the database itself (409).
 */
export async function createBooking(
  deps: BookingDeps,
  guestOf: GuestOf,
  request: StayRequest,
  options: { source: 'online' | 'walk-in' | 'channel'; createdBy: string; takeOver?: ChannelTakeOver },
): Promise<TBooking> {
  const takeOver = options.takeOver;
  // A channel's guest may arrive after the first night of their block: those dates stand.
  const nights = takeOver
    ? nightsBetween(request.checkIn, request.checkOut)
    : checkStayDates(request.checkIn, request.checkOut, deps.config.hotel.timeZone);
  const today = todayAt(deps.config.hotel.timeZone);

  const drawId = deps.newTransactionId ?? newTransactionId;
  let booking: BookingRow;
  let guest: BookingGuest;
  let sold: NightLine[];
  // In a rush on one room (others are booking it in this process right now) most requests are
  // for nights that just went: those are refused at once instead of waiting their turn in the
  // queue. A room nobody else is booking goes straight to the transaction, which checks anyway.
  if (!takeOver && deps.roomQueue.busy(request.roomId) && (await hasOverlappingStay(deps.db, request.roomId, request.checkIn, request.checkOut))) {
    throw roomTaken();
  }
  try {
    // Locks in one order: the room (which also queues bookings of one room), then the coupon,
    // then the guest's account. Waiting happens in the room queue, not on a pooled connection.
    [booking, guest, sold] = await deps.roomQueue.run(request.roomId, () => inTransaction(deps.db, async (tx): Promise<[BookingRow, BookingGuest, NightLine[]]> => {
      const room = await lockRoomForBooking(tx, request.roomId);
      if (!room) throw AppError.notFound('This room does not exist or was deleted.', 'ROOM_NOT_FOUND');
      if (room.status === 'maintenance' || room.status === 'unavailable') {
        throw AppError.conflict('This room cannot be booked at the moment. Please choose another room.', 'ROOM_OUT_OF_SERVICE');
      }
      const beds = room.bedsAndBedding as { maximum_adults?: number; maximum_children?: number; maximum_occupancy?: number };
      if (!guestsFit({ adults: request.adults, children: request.children }, beds)) {
        throw AppError.badRequest(
          `This room sleeps at most ${beds.maximum_adults ?? 3} adult(s) and ${beds.maximum_children ?? 0} child(ren), ${beds.maximum_occupancy ?? 3} guests in all.`,
          'TOO_MANY_GUESTS',
        );
      }

      // The calendar prices the stay on its plan and its rules may refuse it (400 STAY_RULE);
      // a channel's stay keeps the channel's price.
      const rates = takeOver
        ? null
        : await priceStayOnPlan(tx, {
            category: room.category,
            planCode: request.ratePlan,
            checkIn: request.checkIn,
            checkOut: request.checkOut,
            adults: request.adults,
            children: request.children,
            supplement: room.supplement,
            serviceChargePercent: deps.config.serviceChargePercent,
            vatPercent: deps.config.vatPercent,
            sellsAt: options.source === 'online' ? 'online' : 'desk',
          });
      if (rates && request.couponCode && !rates.plan.couponsAllowed) {
        throw AppError.badRequest('Coupons cannot be used with this rate plan.', 'COUPON_NOT_FOR_PLAN');
      }
      const coupon = rates && request.couponCode ? await redeemCoupon(tx, request.couponCode, rates.quote(null).subtotal, today) : undefined;
      const price = rates
        ? rates.quote(coupon ? { type: coupon.discountType, value: coupon.discountValue } : null)
        : soldAt(request.checkIn, nights, takeOver!.amount);
      const planCode = rates?.plan.code ?? CHANNEL_PLAN;
      // Never charge a price the guest did not see: the rates (or a coupon) changed since.
      if (request.expectedAmount !== undefined && Math.abs(request.expectedAmount - price.amount) >= 0.005) {
        throw AppError.conflict(
          `The price of this stay is now ${price.amount} Taka, not ${request.expectedAmount}. Please check the new price and confirm again.`,
          'PRICE_CHANGED',
        ).with({ amount: price.amount, expectedAmount: request.expectedAmount });
      }
      // The block's nights pass to the reservation in this transaction (see takeOverBlock).
      if (takeOver) await takeOver.release(tx);

      // Resolved last: a new guest account holds its e-mail until commit, and a second desk
      // booking the same e-mail waits on it for as short a time as possible.
      const account = typeof guestOf === 'function' ? await guestOf(tx) : guestOf;
      const values = {
        userId: account.id,
        roomId: room.id,
        roomCategory: room.category,
        roomNumber: room.roomNumber,
        checkIn: request.checkIn,
        checkOut: request.checkOut,
        adults: request.adults,
        children: request.children,
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
        // A walk-in, or a channel's guest at the desk, is taken by the desk itself: confirmed at once.
        ...(options.source !== 'online' ? { isConfirmed: true, confirmedAt: new Date() } : {}),
        // A stay that costs nothing (a coupon took it all) is paid in full from the start.
        ...(price.amount === 0 ? { paymentStatus: 'Paid' as const, paidAt: new Date() } : {}),
        language: request.language ?? account.language,
        ratePlanCode: planCode,
        cancellationPolicy: rates?.policy ?? null,
      };
      // The guest's latest choice of language is theirs from now on (mails about their account too).
      if (request.language && request.language !== account.language) await rememberLanguage(tx, account.id, request.language);
      // A reference already in use is drawn again rather than failing the booking.
      let row: BookingRow | undefined;
      for (let attempt = 0; !row && attempt < TRANSACTION_ID_ATTEMPTS; attempt += 1) {
        row = await insertBooking(tx, { ...values, transactionId: drawId() });
      }
      if (!row) throw new Error(`No free transaction id after ${TRANSACTION_ID_ATTEMPTS} draws`);
      await insertNights(tx, row.id, planCode, price.lines);
      if (takeOver) await takeOver.link(tx, row.id);
      const sold = price.lines.map((l) => ({ date: l.date, price: l.room, extraAdults: l.extraAdults, extraChildren: l.extraChildren, meals: l.meals }));
      await enqueueBookingMails(deps, tx, confirmationMails(deps.config, row, account, sold));
      return [row, account, price.lines];
    }));
  } catch (error) {
    if (isExclusionViolation(error)) throw roomTaken();
    throw error;
  }
  deps.mailer.kick();
  const soldNights = sold.map((line) => ({
    bookingId: booking.id,
    night: line.date,
    planCode: booking.ratePlanCode,
    roomPrice: line.room,
    extraAdults: line.extraAdults,
    extraChildren: line.extraChildren,
    meals: line.meals,
    overrideReason: null,
  }));
  return presentBooking({ ...booking, guestName: guest.name, guestEmail: guest.email }, deps.config, soldNights);
}

export interface BookingQuery {
  page: number;
  limit: number;
  searchTerm?: string;
  state?: BookingState;
  payment?: PaymentState;
  from?: string;
  to?: string;
  /** Only this guest's bookings. */
  userId?: string;
}

export async function getBookings(deps: BookingDeps, query: BookingQuery) {
  const { data, total } = await listBookings(deps.db, query);
  const nights = await nightsOf(deps.db, data.map((row) => row.id));
  return { data: data.map((row) => presentBooking(row, deps.config, nights.get(row.id) ?? [])), meta: { page: query.page, limit: query.limit, total } };
}

/**
 * `PATCH /api/bookings/:id`, the transitions of spec section 4: not confirmed → confirmed;
 * confirmed with a balance → Paid, which records the whole balance as one cash payment (so
 * the payments always explain `paymentStatus`). Anything else is refused (409). The guest gets
 * BOOKING_STATUS_UPDATE each time.
 */
export async function changeBooking(
  deps: BookingDeps,
  id: string,
  change: { isConfirmed: true } | { paymentStatus: 'Paid' },
  by: string,
): Promise<{ booking: TBooking; message: string }> {
  return changeLockedBooking(deps, id, async (context) => {
    const { tx, current, today, now } = context;
    const guest = { name: current.guestName, email: current.guestEmail };
    if ('isConfirmed' in change) {
      refuseIf(staffRefusal('confirm', stayFacts(current), today));
      const updated = await updateBooking(tx, id, { isConfirmed: true, confirmedAt: now });
      await enqueueBookingMails(deps, tx, [statusUpdateMail(updated, guest)]);
      return `Booking: ${current.transactionId} is confirmed`;
    }
    refuseIf(staffRefusal('pay', stayFacts(current), today));
    if (!current.isConfirmed) refuseIf({ code: 'NOT_CONFIRMED', message: 'Confirm the booking before marking it paid.' });
    await addPayment(context, deps, { amount: stayFacts(current).balance, method: 'cash', note: 'Marked paid' }, by);
    return `Booking: ${current.transactionId} is Paid`;
  });
}

/** Cancelled: kept on record (who, when), its nights free again, its coupon use given back, the guest told. */
async function cancel(deps: BookingDeps, { tx, current, now }: ChangeContext, by: string): Promise<string> {
  // What it cost under the plan's policy is recorded with it (issue 21; the folio of issue 22 charges it).
  const { fee } = cancellationQuote(current, (await nightsOf(tx, [current.id])).get(current.id) ?? [], deps.config, now);
  const updated = await updateBooking(tx, current.id, { status: 'cancelled', cancelledAt: now, cancelledBy: by, cancellationFee: fee });
  // A cancelled stay did not use its offer: the coupon's use is given back (the booking keeps its code).
  if (current.couponId) await returnCouponUse(tx, current.couponId);
  await enqueueBookingMails(deps, tx, [cancellationMail(deps.config, updated, { name: current.guestName, email: current.guestEmail })]);
  return 'Booking is canceled';
}

/** `DELETE /api/bookings/:id` (staff, admins): an unconfirmed or confirmed stay that is not over. */
export function cancelBooking(deps: BookingDeps, id: string, by: string): Promise<{ booking: TBooking; message: string }> {
  return changeLockedBooking(deps, id, async (context) => {
    refuseIf(staffRefusal('cancel', stayFacts(context.current), context.today));
    return cancel(deps, context, by);
  });
}

/**
 * `POST /api/bookings/:id/cancel`: the guest cancels their own booking, while it is unconfirmed
 * or confirmed and not checked in to; what it costs follows the plan's cancellation policy
 * (free until its cut-off, then its penalty), recorded on the booking. Someone else's booking is
 * a 404: its existence is not revealed.
 */
export function guestCancelBooking(deps: BookingDeps, id: string, guestId: string): Promise<{ booking: TBooking; message: string }> {
  return changeLockedBooking(
    deps,
    id,
    async (context) => {
      refuseIf(guestCancelRefusal(stayFacts(context.current), context.now, guestCancelPolicy(deps.config)));
      return cancel(deps, context, guestId);
    },
    { ownerId: guestId },
  );
}

/**
 * The rooms guard of the rooms feature: a room with a current or future stay is never removed.
 * The answer names the first such stay in English (API clients, the delete refusal) and, in
 * `details`, as code ROOM_HAS_STAY with the stay's dates and id, so the web can say it in Bengali.
 */
export function bookingRoomGuard(config: Config) {
  return async (tx: Executor, roomIds: string[]) => {
    const stays = await currentOrFutureStays(tx, roomIds, todayAt(config.hotel.timeZone));
    const reasons = Object.assign(new Map<string, string>(), {
      details: new Map<string, { code: 'ROOM_HAS_STAY'; params: Record<string, string> }>(),
    });
    for (const stay of stays) {
      if (reasons.has(stay.roomId)) continue;
      reasons.set(stay.roomId, `it has a stay from ${stay.checkIn} to ${stay.checkOut} (${stay.transactionId}).`);
      reasons.details.set(stay.roomId, {
        code: 'ROOM_HAS_STAY',
        params: { checkIn: stay.checkIn, checkOut: stay.checkOut, transactionId: stay.transactionId },
      });
    }
    return reasons;
  };
}

/**
 * `GET /api/bookings/:id/cancellation`: what cancelling now would cost, for the guest (their own
 * booking; another's is a 404) or the desk, before they confirm.
 */
export async function getCancellationQuote(deps: BookingDeps, id: string, ownerId?: string): Promise<TCancellationQuote> {
  const row = await findBooking(deps.db, id);
  if (!row || (ownerId !== undefined && row.userId !== ownerId)) throw bookingNotFound();
  return cancellationQuote(row, (await nightsOf(deps.db, [id])).get(id) ?? [], deps.config, new Date());
}

/** One booking with its payments. */
export async function getBooking(deps: BookingDeps, id: string): Promise<TBooking> {
  const row = await findBooking(deps.db, id);
  if (!row) throw bookingNotFound();
  const nights = await nightsOf(deps.db, [id]);
  return presentBooking(row, deps.config, nights.get(id) ?? [], await paymentsOf(deps.db, id));
}
