import type { GuestCancelPolicy } from '@residency/shared';
import type { Config } from '../config.ts';

/**
 * This hotel's rules for a guest cancelling online (HOTEL_CHECK_IN_TIME, GUEST_CANCEL_HOURS,
 * HOTEL_TIME_ZONE), with the phone number a guest past the deadline is given.
 */
export function guestCancelPolicy(config: Config): GuestCancelPolicy & { hotelPhone: string } {
  return {
    checkInTime: config.hotel.checkInTime,
    cancelHours: config.hotel.guestCancelHours,
    timeZone: config.hotel.timeZone,
    hotelPhone: config.hotel.phone,
  };
}
