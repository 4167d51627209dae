import dayjs from 'dayjs';

const TAKA = '৳';

/** Taka amounts as the guest reads them: ৳5,500 in English, ৳৫,৫০০ in Bengali. */
export function formatTaka(amount: number, lng = 'en'): string {
  const locale = lng === 'bn' ? 'bn-BD' : 'en-US';
  return `${TAKA}${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)}`;
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
