import type { TOnlinePaymentSession } from '@residency/shared';
import { Card, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { CardActions, CardFields, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { formatDateTime, formatTaka } from '../../../lib/format';
import { useGetPaymentsInReviewQuery } from '../api';
import { RefusePaymentModal } from '../components/refuse-payment-modal';
import { ReviewActions } from '../components/review-actions';

/** The gateway's references as its own panel names them (SSLCommerz: val_id, bank_tran_id; bKash: paymentID, trxID), in that order. */
const REFERENCE_FIELDS = [
  ['valId', 'val_id'],
  ['bankTranId', 'bank_tran_id'],
  ['paymentID', 'paymentID'],
  ['trxID', 'trxID'],
] as const;

/**
 * Payments to review (issue 33), for staff and admins: the online payments the gateway holds for
 * a check (SSLCommerz's risk_level 1), oldest first, each with its reservation, amount, gateway
 * and method, the gateway's references to look it up in the merchant panel, and when it came.
 * Accept records it on the folio; Refuse and refund asks why, then records and refunds it in full.
 */
export default function PaymentsReviewPage() {
  const { t, i18n } = useTranslation(['online-payments', 'folio']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const phone = usePhoneLayout();
  // The reservations screen of the area this screen is in (/admin or /staff).
  const area = useLocation().pathname.split('/')[1] || 'staff';
  const { data, isLoading, isFetching, isError, error, refetch } = useGetPaymentsInReviewQuery(undefined, { refetchOnMountOrArgChange: true });
  const [refusing, setRefusing] = useState<TOnlinePaymentSession | null>(null);
  const sessions = data?.data ?? [];

  const reference = (session: TOnlinePaymentSession) => (
    <Link
      to={`/${area}/reservation?q=${encodeURIComponent(session.reference)}`}
      aria-label={t('review.openReservation', { reference: session.reference })}
      className="font-semibold break-all"
    >
      {session.reference}
    </Link>
  );
  const amount = (session: TOnlinePaymentSession) => (
    <span className="block">
      <span className="block font-semibold text-slate-900">{formatTaka(session.amount, lng)}</span>
      <span className="block text-xs text-slate-600">{t(`pay.${session.pay}`)}</span>
    </span>
  );
  const gateway = (session: TOnlinePaymentSession) =>
    `${t(`gateways.${session.gateway}`)} · ${session.method ? t(`folio:methods.${session.method}`) : t('review.noMethod')}`;
  const references = (session: TOnlinePaymentSession) => {
    const lines = [
      ...(session.references.cardType ? [{ label: t('review.cardType'), value: session.references.cardType }] : []),
      ...REFERENCE_FIELDS.flatMap(([key, label]) => (session.references[key] ? [{ label, value: session.references[key] }] : [])),
    ];
    if (lines.length === 0) return <span className="text-slate-600">{t('review.noReferences')}</span>;
    return (
      <span className="block min-w-0 text-sm">
        {lines.map((line) => (
          <span key={line.label} className="block">
            <span className="text-slate-600">{line.label}</span> <span className="font-mono break-all text-slate-900">{line.value}</span>
          </span>
        ))}
      </span>
    );
  };
  const received = (session: TOnlinePaymentSession) => formatDateTime(session.createdAt, lng);

  return (
    <Card size={phone ? 'small' : undefined}>
      <div className="mb-4">
        <ScreenHeading title={t('review.title')} subtitle={t('review.subtitle')} />
      </div>

      {isError && <LoadError error={error} fallback={t('review.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      <ResponsiveList<TOnlinePaymentSession>
        phone={phone}
        rows={sessions}
        rowKey="sessionId"
        loading={isFetching && !isLoading ? { delay: 200 } : isLoading}
        empty={<Empty description={t('review.empty')} />}
        pagination={false}
        rowTestId={(session) => `review-${session.sessionId}`}
        card={(session) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0">{reference(session)}</span>
              <span className="shrink-0 text-right">{amount(session)}</span>
            </div>
            <CardFields
              fields={[
                { label: t('review.columns.gateway'), value: gateway(session) },
                { label: t('review.columns.references'), value: references(session) },
                { label: t('review.columns.received'), value: received(session) },
              ]}
            />
            {/* One button a row: "Refuse and refund" does not fit half a card at 375 px. */}
            <CardActions>
              <div className="grid gap-2">
                <ReviewActions session={session} onRefuse={() => setRefusing(session)} block />
              </div>
            </CardActions>
          </>
        )}
        table={{
          size: 'middle',
          // Only with rows: an empty table that scrolls is a region the keyboard cannot reach (axe).
          scroll: sessions.length > 0 ? { x: 980 } : undefined,
          columns: [
            { title: t('review.columns.reference'), key: 'reference', render: (_: unknown, session) => reference(session) },
            { title: t('review.columns.amount'), key: 'amount', align: 'right', render: (_: unknown, session) => amount(session) },
            { title: t('review.columns.gateway'), key: 'gateway', render: (_: unknown, session) => gateway(session) },
            { title: t('review.columns.references'), key: 'references', render: (_: unknown, session) => references(session) },
            { title: t('review.columns.received'), key: 'received', render: (_: unknown, session) => <span className="whitespace-nowrap">{received(session)}</span> },
            {
              title: <span className="sr-only">{t('review.columns.actions')}</span>,
              key: 'actions',
              render: (_: unknown, session) => (
                <div className="flex flex-wrap gap-2">
                  <ReviewActions session={session} onRefuse={() => setRefusing(session)} />
                </div>
              ),
            },
          ],
        }}
      />

      <RefusePaymentModal session={refusing} onClose={() => setRefusing(null)} />
    </Card>
  );
}
