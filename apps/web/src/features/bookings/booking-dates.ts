import dayjs from 'dayjs';
import { formatLongDate, formatShortDate } from '../../lib/format';

export { formatLongDate };

/**
 * A stay date as the spec shows it (`ddd, MMM D`), with the year added when it is not the
 * reference year (stays can be booked far ahead: "Sat, Jan 9" alone would be ambiguous).
 */
export function formatStayDate(iso: string, lng = 'en', referenceYear = new Date().getFullYear()): string {
  if (dayjs(iso).year() === referenceYear) return formatShortDate(iso, lng);
  return formatLongDate(iso, lng);
}


/** The reservation list's "start ~ end". */
export function formatStay(startDate: string, endDate: string, lng = 'en', referenceYear = new Date().getFullYear()): string {
  return `${formatStayDate(startDate, lng, referenceYear)} ~ ${formatStayDate(endDate, lng, referenceYear)}`;
}
