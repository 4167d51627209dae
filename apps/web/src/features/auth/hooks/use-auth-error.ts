import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../lib/store-hooks';

/** The auth error in the reader's language: a known code is translated, otherwise the server's words. */
export function useAuthError(): string | null {
  const { t } = useTranslation('auth');
  const { isError, error, errorCode } = useAppSelector((state) => state.auth);
  if (!isError || !error) return null;
  return errorCode ? t(`errors.${errorCode}`, { defaultValue: error }) : error;
}
