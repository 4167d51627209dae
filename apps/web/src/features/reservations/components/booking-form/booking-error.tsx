import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../booking-rules';

/**
 * What the server's refusal of a booking means to the guest: no connection, or the server's own
 * words (in Bengali, the translation of its error code; an unknown code keeps its words).
 */
function useBookingErrorText(): (failure: ApiFailure) => string {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  return (failure) => {
    if (failure.status === 'FETCH_ERROR' || failure.status === 'TIMEOUT_ERROR') return t('errors.network');
    if (lng === 'bn' && failure.code) return t(`errors.${failure.code}`, { defaultValue: failure.message ?? t('errors.generic') });
    return failure.message ?? t('errors.generic');
  };
}

/**
 * Why Confirm did not book, said as an alert beside the price (`text` when the form says it
 * better: a changed price, a stay rule, the room taken), with what to do next (`children`). It
 * takes the focus through `ref`: the answer may be far from the field the guest was in.
 */
export function BookingError({ failure, text, children, ref }: { failure: ApiFailure; text?: string; children?: ReactNode; ref?: Ref<HTMLDivElement> }) {
  const errorText = useBookingErrorText();
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200" data-testid="booking-error">
      {text ?? errorText(failure)}
      {children}
    </div>
  );
}
