import type { TRateBulk } from '@residency/shared/rates';

export type PriceMode = 'keep' | 'set' | 'percent' | 'amount';
type TriState = 'keep' | 'yes' | 'no';
export const RULE_SWITCHES = ['closedToArrival', 'closedToDeparture', 'stopSell'] as const;

/** The editor's fields, dates already written YYYY-MM-DD. Empty numbers (null, undefined) leave a value as it is. */
export interface EditorFields {
  plan: string;
  from: string;
  to: string;
  weekdays: number[];
  priceMode: PriceMode;
  priceValue?: number | null;
  extraAdult?: number | null;
  extraChild?: number | null;
  minStay?: number | null;
  maxStay?: number | null;
  /** Removes the longest stay (sends `maxStay: null`). */
  clearMaxStay?: boolean;
  closedToArrival: TriState;
  closedToDeparture: TriState;
  stopSell: TriState;
}

const given = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The body of `POST /api/rates/bulk` for one room type: only what was asked. The price is one of
 * set / by % / by amount; weekdays only when not all seven are ticked (the API's "every day" is
 * no list); a yes/no rule only when "yes" or "no" was chosen, never for "leave as is".
 */
export function bulkBody(fields: EditorFields, category: string): TRateBulk {
  const body: TRateBulk = { category, plan: fields.plan, from: fields.from, to: fields.to };
  if (fields.weekdays.length < 7) body.weekdays = [...fields.weekdays].sort((a, b) => a - b);
  if (given(fields.priceValue)) {
    if (fields.priceMode === 'set') body.price = fields.priceValue;
    else if (fields.priceMode === 'percent') body.changePercent = fields.priceValue;
    else if (fields.priceMode === 'amount') body.changeAmount = fields.priceValue;
  }
  if (given(fields.extraAdult)) body.extraAdult = fields.extraAdult;
  if (given(fields.extraChild)) body.extraChild = fields.extraChild;
  if (given(fields.minStay)) body.minStay = fields.minStay;
  if (fields.clearMaxStay) body.maxStay = null;
  else if (given(fields.maxStay)) body.maxStay = fields.maxStay;
  for (const rule of RULE_SWITCHES) if (fields[rule] !== 'keep') body[rule] = fields[rule] === 'yes';
  return body;
}

/** Whether the body asks for no change at all (the API refuses it: say so before sending). */
export function asksNothing(body: TRateBulk): boolean {
  const keys: (keyof TRateBulk)[] = ['price', 'changePercent', 'changeAmount', 'extraAdult', 'extraChild', 'minStay', 'maxStay', ...RULE_SWITCHES];
  return keys.every((key) => body[key] === undefined);
}
