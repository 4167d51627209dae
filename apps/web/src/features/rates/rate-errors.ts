import { useTranslation } from 'react-i18next';
import { formatStayDate, formatTaka } from '../../lib/format';
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

/** The day and price of a PRICE_BELOW_ZERO refusal (`{ code, date, price, message }`), when the answer has them. */
function belowZero(error: unknown): { date: string; price: number } | null {
  const data = (error as { data?: { date?: unknown; price?: unknown } } | undefined)?.data;
  return typeof data?.date === 'string' && typeof data.price === 'number' ? { date: data.date, price: data.price } : null;
}

/**
 * A failure of a rates call in the reader's language: in English the server's own words (they
 * name the plan), in Bengali this feature's words for the refusals it knows by code, anything
 * else through the shared mapper. PRICE_BELOW_ZERO is worded here in both languages: the
 * server's words write the day YYYY-MM-DD and the price without ৳.
 */
export function useRatesErrorText(): (error: unknown, fallback: string) => string {
  const { t, i18n } = useTranslation('rates');
  const errorText = useErrorText();
  return (error, fallback) => {
    const code = errorCode(error);
    const lng = i18n.resolvedLanguage ?? 'en';
    const below = code === 'PRICE_BELOW_ZERO' ? belowZero(error) : null;
    if (below) return t('errors.PRICE_BELOW_ZERO', { date: formatStayDate(below.date, lng), price: formatTaka(below.price, lng) });
    return lng === 'bn' && code && OWN_CODES.has(code) ? t(`errors.${code}`) : errorText(error, fallback);
  };
}
