import type { TBooking } from '@residency/shared';
import type { BookingState } from '@residency/shared/booking-states';
import { useTranslation } from 'react-i18next';
import { depositDueText } from '../../../../components/stay-price/plan-texts';
import { formatTaka } from '../../../../lib/format';
import { getSite } from '../../../../lib/site';
import { useNow } from '../../../../lib/use-now';
import { deadlineText } from '../my-stays/guest-cancel';

/** The tone of each state: waiting, done well, or stopped. */
const STATE_TONE: Record<BookingState, string> = {
  unconfirmed: 'bg-amber-50 text-amber-900 ring-amber-200',
  confirmed: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  checked_in: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  checked_out: 'bg-slate-50 text-slate-800 ring-slate-200',
  cancelled: 'bg-red-50 text-red-900 ring-red-200',
  no_show: 'bg-red-50 text-red-900 ring-red-200',
};

/**
 * Where the booking stands now (its `state`) and what is paid (its `paymentState`, with the
 * amounts). A cancelled stay or a no-show with nothing paid has nothing to pay, so no payment line.
 * Below it, the deposit the plan asks that is still to pay and by when, at the hotel's clock
 * (issue 22; none once paid). A reservation of several rooms says the same of all its rooms
 * (reservation-confirmation-page.tsx).
 */
export function BookingNow({
  booking,
  lng,
}: {
  booking: Pick<TBooking, 'state' | 'paymentState' | 'charged' | 'paid' | 'balance' | 'depositDue' | 'depositDueBy' | 'guestCancelUntil' | 'cancellationFeeNow'>;
  lng: string;
}) {
  const { t } = useTranslation('booking');
  const { t: tc } = useTranslation('common');
  const money = (value: number) => formatTaka(value, lng);
  const stopped = booking.state === 'cancelled' || booking.state === 'no_show';
  const showPayment = !(stopped && booking.paid === 0);
  const site = getSite();
  const depositDue = depositDueText(tc, booking, lng, site.timeZone);
  const now = useNow();
  // What cancelling costs now (issue 31): until when it is free, or, once that has passed (a stay
  // booked for tonight), the fee; nothing once the stay is under way or over.
  const cancelText =
    booking.state === 'unconfirmed' || booking.state === 'confirmed'
      ? now.getTime() < Date.parse(booking.guestCancelUntil)
        ? t('confirmation.cancelUntil', { deadline: deadlineText(new Date(booking.guestCancelUntil), site.timeZone, lng) })
        : booking.cancellationFeeNow > 0
          ? tc('stayPrice.cancel.now', { fee: money(booking.cancellationFeeNow) })
          : null
      : null;
  return (
    <div className={`mt-5 rounded-xl px-4 py-3 ring-1 ${STATE_TONE[booking.state]}`} data-testid="booking-now" data-state={booking.state}>
      <p className="font-semibold" data-testid="confirmation-state">
        {t(`confirmation.state.${booking.state}`)}
      </p>
      {showPayment && (
        <p className="mt-1 text-sm" data-testid="confirmation-payment">
          {t(`confirmation.payment.${booking.paymentState}`, {
            // What the stay costs now (its folio), as paid and balance are: not the price it was sold at.
            amount: money(booking.charged),
            paid: money(booking.paid),
            balance: money(booking.balance),
          })}
        </p>
      )}
      {depositDue && (
        <p className="mt-1 text-sm font-semibold" data-testid="deposit-due">
          {depositDue}
        </p>
      )}
      {cancelText && (
        <p className="mt-1 text-sm" data-testid="confirmation-cancel">
          {cancelText}
        </p>
      )}
    </div>
  );
}
