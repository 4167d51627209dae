import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../lib/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole days, hours and minutes from `now` until `target` (all zero once it has come). */
export function timeLeft(target: Date, now: Date): { days: number; hours: number; minutes: number } {
  const ms = Math.max(0, target.getTime() - now.getTime());
  return { days: Math.floor(ms / DAY), hours: Math.floor((ms % DAY) / HOUR), minutes: Math.floor((ms % HOUR) / MINUTE) };
}

/**
 * Days, hours and minutes to check-in, in the reader's digits. The parent passes a `now` that
 * ticks (useNow), so the figures move while the page is open.
 */
export function Countdown({ target, now }: { target: Date; now: Date }) {
  const { t, i18n } = useTranslation('my-stays');
  const lng = i18n.resolvedLanguage ?? 'en';
  const left = timeLeft(target, now);
  const units = [
    ['days', left.days],
    ['hours', left.hours],
    ['minutes', left.minutes],
  ] as const;
  return (
    <div role="timer" aria-label={t('dashboard.next.countdown')} data-testid="countdown">
      <span className="mb-1 block text-xs font-medium tracking-wide text-slate-600 uppercase">{t('dashboard.next.countdown')}</span>
      <div className="flex gap-2">
        {units.map(([unit, value]) => (
          <div key={unit} className="min-w-16 flex-1 rounded-lg bg-brand-50 px-2 py-2 text-center sm:flex-none sm:px-4" data-testid={`countdown-${unit}`}>
            <span className="block text-2xl leading-tight font-semibold text-brand-900 tabular-nums" data-testid={`countdown-${unit}-value`}>
              {formatNumber(value, lng)}
            </span>
            <span className="block text-xs text-slate-700">{t(`dashboard.next.${unit}`, { count: value })}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
