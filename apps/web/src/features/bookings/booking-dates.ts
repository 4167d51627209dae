import dayjs from 'dayjs';
import { formatShortDate } from '../../lib/format';

/**
 * A stay date as the spec shows it (`ddd, MMM D`), with the year added when it is not the
 * reference year (stays can be booked far ahead: "Sat, Jan 9" alone would be ambiguous).
 */
export function formatStayDate(iso: string, lng = 'en', referenceYear = new Date().getFullYear()): string {
  if (dayjs(iso).year() === referenceYear) return formatShortDate(iso, lng);
  return formatLongDate(iso, lng);
}

/** A date with its year: "Sat, Jan 9, 2027" (Bengali: weekday, day, month, year in Bengali). */
export function formatLongDate(iso: string, lng = 'en'): string {
  if (lng === 'bn') {
    return new Intl.DateTimeFormat('bn-BD', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(
      dayjs(iso).toDate(),
    );
  }
  return dayjs(iso).locale('en').format('ddd, MMM D, YYYY');
}

/** The reservation list's "start ~ end". */
export function formatStay(startDate: string, endDate: string, lng = 'en', referenceYear = new Date().getFullYear()): string {
  return `${formatStayDate(startDate, lng, referenceYear)} ~ ${formatStayDate(endDate, lng, referenceYear)}`;
}
