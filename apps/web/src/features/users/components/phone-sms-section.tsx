import type { TAuthUser } from '@residency/shared/auth';
import { isBangladeshiMobile, type TPhoneCodeSent, type TPhoneVerified } from '@residency/shared/sms';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import { apiRequest } from '../../../lib/http';
import { useErrorText } from '../../../lib/server-error';
import { useAppDispatch } from '../../../lib/store-hooks';
import { updateProfile } from '../../auth';

type Step = { kind: 'idle' } | { kind: 'sent'; phone: string } | { kind: 'done' };

/**
 * The profile's phone and SMS (issue 34): whether the saved phone is verified, a Verify button
 * that sends a one-time code by SMS and a field for the code, and the choice of booking news by
 * SMS (on by default for a Bangladeshi mobile number).
 */
export function PhoneSmsSection({ user, token }: { user: TAuthUser; token: string | null }) {
  const { t } = useTranslation('users');
  const dispatch = useAppDispatch();
  const errorText = useErrorText();
  const switchId = useId();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const verified = Boolean(user.phoneVerifiedAt);
  // A user stored before issue 34 has no smsOptIn yet: its default.
  const smsOn = user.smsOptIn ?? isBangladeshiMobile(user.phone);

  const sendCode = async () => {
    if (!user.phone) return;
    setBusy(true);
    setStatus(null);
    try {
      const sent = await apiRequest<{ data: TPhoneCodeSent }>('/auth/phone/verify-request', { method: 'POST', body: { phone: user.phone }, token });
      setStep({ kind: 'sent', phone: sent.data.phone });
      setCode('');
      setStatus({ tone: 'success', text: t('profile.sms.codeSent') });
    } catch (error) {
      setStatus({ tone: 'error', text: errorText(error, t('profile.sms.sendFailed')) });
    } finally {
      setBusy(false);
    }
  };

  const checkCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setStatus({ tone: 'error', text: t('profile.sms.codeFormat') });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      await apiRequest<{ data: TPhoneVerified }>('/auth/phone/verify', { method: 'POST', body: { phone: user.phone, code: code.trim() }, token });
      // The stored user is read again: it now says when the phone was verified.
      await dispatch(updateProfile({}));
      setStep({ kind: 'done' });
      setStatus({ tone: 'success', text: t('profile.sms.verified') });
    } catch (error) {
      setStatus({ tone: 'error', text: errorText(error, t('profile.sms.verifyFailed')) });
    } finally {
      setBusy(false);
    }
  };

  const toggleSms = async (on: boolean) => {
    setStatus(null);
    const result = await dispatch(updateProfile({ smsOptIn: on }));
    if (!updateProfile.fulfilled.match(result)) setStatus({ tone: 'error', text: t('profile.failed') });
  };

  return (
    <div className="card" data-testid="phone-sms-section">
      <h2 className="font-display text-xl text-brand-800">{t('profile.sms.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('profile.sms.hint')}</p>
      <div className="mt-4">{status && <FormAlert tone={status.tone}>{status.text}</FormAlert>}</div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <span className="text-sm text-slate-700">
          {user.phone ? (
            <>
              <span className="font-medium">{user.phone}</span>{' '}
              <span className={verified ? 'text-emerald-700' : 'text-amber-700'} data-testid="phone-state">
                {verified ? t('profile.sms.isVerified') : t('profile.sms.notVerified')}
              </span>
            </>
          ) : (
            t('profile.sms.noPhone')
          )}
        </span>
        {user.phone && !verified && step.kind !== 'sent' && (
          <button type="button" className="btn-outline" onClick={sendCode} disabled={busy} data-testid="verify-phone">
            {t('profile.sms.verify')}
          </button>
        )}
      </div>
      {step.kind === 'sent' && !verified && (
        <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={checkCode} noValidate>
          <div className="w-40">
            <TextField
              label={t('profile.sms.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              data-testid="phone-code"
            />
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {t('profile.sms.check')}
          </button>
          <button type="button" className="btn-outline" onClick={sendCode} disabled={busy}>
            {t('profile.sms.resend')}
          </button>
        </form>
      )}
      <div className="mt-5 flex items-start gap-3">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          className="mt-1 h-5 w-5 accent-brand-700"
          checked={smsOn}
          disabled={!user.phone}
          onChange={(e) => void toggleSms(e.target.checked)}
          data-testid="sms-opt-in"
        />
        <label htmlFor={switchId} className="text-sm text-slate-700">
          <span className="font-medium">{t('profile.sms.optIn')}</span>
          <span className="block text-xs text-slate-500">{t('profile.sms.optInHint')}</span>
        </label>
      </div>
    </div>
  );
}
