import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../lib/format';
import { MonthCalendar, type PickedBy } from './month-calendar';
import { Popover } from './popover';
import { CalendarIcon } from './stay-icons';

/**
 * A date pop-up: the anchor shows the label and the day as 'ddd, MMM D' (Bengali in bn); it
 * opens the month calendar. Picking a day closes the pop-up and gives the focus back to the
 * anchor. Open or closed is its own, unless `open` and `onOpenChange` are given (StayFields
 * opens check-out after a check-in picked with a pointer).
 */
export function DateField({
  label,
  dialogLabel,
  value,
  min,
  max,
  note,
  range,
  onPick,
  align,
  variant,
  testId,
  open: openProp,
  onOpenChange,
}: {
  label: string;
  dialogLabel: string;
  /** ISO date. */
  value: string;
  /** First selectable day, ISO. */
  min: string;
  /** Last selectable day, ISO (none: no end). */
  max?: string;
  /** Shown under the calendar: why the later days are disabled. */
  note?: string;
  range: [string, string];
  onPick: (iso: string, how: PickedBy) => void;
  align?: 'left' | 'right';
  variant: 'bar' | 'stacked';
  testId: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const { i18n } = useTranslation('stay-search');
  const lng = i18n.resolvedLanguage ?? 'en';
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const anchor = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), [setOpen]);

  return (
    <Popover
      open={open}
      onClose={close}
      anchorRef={anchor}
      label={dialogLabel}
      align={align}
      testId={`${testId}-dialog`}
      className={variant === 'bar' ? 'h-full' : ''}
      anchor={
        <button
          ref={anchor}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid={testId}
          className={
            variant === 'bar'
              ? 'flex h-full w-full items-center gap-3 rounded-xl px-4 text-left hover:bg-brand-50'
              : 'flex w-full items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-left shadow-sm hover:border-brand-500'
          }
        >
          <CalendarIcon className={`h-5 w-5 shrink-0 text-brand-700 ${variant === 'bar' ? '' : 'hidden sm:block'}`} />
          <span className="min-w-0">
            <span className="block text-xs font-medium text-slate-600">{label}</span>
            <span className="block truncate font-semibold text-brand-900" data-testid={`${testId}-value`}>
              {formatShortDate(value, lng)}
            </span>
          </span>
        </button>
      }
    >
      <MonthCalendar
        selected={value}
        min={min}
        max={max}
        note={note}
        range={range}
        onPick={(iso, how) => {
          onPick(iso, how);
          close();
          anchor.current?.focus();
        }}
      />
    </Popover>
  );
}
