import { cancellationFee, instantAt, ZCancellationPolicy, type TCancellationPolicy, type TCancellationQuote } from '@residency/shared';
import type { Config } from '../../../config.ts';
import type { BookingRow, NightRow } from '../bookings.repository.ts';

/**
 * A booking's cancellation terms (issue 21): its plan's policy as it was when booked; a booking
 * from before the rate calendar has the hotel's default one (free until GUEST_CANCEL_HOURS before
 * the check-in time, then the first night).
 */
function policyOfBooking(row: Pick<BookingRow, 'cancellationPolicy'>): TCancellationPolicy {
  const parsed = ZCancellationPolicy.safeParse(row.cancellationPolicy ?? {});
  return parsed.success ? parsed.data : { freeHours: null, penalty: 'first_night', penaltyPercent: null };
}

/** What cancelling the booking at `now` costs under its policy, and until when it is free. */
export function cancellationQuote(
  row: Pick<BookingRow, 'cancellationPolicy' | 'checkIn' | 'amount' | 'perNightCost' | 'nights'>,
  nights: readonly Pick<NightRow, 'roomPrice'>[],
  config: Config,
  now: Date,
): TCancellationQuote {
  const policy = policyOfBooking(row);
  const checkInAt = instantAt(row.checkIn, config.hotel.checkInTime, config.hotel.timeZone);
  // A booking's nights as sold; one without them (none should be) at its per-night cost.
  const roomNights = nights.length ? nights.map((n) => n.roomPrice) : Array.from({ length: row.nights }, () => row.perNightCost);
  const { fee, free, deadline } = cancellationFee(policy, { now, checkInAt, defaultFreeHours: config.hotel.guestCancelHours, roomNights, amount: row.amount });
  return { fee, free, freeUntil: deadline?.toISOString() ?? null, policy };
}
