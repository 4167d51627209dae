import { z } from 'zod';
import { eachNightOnce, stayFields, ZNightPrice } from './bookings.ts';
import { GUESTS } from './guests.ts';
import { zText } from './text.ts';

/*
 * The desk changes a reservation (issue 22): a room added or removed, a stay's dates, a guest
 * moved to another room. Each within availability and the state rules (booking-states.ts).
 */

const ZReason = zText({ message: 'Say why.' }).trim().min(3, 'Say why.').max(300, 'At most 300 characters.');

/** Nights the desk prices itself (the room price of each), with `reason`. */
const ZNightPrices = eachNightOnce(z.array(ZNightPrice).max(60, 'At most 60 nights.'));

const reasonWithPrices = <S extends z.ZodType<{ prices?: unknown[]; reason?: string }>>(s: S): S =>
  s.refine((b) => !b.prices?.length || !!b.reason, { message: 'Say why the price changes.', path: ['reason'] });

/** `POST /api/reservations/:id/rooms`: one more room for the reservation's dates, at the current rates. */
export const ZRoomAdd = z
  .object({ roomId: stayFields.roomId, adults: stayFields.adults, children: stayFields.children, ratePlan: stayFields.ratePlan })
  .refine((r) => r.adults + r.children <= GUESTS.maxTotal, { message: 'At most 3 guests can stay in one room.', path: ['children'] });
export type TRoomAdd = z.input<typeof ZRoomAdd>;

export const ZRoomRemoveParams = z.object({ id: z.uuid({ message: 'Not a valid id.' }), bookingId: z.uuid({ message: 'Not a valid id.' }) });

/** `DELETE /api/reservations/:id/rooms/:bookingId`: a room not checked in to leaves the reservation, without penalty. */
export const ZRoomRemove = z.object({ reason: ZReason });

/**
 * `POST /api/bookings/:id/dates`: new dates for a stay (a checked-in stay keeps its check-in day).
 * Nights kept keep their price; new nights are priced at the current rates of the stay's plan,
 * or at `prices` (new nights only) with a `reason`.
 */
export const ZDatesChange = reasonWithPrices(
  z
    .object({ checkIn: stayFields.checkIn, checkOut: stayFields.checkOut, prices: ZNightPrices.optional(), reason: ZReason.optional() })
    .refine((b) => b.checkOut > b.checkIn, { message: 'The check-out date must be after the check-in date.', path: ['checkOut'] }),
);
export type TDatesChange = z.input<typeof ZDatesChange>;

/**
 * `POST /api/bookings/:id/move`: the guest goes to another room for the nights left. The price is
 * kept (an upgrade) unless `keepPrice` is false: then the nights left are priced at the new room's
 * rates, or at `prices`, with a `reason`.
 */
export const ZRoomMove = reasonWithPrices(
  z
    .object({ roomId: stayFields.roomId, keepPrice: z.boolean().default(true), prices: ZNightPrices.optional(), reason: ZReason.optional() })
    .refine((b) => b.keepPrice || !!b.reason, { message: 'Say why the price changes.', path: ['reason'] })
    .refine((b) => !(b.keepPrice && b.prices?.length), { message: 'Prices are set only when the price is not kept.', path: ['prices'] }),
);
export type TRoomMove = z.input<typeof ZRoomMove>;
