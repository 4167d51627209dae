import {
  balanceOf,
  bookingState,
  paymentState,
  type StayFacts,
  type TBooking,
  type TPayment,
} from '@residency/shared';
import type { Config } from '../../config.ts';
import type { BookingRow, BookingWithGuest, NightRow } from './bookings.repository.ts';
import type { PaymentWithRecorder } from './folio/payments.repository.ts';
import { cancellationQuote } from './stay/cancellation.ts';

/** What the shared rules (booking-states.ts) read of a stored booking. */
export function stayFacts(row: BookingRow): StayFacts & { balance: number } {
  return {
    status: row.status,
    stage: row.stage,
    isConfirmed: row.isConfirmed,
    startDate: row.checkIn,
    endDate: row.checkOut,
    balance: balanceOf(row.charged, row.paidAmount),
  };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function presentPayment(row: PaymentWithRecorder): TPayment {
  return {
    _id: row.id,
    amount: row.amount,
    method: row.method,
    paidAt: row.paidAt.toISOString(),
    note: row.note,
    reference: row.reference,
    recordedBy: row.recordedBy && row.recorderName !== null ? { _id: row.recordedBy, name: row.recorderName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A night as sold, as the API answers it. */
const presentNight = (night: NightRow) => ({
  date: night.night,
  plan: night.planCode,
  price: night.roomPrice,
  extraAdults: night.extraAdults,
  extraChildren: night.extraChildren,
  meals: night.meals,
  overrideReason: night.overrideReason,
});

/**
 * A booking as the API answers it, with its nights as sold; `payments` only where the answer is
 * about this one booking.
 */
export function presentBooking(row: BookingWithGuest, config: Config, nights: readonly NightRow[], payments?: PaymentWithRecorder[]): TBooking {
  return {
    _id: row.id,
    transactionId: row.transactionId,
    reservationId: row.reservationId,
    reservationReference: row.reservationReference,
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
    ratePlan: row.ratePlanCode,
    // The nights of the stay as it stands: an early departure leaves the nights not stayed out.
    nightlyLines: nights.filter((n) => n.night >= row.checkIn && n.night < row.checkOut).map(presentNight),
    cancellationFee: row.cancellationFee,
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
    stage: row.stage,
    state: bookingState(row),
    bookedEndDate: row.bookedCheckOut ?? row.checkOut,
    confirmedAt: iso(row.confirmedAt),
    checkedInAt: iso(row.checkedInAt),
    checkedOutAt: iso(row.checkedOutAt),
    noShowAt: iso(row.noShowAt),
    cancelledAt: iso(row.cancelledAt),
    registration: { complete: row.registrationCompleteAt !== null, note: row.registrationNote },
    charged: row.charged,
    paid: row.paidAmount,
    balance: balanceOf(row.charged, row.paidAmount),
    paymentState: paymentState(row.paymentStatus, row.paidAmount),
    // Until when cancelling is free under the booking's policy (a non-refundable stay: never, so since it was booked).
    guestCancelUntil: cancellationQuote(row, nights, config, row.createdAt).freeUntil ?? row.createdAt.toISOString(),
    cancellationFeeNow: cancellationQuote(row, nights, config, new Date()).fee,
    deposit: row.deposit,
    depositDue: row.depositDue,
    depositDueBy: iso(row.depositDueAt),
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    ...(payments ? { payments: payments.map(presentPayment) } : {}),
  };
}
