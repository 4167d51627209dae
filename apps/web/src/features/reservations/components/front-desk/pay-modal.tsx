import type { TBooking } from '@residency/shared';
import { PAYMENT_METHODS, type PaymentMethod } from '@residency/shared/booking-states';
import { todayAt } from '@residency/shared/dates';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTaka } from '../../../../lib/format';
import { useMoneyWrite } from '../../../../lib/idempotency-key';
import { getSite } from '../../../../lib/site';
import { useRecordPaymentMutation } from '../../api';
import { checkPayment, initialPayValues, type PayField, type PayFormValues, type PayProblem } from './pay-form';
import { useDeskErrorText } from './desk-text';
import { useLastShown } from '../../../../lib/use-last-shown';

interface Props {
  /** The booking to take money for; null closes the modal. */
  booking: TBooking | null;
  onClose: () => void;
}

/**
 * Pay (staff and admins): records money received for a stay: the amount (the balance to start
 * with), how it was paid (cash to start with), and optionally the transaction's reference (a bKash
 * TrxID), when (the hotel's clock; now when left empty) and a note.
 * The values are checked with the API's own contract before they are sent.
 */
export function PayModal({ booking, onClose }: Props) {
  const { t } = useTranslation('front-desk');
  const titled = useLastShown(booking);
  return (
    <Modal
      open={booking !== null}
      onCancel={onClose}
      title={titled ? t('pay.title', { transactionId: titled.transactionId }) : ''}
      destroyOnHidden
      footer={null}
      width={520}
    >
      {booking && <PayForm key={booking._id} booking={booking} onClose={onClose} />}
    </Modal>
  );
}

function PayForm({ booking, onClose }: { booking: TBooking; onClose: () => void }) {
  const { t, i18n } = useTranslation(['front-desk', 'reservations']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const errorText = useDeskErrorText();
  const timeZone = getSite().timeZone;
  const today = todayAt(timeZone);
  const [values, setValues] = useState<PayFormValues>(() => initialPayValues(booking));
  const [problems, setProblems] = useState<PayProblem[]>([]);
  const [recordPayment] = useRecordPaymentMutation();
  // One request at a time, with this form's idempotency key (issue 31: a double press pays once).
  const { write, pending } = useMoneyWrite();
  const taka = (n: number) => formatTaka(n, lng);

  const set = <K extends keyof PayFormValues>(field: K, value: PayFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => p.filter((problem) => problem.field !== field));
  };
  const problemOf = (field: PayField) => {
    const problem = problems.find((p) => p.field === field);
    if (!problem) return undefined;
    // The screen's own words (the methods as it names them) in its language; the contract's
    // words only for a message the screen has none for.
    if (!problem.key) return problem.message;
    return t(`front-desk:pay.errors.${problem.key}`, { ...problem.values, balance: taka(booking.balance) });
  };
  const itemProps = (field: PayField) => {
    const help = problemOf(field);
    return help ? { validateStatus: 'error' as const, help: <span data-testid={`pay-error-${field}`}>{help}</span> } : {};
  };

  const submit = async () => {
    const checked = checkPayment(values, booking, today, timeZone);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    try {
      const res = await write((idempotencyKey) => recordPayment({ id: booking._id, payment: checked.body, idempotencyKey }).unwrap());
      if (!res) return;
      const after = res.data;
      message.success(
        after.paymentState === 'paid'
          ? t('reservations:messages.paid', { transactionId: after.transactionId })
          : t('front-desk:pay.recorded', { amount: taka(checked.body.amount), transactionId: after.transactionId, balance: taka(after.balance) }),
        4,
      );
      onClose();
    } catch (err) {
      message.error(errorText(err, t('reservations:messages.somethingWentWrong')), 6);
    }
  };

  const paidAtValue = values.paidAt ? dayjs(`${values.paidAt.date}T${values.paidAt.time}`) : null;

  return (
    <Form
      layout="vertical"
      onFinish={() => void submit()}
      requiredMark={false}
      data-testid="pay-form"
      // The fields are checked by the contract on submit, not by antd's rules.
      noValidate
    >
      <dl className="mb-4 grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-3 text-sm" data-testid="pay-summary">
        <div>
          <dt className="text-slate-600">{t('front-desk:money.amount')}</dt>
          <dd className="m-0 font-semibold">{taka(booking.charged)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('front-desk:money.paid')}</dt>
          <dd className="m-0 font-semibold">{taka(booking.paid)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('front-desk:money.balance')}</dt>
          <dd className="m-0 font-semibold text-amber-800">{taka(booking.balance)}</dd>
        </div>
      </dl>
      <Form.Item label={t('front-desk:pay.amount')} htmlFor="pay-amount" {...itemProps('amount')}>
        <InputNumber<number>
          id="pay-amount"
          prefix="৳"
          value={values.amount}
          onChange={(value) => set('amount', value)}
          min={0}
          step={100}
          inputMode="decimal"
          style={{ width: '100%' }}
          size="large"
          data-testid="pay-amount"
        />
      </Form.Item>
      <Form.Item label={<span id="pay-method-label">{t('front-desk:pay.method')}</span>} {...itemProps('method')}>
        <Radio.Group
          value={values.method}
          onChange={(e) => set('method', e.target.value as PaymentMethod)}
          optionType="button"
          buttonStyle="solid"
          aria-labelledby="pay-method-label"
          className="!flex flex-wrap gap-y-2"
          data-testid="pay-method"
          options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`front-desk:methods.${method}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('front-desk:pay.time')} htmlFor="pay-time" extra={t('front-desk:pay.timeHint')} {...itemProps('paidAt')}>
        <DatePicker
          id="pay-time"
          showTime={{ format: 'HH:mm' }}
          format="DD-MM-YYYY HH:mm"
          value={paidAtValue}
          onChange={(value: Dayjs | null) =>
            set('paidAt', value ? { date: value.format('YYYY-MM-DD'), time: value.format('HH:mm') } : null)
          }
          disabledDate={(d) => d.format('YYYY-MM-DD') > today}
          placeholder={t('front-desk:pay.now')}
          style={{ width: '100%' }}
          data-testid="pay-time"
        />
      </Form.Item>
      <Form.Item label={t('front-desk:pay.note')} htmlFor="pay-note" {...itemProps('note')}>
        <Input.TextArea
          id="pay-note"
          value={values.note}
          onChange={(e) => set('note', e.target.value)}
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('front-desk:pay.notePlaceholder')}
          data-testid="pay-note"
        />
      </Form.Item>
      <Form.Item
        label={t('front-desk:pay.reference')}
        htmlFor="pay-reference"
        extra={t('front-desk:pay.referenceHint')}
        {...itemProps('reference')}
      >
        <Input
          id="pay-reference"
          value={values.reference}
          onChange={(e) => set('reference', e.target.value)}
          placeholder={t('front-desk:pay.referencePlaceholder')}
          autoComplete="off"
          spellCheck={false}
          data-testid="pay-reference"
        />
      </Form.Item>
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>{t('front-desk:pay.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={pending} data-testid="pay-submit">
          {t('front-desk:pay.submit')}
        </Button>
      </div>
    </Form>
  );
}
