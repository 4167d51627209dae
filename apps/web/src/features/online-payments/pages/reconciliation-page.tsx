import { RECONCILIATION_STATES, type TReconciliation, type TReconciliationRow } from '@residency/shared';
import { addDays, isIsoDate, todayAt } from '@residency/shared/dates';
import { Card, DatePicker, Empty, Statistic, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { ReportHeader } from '../../../components/dashboard/report-header';
import { CardFields, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { TAG_TEXT } from '../../../components/dashboard/tag-text';
import { formatDateTime, formatLongDate, formatNumber, formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useAppSelector } from '../../../lib/store-hooks';
import { downloadReconciliation, useGetReconciliationQuery } from '../api';

type State = TReconciliationRow['state'];
/** A row with its place in the report: a payment and its refunds share the gateway's tran_id. */
type Row = TReconciliationRow & { key: string };

/** The longest report the API gives, in days after the first (92 days in all). */
const MAX_SPAN = 91;
/** Matched is green; money on one side only is red; an amount that differs, amber. */
const STATE_COLORS: Record<State, 'green' | 'red' | 'gold'> = { matched: 'green', missing_in_folio: 'red', missing_at_gateway: 'red', amount_differs: 'gold' };
const TOTALS = ['gatewayPayments', 'gatewayRefunds', 'fees', 'folioPayments', 'folioRefunds'] as const;

const day = (value: string | null): string | null => (value && isIsoDate(value) ? value : null);

/**
 * The period of the address (?from=&to=, YYYY-MM-DD): today when it names none, or one the API
 * would refuse (the end before the start, after today, more than 92 days).
 */
function periodOf(params: URLSearchParams, today: string): { from: string; to: string } {
  const from = day(params.get('from')) ?? today;
  const to = day(params.get('to')) ?? from;
  if (to < from || to > today || to > addDays(from, MAX_SPAN)) return { from: today, to: today };
  return { from, to };
}

/**
 * Reconciliation (issue 33), for the admin: each transaction SSLCommerz and bKash report for days
 * at the hotel beside what the folio recorded of it (matched, missing in the folio, missing at the
 * gateway, amount differs), how many of each, and the money on both sides with the gateways'
 * fees; the same as CSV. The days are in the address, so a reload keeps them.
 */
export default function ReconciliationPage() {
  const { t, i18n } = useTranslation('online-payments');
  const lng = i18n.resolvedLanguage ?? 'en';
  const phone = usePhoneLayout();
  const token = useAppSelector((state) => state.auth.token);
  const area = useLocation().pathname.split('/')[1] || 'admin';
  const today = todayAt(getSite().timeZone);
  const [params, setParams] = useSearchParams();
  const { from, to } = periodOf(params, today);
  const { data, isLoading, isFetching, isError, error, refetch } = useGetReconciliationQuery({ from, to }, { refetchOnMountOrArgChange: true });
  const report: TReconciliation | undefined = data?.data.from === from && data.data.to === to ? data.data : undefined;
  const rows: Row[] = (report?.rows ?? []).map((row, i) => ({ ...row, key: String(i) }));

  // A new start or end keeps the other within the 92 days the report covers, on the right side.
  const choose = (next: { from: string } | { to: string }) => {
    const period =
      'from' in next
        ? { from: next.from, to: to < next.from ? next.from : to > addDays(next.from, MAX_SPAN) ? addDays(next.from, MAX_SPAN) : to }
        : { to: next.to, from: from > next.to ? next.to : from < addDays(next.to, -MAX_SPAN) ? addDays(next.to, -MAX_SPAN) : from };
    setParams(period, { replace: true });
  };
  const picker = (which: 'from' | 'to') => (
    <DatePicker
      value={dayjs(which === 'from' ? from : to)}
      onChange={(value: Dayjs | null) => value && choose(which === 'from' ? { from: value.format('YYYY-MM-DD') } : { to: value.format('YYYY-MM-DD') })}
      disabledDate={(value) => value.format('YYYY-MM-DD') > today}
      allowClear={false}
      format="DD-MM-YYYY"
      inputReadOnly
      aria-label={t(`reconciliation.${which}`)}
      placeholder={t(`reconciliation.${which}`)}
      className="md:w-36"
      data-testid={`reconciliation-${which}`}
    />
  );

  const taka = (value: number) => formatTaka(value, lng);
  const none = <span className="text-slate-600">{t('reconciliation.none')}</span>;
  const amount = (value: number | null, differs = false) =>
    value === null ? none : <span className={differs ? 'font-semibold text-rose-700' : undefined}>{taka(value)}</span>;
  const stateTag = (state: State) => (
    <Tag color={STATE_COLORS[state]} className={`!m-0 whitespace-nowrap ${TAG_TEXT[STATE_COLORS[state]]}`} data-testid="reconciliation-state" data-state={state}>
      {t(`reconciliation.states.${state}`)}
    </Tag>
  );
  const reference = (row: Row) => (
    <Link to={`/${area}/reservation?q=${encodeURIComponent(row.reference)}`} className="font-medium break-all">
      {row.reference}
    </Link>
  );
  const code = (value: string | null) => (value ? <span className="font-mono text-sm break-all">{value}</span> : none);
  // A figure as the reader writes it (formatted already: Bengali digits, lakh grouping, ৳).
  const figure = (label: string, value: string, testId: string, tone: 'plain' | 'alert' = 'plain') => (
    <div key={testId} className={`min-w-0 rounded-lg border px-3 py-2 ${tone === 'alert' ? 'border-rose-200 bg-rose-50/60' : 'border-slate-200 bg-white'}`} data-testid={testId}>
      <Statistic
        title={<span className="text-slate-700">{label}</span>}
        value={value}
        valueRender={() => <span className="text-lg font-semibold break-words text-slate-900" data-testid={`${testId}-value`}>{value}</span>}
      />
    </div>
  );

  return (
    <Card size={phone ? 'small' : undefined}>
      <ReportHeader
        title={t('reconciliation.title')}
        subtitle={t('reconciliation.subtitle')}
        picker={
          <>
            {picker('from')}
            {picker('to')}
          </>
        }
        csv={{
          label: t('reconciliation.download'),
          testId: 'reconciliation-csv',
          fetch: () => downloadReconciliation(from, to, token),
          done: (name) => t('reconciliation.downloaded', { name }),
          failed: t('reconciliation.downloadFailed'),
        }}
      />

      <h3 className="mt-0 mb-1 text-base font-semibold text-slate-900" data-testid="reconciliation-period">
        {from === to
          ? t('reconciliation.headingDay', { date: formatLongDate(from, lng) })
          : t('reconciliation.heading', { from: formatLongDate(from, lng), to: formatLongDate(to, lng) })}
      </h3>
      <p className="mt-0 mb-3 text-sm text-slate-600">{t('reconciliation.note')}</p>

      {isError && <LoadError error={error} fallback={t('reconciliation.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      {report && (
        <>
          <section aria-label={t('reconciliation.counts')} className="mb-3 grid grid-cols-2 gap-2 md:grid-cols-4" data-testid="reconciliation-counts">
            {RECONCILIATION_STATES.map((state) =>
              figure(
                t(`reconciliation.states.${state}`),
                formatNumber(report.counts[state], lng),
                `reconciliation-count-${state}`,
                state !== 'matched' && report.counts[state] > 0 ? 'alert' : 'plain',
              ),
            )}
          </section>
          <section aria-label={t('reconciliation.totals')} className="mb-5 grid grid-cols-2 gap-2 md:grid-cols-5" data-testid="reconciliation-totals">
            {TOTALS.map((name) => figure(t(`reconciliation.totalNames.${name}`), taka(report.totals[name]), `reconciliation-total-${name}`))}
          </section>
        </>
      )}

      <ResponsiveList<Row>
        phone={phone}
        rows={rows}
        rowKey="key"
        loading={isFetching && !isLoading ? { delay: 200 } : isLoading}
        empty={<Empty description={t('reconciliation.empty')} />}
        pagination={false}
        rowTestId={(row) => `reconciliation-row-${row.key}`}
        cardTone={(row) => (row.state === 'matched' ? undefined : 'alert')}
        card={(row) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0">
                <span className="block">{reference(row)}</span>
                <span className="block text-sm text-slate-700">
                  {t(`reconciliation.kinds.${row.kind}`)} · {t(`gateways.${row.gateway}`)}
                </span>
              </span>
              <span className="shrink-0">{stateTag(row.state)}</span>
            </div>
            <CardFields
              fields={[
                { label: t('reconciliation.columns.gatewayAmount'), value: amount(row.gatewayAmount) },
                { label: t('reconciliation.columns.folioAmount'), value: amount(row.folioAmount, row.state === 'amount_differs') },
                { label: t('reconciliation.columns.fee'), value: amount(row.fee) },
                { label: t('reconciliation.columns.tranId'), value: code(row.tranId) },
                { label: t('reconciliation.columns.gatewayRef'), value: code(row.gatewayRef) },
                { label: t('reconciliation.columns.at'), value: formatDateTime(row.at, lng) },
              ]}
            />
          </>
        )}
        table={{
          size: 'small',
          // Only with rows: an empty table that scrolls is a region the keyboard cannot reach (axe).
          scroll: rows.length > 0 ? { x: 1120 } : undefined,
          columns: [
            { title: t('reconciliation.columns.state'), key: 'state', render: (_: unknown, row) => stateTag(row.state) },
            { title: t('reconciliation.columns.reference'), key: 'reference', render: (_: unknown, row) => reference(row) },
            { title: t('reconciliation.columns.kind'), key: 'kind', render: (_: unknown, row) => t(`reconciliation.kinds.${row.kind}`) },
            { title: t('reconciliation.columns.gateway'), key: 'gateway', render: (_: unknown, row) => t(`gateways.${row.gateway}`) },
            { title: t('reconciliation.columns.tranId'), key: 'tranId', render: (_: unknown, row) => code(row.tranId) },
            { title: t('reconciliation.columns.gatewayRef'), key: 'gatewayRef', render: (_: unknown, row) => code(row.gatewayRef) },
            { title: t('reconciliation.columns.gatewayAmount'), key: 'gatewayAmount', align: 'right', render: (_: unknown, row) => amount(row.gatewayAmount) },
            {
              title: t('reconciliation.columns.folioAmount'),
              key: 'folioAmount',
              align: 'right',
              render: (_: unknown, row) => amount(row.folioAmount, row.state === 'amount_differs'),
            },
            { title: t('reconciliation.columns.fee'), key: 'fee', align: 'right', render: (_: unknown, row) => amount(row.fee) },
            { title: t('reconciliation.columns.at'), key: 'at', render: (_: unknown, row) => <span className="whitespace-nowrap">{formatDateTime(row.at, lng)}</span> },
          ],
        }}
      />
    </Card>
  );
}
