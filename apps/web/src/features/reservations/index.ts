/**
 * Bookings, as other features see it: the front desk's actions on a stay (check in, check out,
 * pay, cancel), which the staff dashboard's lists of the day offer beside the reservations screen
 * (dashboard).
 */
export { factsOfState } from './booking-actions';
export { DeskActionButtons, useDeskActions, type DeskStayRef, type ImmediateAction } from './components/front-desk/desk-actions';
/** The service requests list charges a completed request to its stay's folio (issue 22). */
export { ChargeRequestModal } from './components/front-desk/folio/charge-request-modal';
