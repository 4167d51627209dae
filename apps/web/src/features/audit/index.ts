/**
 * The audit trail, as other features see it (issue 35): the change history of one record under
 * its heading, shown to admins only, on the screens of a reservation, a room and an account
 * (reservations, rooms, users). Loaded lazily: the screens that hold it grow by the gate alone.
 */
export { HistoryPanel } from './components/history-panel';
