import { RATE_DAY_FIELDS, type TRateChange } from '@residency/shared/rates';
import { List } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../../components/dashboard/load-error';
import { useGetRateChangesQuery } from '../api';
import { WEEK } from '../calendar-dates';
import { useRateTexts } from '../rate-texts';

const LIMIT = 20;
const MONEY = new Set(['price', 'extraAdult', 'extraChild']);

/** A value of the log in the reader's words: Taka, nights, yes/no; null is "not set" (the day follows its parent). */
function useValueText() {
  const { t, taka, signedTaka, n, planName } = useRateTexts();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined) return field === 'maxStay' ? t('log.noMax') : t('log.notSet');
    // The name given to a price ("Eid season"), in the screen's language.
    if (field === 'name' && typeof value === 'object') return planName({ name: value as { en: string; bn: string } });
    if (typeof value === 'boolean') return value ? t('log.yes') : t('log.no');
    if (typeof value !== 'number') return String(value);
    if (MONEY.has(field)) return taka(value);
    if (field === 'changeAmount') return signedTaka(value);
    if (field === 'changePercent') return `${value < 0 ? '−' : '+'}${n(Math.abs(value))} %`;
    if (field === 'minStay' || field === 'maxStay') return t('log.nights', { count: value, n: n(value) });
    return n(value);
  };
}

/** One edit: who and when, the range and weekdays, what was asked, how many days, old → new per day. */
function ChangeItem({ change }: { change: TRateChange }) {
  const { t, n, day, moment, weekday } = useRateTexts();
  const valueText = useValueText();
  const fieldName = (field: string) => t(`log.fields.${field}`, { defaultValue: field });
  const weekdays = change.weekdays && change.weekdays.length < 7 ? t('log.only', { days: WEEK.filter((d) => change.weekdays!.includes(d)).map(weekday).join(', ') }) : t('log.everyDay');
  const range = change.from === change.to ? day(change.from) : t('log.range', { from: day(change.from), to: day(change.to) });
  const asked = Object.entries(change.change)
    .filter(([field]) => !['category', 'plan', 'from', 'to', 'weekdays'].includes(field))
    .map(([field, value]) =>
      // The values the plan no longer sets itself: "price, min stay: follow the parent plan or the default again".
      field === 'clear' && Array.isArray(value)
        ? t('log.cleared', { fields: value.map((f) => fieldName(String(f))).join(', ') })
        : t('log.set', { field: fieldName(field), value: valueText(field, value) }),
    )
    .join('; ');
  const afterByDate = new Map(change.after.map((a) => [String(a.date), a]));
  const rows = change.before.map((before) => {
    const after = afterByDate.get(String(before.date)) ?? {};
    const diffs = RATE_DAY_FIELDS.filter((f) => f in after && before[f] !== after[f]).map((f) =>
      t('log.diff', { field: fieldName(f), before: valueText(f, before[f]), after: valueText(f, after[f]) }),
    );
    return { date: String(before.date), diffs };
  });

  return (
    <List.Item className="!block !px-0" data-testid={`rate-change-${change._id}`}>
      <p className="m-0 text-sm text-slate-600">
        {t('log.byAt', { who: change.changedBy?.name ?? t('log.someone'), when: moment(change.changedAt) })}
      </p>
      <p className="m-0 font-medium text-slate-900" data-testid="rate-change-range">
        {t('log.what', { plan: change.plan, range, weekdays })}
      </p>
      <p className="m-0 text-sm text-slate-800" data-testid="rate-change-asked">
        {asked} · {t('log.days', { count: change.days, n: n(change.days) })}
      </p>
      {rows.length > 0 && (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-sky-800">{t('log.showValues')}</summary>
          <ul className="m-0 mt-1 pl-5" data-testid="rate-change-values">
            {rows.map((row) => (
              <li key={row.date}>
                {day(row.date)}: {row.diffs.length ? row.diffs.join('; ') : t('log.unchanged')}
              </li>
            ))}
          </ul>
        </details>
      )}
    </List.Item>
  );
}

/** The change log of one room type and plan, newest first, twenty at a time. */
export function ChangeLog({ category, plan }: { category: string; plan: string }) {
  const { t, n } = useRateTexts();
  const [page, setPage] = useState(1);
  const { data, isFetching, isError, error, refetch } = useGetRateChangesQuery({ category, plan, page, limit: LIMIT });
  return (
    <section aria-label={t('log.title', { plan })} data-testid="rate-changes">
      {isError && <LoadError error={error} fallback={t('log.loadFailed')} retryLabel={t('retry')} onRetry={() => void refetch()} />}
      <List<TRateChange>
        loading={isFetching}
        dataSource={data?.data ?? []}
        rowKey="_id"
        // In the page's own grey: antd's empty text (#bfbfbf on white, 1.8:1) is below the 4.5:1 guideline.
        locale={{ emptyText: <span className="text-slate-600">{t('log.empty', { plan })}</span> }}
        renderItem={(change) => <ChangeItem change={change} />}
        pagination={
          (data?.meta.total ?? 0) > LIMIT
            ? { current: page, pageSize: LIMIT, total: data?.meta.total ?? 0, onChange: setPage, size: 'small', showSizeChanger: false, itemRender: (p, type, el) => (type === 'page' ? n(p) : el) }
            : false
        }
      />
    </section>
  );
}
