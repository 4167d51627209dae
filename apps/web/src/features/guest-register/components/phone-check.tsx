import { CheckCircleFilled } from '@ant-design/icons';
import type { TGuestCard } from '@residency/shared';
import { Button, Input, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendCardPhoneCodeMutation, useVerifyCardPhoneMutation } from '../api';
import { useRegisterErrorText } from '../use-register-error';

/**
 * The desk checks a guest's phone on the spot, as the DMP directive asks (issue 34): one tap
 * sends a code by SMS to the phone saved on the card ("code sent"), the guest reads it out, the
 * desk types it and the card says "verified". Only a saved phone can be checked: the server sends
 * codes to numbers already on a card, never to any number typed.
 */
export function PhoneCheck({ bookingId, saved, draftPhone, fieldId }: { bookingId: string; saved: TGuestCard | undefined; draftPhone: string; fieldId: string }) {
  const { t } = useTranslation('guest-register');
  const errorText = useRegisterErrorText();
  const [send, sending] = useSendCardPhoneCodeMutation();
  const [verify, verifying] = useVerifyCardPhoneMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // A second press while the first request runs sends nothing (one SMS, one check).
  const busy = useRef(false);

  const phone = saved?.phone ?? null;
  if (!saved || !phone || phone !== draftPhone.trim()) {
    return draftPhone.trim() ? <p className="m-0 mt-1 text-xs text-slate-600">{t('phoneCheck.saveFirst')}</p> : null;
  }
  if (saved.phoneVerified) {
    return (
      <Tag color="green" icon={<CheckCircleFilled aria-hidden />} className="!mt-1 !text-green-800" data-testid="phone-verified">
        {t('phoneCheck.verified')}
      </Tag>
    );
  }

  const run = async (work: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(errorText(error, t('phoneCheck.failed')));
    } finally {
      busy.current = false;
    }
  };
  const sendCode = () =>
    run(async () => {
      await send({ bookingId, cardId: saved._id, phone }).unwrap();
      setSentTo(phone);
      setCode('');
    });
  const check = () =>
    run(async () => {
      await verify({ bookingId, cardId: saved._id, phone, code: code.trim() }).unwrap();
      setSentTo(null);
    });

  return (
    <div className="mt-1 flex flex-col gap-1" data-testid="phone-check">
      <div className="flex flex-wrap items-center gap-2">
        <Tag className="!m-0">{t('phoneCheck.notVerified')}</Tag>
        <Button size="small" onClick={() => void sendCode()} loading={sending.isLoading}>
          {sentTo ? t('phoneCheck.sendAgain') : t('phoneCheck.send')}
        </Button>
      </div>
      {sentTo && (
        <>
          <p className="m-0 text-xs text-slate-700" role="status">
            {t('phoneCheck.sent', { phone: sentTo })}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={`${fieldId}-code`} className="sr-only">
              {t('phoneCheck.code')}
            </label>
            <Input
              id={`${fieldId}-code`}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={t('phoneCheck.code')}
              className="!w-40"
              onPressEnter={() => void check()}
            />
            <Button type="primary" size="small" onClick={() => void check()} loading={verifying.isLoading} disabled={code.length !== 6}>
              {t('phoneCheck.verify')}
            </Button>
          </div>
        </>
      )}
      {failure && (
        <p className="m-0 text-xs text-red-700" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
