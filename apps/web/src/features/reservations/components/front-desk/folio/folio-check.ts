import { PAY_MESSAGE_KEYS } from '../pay-form';

/**
 * The folio contracts' messages (ZChargeCreate, ZReversalCreate, ZRefundCreate) and the keys of
 * the screen's own words for them (front-desk.json, `folio.errors`); the payment's fields keep
 * the Pay dialog's words (`pay.errors`). A message not listed is shown as the contract wrote it.
 */
const FOLIO_MESSAGE_KEYS: Record<string, string> = {
  'Choose what is charged.': 'folio.errors.chargeTypeRequired',
  'Enter the price.': 'folio.errors.priceRequired',
  'The price must be at least one paisa (৳0.01).': 'folio.errors.pricePositive',
  'This amount is too large.': 'folio.errors.amountTooLarge',
  'Enter how many.': 'folio.errors.quantityRequired',
  'A whole number.': 'folio.errors.quantityWhole',
  'At least 1.': 'folio.errors.quantityMin',
  'At most 999.': 'folio.errors.quantityMax',
  'At most 200 characters.': 'folio.errors.descriptionTooLong',
  'Choose the day of the service.': 'folio.errors.serviceDate',
  'Choose a room of this reservation.': 'folio.errors.room',
  'Say why.': 'folio.errors.reasonRequired',
  'Say why, in a few words.': 'folio.errors.reasonShort',
  'At most 300 characters.': 'folio.errors.tooLong300',
};

/** A field's problem: the key of the screen's words (under `front-desk:`), or the contract's words when it has none. */
export interface FieldProblem {
  field: string;
  key: string | null;
  message: string;
  values?: Record<string, string>;
}

/** What the shared zod contracts offer (the web app reaches zod only through them). */
interface Contract<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Checks a form's body with the API's own contract: the parsed body, or the first problem of each field. */
export function checkWith<T>(schema: Contract<T>, body: unknown): { ok: true; data: T } | { ok: false; problems: FieldProblem[] } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, data: parsed.data };
  const problems: FieldProblem[] = [];
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (problems.some((p) => p.field === field)) continue;
    const payKey = PAY_MESSAGE_KEYS[issue.message];
    const key = FOLIO_MESSAGE_KEYS[issue.message] ?? (payKey ? `pay.errors.${payKey}` : null);
    problems.push({ field, key, message: issue.message });
  }
  return { ok: false, problems };
}

/** The body of a form's values: empty texts and empty numbers left out, texts trimmed (the contract trims too). */
export function compact(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v] as const)
      .filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}
