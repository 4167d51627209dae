import { PASSWORD_MAX, PASSWORD_MIN } from '@residency/shared/auth-rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../lib/store-hooks';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import { formatNumber } from '../../../lib/format';
import { changePassword } from '../../auth';
import { useUsersErrorText } from '../user-errors';

type Field = 'current' | 'next' | 'repeat';

/** The contract's field names (ZChangePasswordRequest) mapped to this form's. */
const SERVER_FIELDS: Record<string, Field> = { currentPassword: 'current', newPassword: 'next' };

/**
 * /profile › Change password: the current password and the new one twice. The rules are the
 * shared contract's (PASSWORD_MIN…PASSWORD_MAX, different from the current one); the server
 * ends every other sign-in, and this browser keeps going with the new token it answers.
 */
export function ChangePasswordSection() {
  const { t, i18n } = useTranslation('users');
  const n = (value: number) => formatNumber(value, i18n.resolvedLanguage ?? 'en');
  const dispatch = useAppDispatch();
  const errorText = useUsersErrorText();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const check = (): Partial<Record<Field, string>> => {
    const next: Partial<Record<Field, string>> = {};
    if (!values.current) next.current = t('profile.password.validation.current');
    if (values.next.length < PASSWORD_MIN) next.next = t('profile.password.validation.min', { count: PASSWORD_MIN, n: n(PASSWORD_MIN) });
    else if (values.next.length > PASSWORD_MAX) next.next = t('profile.password.validation.max', { count: PASSWORD_MAX, n: n(PASSWORD_MAX) });
    else if (values.current && values.next === values.current) next.next = t('profile.password.validation.same');
    if (values.repeat !== values.next) next.repeat = t('profile.password.validation.match');
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const result = await dispatch(changePassword({ currentPassword: values.current, newPassword: values.next }));
    setBusy(false);
    if (changePassword.fulfilled.match(result)) {
      setValues({ current: '', next: '', repeat: '' });
      setStatus({ tone: 'success', text: t('profile.password.changed') });
      return;
    }
    const failure = result.payload;
    const text = errorText(failure, t('profile.password.failed'));
    // A wrong current password (or a new one the server refused) is said beside its field.
    const onFields: Partial<Record<Field, string>> = {};
    for (const item of failure?.errors ?? []) {
      const field = SERVER_FIELDS[item.path];
      if (!field || onFields[field]) continue;
      onFields[field] =
        failure?.code === 'WRONG_PASSWORD' && field === 'current'
          ? t('errors.WRONG_PASSWORD')
          : /different/i.test(item.message)
            ? t('profile.password.validation.same')
            : item.message;
    }
    setErrors(onFields);
    if (Object.keys(onFields).length === 0) setStatus({ tone: 'error', text });
  };

  return (
    <section className="card" aria-labelledby="change-password-heading" data-testid="change-password">
      <h2 id="change-password-heading" className="font-display text-xl text-brand-800">
        {t('profile.password.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('profile.password.hint')}</p>
      <div className="mt-5">{status && <FormAlert tone={status.tone}>{status.text}</FormAlert>}</div>
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <div className="sm:col-span-2">
          <TextField
            label={t('profile.password.current')}
            type="password"
            autoComplete="current-password"
            value={values.current}
            onChange={set('current')}
            error={errors.current}
            maxLength={PASSWORD_MAX}
          />
        </div>
        <TextField
          label={t('profile.password.new')}
          type="password"
          autoComplete="new-password"
          value={values.next}
          onChange={set('next')}
          error={errors.next}
          hint={t('profile.password.newHint', { count: PASSWORD_MIN, n: n(PASSWORD_MIN) })}
          maxLength={PASSWORD_MAX}
        />
        <TextField
          label={t('profile.password.repeat')}
          type="password"
          autoComplete="new-password"
          value={values.repeat}
          onChange={set('repeat')}
          error={errors.repeat}
          maxLength={PASSWORD_MAX}
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t('profile.password.submitting') : t('profile.password.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
