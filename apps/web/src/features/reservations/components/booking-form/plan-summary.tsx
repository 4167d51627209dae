import type { TStayQuote } from '@residency/shared';
import { useTranslation } from 'react-i18next';
import { cancellationNowText, cancellationText, depositText, mealText, planName } from '../../../../components/stay-price/plan-texts';
import { useNow } from '../../../../lib/use-now';
import { getSite } from '../../../../lib/site';

type QuotedPlan = TStayQuote['plans'][number];

/**
 * The rate plan being booked, above its price: its name, what it includes and its cancellation
 * terms (as on /view-rates). With `choices` (the stay's other plans open for it), a chooser: the
 * guest or the desk may switch plan here rather than go back to the rates page.
 */
export function PlanSummary({
  plan,
  persons,
  choices = [],
  onChoose,
  stay,
}: {
  plan: Pick<QuotedPlan, 'code' | 'name' | 'meal' | 'cancellationPolicy' | 'deposit'>;
  /** The stay as quoted on this plan: its terms then say what cancelling costs once the free cut-off has passed. */
  stay?: { checkIn: string; roomNights: readonly number[]; amount: number } | null;
  persons: number;
  choices?: readonly Pick<QuotedPlan, 'code' | 'name'>[];
  onChoose?: (code: string) => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const { t: tc } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  const now = useNow();
  const site = getSite();
  return (
    <div className="mb-3 rounded-xl bg-sand-50 p-3 text-sm ring-1 ring-slate-200" data-testid="booking-plan">
      {choices.length > 1 && onChoose ? (
        <label className="block">
          <span className="block text-xs text-slate-600">{t('ratePlan.label')}</span>
          <select
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 font-semibold text-brand-900"
            value={plan.code}
            onChange={(e) => onChoose(e.target.value)}
            data-testid="booking-plan-choice"
          >
            {choices.map((c) => (
              <option key={c.code} value={c.code}>
                {planName(c.name, lng)}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="font-semibold text-brand-900">
          <span className="sr-only">{t('ratePlan.label')}: </span>
          <span data-testid="booking-plan-name">{planName(plan.name, lng)}</span>
        </p>
      )}
      <p className="mt-1 text-slate-700">{mealText(tc, plan.meal, persons, lng)}</p>
      <p className="mt-0.5 text-slate-700" data-testid="booking-plan-cancellation">
        {stay ? cancellationNowText(tc, plan.cancellationPolicy, stay, site, now, lng) : cancellationText(tc, plan.cancellationPolicy, site.guestCancelHours, lng)}
      </p>
      {plan.deposit && plan.deposit.policy !== 'none' && (
        <p className="mt-0.5 text-slate-700" data-testid="booking-plan-deposit">
          {depositText(tc, plan.deposit, lng)}
        </p>
      )}
    </div>
  );
}
