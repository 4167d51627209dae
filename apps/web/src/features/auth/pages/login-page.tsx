import { landingPath } from '@residency/shared/roles';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { clearAuthError, loginUser } from '../auth-slice';
import { FormAlert } from '../../../components/form-alert';
import { AuthCard } from '../components/auth-card';
import { BookingIntentNotice } from '../components/booking-intent-notice';
import { GoogleButton } from '../components/google-button';
import { TextField } from '../../../components/text-field';
import { useAuthError } from '../hooks/use-auth-error';
import { getSite } from '../../../lib/site';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  const serverError = useAuthError();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const from = (location.state as { from?: string } | null)?.from;
  const notice = (location.state as { notice?: string } | null)?.notice;

  useEffect(() => {
    dispatch(clearAuthError());
  }, [dispatch]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) next.email = t('validation.email');
    if (!password) next.password = t('validation.passwordRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const result = await dispatch(loginUser({ email: email.trim(), password }));
    if (loginUser.fulfilled.match(result)) {
      navigate(landingPath(result.payload.user.role, from), { replace: true });
    }
  };

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to="/sign-up" state={from ? { from } : undefined} className="font-semibold text-brand-700 underline">
            {t('login.signUpLink')}
          </Link>
        </>
      }
    >
      <BookingIntentNotice from={from} />
      {notice && <FormAlert tone="success">{t(`notices.${notice}`)}</FormAlert>}
      {serverError && <FormAlert tone="error">{serverError}</FormAlert>}
      <form className="space-y-4" onSubmit={submit} noValidate>
        <TextField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="text-brand-700 underline">
            {t('login.forgot')}
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={isLoading}>
          {isLoading ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      {getSite().googleSignIn && (
        <>
          <div className="my-5 flex items-center gap-3 text-xs text-slate-500">
            <span className="h-px flex-1 bg-slate-200" /> {t('or')} <span className="h-px flex-1 bg-slate-200" />
          </div>
          <GoogleButton />
        </>
      )}
    </AuthCard>
  );
}
