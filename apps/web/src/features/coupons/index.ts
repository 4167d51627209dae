/** Coupons, as other features see it: the check of a code the guest types on the booking form (bookings). */
export { useLazyCheckCouponQuery } from './api';
