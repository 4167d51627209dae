import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { clearAuthError, resetPassword } from '../auth-slice';
import { FormAlert } from '../../../components/form-alert';
import { AuthCard } from '../components/auth-card';
import { TextField } from '../../../components/text-field';
import { useAuthError } from '../hooks/use-auth-error';

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  const serverError = useAuthError();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    dispatch(clearAuthError());
  }, [dispatch]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError(t('validation.email'));
      return;
    }
    setError(undefined);
    const result = await dispatch(resetPassword({ email: email.trim() }));
    if (resetPassword.fulfilled.match(result)) setSent(true);
  };

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline">
          {t('forgot.back')}
        </Link>
      }
    >
      {sent ? (
        <FormAlert tone="success">{t('forgot.sent')}</FormAlert>
      ) : (
        <>
          {serverError && <FormAlert tone="error">{serverError}</FormAlert>}
          <form className="space-y-4" onSubmit={submit} noValidate>
            <TextField
              label={t('fields.email')}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error}
            />
            <button type="submit" className="btn-primary w-full" disabled={isLoading}>
              {isLoading ? t('forgot.submitting') : t('forgot.submit')}
            </button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
