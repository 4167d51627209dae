/**
 * Bookings, as other features see it:
 * - the front desk's actions on a stay (check in, check out, pay, cancel), which the staff
 *   dashboard's lists of the day offer beside the reservations screen (dashboard);
 * - the guest's own bookings, from which a service request picks its stay (services).
 */
export { useGetMyBookingsQuery } from './api';
export { factsOfState } from './booking-actions';
export { DeskActionButtons, useDeskActions, type DeskStayRef, type ImmediateAction } from './components/front-desk/desk-actions';
