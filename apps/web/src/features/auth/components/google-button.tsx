import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/store-hooks';
import { getSite } from '../../../lib/site';
import { googleLogin } from '../auth-slice';
import { landingPath } from '@residency/shared/roles';

/** The spec's sign-in pop-up size. */
const POPUP = { width: 500, height: 600 };
export const GOOGLE_MESSAGE = 'residency:google';
/** sessionStorage key of the page to return to after Google sign-in. */
export const RETURN_KEY = 'residency:google-return';

/** A path of this site (`/booking/…?checkIn=…`), never another origin (`//evil.example`, `https:`). */
export function safeReturnPath(path: unknown): string | undefined {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : undefined;
}

const session = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage blocked: the guest lands on the dashboard instead
  }
};

/**
 * Keeps the page to come back to across the Google redirect. sessionStorage, because the pop-up
 * gets a copy of it: when the pop-up loses its opener it finishes the sign-in itself
 * (/auth/callback) and reads the path there. No path clears an older one.
 */
export function rememberReturnPath(path: string | undefined, storage = session()): void {
  try {
    const safe = safeReturnPath(path);
    if (safe) storage?.setItem(RETURN_KEY, safe);
    else storage?.removeItem(RETURN_KEY);
  } catch {
    // Storage full or blocked: nothing to keep.
  }
}

/** The page to return to after Google sign-in, read once (it is cleared). */
export function takeReturnPath(storage = session()): string | undefined {
  try {
    const path = storage?.getItem(RETURN_KEY);
    storage?.removeItem(RETURN_KEY);
    return safeReturnPath(path);
  } catch {
    return undefined;
  }
}

/**
 * Google sign-in in a 500x600 pop-up. The server runs OpenID Connect and ends on
 * /auth/callback, which posts the token (or an error code) back here. Like the password form,
 * it returns the guest to the page that sent them to sign in (`state.from`, e.g. a booking with
 * its stay), else to their dashboard.
 */
export function GoogleButton() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  if (!getSite().googleSignIn) return null;

  const start = () => {
    rememberReturnPath(from);
    const left = window.screenX + (window.outerWidth - POPUP.width) / 2;
    const top = window.screenY + (window.outerHeight - POPUP.height) / 2;
    const popup = window.open(
      '/api/auth/google?popup=1',
      'google-sign-in',
      `width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`,
    );
    if (!popup) {
      void dispatch(googleLogin({ error: 'popup-blocked' }));
      return;
    }
    let settled = false;
    const finish = async (data: { token?: string; error?: string }) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
      const back = takeReturnPath() ?? safeReturnPath(from);
      const result = await dispatch(googleLogin(data));
      if (googleLogin.fulfilled.match(result)) navigate(landingPath(result.payload.user.role, back), { replace: true });
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== GOOGLE_MESSAGE) return;
      void finish({ token: event.data.token, error: event.data.error });
    };
    window.addEventListener('message', onMessage);
    // A pop-up closed by hand sends nothing.
    const watch = window.setInterval(() => {
      if (popup.closed) setTimeout(() => void finish({ error: 'popup-closed-by-user' }), 300);
    }, 500);
  };

  return (
    <button type="button" onClick={start} className="btn w-full border border-slate-300 bg-white text-slate-800 hover:bg-slate-50" data-testid="google-sign-in">
      <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
        <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
        <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
        <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
        <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
      </svg>
      {t('google')}
    </button>
  );
}
