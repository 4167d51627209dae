import { DoubleLeftOutlined, DoubleRightOutlined, EditOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { addDays } from '@residency/shared/dates';
import { addMonths } from '../calendar-dates';
import { useRateTexts } from '../rate-texts';

/** Moves the two weeks on screen (a month or a week either way, or back to today), chooses the plan, opens the bulk edit. */
export function CalendarToolbar({
  start,
  end,
  today,
  plan,
  plans,
  onStart,
  onPlan,
  onBulk,
}: {
  start: string;
  end: string;
  today: string;
  plan: string;
  /** The plans to choose from: the code, named in the screen's language. */
  plans: { value: string; label: string }[];
  onStart: (next: string) => void;
  onPlan: (next: string) => void;
  onBulk: () => void;
}) {
  const { t, day } = useRateTexts();
  return (
    <div className="flex flex-col gap-2 lg:flex-row lg:flex-wrap lg:items-center lg:justify-between">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('toolbar.move')}>
        <Button icon={<DoubleLeftOutlined aria-hidden />} onClick={() => onStart(addMonths(start, -1))} aria-label={t('toolbar.prevMonth')} title={t('toolbar.prevMonth')} />
        <Button icon={<LeftOutlined aria-hidden />} onClick={() => onStart(addDays(start, -7))} aria-label={t('toolbar.prevWeek')} title={t('toolbar.prevWeek')} />
        <Button onClick={() => onStart(today)} disabled={start === today}>
          {t('toolbar.today')}
        </Button>
        <Button icon={<RightOutlined aria-hidden />} onClick={() => onStart(addDays(start, 7))} aria-label={t('toolbar.nextWeek')} title={t('toolbar.nextWeek')} />
        <Button icon={<DoubleRightOutlined aria-hidden />} onClick={() => onStart(addMonths(start, 1))} aria-label={t('toolbar.nextMonth')} title={t('toolbar.nextMonth')} />
        <span className="text-sm font-medium text-slate-800" aria-live="polite" data-testid="rates-range">
          {t('toolbar.range', { from: day(start), to: day(end) })}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          {t('toolbar.plan')}
          <Select value={plan} onChange={onPlan} options={plans} popupMatchSelectWidth={false} className="min-w-28" aria-label={t('toolbar.plan')} data-testid="rates-plan" />
        </label>
        <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={onBulk}>
          {t('toolbar.bulk')}
        </Button>
      </div>
    </div>
  );
}

/** What the marks and shades of the cells mean. */
export function CalendarLegend() {
  const { t } = useRateTexts();
  const item = (mark: string, text: string, className = 'bg-slate-200 text-slate-800') => (
    <li className="flex items-center gap-1">
      <span className={`rounded px-1 text-[10px] leading-4 ${className}`}>{mark}</span>
      {text}
    </li>
  );
  return (
    <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-1 p-0 text-xs text-slate-700" aria-label={t('legend.title')} data-testid="rates-legend">
      {item(t('marks.min', { n: t('legend.n') }), t('legend.min'))}
      {item(t('marks.cta'), t('rules.closedToArrival'))}
      {item(t('marks.ctd'), t('rules.closedToDeparture'))}
      {item(t('marks.stop'), t('rules.stopSell'), 'bg-rose-600 font-semibold text-white')}
      <li className="flex items-center gap-1">
        <span className="inline-block h-3 w-5 rounded border border-dashed border-slate-400" aria-hidden />
        {t('legend.inherited')}
      </li>
      <li className="flex items-center gap-1">
        <span className="inline-block h-3 w-5 rounded bg-amber-100" aria-hidden />
        {t('legend.weekend')}
      </li>
    </ul>
  );
}
