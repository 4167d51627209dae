import type { TRateDay } from '@residency/shared/rates';
import { Alert, Button, Card, Skeleton } from 'antd';
import type { KeyboardEvent } from 'react';
import { useErrorText } from '../../../lib/server-error';
import { useGetRatesQuery } from '../api';
import { isWeekend, weekdayOf } from '../calendar-dates';
import { useRateTexts } from '../rate-texts';
import { RateCell } from './rate-cell';

export interface GridProps {
  categories: string[];
  /** The room types that have the chosen plan (the others show that they lack it). */
  withPlan: Set<string>;
  plan: string;
  days: string[];
  onOpen: (category: string, day: TRateDay) => void;
}

/** One room type's days of the plan on screen (each room type is its own request, as the API answers). */
function useRow(category: string, plan: string, days: string[], hasPlan: boolean) {
  const query = useGetRatesQuery({ category, plan, from: days[0]!, to: days[days.length - 1]! }, { skip: !hasPlan });
  const byDate = new Map((query.data?.data ?? []).map((d) => [d.date, d]));
  return { ...query, byDate };
}

/** What a row shows instead of its days: no such plan, still loading, or why it failed. */
function RowState({ category, plan, hasPlan, row }: { category: string; plan: string; hasPlan: boolean; row: ReturnType<typeof useRow> }) {
  const { t } = useRateTexts();
  const errorText = useErrorText();
  if (!hasPlan) return <span className="text-sm text-slate-600">{t('grid.noPlan', { plan })}</span>;
  if (row.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={errorText(row.error, t('grid.loadFailed'))}
        action={
          <Button size="small" onClick={() => void row.refetch()}>
            {t('retry')}
          </Button>
        }
        data-testid={`rates-error-${category}`}
      />
    );
  return <Skeleton active paragraph={false} />;
}

function GridRow({ category, plan, days, hasPlan, onOpen }: { category: string; plan: string; days: string[]; hasPlan: boolean; onOpen: GridProps['onOpen'] }) {
  const { categoryName } = useRateTexts();
  const row = useRow(category, plan, days, hasPlan);
  const ready = hasPlan && !row.isError && row.data !== undefined;
  return (
    <tr data-testid={`rates-row-${category}`}>
      <th scope="row" className="sticky left-0 z-10 bg-white p-1 pr-2 text-left align-top text-sm font-semibold text-slate-900">
        {categoryName(category)}
      </th>
      {ready ? (
        days.map((date) => {
          const day = row.byDate.get(date);
          return (
            <td key={date} className={`p-0.5 align-top ${isWeekend(date) ? 'bg-amber-50/60' : ''}`}>
              {day ? <RateCell category={category} day={day} onOpen={() => onOpen(category, day)} /> : null}
            </td>
          );
        })
      ) : (
        <td colSpan={days.length} className="p-1">
          <RowState category={category} plan={plan} hasPlan={hasPlan} row={row} />
        </td>
      )}
    </tr>
  );
}

const STEPS: Record<string, [number, number]> = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

/**
 * The arrow keys move between the cells (a day either way, a room type up or down), as in a
 * spreadsheet: Tab alone would walk through every night of every room type.
 */
function moveFocus(event: KeyboardEvent<HTMLTableSectionElement>) {
  const step = STEPS[event.key];
  const cell = (event.target as HTMLElement).closest('td');
  const row = cell?.parentElement as HTMLTableRowElement | null;
  if (!step || !cell || !row) return;
  const rows = [...event.currentTarget.rows];
  const target = rows[rows.indexOf(row) + step[0]]?.cells[cell.cellIndex + step[1]]?.querySelector('button');
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * The calendar on wider screens: room types down the side, the two weeks across, weekends
 * (Friday, Saturday) shaded. The table scrolls inside its card if the screen is narrow, never the page.
 */
export function RatesGrid({ categories, withPlan, plan, days, onOpen }: GridProps) {
  const { t, weekday, month, n } = useRateTexts();
  return (
    <div className="min-w-0 overflow-x-auto" data-testid="rates-grid">
      <table className="w-full min-w-[900px] table-fixed border-separate border-spacing-0">
        <caption className="sr-only">{t('grid.caption', { plan })}</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 w-36 bg-white p-1 text-left text-xs font-medium text-slate-600">
              {t('grid.roomType')}
            </th>
            {days.map((date, i) => (
              <th key={date} scope="col" className={`p-1 text-center text-xs font-medium ${isWeekend(date) ? 'bg-amber-100 text-amber-900' : 'text-slate-600'}`}>
                <span className="block">{weekday(weekdayOf(date))}</span>
                <span className="block text-sm text-slate-900">{n(Number(date.slice(8)))}</span>
                {/* The month where the two weeks start and where a new one begins. */}
                {(i === 0 || date.endsWith('-01')) && <span className="block text-[10px] uppercase text-slate-600">{month(date)}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={moveFocus}>
          {categories.map((category) => (
            <GridRow key={category} category={category} plan={plan} days={days} hasPlan={withPlan.has(category)} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The calendar on a phone: a card per room type, a row per day (no table wider than the screen). */
export function RatesList({ categories, withPlan, plan, days, onOpen }: GridProps) {
  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="rates-list">
      {categories.map((category) => (
        <ListCard key={category} category={category} plan={plan} days={days} hasPlan={withPlan.has(category)} onOpen={onOpen} />
      ))}
    </div>
  );
}

function ListCard({ category, plan, days, hasPlan, onOpen }: { category: string; plan: string; days: string[]; hasPlan: boolean; onOpen: GridProps['onOpen'] }) {
  const { categoryName } = useRateTexts();
  const row = useRow(category, plan, days, hasPlan);
  const ready = hasPlan && !row.isError && row.data !== undefined;
  return (
    <Card size="small" title={<h3 className="m-0 text-base font-semibold">{categoryName(category)}</h3>} data-testid={`rates-card-${category}`}>
      {ready ? (
        <ul className="m-0 flex list-none flex-col gap-1 p-0">
          {days.map((date) => {
            const day = row.byDate.get(date);
            return day ? (
              <li key={date}>
                <RateCell category={category} day={day} onOpen={() => onOpen(category, day)} wide />
              </li>
            ) : null;
          })}
        </ul>
      ) : (
        <RowState category={category} plan={plan} hasPlan={hasPlan} row={row} />
      )}
    </Card>
  );
}
