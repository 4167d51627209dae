import { useTranslation } from 'react-i18next';
import { errorCode, useErrorText } from './server-error';

/**
 * The folio contracts' messages (ZChargeTypeSave, ZChargeTypeParams, ZChargeCreate, and
 * ZReviewRefusal: why an online payment held for review is refused) with the keys of the
 * screens' own words for them (folio.json, `errors`); a message not listed is shown as the
 * contract wrote it.
 */
const MESSAGE_KEYS: Record<string, string> = {
  'Enter the English name.': 'nameEnRequired',
  'Enter the Bengali name.': 'nameBnRequired',
  'At most 60 characters.': 'tooLong60',
  'Not below 0.': 'notNegative',
  'At most 100.': 'percentMax',
  'Enter a percentage.': 'percentRequired',
  'This amount is too large.': 'amountTooLarge',
  'A code is 2–32 lower-case letters, digits or _, starting with a letter.': 'code',
  'Choose what is charged.': 'chargeTypeRequired',
  'Enter the price.': 'amountRequired',
  'The price must be at least one paisa (৳0.01).': 'amountPositive',
  'At most 200 characters.': 'tooLong200',
  'Say why.': 'reasonRequired',
  'Say why, in a few words.': 'reasonShort',
  'At most 300 characters.': 'tooLong300',
};

/** What the shared zod contracts offer (the web app reaches zod only through them). */
interface Contract<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** A form's fields with their first problem each, in the reader's words. */
export type FieldErrors = { name: string; errors: string[] }[];

/**
 * Checks a form's body with the API's own contract: the parsed body, or each field's first
 * problem in the screen's words (for antd's `form.setFields`).
 */
export function useContractCheck() {
  const { t } = useTranslation('folio');
  return <T>(schema: Contract<T>, body: unknown): { ok: true; data: T } | { ok: false; fields: FieldErrors } => {
    const parsed = schema.safeParse(body);
    if (parsed.success) return { ok: true, data: parsed.data };
    const fields: FieldErrors = [];
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (fields.some((f) => f.name === name)) continue;
      const key = MESSAGE_KEYS[issue.message];
      fields.push({ name, errors: [key ? t(`errors.${key}`) : issue.message] });
    }
    return { ok: false, fields };
  };
}

/**
 * A refusal of the server in the reader's language, as lib/server-error says it; in Bengali the
 * folio's own codes (ALREADY_CHARGED…) that `common` does not know are in this screen's words.
 */
export function useFolioErrorText() {
  const { t, i18n } = useTranslation('folio');
  const errorText = useErrorText();
  return (error: unknown, fallback: string) => {
    const code = errorCode(error);
    if (i18n.resolvedLanguage === 'bn' && code && i18n.exists(`folio:serverErrors.${code}`)) return t(`serverErrors.${code}`);
    return errorText(error, fallback);
  };
}
