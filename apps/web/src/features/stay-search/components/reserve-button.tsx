import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The room the button takes at the bottom of the screen: its height (h-12), its offset and a gap above it. */
const RESERVE_BUTTON_SPACE = 'calc(3rem + 1.25rem + 0.75rem)';
/** Published on <html> while the button shows; the body keeps that much room at its end (index.css). */
const SPACE_VAR = '--reserve-button-space';

/**
 * Small screens' way to the rates page: a Reserve button fixed at the bottom of the pages where
 * booking is the next step (bar-paths.ts). While it shows, the page keeps room for it at its end,
 * so the last lines of the page (the footer's) can be scrolled above it.
 */
export default function ReserveButton() {
  const { t } = useTranslation('stay-search');
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty(SPACE_VAR, RESERVE_BUTTON_SPACE);
    return () => {
      root.style.removeProperty(SPACE_VAR);
    };
  }, []);
  return (
    <Link
      to="/view-rates"
      data-testid="reserve-button"
      // Above the cookie banner while it is shown (it publishes its height), never under it.
      style={{ bottom: 'calc(1.25rem + var(--cookie-banner-space, 0px))' }}
      className="btn-gold fixed left-5 z-40 h-12 px-6 py-0 text-base shadow-lg ring-1 ring-gold-600/30 lg:hidden"
    >
      {t('bar.reserve')}
    </Link>
  );
}
