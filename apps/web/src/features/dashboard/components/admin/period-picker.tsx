import { REPORT_DAYS_MAX, periodProblem } from '@residency/shared/reporting-period';
import { App, DatePicker, Grid, Segmented, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../lib/format';
import { PERIOD_CHOICES, type AdminPeriod, type PeriodChoice } from '../../admin-period';

const ISO = 'YYYY-MM-DD';
const CHOICE_LABELS: Record<PeriodChoice, string> = {
  'this-month': 'period.thisMonth',
  'last-12-months': 'period.last12',
  custom: 'period.custom',
};

/**
 * This month, the last twelve months or a range of days. Choosing "custom" starts from the
 * period on screen, so the figures never go blank while the range is being picked.
 */
export function PeriodPicker({ period, onChange }: { period: AdminPeriod; onChange: (next: AdminPeriod) => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const { message } = App.useApp();
  const phone = !Grid.useBreakpoint().md;
  const from = dayjs(period.from);
  const to = dayjs(period.to);

  const choose = (choice: PeriodChoice) => {
    if (choice === 'custom') onChange({ choice, from: period.from, to: period.to });
    // The dates of the other two are worked out from today by the page.
    else onChange({ choice, from: '', to: '' });
  };
  const setRange = (start: Dayjs | null, end: Dayjs | null) => {
    if (!start || !end) return;
    const next = { from: start.format(ISO), to: end.format(ISO) };
    if (periodProblem(next)) {
      void message.error(t('period.tooLong', { days: formatNumber(REPORT_DAYS_MAX, i18n.resolvedLanguage) }));
      return;
    }
    onChange({ choice: 'custom', ...next });
  };

  const options = PERIOD_CHOICES.map((choice) => ({ value: choice, label: t(CHOICE_LABELS[choice]) }));
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      {phone ? (
        // Three segments do not fit a phone's width in either language: a select there.
        <Select<PeriodChoice>
          value={period.choice}
          onChange={choose}
          aria-label={t('period.label')}
          options={options}
          data-testid="period-choice-select"
        />
      ) : (
        <Segmented<PeriodChoice>
          value={period.choice}
          onChange={choose}
          aria-label={t('period.label')}
          options={options}
          data-testid="period-choice"
        />
      )}
      {period.choice === 'custom' &&
        (phone ? (
          // The range picker's two months are wider than a phone: one picker per end there.
          <div className="grid grid-cols-2 gap-2" role="group" aria-label={t('period.range')}>
            <DatePicker
              value={from}
              allowClear={false}
              onChange={(date) => setRange(date, date && date.isAfter(to) ? date : to)}
              format="DD-MM-YYYY"
              aria-label={t('period.from')}
              placeholder={t('period.from')}
              inputReadOnly
              data-testid="period-from"
            />
            <DatePicker
              value={to}
              allowClear={false}
              onChange={(date) => setRange(date && date.isBefore(from) ? date : from, date)}
              format="DD-MM-YYYY"
              aria-label={t('period.to')}
              placeholder={t('period.to')}
              inputReadOnly
              placement="bottomRight"
              data-testid="period-to"
            />
          </div>
        ) : (
          <DatePicker.RangePicker
            value={[from, to]}
            allowClear={false}
            onChange={(dates) => setRange(dates?.[0] ?? null, dates?.[1] ?? null)}
            format="DD-MM-YYYY"
            aria-label={t('period.range')}
            placeholder={[t('period.from'), t('period.to')]}
            data-testid="period-range"
          />
        ))}
    </div>
  );
}
