import { isIsoDate } from '@residency/shared/dates';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from './format';
import { ApiError, errorMessage } from './http';

/**
 * The server's error code of a failed call: thrown by `apiRequest`, returned by RTK Query
 * (`{ data: { code } }`) or carried by a rejected auth thunk (`{ message, code }`).
 */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.code;
  const found = error as { code?: unknown; data?: { code?: unknown } } | undefined;
  if (typeof found?.code === 'string') return found.code;
  return typeof found?.data?.code === 'string' ? found.data.code : undefined;
}

/**
 * What a refusal names beside its code, for its words: `day` (DAY_CLOSED: the day the night audit
 * closed) written as the reader reads a day.
 */
function valuesOf(error: unknown, lng: string): Record<string, string> {
  const day = (error as { data?: { day?: unknown } } | undefined)?.data?.day;
  return typeof day === 'string' && isIsoDate(day) ? { day: formatLongDate(day, lng) } : {};
}

/**
 * A failure in the reader's language. In English the server's own words are the most precise
 * (they may name a room or a date); in Bengali the message known for the error's code in the
 * `common` namespace (`serverErrors`) stands in, and only an unknown code shows the server's words.
 */
export function localizedError(error: unknown, t: TFunction, lng: string | undefined, fallback: string): string {
  const plain = (error as { message?: unknown } | undefined)?.message;
  const message = typeof plain === 'string' && plain ? plain : errorMessage(error, fallback);
  const code = errorCode(error);
  if (lng !== 'bn' || !code) return message;
  return t(`common:serverErrors.${code}`, { defaultValue: message, ...valuesOf(error, lng) });
}

/** `localizedError` bound to the reader's language, for screens. */
export function useErrorText(): (error: unknown, fallback: string) => string {
  const { t, i18n } = useTranslation();
  return (error, fallback) => localizedError(error, t, i18n.resolvedLanguage, fallback);
}
