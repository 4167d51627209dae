import { todayAt, type EmailTemplateType } from '@residency/shared';
import { formatAmount, formatLongDate } from '@residency/shared/display';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { renderBookingMail } from '../email-templates/email-templates.service.ts';
import type { BookingRow } from './bookings.repository.ts';

/*
 * The e-mails a booking sends, written to the outbox in the caller's transaction (so a refused
 * change leaves no mail behind). Who gets what: both confirmations on booking; the guest a
 * status update on confirmation and when the stay is fully paid, and the cancellation. The
 * front desk's check-in, check-out and no-show send nothing.
 */

// Mails write amounts and dates as the booking pages do (৳9,487.50; Tue, Dec 1, 2026).
const taka = (value: number) => formatAmount(value);
const longDate = (iso: string) => formatLongDate(iso);

interface MailDeps {
  mailer: Mailer;
  config: Config;
}
type Guest = { name: string; email: string };

/** Writes booking e-mails to the outbox in the caller's transaction, in one statement. */
export async function enqueueBookingMails(
  deps: MailDeps,
  tx: Executor,
  mails: { type: EmailTemplateType; to: string; variables: Record<string, string> }[],
) {
  await deps.mailer.enqueue(
    tx,
    mails.map(({ type, to, variables }) => ({ kind: type, to, ...renderBookingMail(deps.config, type, variables) })),
  );
}

export function confirmationVariables(config: Config, booking: BookingRow, guest: Guest) {
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
    orderDate: longDate(todayAt(config.hotel.timeZone, booking.createdAt)),
    admin_email: config.hotel.email,
  };
}

function stayVariables(booking: BookingRow, guest: Guest) {
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

/** BOOKING_STATUS_UPDATE to the guest: confirmed or not, paid or not, as the booking is now. */
export function statusUpdateMail(booking: BookingRow, guest: Guest) {
  return {
    type: 'BOOKING_STATUS_UPDATE' as const,
    to: guest.email,
    variables: {
      ...stayVariables(booking, guest),
      paymentStatus: booking.paymentStatus,
      confirmation: booking.isConfirmed ? 'Confirmed' : 'Not confirmed',
    },
  };
}

/** BOOKING_CANCELLATION to the guest, dated today at the hotel. */
export function cancellationMail(config: Config, booking: BookingRow, guest: Guest) {
  return {
    type: 'BOOKING_CANCELLATION' as const,
    to: guest.email,
    variables: { ...stayVariables(booking, guest), cancellationDate: longDate(todayAt(config.hotel.timeZone)) },
  };
}
