import type { Executor } from '../../db/client.ts';
import { findChargeType, listChargeTypes, upsertChargeType, type ChargeTypeRow } from './charge-types.repository.ts';

/*
 * Charge types (issue 22): what the desk posts to a folio beside rooms (laundry, room service,
 * the airport shuttle…), each with its default price and whether service charge and VAT apply.
 * The reservation's folio reads one when it posts a charge (findChargeType).
 */

export type { ChargeTypeRow };
export { findChargeType, listChargeTypes };

/** The admin's charge types (`PUT /api/charge-types/:code`). */
export function saveChargeType(db: Executor, values: Parameters<typeof upsertChargeType>[1]) {
  return upsertChargeType(db, values);
}
