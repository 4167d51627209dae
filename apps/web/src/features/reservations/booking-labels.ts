import type { TFunction } from 'i18next';
import { formatNumber } from '../../lib/format';

/** "2 Adults, 1 Child" (spec: N Adult(s) with optional children), in the reader's language and digits. */
export function guestsText(t: TFunction<'reservations'>, adults: number, children: number, lng: string): string {
  const parts = [t('guests.adults', { count: adults, n: formatNumber(adults, lng) })];
  if (children > 0) parts.push(t('guests.children', { count: children, n: formatNumber(children, lng) }));
  return parts.join(', ');
}
