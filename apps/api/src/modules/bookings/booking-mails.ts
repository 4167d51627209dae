import { encodeNightlyLines, encodeReservationRooms, PAYMENT_METHOD_NAMES, todayAt, wallClockAt, type MailNight, type PaymentMethod } from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { enqueueTemplatedMails, type TemplatedMail, type TemplateValues } from '../email-templates/email-templates.service.ts';
import type { BookingRow } from './bookings.repository.ts';

/*
 * The e-mails a booking sends, written to the outbox in the caller's transaction (so a refused
 * change leaves no mail behind). Who gets what: both confirmations on booking; the guest a
 * status update on confirmation and when the stay is fully paid, and the cancellation. The
 * front desk's check-in, check-out and no-show send nothing.
 *
 * Every mail is written in the booking's language (the site's language when it was booked), from
 * the active design of its type in that language, else the built-in default (email-templates).
 * Values go as the booking has them (amounts as numbers, days as ISO dates): the template's
 * renderer writes them for the reader (৳9,487.50 and Tue, Dec 1, 2026; or in Bengali).
 */

interface MailDeps {
  mailer: Mailer;
  config: Config;
}
/** The booking's guest; `email` is null for a guest booked at the desk without one. */
type Guest = { name: string; email: string | null };
/** A booking mail, addressed to nobody when it is the guest's and the guest has no e-mail. */
type BookingMail = Omit<TemplatedMail, 'to'> & { to: string | null };

/**
 * Writes booking e-mails to the outbox in the caller's transaction, in one statement. A guest
 * without an e-mail gets none (the staff screens say so); the hotel's own copies still go.
 */
export async function enqueueBookingMails(deps: MailDeps, tx: Executor, mails: BookingMail[]) {
  const addressed = mails.filter((mail): mail is TemplatedMail => mail.to !== null);
  if (addressed.length > 0) await enqueueTemplatedMails(deps, tx, addressed);
}

/**
 * BOOKING_CONFIRMATION_USER to the guest and BOOKING_CONFIRMATION_ADMIN to the hotel, in the
 * reservation's language: one pair for the reservation, however many rooms it holds.
 */
export function confirmationMails(config: Config, rooms: readonly BookingRow[], guest: Guest, nights: readonly MailNight[], reference: string): BookingMail[] {
  const values = {
    ...confirmationVariables(config, rooms, guest, reference),
    // Each night of each room (several rooms: their nights one after the other).
    nightlyLines: encodeNightlyLines(nights),
    // Several rooms are listed one by one; a one-room mail leaves the list out.
    rooms:
      rooms.length > 1
        ? encodeReservationRooms(rooms.map((b) => ({ roomType: b.roomCategory, roomNumber: b.roomNumber, adults: b.adults, children: b.children, nights: b.nights, amount: b.amount })))
        : '',
  };
  const language = rooms[0]!.language;
  return [
    { type: 'BOOKING_CONFIRMATION_USER', language, to: guest.email, values },
    { type: 'BOOKING_CONFIRMATION_ADMIN', language, to: config.hotel.email, values },
  ];
}

const sum = (rooms: readonly BookingRow[], pick: (b: BookingRow) => number) => Math.round(rooms.reduce((s, b) => s + pick(b), 0) * 100) / 100;

/** The reservation's figures: one room's as they are, several rooms' added up (the rooms listed in `rooms`). */
function confirmationVariables(config: Config, rooms: readonly BookingRow[], guest: Guest, reference: string): TemplateValues {
  const first = rooms[0]!;
  const discount = sum(rooms, (b) => b.discount);
  return {
    name: guest.name,
    email: guest.email ?? '-',
    reservationId: reference,
    roomType: [...new Set(rooms.map((b) => b.roomCategory))].join(', '),
    roomNumber: rooms.map((b) => b.roomNumber).join(', '),
    startDate: first.checkIn,
    endDate: first.checkOut,
    amount: sum(rooms, (b) => b.amount),
    phone: first.phone,
    address: first.address ?? '-',
    nights: first.nights,
    perNightCost: rooms.length === 1 ? first.perNightCost : sum(rooms, (b) => b.perNightCost),
    subtotal: sum(rooms, (b) => b.subtotal),
    // Empty without a coupon: the mail then leaves the discount line out.
    discount: discount > 0 ? discount : '',
    couponCode: discount > 0 ? (first.couponCode ?? '') : '',
    vat: sum(rooms, (b) => b.vat),
    serviceCharge: sum(rooms, (b) => b.serviceCharge),
    withOutVatAndService: sum(rooms, (b) => b.withOutVatAndService),
    orderDate: todayAt(config.hotel.timeZone, first.createdAt),
    admin_email: config.hotel.email,
    ...depositVariables(config, rooms),
  };
}

/**
 * The deposit the rooms' plans ask at booking (nothing is paid yet when the mail is written) and
 * the earliest time it is due, in the hotel's clock; both empty when no plan asks one, so the
 * mail leaves the line out.
 */
function depositVariables(config: Config, rooms: readonly BookingRow[]): { deposit: number | ''; depositDueBy: string } {
  const deposit = sum(rooms, (b) => b.deposit);
  const due = rooms.flatMap((b) => (b.deposit > 0 && b.depositDueAt ? [b.depositDueAt.getTime()] : []));
  if (deposit <= 0 || due.length === 0) return { deposit: '', depositDueBy: '' };
  const { date, time } = wallClockAt(new Date(Math.min(...due)), config.hotel.timeZone);
  return { deposit, depositDueBy: `${date}T${time}` };
}

function stayVariables(booking: BookingRow, guest: Guest) {
  return {
    name: guest.name,
    email: guest.email ?? '-',
    transactionId: booking.transactionId,
    room: `${booking.roomCategory} (${booking.roomNumber})`,
    startDate: booking.checkIn,
    endDate: booking.checkOut,
    amount: booking.amount,
  };
}

/**
 * BOOKING_STATUS_UPDATE to the guest: confirmed or not, paid or not, as the booking is now.
 * Sent because a payment completed it: that payment's method and reference (a bKash TrxID…),
 * whose lines the mail leaves out when not given.
 */
export function statusUpdateMail(
  booking: BookingRow,
  guest: Guest,
  payment?: { method: PaymentMethod; reference: string | null },
): BookingMail {
  return {
    type: 'BOOKING_STATUS_UPDATE',
    language: booking.language,
    to: guest.email,
    values: {
      ...stayVariables(booking, guest),
      paymentStatus: booking.paymentStatus,
      confirmation: booking.isConfirmed ? 'Confirmed' : 'Not confirmed',
      paymentMethod: payment ? PAYMENT_METHOD_NAMES[payment.method] : '',
      paymentReference: payment?.reference ?? '',
    },
  };
}

/** BOOKING_CANCELLATION to the guest, dated today at the hotel. */
export function cancellationMail(config: Config, booking: BookingRow, guest: Guest): BookingMail {
  return {
    type: 'BOOKING_CANCELLATION',
    language: booking.language,
    to: guest.email,
    values: { ...stayVariables(booking, guest), cancellationDate: todayAt(config.hotel.timeZone) },
  };
}
