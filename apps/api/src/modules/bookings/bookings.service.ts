import { randomInt } from 'node:crypto';
import {
  guestsFit,
  nightsBetween,
  normalizeCouponCode,
  priceStay,
  todayAt,
  type EmailTemplateType,
  type TBooking,
} from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../../lib/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { couponProblem } from '../coupons/coupons.service.ts';
import { findCouponByCode, takeCouponUse } from '../coupons/coupons.repository.ts';
import { renderBookingMail } from '../email-templates/email-templates.service.ts';
import { findActiveRoom } from '../rooms/rooms.repository.ts';
import {
  currentOrFutureStays,
  findBooking,
  insertBooking,
  listBookings,
  updateBooking,
  type BookingRow,
  type BookingWithGuest,
} from './bookings.repository.ts';

/** The longest stay one booking may hold. */
export const MAX_NIGHTS = 60;

export interface BookingDeps {
  db: Database;
  mailer: Mailer;
  config: Config;
}

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

const ID_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** A readable, unguessable booking reference such as RSV-7K3F9Q2M (no I, L, O, U, 0 or 1 to misread). */
export function newTransactionId(): string {
  let id = '';
  for (let i = 0; i < 8; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `RSV-${id}`;
}

const isOverlap = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
  return e?.code === '23P01' || e?.cause?.code === '23P01';
};

const taka = (value: number) => `৳${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** Writes one booking e-mail to the outbox in the caller's transaction. */
async function enqueueBookingMail(
  deps: BookingDeps,
  tx: Executor,
  type: EmailTemplateType,
  to: string,
  variables: Record<string, string>,
) {
  const mail = renderBookingMail(deps.config, type, variables);
  await deps.mailer.enqueue(tx, { kind: type, to, ...mail });
}

function confirmationVariables(deps: BookingDeps, booking: BookingRow, guest: { name: string; email: string }) {
  return {
    name: guest.name,
    email: guest.email,
    reservationId: booking.transactionId,
    roomType: booking.roomCategory,
    roomNumber: booking.roomNumber,
    startDate: booking.checkIn,
    endDate: booking.checkOut,
    amount: taka(booking.amount),
    phone: booking.phone,
    address: booking.address ?? '-',
    nights: String(booking.nights),
    perNightCost: taka(booking.perNightCost),
    vat: taka(booking.vat),
    serviceCharge: taka(booking.serviceCharge),
    withOutVatAndService: taka(booking.withOutVatAndService),
    orderDate: todayAt(deps.config.hotel.timeZone, booking.createdAt),
    admin_email: deps.config.hotel.email,
  };
}

function stayVariables(booking: BookingRow, guest: { name: string; email: string }) {
  return {
    name: guest.name,
    email: guest.email,
    transactionId: booking.transactionId,
    room: `${booking.roomCategory} (${booking.roomNumber})`,
    startDate: booking.checkIn,
    endDate: booking.checkOut,
    amount: taka(booking.amount),
  };
}

/**
 * Books a room for `guest`. Everything is checked and priced here (a price sent by a client is
 * never used); the booking, the coupon use and both confirmation e-mails are written in one
 * transaction. An overlapping stay is refused by the database itself (409).
 */
export async function createBooking(
  deps: BookingDeps,
  guest: Pick<UserRow, 'id' | 'name' | 'email'>,
  request: StayRequest,
  options: { source: 'online' | 'walk-in'; createdBy: string },
): Promise<TBooking> {
  const today = todayAt(deps.config.hotel.timeZone);
  if (request.checkIn < today) throw AppError.badRequest('The check-in date cannot be before today.', 'CHECK_IN_PAST');
  const nights = nightsBetween(request.checkIn, request.checkOut);
  if (nights < 1) throw AppError.badRequest('The check-out date must be after the check-in date.', 'DATES_OUT_OF_ORDER');
  if (nights > MAX_NIGHTS) {
    throw AppError.badRequest(`One booking can hold at most ${MAX_NIGHTS} nights. Please split a longer stay.`, 'STAY_TOO_LONG');
  }

  let booking: BookingRow;
  try {
    booking = await deps.db.transaction(async (tx) => {
      const room = await findActiveRoom(tx, request.roomId);
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

      const row = await insertBooking(tx, {
        transactionId: newTransactionId(),
        userId: guest.id,
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
      });
      const variables = confirmationVariables(deps, row, guest);
      await enqueueBookingMail(deps, tx, 'BOOKING_CONFIRMATION_USER', guest.email, variables);
      await enqueueBookingMail(deps, tx, 'BOOKING_CONFIRMATION_ADMIN', deps.config.hotel.email, variables);
      return row;
    });
  } catch (error) {
    if (isOverlap(error)) {
      throw AppError.conflict(
        'Sorry, this room was just booked for some of these dates. Please choose another room or other dates.',
        'ROOM_NOT_AVAILABLE',
      );
    }
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
  const result = await deps.db.transaction(async (tx) => {
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
    await enqueueBookingMail(deps, tx, 'BOOKING_STATUS_UPDATE', guest.email, {
      ...stayVariables(updated, guest),
      paymentStatus: updated.paymentStatus,
      confirmation: updated.isConfirmed ? 'Confirmed' : 'Not confirmed',
    });
    return { booking: presentBooking({ ...updated, guestName: guest.name, guestEmail: guest.email }), message };
  });
  deps.mailer.kick();
  return result;
}

/** Cancels: the booking stays on record as cancelled (who, when), its dates are free again, the guest is told. */
export async function cancelBooking(deps: BookingDeps, id: string, by: string): Promise<TBooking> {
  const result = await deps.db.transaction(async (tx) => {
    const current = await findBooking(tx, id, true);
    if (!current) throw notFound();
    if (current.status === 'cancelled') throw AppError.conflict('This booking is already cancelled.', 'BOOKING_CANCELLED');
    const updated = await updateBooking(tx, id, { status: 'cancelled', cancelledAt: new Date(), cancelledBy: by });
    const guest = { name: current.guestName, email: current.guestEmail };
    await enqueueBookingMail(deps, tx, 'BOOKING_CANCELLATION', guest.email, {
      ...stayVariables(updated, guest),
      cancellationDate: todayAt(deps.config.hotel.timeZone),
    });
    return presentBooking({ ...updated, guestName: guest.name, guestEmail: guest.email });
  });
  deps.mailer.kick();
  return result;
}

/** The rooms guard of the rooms feature: a room with a current or future stay is never removed. */
export function bookingRoomGuard(config: Config) {
  return async (tx: Executor, roomIds: string[]) => {
    const stays = await currentOrFutureStays(tx, roomIds, todayAt(config.hotel.timeZone));
    const reasons = new Map<string, string>();
    for (const stay of stays) {
      if (!reasons.has(stay.roomId)) {
        reasons.set(stay.roomId, `it has a stay from ${stay.checkIn} to ${stay.checkOut} (${stay.transactionId}).`);
      }
    }
    return reasons;
  };
}

export async function getBooking(deps: BookingDeps, id: string): Promise<TBooking> {
  const row = await findBooking(deps.db, id);
  if (!row) throw notFound();
  return presentBooking(row);
}
