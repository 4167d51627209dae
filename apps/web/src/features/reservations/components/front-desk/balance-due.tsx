import type { TBooking, TPaymentCreate } from '@residency/shared';
import { App, Button, Form, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTaka } from '../../../../lib/format';
import { useIdempotencyKey } from '../../../../lib/idempotency-key';
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
 * form, the balance to start with) with the check-out in one request, or staff confirm that the
 * balance goes to the company's account (city ledger), with an optional note that is recorded.
 */
export function BalanceDueDialog({ stayId, balance: first, onCheckedOut, onClose }: Props) {
  const { t, i18n } = useTranslation(['front-desk', 'reservations']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const errorText = useDeskErrorText();
  const { data } = useGetBookingQuery(stayId);
  const [transition, { isLoading }] = useDeskTransitionMutation();
  // The balance the server named for this check-out: what the title says, and all it ever says.
  const [balance, setBalance] = useState(first);
  const [step, setStep] = useState<'choose' | 'pay' | 'ledger'>('choose');
  const [note, setNote] = useState('');
  // The last try was refused for a balance still due (a payment short of it records nothing).
  const [refused, setRefused] = useState(false);
  const ledgerKey = useIdempotencyKey();
  const booking = data?.data;
  const amount = formatTaka(balance, lng);

  /** The check-out refused with a balance still due: its figure, and the choice again. */
  const stillDue = (err: unknown) => {
    const still = balanceDueOf(err);
    if (still === null) return false;
    setRefused(true);
    setBalance(still);
    setStep('choose');
    return true;
  };

  // "Record payment and check out": one request (issue 31). The payment counts against the
  // balance the check-out leaves, and no balance between the two is ever shown: the dialog
  // closes on success, or names what is still due.
  const payAndCheckOut = async (payment: TPaymentCreate, idempotencyKey: string) => {
    try {
      const settle = { payment: { amount: payment.amount, method: payment.method, ...(payment.reference ? { reference: payment.reference } : {}) } };
      const res = await transition({ id: stayId, action: 'check-out', settle, idempotencyKey }).unwrap();
      onCheckedOut(res.data);
      return true;
    } catch (err) {
      if (stillDue(err)) return false;
      throw err;
    }
  };

  const toLedger = async () => {
    try {
      const settle = { cityLedger: true as const, ...(note.trim() ? { note: note.trim() } : {}) };
      const res = await transition({ id: stayId, action: 'check-out', settle, idempotencyKey: ledgerKey.current() }).unwrap();
      ledgerKey.renew();
      onCheckedOut(res.data);
    } catch (err) {
      if (!stillDue(err)) message.error(errorText(err, t('reservations:messages.somethingWentWrong')), 6);
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
            {refused && (
              <span className="block font-medium text-amber-800" data-testid="balance-due-refused">
                {t('front-desk:balanceDue.stillDue', { amount })}
              </span>
            )}
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
            // A new form (and its amount) for each balance the server names.
            key={balance}
            reservationId={booking.reservationId}
            balance={balance}
            submitText={t('front-desk:balanceDue.payThenOut')}
            onCancel={() => setStep('choose')}
            send={payAndCheckOut}
            onDone={() => {}}
          />
        ) : (
          <Skeleton active />
        ))}
      {step === 'ledger' && (
        <Form layout="vertical" onFinish={() => void (isLoading ? undefined : toLedger())} data-testid="balance-due-ledger-form">
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
