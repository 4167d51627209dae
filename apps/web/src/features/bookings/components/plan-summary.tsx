import type { TStayQuote } from '@residency/shared';
import { useTranslation } from 'react-i18next';
import { cancellationText, mealText, planName } from '../../../components/stay-price/plan-texts';
import { getSite } from '../../../lib/site';

type QuotedPlan = TStayQuote['plans'][number];

/** The rate plan being booked, above its price: its name, what it includes and its cancellation terms (as on /view-rates). */
export function PlanSummary({ plan, persons }: { plan: Pick<QuotedPlan, 'name' | 'meal' | 'cancellationPolicy'>; persons: number }) {
  const { t, i18n } = useTranslation('booking');
  const { t: tc } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <div className="mb-3 rounded-xl bg-sand-50 p-3 text-sm ring-1 ring-slate-200" data-testid="booking-plan">
      <p className="font-semibold text-brand-900">
        <span className="sr-only">{t('ratePlan.label')}: </span>
        <span data-testid="booking-plan-name">{planName(plan.name, lng)}</span>
      </p>
      <p className="mt-1 text-slate-700">{mealText(tc, plan.meal, persons, lng)}</p>
      <p className="mt-0.5 text-slate-700" data-testid="booking-plan-cancellation">
        {cancellationText(tc, plan.cancellationPolicy, getSite().guestCancelHours, lng)}
      </p>
    </div>
  );
}
