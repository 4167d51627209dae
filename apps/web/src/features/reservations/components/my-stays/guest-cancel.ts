import type { TSiteInfo } from '@residency/shared';
import {
  formatDeadline,
  guestCancelRefusal,
  type GuestCancelPolicy,
  type Refusal,
  type StayFacts,
} from '@residency/shared/booking-states';
import { wallClockAt } from '@residency/shared/hotel-time';
import { clockText } from '../../../../lib/hotel-clock';
import { formatLongDate } from '../../../../lib/format';

/** The hotel's cancellation policy for guests, as the server configured it (GET /api/site). */
export function guestCancelPolicy(site: TSiteInfo): GuestCancelPolicy & { hotelPhone: string } {
  return { checkInTime: site.checkInTime, cancelHours: site.guestCancelHours, timeZone: site.timeZone, hotelPhone: site.phone };
}

/**
 * Why the guest may not cancel this stay now, or null when they may: the shared rule the
 * server enforces (packages/shared booking-states), so the button and the server agree.
 */
export function guestCancelVerdict(stay: StayFacts, now: Date, site: TSiteInfo): Refusal | null {
  return guestCancelRefusal(stay, now, guestCancelPolicy(site));
}

/**
 * A cancellation deadline on the hotel's clock: the shared wording in English ("Sun, Nov 29,
 * 2026 at 14:00"), the same date and time with Bengali names and digits in bn.
 */
export function deadlineText(deadline: Date, timeZone: string, lng: string): string {
  if (lng !== 'bn') return formatDeadline(deadline, timeZone);
  const { date, time } = wallClockAt(deadline, timeZone);
  return `${formatLongDate(date, 'bn')}, ${clockText(time, 'bn')}`;
}
