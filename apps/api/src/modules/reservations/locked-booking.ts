import { todayAt, type Refusal, type TBooking } from '@residency/shared';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../lib/transactions.ts';
import { presentBooking } from './booking-presenter.ts';
import type { BookingDeps } from './bookings.service.ts';
import { findBooking, nightsOf, type BookingWithGuest } from './bookings.repository.ts';
import { paymentsOf } from './folio/payments.repository.ts';

export const bookingNotFound = () => AppError.notFound('This booking does not exist.', 'BOOKING_NOT_FOUND');

/** A refusal of the shared rules as the API's 409. */
export function refuseIf(refusal: Refusal | null): void {
  if (refusal) throw AppError.conflict(refusal.message, refusal.code);
}

export interface ChangeContext {
  tx: Tx;
  /** The booking as it was when its row lock was taken. */
  current: BookingWithGuest;
  /** Today at the hotel, and now, read once for the whole change. */
  today: string;
  now: Date;
}

/**
 * Runs one change of a booking in a transaction that holds the booking's row lock (FOR
 * UPDATE) until it commits: when two desks press the same button at once, the second waits,
 * then sees the first one's change and is refused by the rules (409). `ownerId` limits the
 * change to the booking's own guest; anyone else gets the 404 of a booking that does not
 * exist. Answers the booking as it is afterwards, with its payments, and `work`'s message.
 */
export async function changeLockedBooking(
  deps: BookingDeps,
  id: string,
  work: (context: ChangeContext) => Promise<string>,
  options: { ownerId?: string } = {},
): Promise<{ booking: TBooking; message: string }> {
  const result = await inTransaction(deps.db, async (tx) => {
    const current = await findBooking(tx, id, true);
    if (!current || (options.ownerId !== undefined && current.userId !== options.ownerId)) throw bookingNotFound();
    const now = new Date();
    const message = await work({ tx, current, today: todayAt(deps.config.hotel.timeZone, now), now });
    // One after the other: a transaction is one connection.
    const after = await findBooking(tx, id);
    const payments = await paymentsOf(tx, id);
    const nights = await nightsOf(tx, [id]);
    return { booking: presentBooking(after!, deps.config, nights.get(id) ?? [], payments), message };
  });
  // Mails written by `work` go out now rather than at the worker's next poll.
  deps.mailer.kick();
  return result;
}
