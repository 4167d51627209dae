import { z } from 'zod';
import { optionalText, ZEmail, ZPersonName } from './auth.ts';
import { stayFields, ZBooking, type TBooking } from './bookings.ts';
import { GUESTS } from './guests.ts';
import { zLine, zText } from './text.ts';
import { ZBookingOnlinePayment, ZOnlinePaymentCreate } from './online-payments.ts';

/*
 * A reservation of one or several rooms (issue 22): one reference, one price, one folio. Each
 * room keeps its own booking (its transactionId for the spec's tables) under the overlap rule.
 */

/** The most rooms one reservation may hold (a family, a small group; groups beyond go through the desk). */
export const RESERVATION_ROOMS_MAX = 10;

const ZReservationRoom = z
  .object({
    roomId: stayFields.roomId,
    adults: stayFields.adults,
    children: stayFields.children,
    ratePlan: stayFields.ratePlan,
  })
  .refine((r) => r.adults + r.children <= GUESTS.maxTotal, { message: 'At most 3 guests can stay in one room.', path: ['children'] });

/** A company's BIN (Business Identification Number): 9 or 13 digits, as NBR issues them. */
export const ZBin = zText().trim().regex(/^(\d{9}|\d{13})$/, 'A BIN has 9 or 13 digits.');

const reservationFields = {
  checkIn: stayFields.checkIn,
  checkOut: stayFields.checkOut,
  phone: stayFields.phone,
  address: stayFields.address,
  airportShuttle: stayFields.airportShuttle,
  couponCode: stayFields.couponCode,
  language: stayFields.language,
  /** The total the guest saw for all rooms: a different price books nothing (409 PRICE_CHANGED). */
  expectedAmount: stayFields.expectedAmount,
  /** The company on the VAT invoice, when a company pays. */
  companyName: zLine().trim().max(120, 'At most 120 characters.').optional(),
  companyBin: ZBin.optional(),
  /** Pay online now (issue 33): the rooms are held while the guest pays; without it, at the hotel. */
  onlinePayment: ZOnlinePaymentCreate.optional(),
  rooms: z
    .array(ZReservationRoom, { message: 'Choose the rooms.' })
    .min(1, 'Choose at least one room.')
    .max(RESERVATION_ROOMS_MAX, `At most ${RESERVATION_ROOMS_MAX} rooms in one reservation.`)
    .refine((rooms) => new Set(rooms.map((r) => r.roomId)).size === rooms.length, 'A room can be chosen only once.'),
};

const datesInOrder = <T extends { checkIn: string; checkOut: string }>(s: z.ZodType<T>) =>
  s.refine((b) => b.checkOut > b.checkIn, { message: 'The check-out date must be after the check-in date.', path: ['checkOut'] });

/** `POST /api/reservations`: a signed-in guest books one or several rooms at once, all or nothing. */
export const ZReservationCreate = datesInOrder(z.object(reservationFields));
export type TReservationCreate = z.input<typeof ZReservationCreate>;

/** The same at the desk, for a guest found or made by e-mail or phone (a walk-in). */
export const ZWalkInReservationCreate = datesInOrder(
  z.object({ ...reservationFields, guest: z.object({ name: ZPersonName, email: optionalText(ZEmail) }) }),
);
export type TWalkInReservationCreate = z.input<typeof ZWalkInReservationCreate>;

export const ZReservation = z.object({
  _id: z.string(),
  /** What the guest quotes (RSV-…); a one-room reservation's is its booking's transactionId. */
  reference: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }),
  checkIn: z.string(),
  checkOut: z.string(),
  source: z.enum(['online', 'walk-in', 'channel']),
  companyName: z.string().nullable(),
  companyBin: z.string().nullable(),
  bookings: z.array(ZBooking),
  /** What the rooms were sold for, all in. */
  amount: z.number(),
  /** The folio now: its lines, payments and refunds summed, and the balance (lines − payments + refunds). */
  charged: z.number(),
  paid: z.number(),
  refunded: z.number(),
  balance: z.number(),
  /**
   * The deposit its rooms' plans asked (rooms still booked), what is left to pay of it, and by
   * when (null: none asked): its bookings' summed (reservationDeposit in packages/shared).
   */
  deposit: z.number(),
  depositDue: z.number(),
  depositDueBy: z.string().nullable(),
  createdAt: z.string(),
  /** Until when the rooms are held for an online payment (ISO), while one is awaited. */
  holdUntil: z.string().nullable().optional(),
  /** When an unpaid hold let the rooms go (ISO; null while they are booked). */
  holdEndedAt: z.string().nullable().optional(),
  /** The payment session a new booking opened (POST /api/reservations with onlinePayment). */
  onlinePayment: ZBookingOnlinePayment.optional(),
});
export type TReservation = z.infer<typeof ZReservation>;

/** A reservation's deposit from its rooms' bookings: asked of the rooms still booked, what is left of it, and the earliest due time among them. */
export function reservationDeposit(bookings: readonly Pick<TBooking, 'status' | 'deposit' | 'depositDue' | 'depositDueBy'>[]): {
  deposit: number;
  depositDue: number;
  depositDueBy: string | null;
} {
  const booked = bookings.filter((b) => b.status === 'active' && b.deposit > 0);
  const paisa = (values: number[]) => Math.round(values.reduce((sum, v) => sum + v * 100, 0)) / 100;
  const dueBy = booked.map((b) => b.depositDueBy).filter((d): d is string => d !== null).sort()[0] ?? null;
  return { deposit: paisa(booked.map((b) => b.deposit)), depositDue: paisa(booked.map((b) => b.depositDue)), depositDueBy: dueBy };
}

/** The 409 of a reservation whose room was taken meanwhile: which one, and what is still free of its type. */
export interface RoomTakenDetails {
  roomId: string;
  roomType: string;
  roomNumber: string;
  /** Rooms of that type still free on those nights (not in the request), for the guest to choose instead. */
  alternatives: { _id: string; roomNumber: string }[];
}
