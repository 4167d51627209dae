/*
 * What other modules ask of the audit trail (issue 35): record an event the database cannot see
 * (a sign-in), name the author of a transaction once known, and write the chain's last record
 * down (a closed day, a backup). The records of row changes are the database's own.
 */
export { actAs, anchorChain, recordEvent } from './audit.repository.ts';
