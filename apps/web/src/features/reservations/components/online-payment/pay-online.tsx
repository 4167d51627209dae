import type { OnlineGateway, OnlinePay, TReservation } from '@residency/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTaka } from '../../../../lib/format';
import { useErrorText } from '../../../../lib/server-error';
import { getSite } from '../../../../lib/site';
import { reservationsApi } from '../../reservations-api';
import { GatewayChoice } from './gateway-choice';

/** Whether a guest may still pay this reservation online: something left to pay, and a room still to come (until check-in). */
function canPayOnline(reservation: { balance: number; bookings: readonly Pick<TReservation['bookings'][number], 'state'>[] }): boolean {
  return getSite().onlinePayment.gateways.length > 0 && reservation.balance > 0 && reservation.bookings.some((b) => b.state === 'unconfirmed' || b.state === 'confirmed');
}

/** Sends the browser to the gateway's page (an object of its own, so that tests can watch it). */
export const gatewayNavigation = { go: (url: string) => window.location.assign(url) };

/**
 * "Pay the deposit" / "Pay the balance" for a reservation already made (issue 33): the
 * confirmation page after a failed or cancelled payment, and My Bookings until check-in. Opens a
 * session with the chosen gateway and sends the guest to its page; says why when it cannot (a
 * payment under way in another tab, the gateway not answering).
 */
export function PayOnline({
  reservation,
  compact = false,
  payLink,
}: {
  reservation: { _id: string; balance: number; depositDue: number; bookings: readonly Pick<TReservation['bookings'][number], 'state'>[] };
  compact?: boolean;
  /** Paying through a pay link's token, without signing in. */
  payLink?: string;
}) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useErrorText();
  const { gateways } = getSite().onlinePayment;
  const [gateway, setGateway] = useState<OnlineGateway>(gateways[0] ?? 'sslcommerz');
  const [startSignedIn, startingSignedIn] = reservationsApi.useStartOnlinePaymentMutation();
  const [startByLink, startingByLink] = reservationsApi.useStartPayLinkPaymentMutation();
  const starting = payLink ? startingByLink : startingSignedIn;
  const start = (body: { gateway: OnlineGateway; pay: OnlinePay }) => (payLink ? startByLink({ token: payLink, body }) : startSignedIn({ id: reservation._id, body }));
  const [problem, setProblem] = useState<string | null>(null);
  if (!canPayOnline(reservation)) return null;
  const deposit = reservation.depositDue > 0 && reservation.depositDue < reservation.balance ? reservation.depositDue : 0;

  const pay = async (what: OnlinePay) => {
    setProblem(null);
    const result = await start({ gateway, pay: what });
    if (result.data) {
      gatewayNavigation.go(result.data.data.redirectUrl);
      return;
    }
    const data = ((result.error as { data?: unknown } | undefined)?.data ?? {}) as { code?: string; holdUntil?: string };
    setProblem(
      data.code === 'PAYMENT_IN_PROGRESS' && data.holdUntil
        ? t('payment.errors.inProgress', { time: formatDateTime(data.holdUntil, lng) })
        : errorText(result.error, t('payment.errors.unknown')),
    );
  };

  return (
    <div className={compact ? 'mt-3 space-y-3' : 'mt-5 space-y-3 rounded-xl bg-sand-50 p-4 ring-1 ring-slate-200'} data-testid="pay-online">
      {!compact && <p className="font-semibold text-brand-900">{t('payment.payNow')}</p>}
      <GatewayChoice gateways={gateways} value={gateway} onChange={setGateway} name={`gateway-${reservation._id}`} />
      <div className="flex flex-wrap gap-2">
        {deposit > 0 && (
          <button type="button" className="btn-primary min-h-11" disabled={starting.isLoading} onClick={() => void pay('deposit')} data-testid="pay-deposit">
            {t('payment.payDeposit', { amount: formatTaka(deposit, lng) })}
          </button>
        )}
        <button type="button" className={deposit > 0 ? 'btn-outline min-h-11' : 'btn-primary min-h-11'} disabled={starting.isLoading} onClick={() => void pay('balance')} data-testid="pay-balance">
          {t('payment.payBalance', { amount: formatTaka(reservation.balance, lng) })}
        </button>
      </div>
      {starting.isLoading && (
        <p className="text-sm text-slate-700" role="status">
          {t('payment.redirecting')}
        </p>
      )}
      {problem && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" role="alert" data-testid="pay-online-error">
          {problem}
        </p>
      )}
    </div>
  );
}
