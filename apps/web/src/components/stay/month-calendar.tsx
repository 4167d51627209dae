import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import {
  addMonths,
  isAfterMonthClosed,
  isBeforeMonthClosed,
  isDisabledDay,
  monthOf,
  monthWeeks,
  moveFocus,
  type Month,
} from './calendar-rules';
import { ChevronLeft, ChevronRight } from './stay-icons';

/** How a day was picked: a press of a mouse or a finger, or a key. */
export type PickedBy = 'pointer' | 'keyboard';

const locale = (lng: string) => (lng === 'bn' ? 'bn-BD' : 'en-US');
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** 1 January 2023 was a Sunday: the calendar's weeks start on Sunday. */
const SUNDAY = Date.UTC(2023, 0, 1);

/**
 * A small month calendar of our own (no date library on public pages): arrows move a day or a
 * week, PageUp/PageDown a month, Enter picks, Escape closes (handled by the pop-up). Days before
 * `min` and after `max` are disabled; the focus never lands on them.
 */
export function MonthCalendar({
  selected,
  min,
  max,
  note,
  range,
  onPick,
}: {
  /** The chosen day, ISO. */
  selected: string;
  /** The first day that can be chosen, ISO. */
  min: string;
  /** The last day that can be chosen, ISO (none: no end). */
  max?: string;
  /** Why the days after `max` are disabled. */
  note?: string;
  /** The stay, drawn as a band from check-in to check-out. */
  range?: [string, string];
  /** `how`: a day pressed with a pointer (mouse, finger) or picked with the keyboard (Enter, Space). */
  onPick: (iso: string, how: PickedBy) => void;
}) {
  const { t, i18n } = useTranslation('stay-search');
  const lng = i18n.resolvedLanguage ?? 'en';
  // A chosen day outside the selectable ones (a stay that is too long) opens on the nearest one.
  const start = selected < min ? min : max !== undefined && selected > max ? max : selected;
  const [focused, setFocused] = useState(start);
  const [view, setView] = useState<Month>(() => monthOf(start));
  const grid = useRef<HTMLTableElement>(null);
  const titleId = useId();

  // The focused day's button takes the keyboard focus (on opening and on every move).
  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const title = new Intl.DateTimeFormat(locale(lng), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(view.year, view.month - 1, 1),
  );
  const weekdays = Array.from({ length: 7 }, (_, i) => {
    const day = new Date(SUNDAY + i * 86_400_000);
    return {
      short: new Intl.DateTimeFormat(locale(lng), { weekday: 'narrow', timeZone: 'UTC' }).format(day),
      long: new Intl.DateTimeFormat(locale(lng), { weekday: 'long', timeZone: 'UTC' }).format(day),
    };
  });
  const fullDate = new Intl.DateTimeFormat(locale(lng), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

  const onKeyDown = (event: KeyboardEvent) => {
    const next = moveFocus(focused, event.key, min, max);
    if (!next) return;
    event.preventDefault();
    setFocused(next);
    setView(monthOf(next));
  };

  const goMonth = (delta: number) => {
    const target = addMonths(view, delta);
    setView(target);
  };

  const prevClosed = isBeforeMonthClosed(view, min);
  const nextClosed = isAfterMonthClosed(view, max);
  const weeks = monthWeeks(view);
  const focusInView = monthOf(focused).year === view.year && monthOf(focused).month === view.month;

  return (
    <div className="w-[18.5rem] max-w-full select-none" data-testid="month-calendar">
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          className="rounded-full p-2 text-brand-800 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
          onClick={() => !prevClosed && goMonth(-1)}
          // aria-disabled keeps the focus on a button that reaches the first month (see guest-picker).
          aria-disabled={prevClosed}
          aria-label={t('dates.previousMonth')}
          data-testid="calendar-prev"
        >
          <ChevronLeft className="h-5 w-5" />
        </button>
        <p id={titleId} className="font-semibold text-brand-800" aria-live="polite" data-testid="calendar-title">
          {title}
        </p>
        <button
          type="button"
          className="rounded-full p-2 text-brand-800 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
          onClick={() => !nextClosed && goMonth(1)}
          aria-disabled={nextClosed}
          aria-label={t('dates.nextMonth')}
          data-testid="calendar-next"
        >
          <ChevronRight className="h-5 w-5" />
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={titleId} className="w-full border-collapse text-center" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day.long} scope="col" abbr={day.long} className="pb-1 text-xs font-medium text-slate-500">
                {day.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((iso, d) => {
                if (!iso) return <td key={`blank-${d}`} />;
                const disabled = isDisabledDay(iso, min, max);
                const isSelected = iso === selected;
                const inRange = range ? iso > range[0] && iso < range[1] : false;
                const isEdge = range ? iso === range[0] || iso === range[1] : false;
                // Roving focus: one day is in the tab order, the focused one (or the first selectable one in another month).
                const tabbable = focusInView ? iso === focused : iso === (min > `${iso.slice(0, 8)}01` ? min : `${iso.slice(0, 8)}01`);
                return (
                  <td key={iso} role="gridcell" aria-selected={isSelected} className="p-0.5">
                    <button
                      type="button"
                      data-day={iso}
                      tabIndex={tabbable ? 0 : -1}
                      disabled={disabled}
                      aria-label={fullDate.format(utc(iso))}
                      aria-current={isSelected ? 'date' : undefined}
                      // A button clicked by Enter or Space reports no click count (detail 0).
                      onClick={(event) => onPick(iso, event.detail === 0 ? 'keyboard' : 'pointer')}
                      onFocus={() => setFocused(iso)}
                      className={[
                        'h-9 w-9 rounded-full text-sm tabular-nums transition-colors',
                        disabled && isEdge
                          ? 'cursor-not-allowed bg-brand-100 font-semibold text-brand-900'
                          : disabled
                          ? 'cursor-not-allowed text-slate-300 line-through decoration-slate-300'
                          : isSelected
                            ? 'bg-brand-800 font-semibold text-white'
                            : isEdge
                              ? 'bg-brand-100 font-semibold text-brand-900'
                              : inRange
                                ? 'bg-brand-50 text-brand-900 hover:bg-brand-100'
                                : 'text-slate-800 hover:bg-brand-50',
                      ].join(' ')}
                    >
                      {formatNumber(Number(iso.slice(8, 10)), lng)}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {note && (
        <p className="mt-2 text-xs font-medium text-brand-800" data-testid="calendar-note">
          {note}
        </p>
      )}
      <p className="mt-2 text-xs text-slate-500">{t('dates.keyboardHelp')}</p>
    </div>
  );
}
