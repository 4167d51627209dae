import type { TBooking } from '@residency/shared';
import { App, Button, Form, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTaka } from '../../../../lib/format';
import { errorCode } from '../../../../lib/server-error';
import { useDeskTransitionMutation, useGetBookingQuery } from '../../api';
import { useDeskErrorText } from './desk-text';
import { FolioPaymentForm } from './folio/folio-forms';

/** The balance a 409 BALANCE_DUE names (`{ code, balance }` beside the message), when it is one. */
export function balanceDueOf(error: unknown): number | null {
  if (errorCode(error) !== 'BALANCE_DUE') return null;
  const balance = (error as { data?: { balance?: unknown } }).data?.balance;
  return typeof balance === 'number' ? balance : null;
}

interface Props {
  /** The room being checked out: the reservation's last one still in. */
  stayId: string;
  balance: number;
  onCheckedOut: (booking: TBooking) => void;
  onClose: () => void;
}

/**
 * Check-out with a balance still due (issue 22): the desk takes the payment (the folio's payment
 * form, the balance to start with) and the guest is then checked out, or staff confirm that the
 * balance goes to the company's account (city ledger), with an optional note that is recorded.
 */
export function BalanceDueDialog({ stayId, balance: first, onCheckedOut, onClose }: Props) {
  const { t, i18n } = useTranslation(['front-desk', 'reservations']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const errorText = useDeskErrorText();
  const { data } = useGetBookingQuery(stayId);
  const [transition, { isLoading }] = useDeskTransitionMutation();
  const [balance, setBalance] = useState(first);
  const [step, setStep] = useState<'choose' | 'pay' | 'ledger'>('choose');
  const [paidSome, setPaidSome] = useState(false);
  const [note, setNote] = useState('');
  const booking = data?.data;
  const amount = formatTaka(balance, lng);

  const checkOut = async (settle?: { cityLedger: true; note?: string }) => {
    try {
      const res = await transition({ id: stayId, action: 'check-out', ...(settle ? { settle } : {}) }).unwrap();
      onCheckedOut(res.data);
    } catch (err) {
      const still = balanceDueOf(err);
      if (still !== null) {
        // Part of it was paid: the rest is still to take, or to send to the company.
        setBalance(still);
        setStep('choose');
        return;
      }
      message.error(errorText(err, t('reservations:messages.somethingWentWrong')), 6);
    }
  };

  return (
    <div data-testid="balance-due">
      <h2 className="mt-0 mb-2 text-base font-semibold text-slate-900" data-testid="balance-due-title">
        {t('front-desk:balanceDue.title', { amount })}
      </h2>
      {step === 'choose' && (
        <>
          <p className="mt-0 text-slate-700">
            {paidSome && <span className="block font-medium text-amber-800">{t('front-desk:balanceDue.stillDue', { amount })}</span>}
            {t('front-desk:balanceDue.text', { reference: booking?.reservationReference ?? '', amount })}
          </p>
          {/* On a phone the buttons stack with the payment on top, where the thumb is. */}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button onClick={onClose} data-testid="balance-due-close">
              {t('front-desk:folio.cancel')}
            </Button>
            <Button onClick={() => setStep('ledger')} data-testid="balance-due-ledger">
              {t('front-desk:balanceDue.ledger')}
            </Button>
            <Button type="primary" onClick={() => setStep('pay')} disabled={!booking} data-testid="balance-due-pay">
              {t('front-desk:balanceDue.pay')}
            </Button>
          </div>
        </>
      )}
      {step === 'pay' &&
        (booking ? (
          <FolioPaymentForm
            reservationId={booking.reservationId}
            balance={balance}
            submitText={t('front-desk:balanceDue.payThenOut')}
            onCancel={() => setStep('choose')}
            onDone={(folio) => {
              setPaidSome(true);
              setBalance(folio.balance);
              void checkOut();
            }}
          />
        ) : (
          <Skeleton active />
        ))}
      {step === 'ledger' && (
        <Form layout="vertical" onFinish={() => void checkOut({ cityLedger: true, ...(note.trim() ? { note: note.trim() } : {}) })} data-testid="balance-due-ledger-form">
          <Form.Item label={t('front-desk:balanceDue.ledgerNote')} htmlFor="balance-due-note">
            <Input.TextArea
              id="balance-due-note"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={300}
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('front-desk:balanceDue.ledgerNotePlaceholder')}
            />
          </Form.Item>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button onClick={() => setStep('choose')}>{t('front-desk:balanceDue.back')}</Button>
            <Button type="primary" htmlType="submit" loading={isLoading} data-testid="balance-due-ledger-confirm">
              {t('front-desk:balanceDue.ledgerConfirm')}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
