import { z } from 'zod';

/** Public facts about the hotel, from the server's configuration. */
export const ZSiteInfo = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  /** The address as Bengali pages write it (HOTEL_ADDRESS_BN); the English one when none is set. */
  addressBn: z.string(),
  instagramUrl: z.string(),
  facebookUrl: z.string(),
  /** The hotel's time zone: the booking bar's "today" is today at the hotel. */
  timeZone: z.string(),
  /** HH:mm at the hotel when rooms are ready (HOTEL_CHECK_IN_TIME): the guest's countdown ends there. */
  checkInTime: z.string(),
  /** Hours before check-in time that a guest's online cancellation closes (GUEST_CANCEL_HOURS). */
  guestCancelHours: z.number(),
  /** How far ahead (days from the hotel's today) a stay may end (BOOKING_HORIZON_DAYS): the calendars stop there. */
  bookingHorizonDays: z.number(),
  vatPercent: z.number(),
  serviceChargePercent: z.number(),
  googleSignIn: z.boolean(),
  /** The gateways the booking page offers (issue 33; none: only "Pay at the hotel") and the minutes rooms are held while a guest pays. */
  onlinePayment: z.object({ gateways: z.array(z.enum(['sslcommerz', 'bkash'])), holdMinutes: z.number() }),
});
export type TSiteInfo = z.infer<typeof ZSiteInfo>;
