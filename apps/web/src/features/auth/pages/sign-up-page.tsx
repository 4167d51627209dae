import { PASSWORD_MIN } from '@residency/shared/auth-rules';
import { landingPath } from '@residency/shared/roles';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { clearAuthError, createUser } from '../auth-slice';
import { FormAlert } from '../../../components/form-alert';
import { AuthCard } from '../components/auth-card';
import { BookingIntentNotice } from '../components/booking-intent-notice';
import { GoogleButton } from '../components/google-button';
import { TextField } from '../../../components/text-field';
import { useAuthError } from '../hooks/use-auth-error';

type Field = 'name' | 'email' | 'password' | 'phone';

export default function SignUpPage() {
  const { t, i18n } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Where the guest was going when asked to sign in (e.g. a booking): back there after sign-up.
  const from = (useLocation().state as { from?: string } | null)?.from;
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  const serverError = useAuthError();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', password: '', phone: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  useEffect(() => {
    dispatch(clearAuthError());
  }, [dispatch]);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!values.name.trim()) next.name = t('validation.name');
    if (!/^\S+@\S+\.\S+$/.test(values.email.trim())) next.email = t('validation.email');
    if (values.password.length < PASSWORD_MIN) next.password = t('validation.passwordMin', { count: PASSWORD_MIN });
    if (values.phone.trim() && !/^[+\d][\d\s()-]{5,}$/.test(values.phone.trim())) next.phone = t('validation.phone');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const result = await dispatch(
      createUser({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        phone: values.phone.trim() || undefined,
        // The site's language: the account's mails are written in it.
        language: i18n.resolvedLanguage === 'bn' ? 'bn' : 'en',
      }),
    );
    if (createUser.fulfilled.match(result)) navigate(landingPath(result.payload.user.role, from), { replace: true });
  };

  return (
    <AuthCard
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      footer={
        <>
          {t('signUp.haveAccount')}{' '}
          <Link to="/login" state={from ? { from } : undefined} className="font-semibold text-brand-700 underline">
            {t('signUp.loginLink')}
          </Link>
        </>
      }
    >
      <BookingIntentNotice from={from} />
      {serverError && <FormAlert tone="error">{serverError}</FormAlert>}
      <form className="space-y-4" onSubmit={submit} noValidate>
        <TextField label={t('fields.name')} name="name" autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} />
        <TextField label={t('fields.email')} type="email" name="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
        <TextField
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint={t('signUp.passwordHint', { count: PASSWORD_MIN })}
        />
        <TextField
          label={t('fields.phoneOptional')}
          type="tel"
          name="phone"
          autoComplete="tel"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <button type="submit" className="btn-primary w-full" disabled={isLoading}>
          {isLoading ? t('signUp.submitting') : t('signUp.submit')}
        </button>
      </form>
      <div className="mt-5">
        <GoogleButton />
      </div>
    </AuthCard>
  );
}
