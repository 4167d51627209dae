import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where Accept is remembered; Decline stores nothing, so the question comes back next visit. */
export const COOKIE_CONSENT_KEY = 'cookieConsent';

/** The height the banner takes at the bottom of the screen, for what must stay clear of it. */
const SPACE_VAR = '--cookie-banner-space';
/** Room left between a focused control and the banner's top edge. */
const FOCUS_MARGIN = 16;

function hasCookieConsent(): boolean {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * While the banner floats over the bottom of the page it must never hide what the keyboard is on:
 * - its height is published as `--cookie-banner-space` (the page gets that much room at its end,
 *   and the fixed Reserve button sits above it);
 * - a control that takes the keyboard's focus under the banner is scrolled up above it. Only
 *   the keyboard's: a mouse press or a tap focuses the control between press and release, and
 *   moving the page then put the release, and so the click, on whatever came under the pointer
 *   (a first visitor's first click on Create account did nothing). A pointer is on what it
 *   presses, so it needs no help; `:focus-visible` alone would not tell, as text fields match it
 *   on a click too, hence the last input (key or pointer) is what decides;
 * - Escape closes it (as Decline: nothing is stored), unless the Escape belongs to another pop-up.
 * When it closes with the focus inside, the focus goes back to where it was before.
 */
function useKeepFocusClear(banner: React.RefObject<HTMLDivElement | null>, visible: boolean, close: () => void) {
  const lastOutside = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const box = banner.current;
    if (!visible || !box) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(SPACE_VAR, `${box.offsetHeight + 12}px`);
    publish();
    // (Absent in some test DOMs; the first measure still holds.)
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    resize?.observe(box);

    // Whether the person's last input was a key (Tab, arrows, Enter) rather than a pointer.
    let byKeyboard = false;
    const onKeyInput = (event: KeyboardEvent) => {
      if (!event.metaKey && !event.ctrlKey && !event.altKey) byKeyboard = true;
    };
    const onPointerInput = () => {
      byKeyboard = false;
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (box.contains(target)) return;
      lastOutside.current = target;
      if (!byKeyboard) return;
      const covered = target.getBoundingClientRect();
      const top = box.getBoundingClientRect().top;
      if (covered.bottom > top && covered.top < window.innerHeight) {
        window.scrollBy({ top: covered.bottom - top + FOCUS_MARGIN, behavior: 'instant' });
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const target = event.target as Element | null;
      const otherPopup = target?.closest?.('[role="dialog"]');
      if (otherPopup && otherPopup !== box) return;
      close();
    };
    // Captured, so that a control stopping the event's propagation cannot hide the input.
    document.addEventListener('keydown', onKeyInput, true);
    document.addEventListener('pointerdown', onPointerInput, true);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyInput, true);
      document.removeEventListener('pointerdown', onPointerInput, true);
      resize?.disconnect();
      root.style.removeProperty(SPACE_VAR);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
      // Closed with the focus inside: give it back instead of dropping it to <body>.
      if (box.contains(document.activeElement) || document.activeElement === document.body) {
        const back = lastOutside.current;
        if (back?.isConnected) back.focus({ preventScroll: true });
      }
    };
  }, [banner, visible, close]);
}

export function CookieConsent() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => !hasCookieConsent());
  const banner = useRef<HTMLDivElement>(null);
  const [decline] = useState(() => () => setVisible(false));
  useKeepFocusClear(banner, visible, decline);
  if (!visible) return null;
  return (
    <div
      ref={banner}
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
        <button type="button" className="btn-outline px-4 py-2" onClick={decline}>
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
