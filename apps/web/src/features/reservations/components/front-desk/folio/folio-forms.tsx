import {
  ZChargeCreate,
  ZCreditNoteCreate,
  ZPaymentCreate,
  ZOnlineRefundCreate,
  ZRefundCreate,
  ZReversalCreate,
  type TChargeType,
  type TFolio,
  type TFolioLine,
  type TMoneyMovement,
  type TPaymentCreate,
} from '@residency/shared';
import { PAYMENT_METHODS } from '@residency/shared/booking-states';
import { todayAt } from '@residency/shared/dates';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatTaka } from '../../../../../lib/format';
import { useMoneyWrite } from '../../../../../lib/idempotency-key';
import { getSite } from '../../../../../lib/site';
import { reservationsApi } from '../../../reservations-api';
import { useDeskErrorText } from '../desk-text';
import { checkWith, compact, type FieldProblem } from './folio-check';
import { chargeTypeName } from '../../../../../lib/charge-types-api';

/** A form's submit: the folio after it, or the problems to show by the fields. */
type Outcome = { ok: true } | { ok: false; problems: FieldProblem[] };

/**
 * The folio's forms share one way of working: the values are checked with the API's own zod
 * contract on submit (its messages in the screen's words beside the fields), then sent; a refusal
 * of the server is a toast in the reader's language (lib/server-error through desk-text).
 */
function useFolioSubmit(form: FormInstance) {
  const { t } = useTranslation(['front-desk', 'reservations']);
  const { message } = App.useApp();
  const errorText = useDeskErrorText();
  // One request at a time, each with the form's idempotency key (issue 31: money is taken once).
  const { write, pending: sending } = useMoneyWrite();
  const show = (problems: FieldProblem[]) =>
    form.setFields(problems.map((p) => ({ name: p.field, errors: [p.key ? t(`front-desk:${p.key}`, p.values ?? {}) : p.message] })));
  const submit = async (send: (idempotencyKey: string) => Promise<Outcome>, done: () => void) => {
    try {
      const outcome = await write(send, (o) => o.ok);
      if (!outcome) return;
      if (outcome.ok) done();
      else show(outcome.problems);
    } catch (err) {
      message.error(errorText(err, t('reservations:messages.somethingWentWrong')), 6);
    }
  };
  return { submit, sending };
}

interface ShellProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  form: FormInstance;
  name: string;
  initialValues?: Record<string, unknown>;
  onFinish: () => void;
  submitText: string;
  sending: boolean;
  children: ReactNode;
}

/** A folio form in its dialog: the fields, then Cancel and the submit button. */
function FormModal({ open, title, onClose, form, name, initialValues, onFinish, submitText, sending, children }: ShellProps) {
  const { t } = useTranslation('front-desk');
  return (
    <Modal open={open} onCancel={onClose} title={title} footer={null} destroyOnHidden width={520}>
      <Form form={form} name={name} layout="vertical" requiredMark={false} initialValues={initialValues} onFinish={onFinish} noValidate data-testid={`${name}-form`}>
        {children}
        <div className="flex flex-wrap justify-end gap-2">
          <Button onClick={onClose}>{t('folio.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={sending} data-testid={`${name}-submit`}>
            {submitText}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

/** The payment methods as the Pay dialog names them, as buttons that wrap on a phone. */
function MethodField({ name }: { name: string }) {
  const { t } = useTranslation('front-desk');
  return (
    <Form.Item name="method" label={<span id={`${name}-method-label`}>{t('pay.method')}</span>}>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        aria-labelledby={`${name}-method-label`}
        className="!flex flex-wrap gap-y-2"
        options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`methods.${method}`) }))}
      />
    </Form.Item>
  );
}

const money = (extra: Record<string, unknown> = {}) => ({ prefix: '৳', min: 0, step: 100, inputMode: 'decimal' as const, style: { width: '100%' }, ...extra });

/* ---------- Post charge ---------- */

interface ChargeProps {
  reservationId: string;
  open: boolean;
  onClose: () => void;
  chargeTypes: readonly TChargeType[];
  /** The reservation's rooms: with several, the form asks which one. */
  rooms: readonly { bookingId: string; roomNumber: string }[];
  /** The room whose details are open. */
  bookingId: string;
}

/**
 * Post charge: a charge type (its price to start with, the airport shuttle's ৳1,500), how many,
 * a description, the room when the reservation has several, and the day of the service (today).
 */
export function ChargeModal({ reservationId, open, onClose, chargeTypes, rooms, bookingId }: ChargeProps) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { submit, sending } = useFolioSubmit(form);
  const [postCharge] = reservationsApi.usePostChargeMutation();
  const today = todayAt(getSite().timeZone);
  const code = Form.useWatch('chargeType', form) as string | undefined;
  const chosen = chargeTypes.find((c) => c.code === code);
  const active = chargeTypes.filter((c) => c.active);

  const onFinish = () =>
    submit(
      async (key) => {
        const v = form.getFieldsValue(true) as { chargeType?: string; unitPrice?: number | null; quantity?: number | null; description?: string; bookingId?: string; serviceDate?: Dayjs | null };
        const body = compact({
          chargeType: v.chargeType ?? '',
          unitPrice: v.unitPrice,
          quantity: v.quantity ?? undefined,
          description: v.description,
          bookingId: rooms.length > 1 ? v.bookingId : undefined,
          serviceDate: v.serviceDate ? v.serviceDate.format('YYYY-MM-DD') : undefined,
        });
        // Without a price of its own the type needs one typed (the contract leaves it optional for the shuttle's).
        if (body.unitPrice === undefined && chosen && chosen.defaultPrice === null) {
          return { ok: false, problems: [{ field: 'unitPrice', key: 'folio.errors.priceRequired', message: 'Enter the price.' }] };
        }
        const checked = checkWith(ZChargeCreate, body);
        if (!checked.ok) return checked;
        await postCharge({ id: reservationId, body: checked.data, idempotencyKey: key }).unwrap();
        return { ok: true };
      },
      () => {
        message.success(t('folio.charge.done'), 3);
        onClose();
      },
    );

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('folio.charge.title')}
      form={form}
      name="folio-charge"
      initialValues={{ quantity: 1, bookingId, serviceDate: dayjs(today) }}
      onFinish={() => void onFinish()}
      submitText={t('folio.charge.submit')}
      sending={sending}
    >
      <Form.Item
        name="chargeType"
        label={t('folio.charge.type')}
        extra={
          chosen &&
          t(`folio.charge.${chosen.serviceChargePercent ? (chosen.vatPercent ? 'taxes' : 'serviceOnly') : chosen.vatPercent ? 'vatOnly' : 'noTaxes'}`, {
            service: formatNumber(chosen.serviceChargePercent, lng),
            vat: formatNumber(chosen.vatPercent, lng),
          })
        }
      >
        <Select
          placeholder={t('folio.charge.typePlaceholder')}
          options={active.map((c) => ({ value: c.code, label: chargeTypeName(c, lng) }))}
          // The type's own price to start with (the shuttle's); one without a price is typed each time.
          onChange={(value: string) => form.setFieldValue('unitPrice', chargeTypes.find((c) => c.code === value)?.defaultPrice ?? null)}
          data-testid="charge-type"
        />
      </Form.Item>
      <div className="grid grid-cols-2 gap-x-3">
        <Form.Item name="unitPrice" label={t('folio.charge.price')}>
          <InputNumber<number> {...money({ 'data-testid': 'charge-price' })} />
        </Form.Item>
        <Form.Item name="quantity" label={t('folio.charge.quantity')}>
          <InputNumber<number> min={1} max={999} precision={0} inputMode="numeric" style={{ width: '100%' }} data-testid="charge-quantity" />
        </Form.Item>
      </div>
      {rooms.length > 1 && (
        <Form.Item name="bookingId" label={t('folio.charge.room')}>
          <Select options={rooms.map((r) => ({ value: r.bookingId, label: t('room', { number: r.roomNumber }) }))} data-testid="charge-room" />
        </Form.Item>
      )}
      <Form.Item name="serviceDate" label={t('folio.charge.date')}>
        <DatePicker format="DD-MM-YYYY" allowClear={false} style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') > today} />
      </Form.Item>
      <Form.Item name="description" label={t('folio.charge.description')}>
        <Input placeholder={t('folio.charge.descriptionPlaceholder')} maxLength={200} autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}

/* ---------- Reverse ---------- */

/** Reverse (per line): a reason, required; the reversal cancels the line with its adjustments. */
export function ReversalModal({ reservationId, line, what, onClose }: { reservationId: string; line: TFolioLine | null; what: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { submit, sending } = useFolioSubmit(form);
  const [postReversal] = reservationsApi.usePostReversalMutation();
  const onFinish = (target: TFolioLine) =>
    submit(
      async (key) => {
        const checked = checkWith(ZReversalCreate, { lineId: target._id, reason: (form.getFieldValue('reason') as string | undefined) ?? '' });
        if (!checked.ok) return checked;
        await postReversal({ id: reservationId, body: checked.data, idempotencyKey: key }).unwrap();
        return { ok: true };
      },
      () => {
        message.success(t('folio.reverse.done'), 3);
        onClose();
      },
    );
  return (
    <FormModal
      open={line !== null}
      onClose={onClose}
      title={t('folio.reverse.title')}
      form={form}
      name="folio-reversal"
      onFinish={() => line && void onFinish(line)}
      submitText={t('folio.reverse.submit')}
      sending={sending}
    >
      {line && <p className="mt-0 text-slate-700">{t('folio.reverse.text', { what, amount: formatTaka(line.amount, lng) })}</p>}
      <Form.Item name="reason" label={t('folio.reverse.reason')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={300} placeholder={t('folio.reverse.reasonPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}

/* ---------- Take payment ---------- */

interface PaymentFormProps {
  reservationId: string;
  /** The reservation's balance: the amount to start with, and the most the form lets through. */
  balance: number;
  onDone: (amount: number) => void;
  onCancel: () => void;
  submitText: string;
  /**
   * Sends the checked payment in place of `POST /reservations/:id/payments` (the check-out sends
   * it with the check-out, in one request). Answers whether it is done; false when it handled a
   * refusal itself.
   */
  send?: (payment: TPaymentCreate, idempotencyKey: string) => Promise<boolean>;
}

/**
 * Money received on the reservation's folio: the amount (the balance to start with), the method
 * (cash to start with) and the transaction's reference. Shared by the folio tab and the
 * check-out's balance-due dialog.
 */
export function FolioPaymentForm({ reservationId, balance, onDone, onCancel, submitText, send }: PaymentFormProps) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const [form] = Form.useForm();
  const { submit, sending } = useFolioSubmit(form);
  const [postPayment] = reservationsApi.usePostFolioPaymentMutation();
  const onFinish = () =>
    submit(
      async (key) => {
        const v = form.getFieldsValue(true) as { amount?: number | null; method?: string; reference?: string };
        const checked = checkWith(ZPaymentCreate, compact({ amount: v.amount, method: v.method, reference: v.reference }));
        if (!checked.ok) return checked;
        if (Math.round(checked.data.amount * 100) > Math.round(balance * 100)) {
          return { ok: false, problems: [{ field: 'amount', key: 'pay.errors.overBalance', message: '', values: { balance: formatTaka(balance, lng) } }] };
        }
        if (send) {
          if (!(await send(checked.data, key))) return { ok: false, problems: [] };
        } else await postPayment({ id: reservationId, body: checked.data, idempotencyKey: key }).unwrap();
        onDone(checked.data.amount);
        return { ok: true };
      },
      () => {},
    );
  return (
    <Form
      form={form}
      name="folio-payment"
      layout="vertical"
      requiredMark={false}
      initialValues={{ amount: Math.max(0, balance), method: 'cash' }}
      onFinish={() => void onFinish()}
      noValidate
      data-testid="folio-payment-form"
    >
      <Form.Item name="amount" label={t('pay.amount')}>
        <InputNumber<number> {...money({ size: 'large', 'data-testid': 'folio-payment-amount' })} />
      </Form.Item>
      <MethodField name="folio-payment" />
      <Form.Item name="reference" label={t('pay.reference')} extra={t('pay.referenceHint')}>
        <Input placeholder={t('pay.referencePlaceholder')} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onCancel}>{t('folio.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={sending} data-testid="folio-payment-submit">
          {submitText}
        </Button>
      </div>
    </Form>
  );
}

/** Take payment, from the folio tab. */
export function FolioPaymentModal({ reservationId, balance, open, onClose }: { reservationId: string; balance: number; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  return (
    <Modal open={open} onCancel={onClose} title={t('folio.payment.title')} footer={null} destroyOnHidden width={520}>
      <FolioPaymentForm
        reservationId={reservationId}
        balance={balance}
        submitText={t('folio.payment.submit')}
        onCancel={onClose}
        onDone={(amount) => {
          message.success(t('folio.payment.done', { amount: formatTaka(amount, lng) }), 3);
          onClose();
        }}
      />
    </Modal>
  );
}

/* ---------- Refund ---------- */

/** Refund: never more than what was paid and not yet refunded; method, reference and a reason. */
export function RefundModal({ reservationId, folio, open, onClose }: { reservationId: string; folio: TFolio; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { submit, sending } = useFolioSubmit(form);
  const [postRefund] = reservationsApi.usePostRefundMutation();
  const refundable = folio.refundable;
  const onFinish = () =>
    submit(
      async (key) => {
        const v = form.getFieldsValue(true) as { amount?: number | null; method?: string; reference?: string; reason?: string };
        const checked = checkWith(ZRefundCreate, compact({ amount: v.amount, method: v.method, reference: v.reference, reason: v.reason ?? '' }));
        if (!checked.ok) return checked;
        if (Math.round(checked.data.amount * 100) > Math.round(refundable * 100)) {
          const key = refundable > 0 ? 'folio.errors.overRefundable' : 'folio.errors.nothingRefundable';
          return { ok: false, problems: [{ field: 'amount', key, message: '', values: { amount: formatTaka(refundable, lng) } }] };
        }
        await postRefund({ id: reservationId, body: checked.data, idempotencyKey: key }).unwrap();
        message.success(t('folio.refund.done', { amount: formatTaka(checked.data.amount, lng) }), 3);
        return { ok: true };
      },
      onClose,
    );
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('folio.refund.title')}
      form={form}
      name="folio-refund"
      // What the hotel owes the guest to start with (a balance below zero), else typed.
      initialValues={{ amount: folio.balance < 0 ? Math.min(-folio.balance, refundable) : null, method: 'cash' }}
      onFinish={() => void onFinish()}
      submitText={t('folio.refund.submit')}
      sending={sending}
    >
      <p className="mt-0 font-medium" data-testid="refund-refundable">
        {t('folio.refund.refundable', { amount: formatTaka(refundable, lng) })}
      </p>
      <Form.Item name="amount" label={t('folio.refund.amount')}>
        <InputNumber<number> {...money({ 'data-testid': 'refund-amount' })} />
      </Form.Item>
      <MethodField name="folio-refund" />
      <Form.Item name="reference" label={t('pay.reference')}>
        <Input autoComplete="off" spellCheck={false} placeholder={t('pay.referencePlaceholder')} />
      </Form.Item>
      <Form.Item name="reason" label={t('folio.refund.reason')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={300} placeholder={t('folio.refund.reasonPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}

/* ---------- Credit note ---------- */

/** Credit note: cancels the standing invoice with a number of its own, for a reason. */
export function CreditNoteModal({ reservationId, number, open, onClose }: { reservationId: string; number: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('front-desk');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { submit, sending } = useFolioSubmit(form);
  const [postCreditNote] = reservationsApi.usePostCreditNoteMutation();
  const onFinish = () =>
    submit(
      async (key) => {
        const checked = checkWith(ZCreditNoteCreate, { reason: (form.getFieldValue('reason') as string | undefined) ?? '' });
        if (!checked.ok) return checked;
        await postCreditNote({ id: reservationId, reason: checked.data.reason, idempotencyKey: key }).unwrap();
        message.success(t('folio.creditNote.done'), 3);
        return { ok: true };
      },
      onClose,
    );
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('folio.creditNote.title', { number })}
      form={form}
      name="folio-credit-note"
      onFinish={() => void onFinish()}
      submitText={t('folio.creditNote.submit')}
      sending={sending}
    >
      <p className="mt-0 text-slate-700">{t('folio.creditNote.text')}</p>
      <Form.Item name="reason" label={t('folio.creditNote.reason')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={300} />
      </Form.Item>
    </FormModal>
  );
}

/* ---------- Refund through the gateway ---------- */

/**
 * A refund of an online payment to the method it came by (issue 33): through its gateway's
 * refund API, part or all of it, never more than that payment brought. The gateway may refuse
 * (its reason is then on the folio) or take time (requested, done later).
 */
export function OnlineRefundModal({ reservationId, payment, folio, onClose }: { reservationId: string; payment: TMoneyMovement | null; folio: TFolio; onClose: () => void }) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { submit, sending } = useFolioSubmit(form);
  const [postOnlineRefund] = reservationsApi.usePostOnlineRefundMutation();
  // What this payment can still give back: its amount less its refunds requested or done.
  const given = payment ? (folio.onlineRefunds ?? []).filter((r) => r.paymentId === payment._id && r.state !== 'failed').reduce((sum, r) => sum + r.amount, 0) : 0;
  const left = payment ? Math.min(Math.round((payment.amount - given) * 100) / 100, folio.refundable) : 0;
  const onFinish = () =>
    submit(
      async (key) => {
        if (!payment) return { ok: true };
        const v = form.getFieldsValue(true) as { amount?: number | null; reason?: string };
        const checked = checkWith(ZOnlineRefundCreate, compact({ paymentId: payment._id, amount: v.amount, reason: v.reason ?? '' }));
        if (!checked.ok) return checked;
        if (Math.round(checked.data.amount * 100) > Math.round(left * 100)) {
          return { ok: false, problems: [{ field: 'amount', key: left > 0 ? 'folio.errors.overRefundable' : 'folio.errors.nothingRefundable', message: '', values: { amount: formatTaka(left, lng) } }] };
        }
        const answer = await postOnlineRefund({ id: reservationId, body: checked.data, idempotencyKey: key }).unwrap();
        const latest = answer.data.onlineRefunds?.at(-1);
        if (latest?.state === 'failed') message.error(t('folio.onlineRefund.failed', { reason: latest.failure ?? '' }), 8);
        else message.success(t(latest?.state === 'done' ? 'folio.onlineRefund.done' : 'folio.onlineRefund.requested', { amount: formatTaka(checked.data.amount, lng) }), 4);
        return { ok: true };
      },
      onClose,
    );
  return (
    <FormModal
      open={payment !== null}
      onClose={onClose}
      title={t('folio.onlineRefund.title')}
      form={form}
      name="folio-online-refund"
      initialValues={{ amount: left > 0 ? left : null }}
      onFinish={() => void onFinish()}
      submitText={t('folio.onlineRefund.submit')}
      sending={sending}
    >
      {payment?.gateway && (
        <p className="mt-0 font-medium" data-testid="online-refund-left">
          {t('folio.onlineRefund.left', { amount: formatTaka(left, lng), gateway: t(`folio.gateways.${payment.gateway.name}`), method: t(`methods.${payment.method}`) })}
        </p>
      )}
      <Form.Item name="amount" label={t('folio.refund.amount')}>
        <InputNumber<number> {...money({ 'data-testid': 'online-refund-amount' })} />
      </Form.Item>
      <Form.Item name="reason" label={t('folio.refund.reason')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={300} placeholder={t('folio.refund.reasonPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
