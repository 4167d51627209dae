import type { TBooking } from '@residency/shared';
import type { BookingState, PaymentState } from '@residency/shared/booking-states';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DESK_STATE_COLORS, TAG_TEXT, paymentColor } from '../../booking-actions';

/** The booking's state (unconfirmed … no-show) as a coloured tag. */
export function StateTag({ state }: { state: BookingState }) {
  const { t } = useTranslation('front-desk');
  const color = DESK_STATE_COLORS[state];
  return (
    <Tag color={color} className={`!m-0 whitespace-nowrap ${TAG_TEXT[color] ?? ''}`} data-testid="state-tag" data-state={state}>
      {t(`states.${state}`)}
    </Tag>
  );
}

/**
 * The payment state (unpaid, partly paid, paid) as a tag. A cancelled booking keeps its payment
 * state, muted: its state column already says it is cancelled.
 */
export function PaymentStateTag({ booking }: { booking: Pick<TBooking, 'status'> & { paymentState: PaymentState } }) {
  const { t } = useTranslation('front-desk');
  const color = paymentColor(booking);
  return (
    <Tag color={color} className={`!m-0 whitespace-nowrap ${TAG_TEXT[color] ?? ''}`} data-testid="payment-tag" data-payment={booking.paymentState}>
      {t(`paymentStates.${booking.paymentState}`)}
    </Tag>
  );
}
