import type { TOnlinePaymentSession } from '@residency/shared';
import { PAYMENT_METHOD_NAMES } from '@residency/shared/booking-states';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTaka } from '../../../../lib/format';
import { reservationsApi } from '../../reservations-api';

/** How often the page asks while the gateway's answer is on its way. */
const POLL_MS = 2000;

/** The gateway's reference a guest quotes: bKash's TrxID, else the bank's transaction id or SSLCommerz's val_id. */
function referenceOf(session: TOnlinePaymentSession): { label: 'trxId' | 'bankTranId' | 'valId'; value: string } | null {
  if (session.references.trxID) return { label: 'trxId', value: session.references.trxID };
  if (session.references.bankTranId) return { label: 'bankTranId', value: session.references.bankTranId };
  if (session.references.valId) return { label: 'valId', value: session.references.valId };
  return null;
}

const TONE: Record<TOnlinePaymentSession['status'], string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  paid: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  review: 'bg-amber-50 text-amber-900 ring-amber-200',
  failed: 'bg-red-50 text-red-900 ring-red-200',
  cancelled: 'bg-red-50 text-red-900 ring-red-200',
  expired: 'bg-red-50 text-red-900 ring-red-200',
  refunded: 'bg-red-50 text-red-900 ring-red-200',
};

/**
 * How the payment the guest came back from went (issue 33): asked of the API, which asked the
 * gateway; asked again every 2 s while the gateway's answer is on its way. Paid: the amount, the
 * method and the reference to quote ("Paid ৳12,017.50 by bKash, TrxID …"). Otherwise what
 * happened; the caller offers the ways to pay again.
 */
export function PaymentStatus({ sessionId, onSettled, payLink }: { sessionId: string; onSettled?: (session: TOnlinePaymentSession) => void; payLink?: string }) {
  // `onSettled` is called once the status is known (the page then reads the reservation again).
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  // Asked again while pending; once the gateway has spoken, no more.
  const [settled, setSettled] = useState(false);
  const polling = { pollingInterval: settled ? 0 : POLL_MS, skipPollingIfUnfocused: true };
  const signedIn = reservationsApi.useGetOnlinePaymentQuery(sessionId, { ...polling, skip: Boolean(payLink) });
  const byLink = reservationsApi.useGetPayLinkPaymentQuery({ token: payLink ?? '', sessionId }, { ...polling, skip: !payLink });
  const query = payLink ? byLink : signedIn;
  const session = query.data?.data;
  useEffect(() => {
    if (!session || session.status === 'pending') return;
    setSettled(true);
    onSettled?.(session);
  }, [session, onSettled]);
  if (query.isError) {
    return (
      <p className="mt-5 rounded-xl bg-red-50 px-4 py-3 text-red-900 ring-1 ring-red-200" role="alert" data-testid="payment-status" data-status="unknown">
        {t('payment.status.unknown')}
      </p>
    );
  }
  if (!session) {
    return (
      <p className="mt-5 rounded-xl bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200" role="status" data-testid="payment-status" data-status="loading">
        {t('payment.status.pending')}
      </p>
    );
  }
  const ref = referenceOf(session);
  const method = session.method ? t(`payment.methods.${session.method}`, { defaultValue: PAYMENT_METHOD_NAMES[session.method] }) : '';
  const text =
    session.status === 'paid'
      ? t('payment.status.paid', { amount: formatTaka(session.amount, lng), method, reference: ref ? t(`payment.references.${ref.label}`, { value: ref.value }) : '' })
      : session.status === 'failed'
        ? session.failure
          ? t('payment.status.failedBecause', { reason: session.failure })
          : t('payment.status.failed')
        : session.status === 'review'
          ? t('payment.status.review', { amount: formatTaka(session.amount, lng) })
          : session.status === 'pending'
            ? t('payment.status.pending')
            : session.status === 'refunded'
              ? t('payment.status.refunded', { amount: formatTaka(session.amount, lng) })
              : t(`payment.status.${session.status}`, { time: formatDateTime(session.holdUntil, lng) });
  return (
    <p
      className={`mt-5 rounded-xl px-4 py-3 font-semibold ring-1 ${TONE[session.status]}`}
      role={session.status === 'paid' || session.status === 'pending' ? 'status' : 'alert'}
      data-testid="payment-status"
      data-status={session.status}
    >
      {text}
    </p>
  );
}
