/**
 * The folio, as other features see it: the service requests list charges a completed request to
 * its stay's folio (issue 22).
 */
export { ChargeRequestModal } from './components/charge-request-modal';
