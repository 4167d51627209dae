import type { TCashUp, TCashUpItem, TCashUpRow } from '@residency/shared';
import { wallClockAt } from '@residency/shared/hotel-time';
import { todayAt } from '@residency/shared/dates';
import { Card, DatePicker, Empty } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { CardFields, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { ReportHeader } from '../../../components/dashboard/report-header';
import { formatLongDate, formatNumber, formatTaka, readerDigits } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useAppSelector } from '../../../lib/store-hooks';
import { downloadCashUp, useGetCashUpQuery } from '../api';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

type Figures = Pick<TCashUpRow, 'taken' | 'refunded' | 'net' | 'count'>;

/**
 * The desk's cash-up (issue 22), for staff and admins: the money taken and refunded on one day at
 * the hotel, per staff member and method, and each method's totals to count the drawer and check
 * the bKash, Nagad and card accounts against; the day as CSV. Everyone at the desk sees the whole
 * day (the drawer is shared). The day is in the address (?date=), so a reload keeps it.
 */
export default function CashUpPage() {
  const { t, i18n } = useTranslation('folio');
  const lng = i18n.resolvedLanguage ?? 'en';
  const phone = usePhoneLayout();
  const token = useAppSelector((state) => state.auth.token);
  const today = todayAt(getSite().timeZone);
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = asked && ISO_DAY.test(asked) && dayjs(asked).isValid() ? asked : today;
  const { data, isLoading, isFetching, isError, error, refetch } = useGetCashUpQuery(date, { refetchOnMountOrArgChange: true });
  const report: TCashUp | undefined = data?.data.date === date ? data.data : undefined;

  const taka = (value: number) => formatTaka(value, lng);
  const method = (code: TCashUpRow['method']) => t(`methods.${code}`);
  const staffName = (row: TCashUpRow) => row.staff?.name ?? t('cashUp.notRecorded');

  const figureLines = (f: Figures) => (
    <span className="block text-xs text-slate-600">
      <span className="block">{t('cashUp.takenShort', { amount: taka(f.taken) })}</span>
      <span className="block">{t('cashUp.refundedShort', { amount: taka(f.refunded) })}</span>
    </span>
  );
  const tile = (label: string, f: Figures, testId: string, strong = false) => (
    <div key={testId} className={`min-w-0 rounded-lg border p-3 ${strong ? 'border-sky-200 bg-sky-50' : 'border-slate-200 bg-white'}`} data-testid={testId}>
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <span className="block text-lg font-semibold break-words text-slate-900" data-testid={`${testId}-net`}>
        {taka(f.net)}
      </span>
      {figureLines(f)}
    </div>
  );

  // Each payment's line: the hotel's time of day, the reference to match a statement against, a refund as a minus.
  const time = (item: TCashUpItem) => readerDigits(wallClockAt(new Date(item.paidAt), report?.timeZone ?? getSite().timeZone).time, lng);
  const reference = (item: TCashUpItem) => item.reference ?? <span className="text-slate-500">{t('cashUp.items.noReference')}</span>;
  const signed = (item: TCashUpItem) =>
    item.kind === 'refund' ? <span className="text-rose-700">{taka(-item.amount)}</span> : <span>{taka(item.amount)}</span>;

  const refunded = (value: number) => (value === 0 ? taka(0) : <span className="text-rose-700">{taka(value)}</span>);

  return (
    <Card size={phone ? 'small' : undefined}>
      <ReportHeader
        title={t('cashUp.title')}
        subtitle={t('cashUp.subtitle')}
        picker={
          <DatePicker
            value={dayjs(date)}
            onChange={(day) => setParams(day ? { date: day.format('YYYY-MM-DD') } : {}, { replace: true })}
            disabledDate={(day) => day.format('YYYY-MM-DD') > today}
            allowClear={false}
            format="DD-MM-YYYY"
            inputReadOnly
            aria-label={t('cashUp.day')}
            className="md:w-40"
            data-testid="cash-up-date"
          />
        }
        csv={{
          label: t('cashUp.download'),
          testId: 'cash-up-csv',
          fetch: () => downloadCashUp(date, token),
          done: (name) => t('cashUp.downloaded', { name }),
          failed: t('cashUp.downloadFailed'),
        }}
      />

      <h3 className="mt-0 mb-1 text-base font-semibold text-slate-900" data-testid="cash-up-day">
        {t('cashUp.dayHeading', { date: formatLongDate(date, lng) })}
      </h3>
      <p className="mt-0 mb-3 text-sm text-slate-600">{t('cashUp.netNote')}</p>

      {isError && <LoadError error={error} fallback={t('cashUp.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      {report && (
        <section aria-label={t('cashUp.totals')} className="mb-5 grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-6" data-testid="cash-up-totals">
          {report.totals.map((total) => tile(method(total.method), total, `cash-up-total-${total.method}`))}
          {tile(t('cashUp.allMethods'), report.total, 'cash-up-total-all', true)}
        </section>
      )}

      <ResponsiveList<TCashUpRow>
        phone={phone}
        rows={report?.rows ?? []}
        rowKey={(row) => `${row.staff?._id ?? 'nobody'}:${row.method}`}
        loading={isFetching && !isLoading ? { delay: 200 } : isLoading}
        empty={<Empty description={t('cashUp.empty', { date: formatLongDate(date, lng) })} />}
        pagination={false}
        rowTestId={(row) => `cash-up-row-${row.staff?._id ?? 'nobody'}-${row.method}`}
        card={(row) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 font-semibold break-words text-slate-900">{staffName(row)}</span>
              <span className="shrink-0 font-medium text-slate-700">{method(row.method)}</span>
            </div>
            <CardFields
              fields={[
                { label: t('cashUp.columns.taken'), value: taka(row.taken) },
                { label: t('cashUp.columns.refunded'), value: refunded(row.refunded) },
                { label: t('cashUp.columns.net'), value: taka(row.net) },
                { label: t('cashUp.columns.count'), value: formatNumber(row.count, lng) },
              ]}
            />
          </>
        )}
        table={{
          size: 'middle',
          scroll: { x: 720 },
          columns: [
            { title: t('cashUp.columns.staff'), key: 'staff', render: (_: unknown, row) => <span className="font-medium text-slate-900">{staffName(row)}</span> },
            { title: t('cashUp.columns.method'), key: 'method', render: (_: unknown, row) => method(row.method) },
            { title: t('cashUp.columns.taken'), key: 'taken', align: 'right', render: (_: unknown, row) => taka(row.taken) },
            { title: t('cashUp.columns.refunded'), key: 'refunded', align: 'right', render: (_: unknown, row) => refunded(row.refunded) },
            { title: t('cashUp.columns.net'), key: 'net', align: 'right', render: (_: unknown, row) => <span className="font-semibold">{taka(row.net)}</span> },
            { title: t('cashUp.columns.count'), key: 'count', align: 'right', render: (_: unknown, row) => formatNumber(row.count, lng) },
          ],
        }}
      />

      {report && report.items.length > 0 && (
        <section className="mt-6" aria-labelledby="cash-up-items-heading" data-testid="cash-up-items">
          <h3 id="cash-up-items-heading" className="mt-0 mb-1 text-base font-semibold text-slate-900">
            {t('cashUp.items.title')}
          </h3>
          <p className="mt-0 mb-3 text-sm text-slate-600">{t('cashUp.items.note')}</p>
          <ResponsiveList<TCashUpItem>
            phone={phone}
            rows={report.items}
            rowKey={(item) => item._id}
            empty={null}
            pagination={false}
            rowTestId={(item) => `cash-up-item-${item._id}`}
            card={(item) => (
              <>
                <div className="flex items-start justify-between gap-2">
                  <span className="min-w-0 font-semibold break-words text-slate-900">
                    {time(item)} · {method(item.method)}
                  </span>
                  <span className="shrink-0 font-semibold">{signed(item)}</span>
                </div>
                <CardFields
                  fields={[
                    { label: t('cashUp.columns.reference'), value: reference(item) },
                    { label: t('cashUp.columns.reservation'), value: item.reservation.reference },
                    { label: t('cashUp.columns.staff'), value: item.staff?.name ?? t('cashUp.notRecorded') },
                  ]}
                />
              </>
            )}
            table={{
              size: 'small',
              scroll: { x: 720 },
              columns: [
                { title: t('cashUp.columns.time'), key: 'time', render: (_: unknown, item) => time(item) },
                { title: t('cashUp.columns.method'), key: 'method', render: (_: unknown, item) => method(item.method) },
                { title: t('cashUp.columns.reference'), key: 'reference', render: (_: unknown, item) => reference(item) },
                { title: t('cashUp.columns.reservation'), key: 'reservation', render: (_: unknown, item) => item.reservation.reference },
                { title: t('cashUp.columns.staff'), key: 'staff', render: (_: unknown, item) => item.staff?.name ?? t('cashUp.notRecorded') },
                { title: t('cashUp.columns.amount'), key: 'amount', align: 'right', render: (_: unknown, item) => signed(item) },
              ],
            }}
          />
        </section>
      )}
    </Card>
  );
}
