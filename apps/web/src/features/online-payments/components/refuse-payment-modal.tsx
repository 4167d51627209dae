import { ZReviewRefusal, type TOnlinePaymentSession } from '@residency/shared';
import { App, Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { characterCount, formatTaka } from '../../../lib/format';
import { useContractCheck } from '../../../lib/folio-texts';
import { useMoneyWrite } from '../../../lib/idempotency-key';
import { useErrorText } from '../../../lib/server-error';
import { useLastShown } from '../../../lib/use-last-shown';
import { useRefusePaymentMutation } from '../api';

/**
 * Refuse and refund (staff and admins): a payment held for review is turned down for a reason
 * (3–300 characters, checked with the API's own contract); the API records it on the folio and
 * refunds it in full through its gateway. The dialog closes once that is done.
 */
export function RefusePaymentModal({ session, onClose }: { session: TOnlinePaymentSession | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('online-payments');
  const lng = i18n.resolvedLanguage ?? 'en';
  // The title (the dialog's name) stays while it closes.
  const titled = useLastShown(session);
  return (
    <Modal
      open={session !== null}
      onCancel={onClose}
      title={titled ? t('review.refuseDialog.title', { amount: formatTaka(titled.amount, lng), reference: titled.reference }) : ''}
      footer={null}
      destroyOnHidden
      width={520}
    >
      {session && <RefuseForm key={session.sessionId} session={session} onClose={onClose} />}
    </Modal>
  );
}

function RefuseForm({ session, onClose }: { session: TOnlinePaymentSession; onClose: () => void }) {
  const { t, i18n } = useTranslation('online-payments');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const check = useContractCheck();
  const errorText = useErrorText();
  const [refuse] = useRefusePaymentMutation();
  // One request at a time, with this decision's idempotency key (a double press refunds once).
  const { write, pending } = useMoneyWrite();
  const gateway = t(`gateways.${session.gateway}`);

  const submit = async () => {
    const typed = (form.getFieldValue('reason') as string | undefined) ?? '';
    // Nothing typed is no reason at all: the contract's "Say why." rather than "in a few words".
    const checked = check(ZReviewRefusal, { reason: typed.trim() ? typed : undefined });
    if (!checked.ok) {
      form.setFields(checked.fields.map((field) => ({ name: 'reason' as const, errors: field.errors })));
      return;
    }
    try {
      const done = await write((idempotencyKey) => refuse({ sessionId: session.sessionId, reason: checked.data.reason, idempotencyKey }).unwrap());
      if (!done) return;
      void message.success(t('review.refused', { reference: session.reference, amount: formatTaka(session.amount, lng), gateway }), 5);
      onClose();
    } catch (err) {
      void message.error(errorText(err, t('review.failed')), 6);
    }
  };

  return (
    <Form form={form} name="refuse-payment" layout="vertical" requiredMark={false} onFinish={() => void submit()} noValidate data-testid="refuse-payment-form">
      <p className="mt-0 text-slate-700">{t('review.refuseDialog.what', { gateway })}</p>
      <Form.Item name="reason" label={t('review.refuseDialog.reason')}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 5 }}
          maxLength={300}
          showCount={characterCount(lng)}
          placeholder={t('review.refuseDialog.reasonPlaceholder')}
          data-testid="refuse-reason"
        />
      </Form.Item>
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onClose} disabled={pending}>
          {t('review.refuseDialog.cancel')}
        </Button>
        <Button type="primary" danger htmlType="submit" loading={pending} data-testid="refuse-payment-submit">
          {t('review.refuseDialog.submit')}
        </Button>
      </div>
    </Form>
  );
}
