import { useTranslation } from 'react-i18next';
import { errorCode, useErrorText } from '../../lib/server-error';

/** Server codes the Users and Profile screens explain in their own words (both languages). */
const OWN_CODES = new Set(['SELF_DELETE', 'SELF_DEMOTE', 'LAST_ADMIN', 'EMAIL_TAKEN', 'WRONG_PASSWORD', 'NO_PASSWORD', 'RATE_LIMITED']);

/**
 * A failure of a users call in the reader's language: the refusals this feature knows by code
 * (self-delete, self-demote, a taken e-mail, a wrong password) read the same in English as the
 * server's words and have a Bengali phrasing; any other failure goes to the shared mapper.
 */
export function useUsersErrorText(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation('users');
  const errorText = useErrorText();
  return (error, fallback) => {
    const code = errorCode(error);
    return code && OWN_CODES.has(code) ? t(`errors.${code}`) : errorText(error, fallback);
  };
}

/** The field errors a 400 answer carries (`errors: [{ path, message }]`), keyed by field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const found = error as { errors?: unknown; data?: { errors?: unknown } } | undefined;
  const list = (Array.isArray(found?.errors) ? found.errors : found?.data?.errors) as { path?: unknown; message?: unknown }[] | undefined;
  const out: Record<string, string> = {};
  for (const item of Array.isArray(list) ? list : []) {
    const key = typeof item.path === 'string' ? item.path.split('.')[0] : undefined;
    if (key && typeof item.message === 'string' && !out[key]) out[key] = item.message;
  }
  return out;
}
