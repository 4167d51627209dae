import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where Accept is remembered; Decline stores nothing, so the question comes back next visit. */
export const COOKIE_CONSENT_KEY = 'cookieConsent';

export function hasCookieConsent(): boolean {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY) === 'true';
  } catch {
    return false;
  }
}

export function CookieConsent() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => !hasCookieConsent());
  if (!visible) return null;
  return (
    <div
      role="dialog"
      aria-live="polite"
      aria-label={t('cookie.title')}
      data-testid="cookie-consent"
      className="fixed inset-x-3 bottom-3 z-[55] mx-auto max-w-xl rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-200 sm:inset-x-auto sm:left-6"
    >
      <p className="font-display text-lg text-brand-800">{t('cookie.title')}</p>
      <p className="mt-1 text-sm text-slate-600">
        {t('cookie.text')}{' '}
        <Link to="/terms" className="font-medium text-brand-700 underline">
          {t('cookie.more')}
        </Link>
      </p>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn-outline px-4 py-2" onClick={() => setVisible(false)}>
          {t('cookie.decline')}
        </button>
        <button
          type="button"
          className="btn-primary px-4 py-2"
          onClick={() => {
            try {
              localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
            } catch {
              // Private mode without storage: the banner simply returns next time.
            }
            setVisible(false);
          }}
        >
          {t('cookie.accept')}
        </button>
      </div>
    </div>
  );
}
