import { errorCode } from '../../lib/server-error';

/**
 * The sentences a 409 REGISTRATION_INCOMPLETE names (`{ code, missing }` beside the message, as
 * BALANCE_DUE carries `balance`), when the check-in was refused for the cards; null otherwise.
 */
export function registrationMissingOf(error: unknown): string[] | null {
  if (errorCode(error) !== 'REGISTRATION_INCOMPLETE') return null;
  const missing = (error as { data?: { missing?: unknown } }).data?.missing;
  return Array.isArray(missing) ? missing.filter((m): m is string => typeof m === 'string') : [];
}
