import {
  balanceOf,
  bookingState,
  guestCancelDeadline,
  guestCancelRefusal,
  paymentState,
  todayAt,
  type TGuestDashboard,
  type TGuestStay,
} from '@residency/shared';
import { nightsBetween } from '@residency/shared/pricing';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { guestCancelPolicy } from '../../lib/guest-cancel-policy.ts';
import { nextStayOf, openRequestsOf, pastStaysOf, type GuestStayRow } from './guest-dashboard.repository.ts';

/** Past stays and open requests shown on the dashboard; the rest are on My Bookings and My Requests. */
const RECENT = 3;
const OPEN_REQUESTS = 5;

function guestStay(row: GuestStayRow, config: Config, now: Date): TGuestStay {
  const policy = guestCancelPolicy(config);
  const facts = { status: row.status, stage: row.stage, isConfirmed: row.isConfirmed, startDate: row.checkIn, endDate: row.checkOut };
  return {
    _id: row.id,
    transactionId: row.transactionId,
    reservationId: row.reservationId,
    reservationReference: row.reservationReference,
    room: { category: row.roomCategory, roomNumber: row.roomNumber },
    startDate: row.checkIn,
    endDate: row.checkOut,
    nights: nightsBetween(row.checkIn, row.checkOut),
    state: bookingState(facts),
    // What the stay costs now (its folio), as My Bookings shows it: an early departure, extras, a penalty.
    amount: row.charged,
    paid: row.paidAmount,
    balance: balanceOf(row.charged, row.paidAmount),
    paymentState: paymentState(row.paymentStatus, row.paidAmount),
    guestCancelUntil: guestCancelDeadline(row.checkIn, policy).toISOString(),
    canCancel: guestCancelRefusal(facts, now, policy) === null,
  };
}

/** `GET /api/user/dashboard`: the signed-in guest's current or next stay, past stays and open requests. */
export async function guestDashboard(db: Database, config: Config, userId: string): Promise<TGuestDashboard> {
  const now = new Date();
  const today = todayAt(config.hotel.timeZone, now);
  const [next, past, requests] = await Promise.all([
    nextStayOf(db, userId, today),
    pastStaysOf(db, userId, today, RECENT),
    openRequestsOf(db, userId, OPEN_REQUESTS),
  ]);
  return {
    nextStay: next ? guestStay(next, config, now) : null,
    pastStays: { count: past.count, recent: past.recent.map((row) => guestStay(row, config, now)) },
    openServiceRequests: {
      count: requests.count,
      items: requests.items.map((r) => ({
        _id: r.id,
        service: r.service,
        description: r.description,
        roomNumber: r.roomNumber,
        createdAt: r.createdAt.toISOString(),
      })),
    },
  };
}
