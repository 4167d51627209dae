import { landingPath } from '@residency/shared/roles';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/store-hooks';
import { googleLogin } from '../auth-slice';
import { FormAlert } from '../../../components/form-alert';
import { AuthCard } from '../components/auth-card';
import { GOOGLE_MESSAGE, takeReturnPath } from '../components/google-button';
import { useAuthError } from '../hooks/use-auth-error';

/** Where the server's Google sign-in ends: `#token=…` or `#error=…`, plus `popup=1` in a pop-up. */
function readCallbackFragment(hash: string) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    token: params.get('token') ?? undefined,
    error: params.get('error') ?? undefined,
    popup: params.get('popup') === '1',
  };
}

export default function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const error = useAuthError();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const { token, error: code, popup } = readCallbackFragment(window.location.hash);
    // Forget the token in the address bar at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (popup && window.opener && !window.opener.closed) {
      window.opener.postMessage({ type: GOOGLE_MESSAGE, token, error: code }, window.location.origin);
      window.close();
      return;
    }
    // No opener to tell (it was lost on the way through Google): sign in here, and go back to the
    // page the guest came from, kept by the button (a booking and its stay), else the dashboard.
    void dispatch(googleLogin({ token, error: code })).then((result) => {
      if (googleLogin.fulfilled.match(result)) navigate(landingPath(result.payload.user.role, takeReturnPath()), { replace: true });
    });
  }, [dispatch, navigate]);

  return (
    <AuthCard title={t('callback.title')}>
      {error ? (
        <FormAlert tone="error">
          {error}{' '}
          <Link to="/login" className="font-semibold underline">
            {t('callback.back')}
          </Link>
        </FormAlert>
      ) : (
        <p role="status" className="text-slate-600">
          {t('callback.working')}
        </p>
      )}
    </AuthCard>
  );
}
