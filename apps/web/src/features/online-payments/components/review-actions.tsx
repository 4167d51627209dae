import { CheckOutlined, RollbackOutlined } from '@ant-design/icons';
import type { TOnlinePaymentSession } from '@residency/shared';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTaka } from '../../../lib/format';
import { useMoneyWrite } from '../../../lib/idempotency-key';
import { useErrorText } from '../../../lib/server-error';
import { useAcceptPaymentMutation } from '../api';

/**
 * A payment's decision: Accept (the API validates it with the gateway again, then records it on
 * the folio) at once, or Refuse and refund, which asks the reason first (`onRefuse` opens that
 * dialog). Both wait while the acceptance is on its way: a double press accepts once. `block`:
 * full-width buttons, for a phone's card.
 */
export function ReviewActions({ session, onRefuse, block = false }: { session: TOnlinePaymentSession; onRefuse: () => void; block?: boolean }) {
  const { t, i18n } = useTranslation('online-payments');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [accept] = useAcceptPaymentMutation();
  const { write, pending } = useMoneyWrite();

  const onAccept = async () => {
    try {
      const done = await write((idempotencyKey) => accept({ sessionId: session.sessionId, idempotencyKey }).unwrap());
      if (done) void message.success(t('review.accepted', { reference: session.reference, amount: formatTaka(session.amount, lng) }), 5);
    } catch (err) {
      void message.error(errorText(err, t('review.failed')), 6);
    }
  };

  const size = block ? 'middle' : 'small';
  return (
    <>
      <Button
        type="primary"
        size={size}
        block={block}
        icon={<CheckOutlined aria-hidden />}
        loading={pending}
        disabled={pending}
        onClick={() => void onAccept()}
        aria-label={t('review.acceptLabel', { reference: session.reference })}
        data-testid={`accept-${session.sessionId}`}
      >
        {t('review.accept')}
      </Button>
      <Button
        danger
        size={size}
        block={block}
        icon={<RollbackOutlined aria-hidden />}
        disabled={pending}
        onClick={onRefuse}
        aria-label={t('review.refuseLabel', { reference: session.reference })}
        data-testid={`refuse-${session.sessionId}`}
      >
        {t('review.refuse')}
      </Button>
    </>
  );
}
