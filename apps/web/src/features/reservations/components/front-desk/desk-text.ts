import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../../lib/server-error';
import { useErrorText } from '../../../../lib/server-error';

/**
 * A refused desk action in the reader's language: the app's server-error helper, except that in
 * Bengali the desk's own refusal codes (booking-states.ts: CHECK_IN_NOT_YET, STAY_OVER, …) are
 * read from `front-desk.json` (`refusals`) until the common catalogue has them.
 */
export function useDeskErrorText(): (error: unknown, fallback: string) => string {
  const errorText = useErrorText();
  const { t, i18n } = useTranslation('front-desk');
  return (error, fallback) => {
    const code = errorCode(error);
    if (i18n.resolvedLanguage === 'bn' && code && i18n.exists(`front-desk:refusals.${code}`)) return t(`refusals.${code}`);
    return errorText(error, fallback);
  };
}
