import { MAX_NIGHTS } from '@residency/shared/booking-rules';
import type { Guests } from '@residency/shared/guests';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { getSite } from '../../lib/site';
import { firstSelectable, lastSelectable } from './calendar-rules';
import type { GuestMaxima } from './guest-rules';
import { DateField } from './date-field';
import { GuestPicker } from './guest-picker';

export interface StayFieldsProps {
  /** ISO dates. */
  checkIn: string;
  checkOut: string;
  guests: Guests;
  /** Today at the hotel, ISO: no check-in before it. */
  today: string;
  maxima?: GuestMaxima;
  limitNote?: string;
  onCheckIn: (iso: string) => void;
  onCheckOut: (iso: string) => void;
  onGuests: (guests: Guests) => void;
  variant: 'bar' | 'stacked';
}

/**
 * The stay's controls: the check-in and check-out pop-ups and the guest picker. The booking bar
 * lays them out in a row; the rates and booking pages stack them (usable at 375 px).
 *
 * A check-in picked with a pointer (a tap, a click) opens the check-out calendar at once, the
 * next thing to choose, on phones and desktops alike. A check-in picked with the keyboard (Enter)
 * closes its calendar and gives the focus back to the field, as before: the keyboard user goes
 * on with Tab (e2e/keyboard-booking.spec.ts).
 */
export function StayFields({ checkIn, checkOut, guests, today, maxima, limitNote, onCheckIn, onCheckOut, onGuests, variant }: StayFieldsProps) {
  const { t, i18n } = useTranslation('stay-search');
  const bar = variant === 'bar';
  const range: [string, string] = [checkIn, checkOut];
  const [checkOutOpen, setCheckOutOpen] = useState(false);
  return (
    <div
      className={
        bar
          ? 'grid h-full min-w-0 flex-1 grid-cols-[1fr_1fr_1.3fr] items-stretch divide-x divide-slate-200'
          : 'grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_1.3fr]'
      }
    >
      <DateField
        label={t('dates.checkIn')}
        dialogLabel={t('dates.chooseCheckIn')}
        value={checkIn}
        min={firstSelectable('checkIn', today, checkIn)}
        max={lastSelectable('checkIn', checkIn, today, getSite().bookingHorizonDays)}
        range={range}
        onPick={(iso, how) => {
          onCheckIn(iso);
          if (how === 'pointer') setCheckOutOpen(true);
        }}
        variant={variant}
        testId="check-in"
      />
      <DateField
        label={t('dates.checkOut')}
        dialogLabel={t('dates.chooseCheckOut')}
        value={checkOut}
        min={firstSelectable('checkOut', today, checkIn)}
        max={lastSelectable('checkOut', checkIn, today, getSite().bookingHorizonDays)}
        note={t('dates.maxNights', { n: formatNumber(MAX_NIGHTS, i18n.resolvedLanguage ?? 'en') })}
        range={range}
        onPick={onCheckOut}
        align={bar ? 'left' : 'right'}
        variant={variant}
        testId="check-out"
        open={checkOutOpen}
        onOpenChange={setCheckOutOpen}
      />
      <div className={bar ? 'h-full' : 'col-span-2 sm:col-span-1'}>
        <GuestPicker value={guests} maxima={maxima} limitNote={limitNote} onDone={onGuests} variant={variant} align={bar ? 'left' : 'right'} />
      </div>
    </div>
  );
}
