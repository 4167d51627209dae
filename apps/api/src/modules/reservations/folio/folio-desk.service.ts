import { todayAt, type TFolio, type TLanguage } from '@residency/shared';
import { formatAmount } from '@residency/shared/display';
import { AppError } from '../../../lib/app-error.ts';
import { inTransaction } from '../../../lib/transactions.ts';
import type { Tx } from '../../../db/client.ts';
import {
  getFolio,
  giveRefund,
  lockReservationFor,
  postCharge,
  reverseLine,
  roomsOf,
  type MoneyInput,
  type ReservationRow,
} from './folio.service.ts';
import { creditInvoice, invoicePdf, reissueInvoice } from '../../invoices/invoices.service.ts';
import type { BookingDeps } from '../bookings.service.ts';
import { serviceRequestOf } from '../bookings.repository.ts';
import { receivePayment } from './payments.service.ts';

/*
 * The desk's work on a reservation's folio (admin, staff; issue 22): charges, reversals,
 * payments, refunds, credit notes. Each runs in a transaction holding the reservation's row lock,
 * so two desks posting at once are serialised and each rule reads settled totals.
 */

type Work = (tx: Tx, reservation: ReservationRow, today: string, now: Date) => Promise<string>;

async function onFolio(deps: BookingDeps, reservationId: string, work: Work): Promise<{ folio: TFolio; message: string }> {
  const message = await inTransaction(deps.db, async (tx) => {
    const reservation = await lockReservationFor(tx, reservationId);
    const now = new Date();
    return work(tx, reservation, todayAt(deps.config.hotel.timeZone, now), now);
  });
  deps.mailer.kick();
  // Read once committed, its row lock let go: the folio as this change left it (or a later one's).
  return { folio: await getFolio(deps.db, reservationId), message };
}

/** The room of the reservation a charge goes to: the one named, else the first. */
async function roomFor(tx: Tx, reservation: ReservationRow, bookingId?: string) {
  const rooms = await roomsOf(tx, reservation.id);
  const room = bookingId ? rooms.find((r) => r.id === bookingId) : rooms[0];
  if (!room) throw new AppError('VALIDATION_ERROR', 'Choose a room of this reservation.', 400, [{ path: 'bookingId', message: 'Choose a room of this reservation.' }]);
  if (room.status === 'cancelled') throw AppError.conflict(`Room ${room.roomNumber}'s stay is cancelled: charge another room.`, 'ROOM_CANCELLED');
  return room;
}

export interface ChargeRequest {
  chargeType: string;
  unitPrice?: number;
  quantity: number;
  description?: string;
  serviceDate?: string;
  bookingId?: string;
  serviceRequestId?: string;
}

/** `POST /api/reservations/:id/charges`. A completed service request's charge goes to its room, once. */
export function postDeskCharge(deps: BookingDeps, reservationId: string, input: ChargeRequest, by: string) {
  return onFolio(deps, reservationId, async (tx, reservation, today) => {
    let bookingId = input.bookingId;
    if (input.serviceRequestId) {
      const request = await serviceRequestOf(tx, input.serviceRequestId);
      const room = request ? (await roomsOf(tx, reservation.id)).find((r) => r.id === request.bookingId) : undefined;
      if (!request || !room) throw AppError.notFound('This service request is not one of this reservation.', 'SERVICE_REQUEST_NOT_FOUND');
      if (!request.isCompleted) throw AppError.conflict('Complete the service request before charging it.', 'SERVICE_NOT_COMPLETED');
      bookingId = request.bookingId;
    }
    const room = await roomFor(tx, reservation, bookingId);
    // Left out: today, or the stay's last day for a charge found after the guest left (the minibar).
    const serviceDate = input.serviceDate ?? (today > room.checkOut ? room.checkOut : today < room.checkIn ? room.checkIn : today);
    // A charge belongs to the stay it is posted to (issue 31: 9999-12-31 and 1900-01-01 were taken).
    if (serviceDate < room.checkIn || serviceDate > room.checkOut) {
      const message = `The day of the service must be within room ${room.roomNumber}'s stay, ${room.checkIn} to ${room.checkOut}.`;
      throw new AppError('VALIDATION_ERROR', message, 400, [{ path: 'serviceDate', message }]);
    }
    await postCharge(tx, reservation, { ...input, serviceDate, bookingId: room.id }, by);
    return `Charge posted to room ${room.roomNumber}`;
  });
}

/** `POST /api/reservations/:id/reversals`: a line and its adjustments reversed, with a reason. */
export function reverseDeskLine(deps: BookingDeps, reservationId: string, input: { lineId: string; reason: string }, by: string) {
  return onFolio(deps, reservationId, async (tx, reservation) => {
    await reverseLine(tx, reservation, Number(input.lineId), input.reason, by);
    return 'Line reversed';
  });
}

/** `POST /api/reservations/:id/payments`: money received, not more than the balance; the guest mailed when it settles the folio. */
export function takeDeskPayment(deps: BookingDeps, reservationId: string, input: MoneyInput, by: string) {
  return onFolio(deps, reservationId, async (tx, reservation, _today, now) => {
    const left = await receivePayment(deps, tx, reservation, input, by, { bookingId: null, now });
    return left <= 0 ? `Payment of ${formatAmount(input.amount)} recorded: nothing left to pay` : `Payment of ${formatAmount(input.amount)} recorded: ${formatAmount(left)} left to pay`;
  });
}

/** `POST /api/reservations/:id/refunds`: money given back, never more in all than was paid. */
export function giveDeskRefund(deps: BookingDeps, reservationId: string, input: MoneyInput & { reason: string }, by: string) {
  return onFolio(deps, reservationId, async (tx, reservation, _today, now) => {
    await giveRefund(tx, reservation, input, by, now);
    return `Refund of ${formatAmount(input.amount)} recorded`;
  });
}

/** `POST /api/reservations/:id/credit-notes`: the standing invoice cancelled by a credit note. */
export function creditDeskInvoice(deps: BookingDeps, reservationId: string, reason: string, by: string) {
  return onFolio(deps, reservationId, async (tx, _reservation, _today, now) => {
    const note = await creditInvoice(tx, deps, reservationId, reason, by, now);
    return `Credit note ${note.number} issued`;
  });
}

/** `POST /api/reservations/:id/invoices`: invoiced again after a credit note. */
export function reissueDeskInvoice(deps: BookingDeps, reservationId: string, by: string) {
  return onFolio(deps, reservationId, async (tx, _reservation, _today, now) => {
    const invoice = await reissueInvoice(tx, deps, reservationId, by, now);
    return `Invoice ${invoice.number} issued`;
  });
}

/** `GET /api/reservations/:id/invoice`: the guest gets their issued invoice; staff a proforma too. */
export function reservationInvoicePdf(deps: BookingDeps, reservationId: string, options: { lang: TLanguage; number?: string; staff: boolean }) {
  return invoicePdf(deps.db, deps.config, reservationId, { lang: options.lang, number: options.number, proformaAllowed: options.staff });
}
