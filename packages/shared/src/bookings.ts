import { z } from 'zod';
import { ZPageQuery } from './api.ts';
import { ZPhone } from './auth.ts';
import { ZRegistrationNote } from './guest-register.ts';
import {
  BOOKING_STAGES,
  BOOKING_STATES,
  BOOKING_STATUSES,
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
} from './booking-states.ts';
import { isIsoDate } from './dates.ts';
import { LANGUAGES } from './event-kinds.ts';
import { GUESTS } from './guests.ts';
import { hasPaisaAtMost, zTaka } from './money.ts';
import { zLine, zText } from './text.ts';
import { ZBookingOnlinePayment, ZOnlinePaymentCreate } from './online-payments.ts';

/** The spec's `paymentStatus`: `Paid` exactly when the payments cover the amount. */
const PAYMENT_STATUSES = ['Pending', 'Paid'] as const;

export const ZIso = (message: string) => zText({ message }).refine(isIsoDate, message);

/** A stay: dates as ISO, guests within the per-room limits. */
export const stayFields = {
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
  address: zLine().trim().max(300).optional(),
  airportShuttle: z.boolean().default(false),
  couponCode: zText().trim().max(30).optional(),
  /** The site's language when booking: the stay's e-mails are written in it (default: the account's). */
  language: z.enum(LANGUAGES, { message: 'Choose English (en) or Bengali (bn).' }).optional(),
  /** The rate plan's code (issue 21); the Standard plan when absent. */
  ratePlan: zText().trim().toUpperCase().max(20, 'Not a rate plan.').optional(),
  /**
   * The amount the guest saw before confirming: when the server's price differs (the rates
   * changed meanwhile), nothing is booked and the answer is 409 PRICE_CHANGED with the new amount.
   */
  expectedAmount: z.number().min(0).max(100_000_000).optional(),
  /** Pay online now (issue 33): the room is held while the guest pays; without it, at the hotel. */
  onlinePayment: ZOnlinePaymentCreate.optional(),
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

/** `PATCH /api/bookings/:id`: confirm, then mark paid (the only transitions of spec section 4). */
export const ZBookingPatch = z.union([
  z.object({ isConfirmed: z.literal(true) }).strict(),
  z.object({ paymentStatus: z.literal('Paid') }).strict(),
  // Check-in (issue 34) as POST …/check-in does it: the registration cards complete, or a note.
  z.object({ checkIn: z.literal(true), registrationNote: ZRegistrationNote.optional() }).strict(),
], { message: 'Send {isConfirmed: true}, {paymentStatus: "Paid"} or {checkIn: true}.' });

const ZIsoQuery = (name: string) => zText().refine(isIsoDate, `${name} must be a date written YYYY-MM-DD.`);

/**
 * `GET /api/bookings` (and `/my-bookings`): newest first. `state` and `payment` filter by the
 * derived state and payment state; `from`/`to` keep the stays that overlap the nights from
 * `from` to `to` (inclusive): a stay of [check-in, check-out) with a night on or after `from` and
 * on or before `to`. Either may come alone.
 */
export const ZBookingListQuery = ZPageQuery.extend({
  searchTerm: zText().trim().max(100).optional(),
  state: z.enum(BOOKING_STATES).optional(),
  payment: z.enum(PAYMENT_STATES).optional(),
  from: ZIsoQuery('from').optional(),
  to: ZIsoQuery('to').optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to.', path: ['to'] });
export type TBookingListQuery = z.input<typeof ZBookingListQuery>;

/** The largest payment one request may record (a stay costs far less; keeps sums in range). */
const PAYMENT_AMOUNT_MAX = 100_000_000;
/** How far ahead of the server's clock a payment time may be (clocks of desks and servers differ a little). */
const PAYMENT_CLOCK_SKEW_MS = 5 * 60_000;

/** The longest payment reference (a bKash TrxID has 10 characters; bank references run longer). */
export const PAYMENT_REFERENCE_MAX = 64;
/** The methods as the screens and mails name them, in English: "Cash, Card, bKash, Nagad, Bank transfer, Rocket or Upay". */
const PAYMENT_METHOD_LIST = `${PAYMENT_METHODS.slice(0, -1)
  .map((m) => PAYMENT_METHOD_NAMES[m])
  .join(', ')} or ${PAYMENT_METHOD_NAMES[PAYMENT_METHODS.at(-1)!]}`;


/** Only cash may come without its transaction's reference: a bKash statement or card slip is matched by it (issue 31). */
export const PAYMENT_REFERENCE_REQUIRED = 'Enter the transaction reference (a TrxID, card slip or bank reference): only cash may be recorded without one.';

/** A non-cash payment or refund without its reference: the issue at `reference`. */
export function requireReference(value: { method: string; reference?: string }, ctx: z.RefinementCtx): void {
  if (value.method !== 'cash' && !value.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: PAYMENT_REFERENCE_REQUIRED });
}

/** The fields of money received or given back (ZPaymentCreate, and the folio's refunds). */
export const ZPaymentFields = z.object({
  /** Taka with paisa, more than zero. */
  amount: z
    .number({ message: 'Enter the amount received.' })
    .positive('The amount must be more than zero.')
    // A positive amount below one paisa (0.004, 5e-324) would be stored as ৳0.00.
    .min(0.01, 'The amount must be at least one paisa (৳0.01).')
    .max(PAYMENT_AMOUNT_MAX, 'This amount is too large.')
    .refine(hasPaisaAtMost, 'An amount has at most two decimals (paisa).'),
  method: z.enum(PAYMENT_METHODS, { message: `Choose how the guest paid: ${PAYMENT_METHOD_LIST}.` }),
  /** When the money was received (ISO date-time with offset); now when left out. */
  paidAt: zText({ message: 'Enter when the payment was received.' })
    .pipe(z.iso.datetime({ offset: true, message: 'Write the payment time as an ISO date-time, e.g. 2026-12-01T14:30:00+06:00.' }))
    .refine((v) => Date.parse(v) <= Date.now() + PAYMENT_CLOCK_SKEW_MS, 'The payment time cannot be in the future.')
    .optional(),
  note: zText().trim().max(300, 'At most 300 characters.').optional(),
  /** The transaction's own reference (a bKash or Nagad TrxID, a card slip or bank reference). */
  reference: zLine()
    .trim()
    .max(PAYMENT_REFERENCE_MAX, `A payment reference has at most ${PAYMENT_REFERENCE_MAX} characters.`)
    .optional(),
});

/**
 * `POST /api/bookings/:id/payments`: money received for a stay. More than the balance is a
 * 409; `paidAt` defaults to now and may not be in the future; every method but cash needs its
 * reference.
 */
export const ZPaymentCreate = ZPaymentFields.superRefine(requireReference);
export type TPaymentCreate = z.input<typeof ZPaymentCreate>;

const ZPayment = z.object({
  _id: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  paidAt: z.string(),
  note: z.string().nullable(),
  /** The transaction's reference (a bKash TrxID…); null when none was given. */
  reference: z.string().nullable(),
  /** Who recorded it; null for payments carried over from before payments were recorded. */
  recordedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZBooking = z.object({
  _id: z.string(),
  transactionId: z.string(),
  /** The reservation this room is one of (issue 22): its id and the reference the guest quotes. */
  reservationId: z.string(),
  reservationReference: z.string(),
  /** `email` is null for a guest booked at the desk without one: no mail goes to them. */
  user: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }),
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
  /** The rate plan sold (issue 21). */
  ratePlan: z.string(),
  /** Each night as sold, in order: its room price and what it adds for extra guests and meals (the "why this price"). */
  nightlyLines: z.array(
    z.object({ date: z.string(), plan: z.string(), price: z.number(), extraAdults: z.number(), extraChildren: z.number(), meals: z.number(), overrideReason: z.string().nullable() }),
  ),
  /** What cancelling cost under the plan's policy, once cancelled (null otherwise). */
  cancellationFee: z.number().nullable(),
  subtotal: z.number(),
  discount: z.number(),
  couponCode: z.string().nullable(),
  withOutVatAndService: z.number(),
  serviceCharge: z.number(),
  vat: z.number(),
  amount: z.number(),
  /** `Paid` exactly when the reservation's balance is nothing (spec field, kept; issue 22). */
  paymentStatus: z.enum(PAYMENT_STATUSES),
  isConfirmed: z.boolean(),
  /** `active`, `cancelled` or `no_show`; only active stays hold their nights. */
  status: z.enum(BOOKING_STATUSES),
  /** The front desk's progress: booked, checked_in, checked_out. */
  stage: z.enum(BOOKING_STAGES),
  /** The one state to show and filter by (booking-states.ts: bookingState). */
  state: z.enum(BOOKING_STATES),
  /** The check-out day the guest booked; later than `endDate` after an early check-out. */
  bookedEndDate: z.string(),
  confirmedAt: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  noShowAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The room's registration cards (issue 34): all complete, and the check-in's note when they were not. */
  registration: z.object({ complete: z.boolean(), note: z.string().nullable() }),
  /** What the room costs now: its folio lines summed (extras, reversals, a penalty); `amount` is what it was sold at. */
  charged: z.number(),
  /** Taka received for this room: its share of the reservation's payments less refunds. */
  paid: z.number(),
  /** Taka left to pay for this room: charged − paid, never below 0. */
  balance: z.number(),
  paymentState: z.enum(PAYMENT_STATES),
  /**
   * The last moment the guest may cancel online (ISO instant): GUEST_CANCEL_HOURS before
   * HOTEL_CHECK_IN_TIME on the check-in day, at the hotel.
   */
  guestCancelUntil: z.string(),
  /**
   * What cancelling would cost at the time of the answer under the booking's policy: 0 while it is
   * free, the penalty once `guestCancelUntil` has passed (issue 31: a same-day booking was promised
   * a free cancellation whose deadline had passed before it was made).
   */
  cancellationFeeNow: z.number(),
  /** The deposit the room's plan asked when booked (0: none; issue 22). */
  deposit: z.number(),
  /** What is still to pay of it: the reservation's money goes to its rooms' deposits in the order they were booked. */
  depositDue: z.number(),
  /** When the deposit is due (ISO instant), or null without one. */
  depositDueBy: z.string().nullable(),
  /** Booked online, at the desk, or a channel's stay the desk turned into a reservation on arrival. */
  source: z.enum(['online', 'walk-in', 'channel']),
  createdAt: z.string(),
  /** The payments, oldest first: in `GET /api/bookings/:id` and the answers of the booking's own actions; lists leave it out. */
  payments: z.array(ZPayment).optional(),
  /** The payment session a new booking opened (POST /api/bookings with onlinePayment; issue 33). */
  onlinePayment: ZBookingOnlinePayment.optional(),
});
export type TBooking = z.infer<typeof ZBooking>;

/** A night the desk prices itself: its date and room price (the folio's rule for amounts). */
export const ZNightPrice = z.object({
  date: ZIso('Choose a night of the stay.'),
  price: zTaka({ message: "Enter the night's price.", min: 0, max: 10_000_000 }),
});

/**
 * Nights priced once each: a night sent twice is refused, naming it (the later price used to
 * win without a word).
 */
export function eachNightOnce<S extends z.ZodType<{ date: string }[]>>(nights: S) {
  return nights.superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((night, index) => {
      if (seen.has(night.date)) ctx.addIssue({ code: 'custom', message: `The night of ${night.date} is priced twice: price each night once.`, path: [index, 'date'] });
      seen.add(night.date);
    });
  });
}

/**
 * `POST /api/bookings/:id/night-prices` (staff, admin; issue 21): the desk sets the room price of
 * some nights of a stay, with a reason the booking keeps; the stay's amounts are priced again.
 */
export const ZNightPriceOverride = z.object({
  nights: eachNightOnce(
    z
      .array(ZNightPrice, { message: 'Choose the nights to price.' })
      .min(1, 'Choose the nights to price.')
      .max(60, 'At most 60 nights.'),
  ),
  reason: zText({ message: 'Say why the price changes.' }).trim().min(3, 'Say why the price changes.').max(300, 'At most 300 characters.'),
});
export type TNightPriceOverride = z.input<typeof ZNightPriceOverride>;
