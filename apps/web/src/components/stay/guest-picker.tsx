import { GUESTS, type Guests } from '@residency/shared/guests';
import { useCallback, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { guestMaxima, guestSteppers, stepGuests, type GuestMaxima } from './guest-rules';
import { Popover } from './popover';
import { GuestsIcon, MinusIcon, PlusIcon } from './stay-icons';

/** 'N Adult(s)' and, with children, ', M Child(ren)', in the reader's digits. */
export function guestSummary(t: TFunction, guests: Guests, lng: string): string {
  const adults = t('guests.adultCount', { count: guests.adults, n: formatNumber(guests.adults, lng) });
  if (!guests.children) return adults;
  return t('guests.withChildren', {
    adults,
    children: t('guests.childCount', { count: guests.children, n: formatNumber(guests.children, lng) }),
  });
}

/**
 * The guest picker: an anchor labelled '1 Room & Guests' opens steppers for adults (1-3, ages
 * 13+) and children (0-2, ages 0-12), at most 3 in total and within the room's or category's
 * maximums. Done commits; an outside click or Escape closes without committing.
 */
export function GuestPicker({
  value,
  maxima = guestMaxima(),
  limitNote,
  onDone,
  align,
  variant,
  testId = 'guest-picker',
}: {
  value: Guests;
  maxima?: GuestMaxima;
  /** Why the maximums are lower than the hotel's (e.g. the chosen room type's beds). */
  limitNote?: string;
  onDone: (guests: Guests) => void;
  align?: 'left' | 'right';
  variant: 'bar' | 'stacked';
  testId?: string;
}) {
  const { t, i18n } = useTranslation('stay-search');
  const lng = i18n.resolvedLanguage ?? 'en';
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const anchor = useRef<HTMLButtonElement>(null);
  const steppers = guestSteppers(draft, maxima);
  const close = useCallback(() => setOpen(false), []);

  const rows = [
    { who: 'adults' as const, label: t('guests.adults'), ages: t('guests.adultAges', { n: formatNumber(13, lng) }) },
    {
      who: 'children' as const,
      label: t('guests.children'),
      ages: t('guests.childAges', { from: formatNumber(0, lng), to: formatNumber(12, lng) }),
    },
  ];

  return (
    <Popover
      open={open}
      onClose={close}
      anchorRef={anchor}
      label={t('guests.dialog')}
      align={align}
      testId={`${testId}-dialog`}
      className={variant === 'bar' ? 'h-full' : ''}
      anchor={
        <button
          ref={anchor}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid={testId}
          onClick={() => {
            if (!open) setDraft(value);
            setOpen(!open);
          }}
          className={
            variant === 'bar'
              ? 'flex h-full w-full items-center gap-3 rounded-xl px-4 text-left hover:bg-brand-50'
              : 'flex w-full items-center gap-3 rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-left shadow-sm hover:border-brand-500'
          }
        >
          <GuestsIcon className="h-5 w-5 shrink-0 text-brand-700" />
          <span className="min-w-0">
            <span className="block text-xs font-medium text-slate-600">
              {t('guests.label')}
            </span>
            <span className="block truncate font-semibold text-brand-900" data-testid={`${testId}-value`}>
              {guestSummary(t, value, lng)}
            </span>
          </span>
        </button>
      }
    >
      <div className="w-[17rem] max-w-full">
        <ul className="space-y-4">
          {rows.map(({ who, label, ages }) => (
            <li key={who} className="flex items-center justify-between gap-4">
              <div>
                <p className="font-semibold text-brand-900">{label}</p>
                <p className="text-xs text-slate-600">{ages}</p>
              </div>
              <div className="flex items-center gap-3">
                <button
                  type="button"
                  className="flex h-9 w-9 items-center justify-center rounded-full border border-brand-700 text-brand-800 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:border-slate-300 aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent"
                  // aria-disabled, not disabled: a button that reaches its limit while focused keeps
                  // the focus (a disabled one drops it to <body>); the press then does nothing.
                  aria-disabled={!steppers[who].canDecrease}
                  onClick={() => steppers[who].canDecrease && setDraft((d) => stepGuests(d, who, -1, maxima))}
                  aria-label={t(`guests.fewer.${who}`)}
                  data-testid={`${who}-minus`}
                >
                  <MinusIcon className="h-4 w-4" />
                </button>
                <output className="w-5 text-center text-lg font-semibold tabular-nums" aria-live="polite" data-testid={`${who}-count`}>
                  {formatNumber(draft[who], lng)}
                </output>
                <button
                  type="button"
                  className="flex h-9 w-9 items-center justify-center rounded-full border border-brand-700 text-brand-800 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:border-slate-300 aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent"
                  aria-disabled={!steppers[who].canIncrease}
                  onClick={() => steppers[who].canIncrease && setDraft((d) => stepGuests(d, who, 1, maxima))}
                  aria-label={t(`guests.more.${who}`)}
                  data-testid={`${who}-plus`}
                >
                  <PlusIcon className="h-4 w-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-xs text-slate-600">{limitNote ?? t('guests.maxNote', { n: formatNumber(GUESTS.maxTotal, lng) })}</p>
        <button
          type="button"
          className="btn-primary mt-4 w-full"
          data-testid="guests-done"
          onClick={() => {
            onDone(draft);
            close();
            anchor.current?.focus();
          }}
        >
          {t('guests.done')}
        </button>
      </div>
    </Popover>
  );
}
