import { useTranslation } from 'react-i18next';
import { errorCode, useErrorText } from '../../lib/server-error';

/**
 * A refusal of the cards' routes in the reader's language: the server's own words in English;
 * in Bengali the register's codes (REGISTRATION_LOCKED, TOO_MANY_GUESTS, NOT_AN_IMAGE, …) from
 * `guest-register.json`, then the app's common catalogue.
 */
export function useRegisterErrorText(): (error: unknown, fallback: string) => string {
  const errorText = useErrorText();
  const { t, i18n } = useTranslation('guest-register');
  return (error, fallback) => {
    const code = errorCode(error);
    if (i18n.resolvedLanguage === 'bn' && code && i18n.exists(`guest-register:serverErrors.${code}`)) return t(`serverErrors.${code}`);
    return errorText(error, fallback);
  };
}

/** The field errors of a 400 (`errors: [{ path, message }]`), when the refusal has them. */
export function fieldErrorsOf(error: unknown): { path: string; message: string }[] {
  const errors = (error as { data?: { errors?: unknown } } | undefined)?.data?.errors;
  return Array.isArray(errors) ? errors.filter((e): e is { path: string; message: string } => typeof e?.path === 'string' && typeof e?.message === 'string') : [];
}
