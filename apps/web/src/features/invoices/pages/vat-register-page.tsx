import type { TVatRegister, TVatRegisterRow } from '@residency/shared';
import { todayAt } from '@residency/shared/dates';
import { Card, DatePicker, Empty, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { CardFields, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { ReportHeader } from '../../../components/dashboard/report-header';
import { formatLongDate, formatMonth, formatNumber, formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useAppSelector } from '../../../lib/store-hooks';
import { downloadVatRegister, useGetVatRegisterQuery } from '../api';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The VAT sales register (issue 31), for the admin: every tax invoice and credit note issued in a
 * month at the hotel, with its buyer, BIN, value, SD and VAT, and the month's totals (credit notes
 * taken off), as the accountant copies them into the monthly return (Mushak-9.1); the month as
 * CSV. The month is in the address (?month=YYYY-MM), so a reload keeps it.
 */
export default function VatRegisterPage() {
  const { t, i18n } = useTranslation('invoices');
  const lng = i18n.resolvedLanguage ?? 'en';
  const phone = usePhoneLayout();
  const token = useAppSelector((state) => state.auth.token);
  const thisMonth = todayAt(getSite().timeZone).slice(0, 7);
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = asked && MONTH.test(asked) ? asked : thisMonth;
  const { data, isLoading, isFetching, isError, error, refetch } = useGetVatRegisterQuery(month, { refetchOnMountOrArgChange: true });
  const report: TVatRegister | undefined = data?.data.month === month ? data.data : undefined;

  const taka = (value: number) => formatTaka(value, lng);
  /** A credit note's figures are taken off: shown in red. */
  const figure = (value: number) => (value < 0 ? <span className="text-rose-700">{taka(value)}</span> : taka(value));

  const kind = (row: TVatRegisterRow) =>
    row.kind === 'credit_note' ? (
      <Tag color="volcano" className="m-0">
        {t('register.creditNote')}
      </Tag>
    ) : (
      <Tag color="blue" className="m-0">
        {t('register.invoice')}
      </Tag>
    );
  const number = (row: TVatRegisterRow) => (
    <span className="block min-w-0">
      <span className="block font-medium break-all text-slate-900">{row.number}</span>
      {row.credits && <span className="block text-xs break-all text-slate-600">{t('register.cancels', { number: row.credits })}</span>}
    </span>
  );
  const tile = (label: string, value: number, testId: string, strong = false) => (
    <div key={testId} className={`min-w-0 rounded-lg border p-3 ${strong ? 'border-sky-200 bg-sky-50' : 'border-slate-200 bg-white'}`} data-testid={testId}>
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <span className="block text-lg font-semibold break-words text-slate-900">{taka(value)}</span>
    </div>
  );

  return (
    <Card size={phone ? 'small' : undefined}>
      <ReportHeader
        title={t('register.title')}
        subtitle={t('register.subtitle')}
        picker={
          <DatePicker
            picker="month"
            value={dayjs(`${month}-01`)}
            onChange={(value) => setParams(value ? { month: value.format('YYYY-MM') } : {}, { replace: true })}
            disabledDate={(value) => value.format('YYYY-MM') > thisMonth}
            allowClear={false}
            format="MM-YYYY"
            inputReadOnly
            aria-label={t('register.month')}
            className="md:w-36"
            data-testid="vat-register-month"
          />
        }
        csv={{
          label: t('register.download'),
          testId: 'vat-register-csv',
          fetch: () => downloadVatRegister(month, token),
          done: (name) => t('register.downloaded', { name }),
          failed: t('register.downloadFailed'),
        }}
      />

      <h3 className="mt-0 mb-1 text-base font-semibold text-slate-900" data-testid="vat-register-heading">
        {t('register.monthHeading', { month: formatMonth(month, lng) })}
      </h3>
      <p className="mt-0 mb-3 text-sm text-slate-600">{t('register.note')}</p>

      {isError && <LoadError error={error} fallback={t('register.loadFailed')} retryLabel={t('register.retry')} onRetry={refetch} />}

      {report && (
        <section aria-label={t('register.totals')} className="mb-5" data-testid="vat-register-totals">
          <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
            {tile(t('register.columns.value'), report.totals.value, 'vat-register-total-value')}
            {tile(t('register.columns.sd'), report.totals.sd, 'vat-register-total-sd')}
            {tile(t('register.columns.vat'), report.totals.vat, 'vat-register-total-vat')}
            {tile(t('register.columns.total'), report.totals.total, 'vat-register-total-total', true)}
          </div>
          <p className="mt-2 mb-0 text-sm text-slate-600" data-testid="vat-register-counts">
            {t('register.counts', {
              invoices: formatNumber(report.totals.invoices, lng),
              creditNotes: formatNumber(report.totals.creditNotes, lng),
            })}
          </p>
        </section>
      )}

      <ResponsiveList<TVatRegisterRow>
        phone={phone}
        rows={report?.rows ?? []}
        rowKey={(row) => row._id}
        loading={isFetching && !isLoading ? { delay: 200 } : isLoading}
        empty={<Empty description={t('register.empty', { month: formatMonth(month, lng) })} />}
        pagination={false}
        rowTestId={(row) => `vat-register-row-${row.number}`}
        card={(row) => (
          <>
            <div className="flex items-start justify-between gap-2">
              {number(row)}
              <span className="shrink-0">{kind(row)}</span>
            </div>
            <CardFields
              fields={[
                { label: t('register.columns.date'), value: formatLongDate(row.date, lng) },
                { label: t('register.columns.buyer'), value: row.buyer },
                { label: t('register.columns.bin'), value: row.bin ?? '–' },
                { label: t('register.columns.value'), value: figure(row.value) },
                { label: t('register.columns.sd'), value: figure(row.sd) },
                { label: t('register.columns.vat'), value: figure(row.vat) },
                { label: t('register.columns.total'), value: <span className="font-semibold">{figure(row.total)}</span> },
              ]}
            />
          </>
        )}
        table={{
          size: 'middle',
          scroll: { x: 860 },
          columns: [
            {
              title: t('register.columns.number'),
              key: 'number',
              render: (_: unknown, row) => (
                <span className="flex flex-col items-start gap-1">
                  {number(row)}
                  {kind(row)}
                </span>
              ),
            },
            { title: t('register.columns.date'), key: 'date', render: (_: unknown, row) => formatLongDate(row.date, lng) },
            { title: t('register.columns.buyer'), key: 'buyer', render: (_: unknown, row) => <span className="break-words">{row.buyer}</span> },
            { title: t('register.columns.bin'), key: 'bin', render: (_: unknown, row) => row.bin ?? '–' },
            { title: t('register.columns.value'), key: 'value', align: 'right', render: (_: unknown, row) => figure(row.value) },
            { title: t('register.columns.sd'), key: 'sd', align: 'right', render: (_: unknown, row) => figure(row.sd) },
            { title: t('register.columns.vat'), key: 'vat', align: 'right', render: (_: unknown, row) => figure(row.vat) },
            { title: t('register.columns.total'), key: 'total', align: 'right', render: (_: unknown, row) => <span className="font-semibold">{figure(row.total)}</span> },
          ],
        }}
      />
    </Card>
  );
}
