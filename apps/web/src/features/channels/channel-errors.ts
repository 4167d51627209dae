import { useTranslation } from 'react-i18next';
import { errorCode, useErrorText } from '../../lib/server-error';

/** Server codes of the channel calls this feature words itself (both languages). */
const OWN_CODES = new Set(['FEED_EXISTS', 'FEED_NOT_FOUND', 'CONFLICT_RESOLVED', 'CONFLICT_NOT_FOUND']);

/**
 * A failure of a channels call in the reader's language: the refusals this feature knows by code
 * (a feed already there or gone, a conflict resolved by someone else meanwhile) in its own words,
 * anything else through the shared mapper.
 */
export function useChannelsErrorText(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation('channels');
  const errorText = useErrorText();
  return (error, fallback) => {
    const code = errorCode(error);
    return code && OWN_CODES.has(code) ? t(`errors.${code}`) : errorText(error, fallback);
  };
}
