import { PASSWORD_MIN } from '@residency/shared/auth-rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiRequest, ApiError } from '../../../lib/http';
import { FormAlert } from '../../../components/form-alert';
import { AuthCard } from '../components/auth-card';
import { TextField } from '../../../components/text-field';

/**
 * Opened from the e-mailed link: choose a new password (once, within one hour). An invitation's
 * link (`&invite=1`) opens the same page, worded for someone choosing their first password.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invite = params.get('invite') === '1';
  const words = invite ? 'invite' : 'reset';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (password.length < PASSWORD_MIN) next.password = t('validation.passwordMin', { count: PASSWORD_MIN });
    if (confirm !== password) next.confirm = t('validation.passwordMatch');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    setServerError(undefined);
    try {
      await apiRequest('/auth/reset-password', { method: 'POST', body: { token, password } });
      navigate('/login', { replace: true, state: { notice: invite ? 'passwordSet' : 'passwordChanged' } });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setServerError(code ? t(`errors.${code}`, { defaultValue: (error as Error).message }) : (error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t(`${words}.title`)} subtitle={t(`${words}.subtitle`)}>
      {!token ? (
        <FormAlert tone="error">
          {t('errors.RESET_LINK_INVALID')}{' '}
          <Link to="/forgot-password" className="font-semibold underline">
            {t('reset.askAgain')}
          </Link>
        </FormAlert>
      ) : (
        <>
          {serverError && (
            <FormAlert tone="error">
              {serverError}{' '}
              <Link to="/forgot-password" className="font-semibold underline">
                {t('reset.askAgain')}
              </Link>
            </FormAlert>
          )}
          <form className="space-y-4" onSubmit={submit} noValidate>
            <TextField
              label={t('fields.newPassword')}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
              hint={t('signUp.passwordHint', { count: PASSWORD_MIN })}
            />
            <TextField
              label={t('fields.confirmPassword')}
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={errors.confirm}
            />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? t('reset.submitting') : t(`${words}.submit`)}
            </button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
