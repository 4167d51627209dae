import { formatTaka } from '../../lib/format';

/**
 * A bill amount in Taka: whole amounts as formatTaka writes them (৳24,035), others always with
 * two decimals (৳20,872.50, not ৳20,872.5); Bengali digits in bn.
 */
export function formatAmount(amount: number, lng = 'en'): string {
  if (Number.isInteger(amount)) return formatTaka(amount, lng);
  const digits = new Intl.NumberFormat(lng === 'bn' ? 'bn-BD' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `৳${digits.format(amount)}`;
}
