import {
  guestCancelRefusal,
  staffRefusal,
  todayAt,
  type BookingState,
  type TCancellationQuote,
  type PaymentState,
  type TBooking,
  type TLanguage,
} from '@residency/shared';
import type { Config } from '../../config.ts';
import type { RateCalendar } from '../rates/rates.service.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { UserRow } from '../../lib/accounts.ts';
import { newReference } from '../../lib/references.ts';
import { KeyedQueue } from '../../lib/transactions.ts';
import { lockReservationFor, postPenalty, restateStay } from './folio/folio.service.ts';
import { issueInvoiceIfDone } from '../invoices/invoices.service.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import type { SmsOutbox } from '../../plugins/sms.ts';
import { returnCouponUse } from '../coupons/coupons.service.ts';
import { cancellationMail, enqueueBookingMails, statusUpdateMail } from './booking-mails.ts';
import { guestCancelPolicy } from '../../lib/guest-cancel-policy.ts';
import { presentBooking, stayFacts } from './booking-presenter.ts';
import { cancellationQuote } from './stay/cancellation.ts';
import {
  couponStillUsed,
  currentOrFutureStays,
  nightsOf,
  findBooking,
  listBookings,
  lockUnconfirmedRoomsOf,
  updateBooking,
  type BookingRow,
  type BookingWithGuest,
} from './bookings.repository.ts';
import { bookingNotFound, changeLockedBooking, refuseIf, type ChangeContext } from './locked-booking.ts';
import { addPayment } from './folio/payments.service.ts';
import { paymentsOf } from './folio/payments.repository.ts';

export interface BookingDeps {
  db: Database;
  mailer: Mailer;
  /** The SMS outbox: a guest's booking mails have SMS twins (issue 34). */
  sms: SmsOutbox;
  config: Config;
  /** Bookings of one room, one at a time in this process (see KeyedQueue). */
  roomQueue: KeyedQueue;
  /** The availability index's rate calendar, when current: a booking is priced on it (issue 36). */
  rates?: () => RateCalendar | undefined;
  /**
   * The availability index's copy of these rooms, when current and holding them all: a booking
   * then reads no room, and its one call locks and compares them (issue 36).
   */
  rooms?: (ids: readonly string[]) => BookingRoom[] | undefined;
  /** Draws booking references; tests pass their own to force a collision. */
  newTransactionId?: () => string;
}

/** A room as a booking reads it: from the index's copy, or locked in the table. */
export interface BookingRoom {
  id: string;
  status: string;
  supplement: number;
  category: string;
  roomNumber: string;
  bedsAndBedding: unknown;
}

/** The guest of a booking: the caller's own account, or one found or created in the booking's transaction. */
type BookingGuest = Pick<UserRow, 'id' | 'name' | 'email' | 'language'>;
export type GuestOf = BookingGuest | ((tx: Executor) => Promise<BookingGuest>);

export interface StayRequest {
  roomId: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  phone: string;
  address?: string;
  airportShuttle: boolean;
  couponCode?: string;
  /** The site's language when booking; without it, the account's. The stay's mails are written in it. */
  language?: TLanguage;
  /** The rate plan's code; the Standard plan when absent. */
  ratePlan?: string;
  /** The amount the guest saw: a different price refuses the booking (409 PRICE_CHANGED). */
  expectedAmount?: number;
}

/**
 * A channel's stay that the desk turns into a reservation when the guest arrives: the block's
 * nights pass to the reservation in the booking's transaction (`release` before the insert, `link`
 * after it), priced at what the channel sold it for.
 */
export interface ChannelTakeOver {
  /** Taka the channel sold the stay at, all in. */
  amount: number;
  release: (tx: Executor) => Promise<void>;
  link: (tx: Executor, bookingId: string) => Promise<void>;
}

/** A readable, unguessable booking reference such as RSV-7K3F9Q2M. */
export function newTransactionId(): string {
  return newReference('RSV');
}

/** A new BookingDeps' queue: one per server process. */
export const newRoomQueue = () => new KeyedQueue();

export interface BookingQuery {
  page: number;
  limit: number;
  searchTerm?: string;
  state?: BookingState;
  payment?: PaymentState;
  from?: string;
  to?: string;
  /** Only this guest's bookings. */
  userId?: string;
}

export async function getBookings(deps: BookingDeps, query: BookingQuery) {
  const { data, total } = await listBookings(deps.db, query);
  const nights = await nightsOf(deps.db, data.map((row) => row.id));
  return { data: data.map((row) => presentBooking(row, deps.config, nights.get(row.id) ?? [])), meta: { page: query.page, limit: query.limit, total } };
}

/**
 * `PATCH /api/bookings/:id`, the transitions of spec section 4: not confirmed → confirmed;
 * confirmed with a balance → Paid, which records the whole balance as one cash payment (so
 * the payments always explain `paymentStatus`). Anything else is refused (409). The guest gets
 * BOOKING_STATUS_UPDATE each time.
 *
 * A reservation is confirmed as a whole (issue 31): confirming one of its rooms confirms the
 * others still waiting, and the guest gets one mail for the reservation, not one per room.
 */
export async function changeBooking(
  deps: BookingDeps,
  id: string,
  change: { isConfirmed: true } | { paymentStatus: 'Paid' },
  by: string,
): Promise<{ booking: TBooking; message: string }> {
  return changeLockedBooking(deps, id, async (context) => {
    const { tx, current, today, now } = context;
    if ('isConfirmed' in change) {
      refuseIf(staffRefusal('confirm', stayFacts(current), today));
      await updateBooking(tx, id, { isConfirmed: true, confirmedAt: now });
      const others = (await lockUnconfirmedRoomsOf(tx, current.reservationId, id)).filter((room) => !staffRefusal('confirm', stayFacts(room), today));
      for (const room of others) await updateBooking(tx, room.id, { isConfirmed: true, confirmedAt: now });
      await enqueueBookingMails(deps, tx, [await statusUpdateMail(tx, current.reservationId)]);
      return others.length > 0
        ? `Reservation: ${current.reservationReference} is confirmed (${others.length + 1} rooms)`
        : `Booking: ${current.transactionId} is confirmed`;
    }
    refuseIf(staffRefusal('pay', stayFacts(current), today));
    if (!current.isConfirmed) refuseIf({ code: 'NOT_CONFIRMED', message: 'Confirm the booking before marking it paid.' });
    await addPayment(context, deps, { amount: stayFacts(current).balance, method: 'cash', note: 'Marked paid' }, by);
    return `Booking: ${current.transactionId} is Paid`;
  });
}

/**
 * Cancelled: kept on record (who, when), its nights free again, the guest told. Its folio lines
 * are reversed and the policy's penalty posted (issue 22): what was paid beyond it shows as
 * refundable. The coupon's use is given back when no other room of the reservation still uses it.
 */
async function cancel(deps: BookingDeps, { tx, current, now, today }: ChangeContext, by: string): Promise<string> {
  const { fee } = cancellationQuote(current, (await nightsOf(tx, [current.id])).get(current.id) ?? [], deps.config, now);
  await lockReservationFor(tx, current.reservationId);
  const updated = await updateBooking(tx, current.id, { status: 'cancelled', cancelledAt: now, cancelledBy: by, cancellationFee: fee });
  const target = { reservationId: current.reservationId, bookingId: current.id };
  await restateStay(tx, target, 'Cancelled', by);
  await postPenalty(tx, target, fee, 'Cancellation', today, by);
  // A penalty is invoiced too: such a stay never reaches check-out.
  await issueInvoiceIfDone(tx, deps, current.reservationId, by, now);
  if (current.couponId && !(await couponStillUsed(tx, current.reservationId, current.couponId))) await returnCouponUse(tx, current.couponId);
  await enqueueBookingMails(deps, tx, [await cancellationMail(deps.config, tx, updated)]);
  return 'Booking is canceled';
}

/** `DELETE /api/bookings/:id` (staff, admins): an unconfirmed or confirmed stay that is not over. */
export function cancelBooking(deps: BookingDeps, id: string, by: string): Promise<{ booking: TBooking; message: string }> {
  return changeLockedBooking(deps, id, async (context) => {
    refuseIf(staffRefusal('cancel', stayFacts(context.current), context.today));
    return cancel(deps, context, by);
  });
}

/**
 * `POST /api/bookings/:id/cancel`: the guest cancels their own booking, while it is unconfirmed
 * or confirmed and not checked in to; what it costs follows the plan's cancellation policy
 * (free until its cut-off, then its penalty), recorded on the booking. Someone else's booking is
 * a 404: its existence is not revealed.
 */
export function guestCancelBooking(deps: BookingDeps, id: string, guestId: string): Promise<{ booking: TBooking; message: string }> {
  return changeLockedBooking(
    deps,
    id,
    async (context) => {
      refuseIf(guestCancelRefusal(stayFacts(context.current), context.now, guestCancelPolicy(deps.config)));
      return cancel(deps, context, guestId);
    },
    { ownerId: guestId },
  );
}

/**
 * The rooms guard of the rooms feature: a room with a current or future stay is never removed.
 * The answer names the first such stay in English (API clients, the delete refusal) and, in
 * `details`, as code ROOM_HAS_STAY with the stay's dates and id, so the web can say it in Bengali.
 */
export function bookingRoomGuard(config: Config) {
  return async (tx: Executor, roomIds: string[]) => {
    const stays = await currentOrFutureStays(tx, roomIds, todayAt(config.hotel.timeZone));
    const reasons = Object.assign(new Map<string, string>(), {
      details: new Map<string, { code: 'ROOM_HAS_STAY'; params: Record<string, string> }>(),
    });
    for (const stay of stays) {
      if (reasons.has(stay.roomId)) continue;
      reasons.set(stay.roomId, `it has a stay from ${stay.checkIn} to ${stay.checkOut} (${stay.transactionId}).`);
      reasons.details.set(stay.roomId, {
        code: 'ROOM_HAS_STAY',
        params: { checkIn: stay.checkIn, checkOut: stay.checkOut, transactionId: stay.transactionId },
      });
    }
    return reasons;
  };
}

/**
 * `GET /api/bookings/:id/cancellation`: what cancelling now would cost, for the guest (their own
 * booking; another's is a 404) or the desk, before they confirm.
 */
export async function getCancellationQuote(deps: BookingDeps, id: string, ownerId?: string): Promise<TCancellationQuote> {
  const row = await findBooking(deps.db, id);
  if (!row || (ownerId !== undefined && row.userId !== ownerId)) throw bookingNotFound();
  return cancellationQuote(row, (await nightsOf(deps.db, [id])).get(id) ?? [], deps.config, new Date());
}

/** One booking with its payments. */
export async function getBooking(deps: BookingDeps, id: string): Promise<TBooking> {
  const row = await findBooking(deps.db, id);
  if (!row) throw bookingNotFound();
  const nights = await nightsOf(deps.db, [id]);
  return presentBooking(row, deps.config, nights.get(id) ?? [], await paymentsOf(deps.db, id));
}

/**
 * A booking with its guest for another module (the guest register, issue 34); `lock` holds its
 * row (FOR UPDATE) until the caller's transaction ends.
 */
export function bookingWithGuest(tx: Executor, id: string, lock = false): Promise<BookingWithGuest | undefined> {
  return findBooking(tx, id, lock);
}

/** Records the state of the room's registration cards (the register keeps it true on each save). */
export async function setRegistrationState(
  tx: Executor,
  id: string,
  values: Partial<Pick<BookingRow, 'registrationCompleteAt' | 'registrationNote' | 'registrationNoteBy' | 'registrationNoteAt'>>,
): Promise<void> {
  await updateBooking(tx, id, values);
}
