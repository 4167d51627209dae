import { formatAmount } from '@residency/shared/display';
import dayjs from 'dayjs';

/**
 * Taka amounts as the guest reads them, on every screen and in the booking e-mails (one rule in
 * `@residency/shared/display`): ৳5,500, ৳20,872.50 (never ৳20,872.5); ৳৫,৫০০ in Bengali.
 */
export function formatTaka(amount: number, lng = 'en'): string {
  return formatAmount(amount, lng);
}

/** Whole numbers in the reader's digits. */
export function formatNumber(value: number, lng = 'en'): string {
  return new Intl.NumberFormat(lng === 'bn' ? 'bn-BD' : 'en-US').format(value);
}

/** The spec's short date: `ddd, MMM D` (e.g. Sun, Nov 22). */
export function formatShortDate(date: string | Date, lng = 'en'): string {
  if (lng === 'bn') {
    return new Intl.DateTimeFormat('bn-BD', { weekday: 'short', month: 'short', day: 'numeric' }).format(
      dayjs(date).toDate(),
    );
  }
  return dayjs(date).locale('en').format('ddd, MMM D');
}
