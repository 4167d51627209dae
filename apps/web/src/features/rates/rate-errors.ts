import { useTranslation } from 'react-i18next';
import { errorCode, useErrorText } from '../../lib/server-error';

/** Server codes of the rates calls this feature words itself in Bengali (the shared list has none of them). */
const OWN_CODES = new Set([
  'RATE_PLAN_NOT_FOUND',
  'RATE_PLAN_CODE_TAKEN',
  'RATE_PLAN_HAS_CHILDREN',
  'RATE_PLAN_PARENT_NOT_FOUND',
  'RATE_PLAN_PARENT_SELF',
  'RATE_PLAN_PARENT_DERIVED',
  'STANDARD_PLAN_STAYS',
]);

/**
 * A failure of a rates call in the reader's language: in English the server's own words (they
 * name the plan), in Bengali this feature's words for the refusals it knows by code, anything
 * else through the shared mapper.
 */
export function useRatesErrorText(): (error: unknown, fallback: string) => string {
  const { t, i18n } = useTranslation('rates');
  const errorText = useErrorText();
  return (error, fallback) => {
    const code = errorCode(error);
    return i18n.resolvedLanguage === 'bn' && code && OWN_CODES.has(code) ? t(`errors.${code}`) : errorText(error, fallback);
  };
}
