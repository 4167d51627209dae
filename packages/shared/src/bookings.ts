import { z } from 'zod';
import { ZPageQuery } from './api.ts';
import { ZEmail, ZPersonName, ZPhone } from './auth.ts';
import { isIsoDate } from './dates.ts';
import { GUESTS } from './guests.ts';
import { zText } from './text.ts';

export const PAYMENT_STATUSES = ['Pending', 'Paid'] as const;
export const BOOKING_STATUSES = ['active', 'cancelled'] as const;

const ZIso = (message: string) => zText({ message }).refine(isIsoDate, message);

/** A stay: dates as ISO, guests within the per-room limits. */
const stayFields = {
  roomId: z.uuid({ message: 'Choose a room.' }),
  checkIn: ZIso('Choose a check-in date.'),
  checkOut: ZIso('Choose a check-out date.'),
  adults: z
    .number({ message: 'Say how many adults.' })
    .int()
    .min(GUESTS.adults.min, 'At least one adult stays in the room.')
    .max(GUESTS.adults.max, 'At most 3 adults per room.'),
  children: z
    .number()
    .int()
    .min(GUESTS.children.min)
    .max(GUESTS.children.max, 'At most 2 children per room.')
    .default(0),
  phone: ZPhone,
  address: zText().trim().max(300).optional(),
  airportShuttle: z.boolean().default(false),
  couponCode: zText().trim().max(30).optional(),
};

const stayRules = <T extends { checkIn: string; checkOut: string; adults: number; children: number }>(s: z.ZodType<T>) =>
  s
    .refine((b) => b.checkOut > b.checkIn, { message: 'The check-out date must be after the check-in date.', path: ['checkOut'] })
    .refine((b) => b.adults + b.children <= GUESTS.maxTotal, {
      message: 'At most 3 guests can stay in one room.',
      path: ['children'],
    });

/** `POST /api/bookings`: a signed-in guest books a room. Prices sent by a client are ignored. */
export const ZBookingCreate = stayRules(z.object(stayFields));
export type TBookingCreate = z.input<typeof ZBookingCreate>;

/** `POST /api/bookings/walk-in`: staff book a room for a guest at the desk. */
export const ZWalkInBookingCreate = stayRules(
  z.object({
    ...stayFields,
    guest: z.object({ name: ZPersonName, email: ZEmail }),
  }),
);
export type TWalkInBookingCreate = z.input<typeof ZWalkInBookingCreate>;

/** `PATCH /api/bookings/:id`: confirm, then mark paid (the only transitions of spec section 4). */
export const ZBookingPatch = z.union([
  z.object({ isConfirmed: z.literal(true) }).strict(),
  z.object({ paymentStatus: z.literal('Paid') }).strict(),
], { message: 'Send {isConfirmed: true} or {paymentStatus: "Paid"}.' });

export const ZBookingListQuery = ZPageQuery.extend({
  searchTerm: zText().trim().max(100).optional(),
});

export const ZBooking = z.object({
  _id: z.string(),
  transactionId: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  phone: z.string(),
  address: z.string().nullable(),
  room: z.object({ _id: z.string(), category: z.string(), roomNumber: z.string() }),
  startDate: z.string(),
  endDate: z.string(),
  adults: z.number(),
  children: z.number(),
  airportShuttle: z.boolean(),
  nights: z.number(),
  perNightCost: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  couponCode: z.string().nullable(),
  withOutVatAndService: z.number(),
  serviceCharge: z.number(),
  vat: z.number(),
  amount: z.number(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  isConfirmed: z.boolean(),
  status: z.enum(BOOKING_STATUSES),
  cancelledAt: z.string().nullable(),
  source: z.enum(['online', 'walk-in']),
  createdAt: z.string(),
});
export type TBooking = z.infer<typeof ZBooking>;
