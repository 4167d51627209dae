import type { BookingState, PaymentState } from '@residency/shared/booking-states';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAG_TEXT } from './tag-text';

const STATE_COLORS: Record<BookingState, string> = {
  unconfirmed: 'gold',
  confirmed: 'green',
  checked_in: 'blue',
  checked_out: 'default',
  cancelled: 'red',
  no_show: 'red',
};
const PAYMENT_COLORS: Record<PaymentState, string> = { unpaid: 'gold', partly_paid: 'blue', paid: 'green' };
/** antd's pale blue and grey tags need darker text too (WCAG 4.5:1), like the shared ones. */
const TEXT: Record<string, string> = { ...TAG_TEXT, blue: '!text-blue-800', default: '!text-slate-700' };

/** Where the guest's stay stands: Awaiting confirmation, Confirmed, Checked in, … */
export function StayStateTag({ state }: { state: BookingState }) {
  const { t } = useTranslation('my-stays');
  const color = STATE_COLORS[state];
  return (
    <Tag color={color} className={`!m-0 ${TEXT[color]}`} data-testid="booking-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

/** Payment: Pending, Partly paid or Paid, from the payments recorded. */
export function PaymentStateTag({ state }: { state: PaymentState }) {
  const { t } = useTranslation('my-stays');
  const color = PAYMENT_COLORS[state];
  return (
    <Tag color={color} className={`!m-0 ${TEXT[color]}`} data-testid="booking-payment">
      {t('paymentLabel', { status: t(`payment.${state}`) })}
    </Tag>
  );
}
