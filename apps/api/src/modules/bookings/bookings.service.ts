import {
  guestsFit,
  normalizeCouponCode,
  priceStay,
  todayAt,
  type EmailTemplateType,
  type TBooking,
} from '@residency/shared';
import { formatAmount, formatLongDate } from '@residency/shared/display';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../../lib/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { newReference } from '../../lib/references.ts';
import { isExclusionViolation } from '../../lib/database-errors.ts';
import { inTransaction, KeyedQueue } from '../../lib/transactions.ts';
import { checkStayDates } from '../../lib/stay-dates.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { couponProblem } from '../coupons/coupons.service.ts';
import { findCouponByCode, releaseCouponUse, takeCouponUse } from '../coupons/coupons.repository.ts';
import { renderBookingMail } from '../email-templates/email-templates.service.ts';
import { lockRoomForBooking } from '../rooms/rooms.repository.ts';
import {
  currentOrFutureStays,
  findBooking,
  hasOverlappingStay,
  insertBooking,
  listBookings,
  updateBooking,
  type BookingRow,
  type BookingWithGuest,
} from './bookings.repository.ts';

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
export type BookingGuest = Pick<UserRow, 'id' | 'name' | 'email'>;
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
}

export function presentBooking(row: BookingWithGuest): TBooking {
  return {
    _id: row.id,
    transactionId: row.transactionId,
    user: { _id: row.userId, name: row.guestName, email: row.guestEmail },
    phone: row.phone,
    address: row.address,
    room: { _id: row.roomId, category: row.roomCategory, roomNumber: row.roomNumber },
    startDate: row.checkIn,
    endDate: row.checkOut,
    adults: row.adults,
    children: row.children,
    airportShuttle: row.airportShuttle,
    nights: row.nights,
    perNightCost: row.perNightCost,
    subtotal: row.subtotal,
    discount: row.discount,
    couponCode: row.couponCode,
    withOutVatAndService: row.withOutVatAndService,
    serviceCharge: row.serviceCharge,
    vat: row.vat,
    amount: row.amount,
    paymentStatus: row.paymentStatus,
    isConfirmed: row.isConfirmed,
    status: row.status,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
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

// Mails write amounts and dates as the booking pages do (৳9,487.50; Tue, Dec 1, 2026).
const taka = (value: number) => formatAmount(value);
const longDate = (iso: string) => formatLongDate(iso);

/** Writes booking e-mails to the outbox in the caller's transaction, in one statement. */
async function enqueueBookingMails(
  deps: BookingDeps,
  tx: Executor,
  mails: { type: EmailTemplateType; to: string; variables: Record<string, string> }[],
) {
  await deps.mailer.enqueue(
    tx,
    mails.map(({ type, to, variables }) => ({ kind: type, to, ...renderBookingMail(deps.config, type, variables) })),
  );
}

function confirmationVariables(deps: BookingDeps, booking: BookingRow, guest: { name: string; email: string }) {
  return {
    name: guest.name,
    email: guest.email,
    reservationId: booking.transactionId,
    roomType: booking.roomCategory,
    roomNumber: booking.roomNumber,
    startDate: longDate(booking.checkIn),
    endDate: longDate(booking.checkOut),
    amount: taka(booking.amount),
    phone: booking.phone,
    address: booking.address ?? '-',
    nights: String(booking.nights),
    perNightCost: taka(booking.perNightCost),
    subtotal: taka(booking.subtotal),
    // Empty without a coupon: the mail then leaves the discount line out.
    discount: booking.discount > 0 ? taka(booking.discount) : '',
    couponCode: booking.discount > 0 ? (booking.couponCode ?? '') : '',
    vat: taka(booking.vat),
    serviceCharge: taka(booking.serviceCharge),
    withOutVatAndService: taka(booking.withOutVatAndService),
    orderDate: longDate(todayAt(deps.config.hotel.timeZone, booking.createdAt)),
    admin_email: deps.config.hotel.email,
  };
}

function stayVariables(booking: BookingRow, guest: { name: string; email: string }) {
  return {
    name: guest.name,
    email: guest.email,
    transactionId: booking.transactionId,
    room: `${booking.roomCategory} (${booking.roomNumber})`,
    startDate: longDate(booking.checkIn),
    endDate: longDate(booking.checkOut),
    amount: taka(booking.amount),
  };
}

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
  options: { source: 'online' | 'walk-in'; createdBy: string },
): Promise<TBooking> {
  const nights = checkStayDates(request.checkIn, request.checkOut, deps.config.hotel.timeZone);
  const today = todayAt(deps.config.hotel.timeZone);

  const drawId = deps.newTransactionId ?? newTransactionId;
  let booking: BookingRow;
  let guest: BookingGuest;
  // In a rush on one room (others are booking it in this process right now) most requests are
  // for nights that just went: those are refused at once instead of waiting their turn in the
  // queue. A room nobody else is booking goes straight to the transaction, which checks anyway.
  if (deps.roomQueue.busy(request.roomId) && (await hasOverlappingStay(deps.db, request.roomId, request.checkIn, request.checkOut))) {
    throw roomTaken();
  }
  try {
    // Locks in one order: the room (which also queues bookings of one room), then the coupon,
    // then the guest's account. Waiting happens in the room queue, not on a pooled connection.
    [booking, guest] = await deps.roomQueue.run(request.roomId, () => inTransaction(deps.db, async (tx): Promise<[BookingRow, BookingGuest]> => {
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

      const subtotal = nights * room.price;
      let coupon: Awaited<ReturnType<typeof findCouponByCode>>;
      if (request.couponCode) {
        coupon = await findCouponByCode(tx, normalizeCouponCode(request.couponCode));
        if (!coupon) throw AppError.badRequest('There is no coupon with this code.', 'COUPON_INVALID');
        const problem = couponProblem(coupon, subtotal, today);
        if (problem) throw AppError.badRequest(problem, 'COUPON_INVALID');
        if (!(await takeCouponUse(tx, coupon.id))) {
          throw AppError.conflict('This coupon has been fully used.', 'COUPON_USED_UP');
        }
      }
      const price = priceStay({
        nights,
        perNightCost: room.price,
        discount: coupon ? { type: coupon.discountType, value: coupon.discountValue } : null,
        serviceChargePercent: deps.config.serviceChargePercent,
        vatPercent: deps.config.vatPercent,
      });

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
      };
      // A reference already in use is drawn again rather than failing the booking.
      let row: BookingRow | undefined;
      for (let attempt = 0; !row && attempt < TRANSACTION_ID_ATTEMPTS; attempt += 1) {
        row = await insertBooking(tx, { ...values, transactionId: drawId() });
      }
      if (!row) throw new Error(`No free transaction id after ${TRANSACTION_ID_ATTEMPTS} draws`);
      const variables = confirmationVariables(deps, row, account);
      await enqueueBookingMails(deps, tx, [
        { type: 'BOOKING_CONFIRMATION_USER', to: account.email, variables },
        { type: 'BOOKING_CONFIRMATION_ADMIN', to: deps.config.hotel.email, variables },
      ]);
      return [row, account];
    }));
  } catch (error) {
    if (isExclusionViolation(error)) throw roomTaken();
    throw error;
  }
  deps.mailer.kick();
  return presentBooking({ ...booking, guestName: guest.name, guestEmail: guest.email });
}

export async function getBookings(deps: BookingDeps, query: { page: number; limit: number; searchTerm?: string; userId?: string }) {
  const { data, total } = await listBookings(deps.db, query);
  return { data: data.map(presentBooking), meta: { page: query.page, limit: query.limit, total } };
}

const notFound = () => AppError.notFound('This booking does not exist.', 'BOOKING_NOT_FOUND');

/**
 * The transitions of spec section 4: not confirmed → confirmed; confirmed and pending → paid.
 * Anything else is refused (409). The guest gets BOOKING_STATUS_UPDATE each time.
 */
export async function changeBooking(
  deps: BookingDeps,
  id: string,
  change: { isConfirmed: true } | { paymentStatus: 'Paid' },
): Promise<{ booking: TBooking; message: string }> {
  const result = await inTransaction(deps.db, async (tx) => {
    const current = await findBooking(tx, id, true);
    if (!current) throw notFound();
    if (current.status === 'cancelled') throw AppError.conflict('A cancelled booking cannot be changed.', 'BOOKING_CANCELLED');
    let updated: BookingRow;
    let message: string;
    if ('isConfirmed' in change) {
      if (current.isConfirmed) throw AppError.conflict('This booking is already confirmed.', 'ALREADY_CONFIRMED');
      updated = await updateBooking(tx, id, { isConfirmed: true, confirmedAt: new Date() });
      message = `Booking: ${current.transactionId} is confirmed`;
    } else {
      if (!current.isConfirmed) throw AppError.conflict('Confirm the booking before marking it paid.', 'NOT_CONFIRMED');
      if (current.paymentStatus === 'Paid') throw AppError.conflict('This booking is already paid.', 'ALREADY_PAID');
      updated = await updateBooking(tx, id, { paymentStatus: 'Paid', paidAt: new Date() });
      message = `Booking: ${current.transactionId} is Paid`;
    }
    const guest = { name: current.guestName, email: current.guestEmail };
    await enqueueBookingMails(deps, tx, [
      {
        type: 'BOOKING_STATUS_UPDATE',
        to: guest.email,
        variables: {
          ...stayVariables(updated, guest),
          paymentStatus: updated.paymentStatus,
          confirmation: updated.isConfirmed ? 'Confirmed' : 'Not confirmed',
        },
      },
    ]);
    return { booking: presentBooking({ ...updated, guestName: guest.name, guestEmail: guest.email }), message };
  });
  deps.mailer.kick();
  return result;
}

/** Cancels: the booking stays on record as cancelled (who, when), its dates are free again, the guest is told. */
export async function cancelBooking(deps: BookingDeps, id: string, by: string): Promise<TBooking> {
  const result = await inTransaction(deps.db, async (tx) => {
    const current = await findBooking(tx, id, true);
    if (!current) throw notFound();
    if (current.status === 'cancelled') throw AppError.conflict('This booking is already cancelled.', 'BOOKING_CANCELLED');
    const updated = await updateBooking(tx, id, { status: 'cancelled', cancelledAt: new Date(), cancelledBy: by });
    // A cancelled stay did not use its offer: the coupon's use is given back (the booking keeps its code).
    if (current.couponId) await releaseCouponUse(tx, current.couponId);
    const guest = { name: current.guestName, email: current.guestEmail };
    await enqueueBookingMails(deps, tx, [
      {
        type: 'BOOKING_CANCELLATION',
        to: guest.email,
        variables: { ...stayVariables(updated, guest), cancellationDate: longDate(todayAt(deps.config.hotel.timeZone)) },
      },
    ]);
    return presentBooking({ ...updated, guestName: guest.name, guestEmail: guest.email });
  });
  deps.mailer.kick();
  return result;
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

export async function getBooking(deps: BookingDeps, id: string): Promise<TBooking> {
  const row = await findBooking(deps.db, id);
  if (!row) throw notFound();
  return presentBooking(row);
}
