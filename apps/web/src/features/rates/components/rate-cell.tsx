import type { TRateDay } from '@residency/shared/rates';
import { isWeekend } from '../calendar-dates';
import { useRateTexts } from '../rate-texts';

/**
 * One night of one room type: its price and small marks for its rules, a button that opens the
 * editor for that day (Enter and Space come with the button). A stopped day is red; a day the plan
 * does not set itself (it follows its parent or the default) is grey and italic with a dashed edge.
 * `wide` is the phone's row: the day written out on the left.
 */
export function RateCell({ category, day, onOpen, wide = false }: { category: string; day: TRateDay; onOpen: () => void; wide?: boolean }) {
  const { taka, marks, cellLabel, day: dayText } = useRateTexts();
  const tone = day.stopSell
    ? 'border-rose-300 bg-rose-50 text-rose-900'
    : isWeekend(day.date)
      ? 'border-amber-200 bg-amber-50 text-slate-900'
      : 'border-slate-200 bg-white text-slate-900';
  const inherited = day.own ? '' : 'border-dashed italic text-slate-500';
  // The name is the whole sentence (room type, day, price, rules) in a hidden span, and the
  // drawn marks are hidden from screen readers: an aria-label beside visible short marks ("No
  // arr.") would not contain the text on screen, which voice control and axe require.
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid={`rate-cell-${category}-${day.date}`}
      data-own={day.own}
      className={`flex w-full min-w-0 cursor-pointer rounded border px-1 py-1 text-left hover:border-sky-500 focus-visible:outline-2 focus-visible:outline-sky-600 ${tone} ${inherited} ${
        wide ? 'flex-row items-center justify-between gap-2 px-3 py-2' : 'h-full flex-col items-stretch gap-0.5'
      }`}
    >
      <span className="sr-only">{cellLabel(category, day)}</span>
      {wide && (
        <span aria-hidden className="shrink-0 text-sm font-medium not-italic text-slate-800">
          {dayText(day.date)}
        </span>
      )}
      <span aria-hidden className={`flex min-w-0 flex-wrap gap-1 ${wide ? 'items-center justify-end' : 'flex-col'}`}>
        <span className={`font-semibold tabular-nums ${wide ? 'text-sm' : 'text-xs'}`} data-testid="rate-price">
          {taka(day.price)}
        </span>
        {marks(day).map((mark) => (
          <span
            key={mark.key}
            title={mark.title}
            data-testid={`rate-mark-${mark.key}`}
            className={`w-fit whitespace-nowrap rounded px-1 text-[10px] leading-4 not-italic ${mark.key === 'stop' ? 'bg-rose-600 font-semibold text-white' : 'bg-slate-200 text-slate-800'}`}
          >
            {mark.text}
          </span>
        ))}
      </span>
    </button>
  );
}
