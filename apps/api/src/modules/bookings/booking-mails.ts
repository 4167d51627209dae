import { encodeNightlyLines, PAYMENT_METHOD_NAMES, todayAt, type MailNight, type PaymentMethod } from '@residency/shared';
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

/** BOOKING_CONFIRMATION_USER to the guest and BOOKING_CONFIRMATION_ADMIN to the hotel, in the booking's language. */
export function confirmationMails(config: Config, booking: BookingRow, guest: Guest, nights: readonly MailNight[]): BookingMail[] {
  const values = { ...confirmationVariables(config, booking, guest), nightlyLines: encodeNightlyLines(nights) };
  return [
    { type: 'BOOKING_CONFIRMATION_USER', language: booking.language, to: guest.email, values },
    { type: 'BOOKING_CONFIRMATION_ADMIN', language: booking.language, to: config.hotel.email, values },
  ];
}

function confirmationVariables(config: Config, booking: BookingRow, guest: Guest): TemplateValues {
  return {
    name: guest.name,
    email: guest.email ?? '-',
    reservationId: booking.transactionId,
    roomType: booking.roomCategory,
    roomNumber: booking.roomNumber,
    startDate: booking.checkIn,
    endDate: booking.checkOut,
    amount: booking.amount,
    phone: booking.phone,
    address: booking.address ?? '-',
    nights: booking.nights,
    perNightCost: booking.perNightCost,
    subtotal: booking.subtotal,
    // Empty without a coupon: the mail then leaves the discount line out.
    discount: booking.discount > 0 ? booking.discount : '',
    couponCode: booking.discount > 0 ? (booking.couponCode ?? '') : '',
    vat: booking.vat,
    serviceCharge: booking.serviceCharge,
    withOutVatAndService: booking.withOutVatAndService,
    orderDate: todayAt(config.hotel.timeZone, booking.createdAt),
    admin_email: config.hotel.email,
  };
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
