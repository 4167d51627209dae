import type { RateDayField, TRateBulk } from '@residency/shared/rates';

/** The price's choice: leave, set, change by % or by an amount, or follow the parent plan (or the default) again. */
export type PriceMode = 'keep' | 'set' | 'percent' | 'amount' | 'follow';
/** A yes/no rule's choice: leave, yes, no, or follow the parent plan (or the default) again. */
type TriState = 'keep' | 'yes' | 'no' | 'follow';
export const RULE_SWITCHES = ['closedToArrival', 'closedToDeparture', 'stopSell'] as const;
/** The values typed as numbers (an empty field leaves the value as it is). */
const NUMBER_FIELDS = ['extraAdult', 'extraChild', 'minStay', 'maxStay'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** The editor's fields, dates already written YYYY-MM-DD. Empty numbers (null, undefined) leave a value as it is. */
export interface EditorFields {
  plan: string;
  from: string;
  to: string;
  weekdays: number[];
  priceMode: PriceMode;
  priceValue?: number | null;
  /** What guests are told sets the price ("Eid season"), in English and Bengali: sent with a price only. */
  ruleNameEn?: string;
  ruleNameBn?: string;
  extraAdult?: number | null;
  extraChild?: number | null;
  minStay?: number | null;
  maxStay?: number | null;
  /** Removes the longest stay (sends `maxStay: null`). */
  clearMaxStay?: boolean;
  /** The number values the plan no longer sets itself: they follow its parent (or the default) again. */
  follow?: Partial<Record<NumberField, boolean>>;
  closedToArrival: TriState;
  closedToDeparture: TriState;
  stopSell: TriState;
}

const given = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The body of `POST /api/rates/bulk` for one room type: only what was asked. The price is one of
 * set / by % / by amount; weekdays only when not all seven are ticked (the API's "every day" is
 * no list); a yes/no rule only when "yes" or "no" was chosen, never for "leave as is". A value to
 * follow the parent plan (or the default) again goes in `clear`, in the contract's order, and
 * never with a value of its own (the API refuses a value both set and cleared).
 */
export function bulkBody(fields: EditorFields, category: string): TRateBulk {
  const body: TRateBulk = { category, plan: fields.plan, from: fields.from, to: fields.to };
  const clear: RateDayField[] = [];
  if (fields.weekdays.length < 7) body.weekdays = [...fields.weekdays].sort((a, b) => a - b);
  if (fields.priceMode === 'follow') clear.push('price');
  else if (given(fields.priceValue)) {
    if (fields.priceMode === 'set') body.price = fields.priceValue;
    else if (fields.priceMode === 'percent') body.changePercent = fields.priceValue;
    else if (fields.priceMode === 'amount') body.changeAmount = fields.priceValue;
    const en = fields.ruleNameEn?.trim() ?? '';
    const bn = fields.ruleNameBn?.trim() ?? '';
    // Both or neither: one language alone goes as typed, and the API says the other is missing.
    if (en || bn) body.name = { en, bn };
  }
  for (const field of NUMBER_FIELDS) {
    const value = fields[field];
    if (fields.follow?.[field]) clear.push(field);
    else if (field === 'maxStay' && fields.clearMaxStay) body.maxStay = null;
    else if (given(value)) body[field] = value;
  }
  for (const rule of RULE_SWITCHES) {
    if (fields[rule] === 'follow') clear.push(rule);
    else if (fields[rule] !== 'keep') body[rule] = fields[rule] === 'yes';
  }
  if (clear.length > 0) body.clear = clear;
  return body;
}

/** Whether the body asks for no change at all (the API refuses it: say so before sending). */
export function asksNothing(body: TRateBulk): boolean {
  const keys: (keyof TRateBulk)[] = ['price', 'changePercent', 'changeAmount', 'extraAdult', 'extraChild', 'minStay', 'maxStay', ...RULE_SWITCHES];
  return keys.every((key) => body[key] === undefined) && (body.clear ?? []).length === 0;
}
