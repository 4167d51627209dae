/**
 * The folio, as other features see it: the service requests list charges a completed request to
 * its stay's folio (issue 22).
 */
export { ChargeRequestModal, type ChargeableRequest } from './components/charge-request-modal';
