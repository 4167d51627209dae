import { STANDARD_PLAN, type TStayQuote } from '@residency/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PriceLines } from '../../../components/stay-price/price-lines';
import { cancellationNowText, cancellationText, depositText, mealText, planName, quotedNights, stayRuleText } from '../../../components/stay-price/plan-texts';
import { useNow } from '../../../lib/use-now';
import { formatNumber, formatTaka } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { PlusIcon } from '../../../components/stay/stay-icons';
import { RESERVATION_ROOMS_MAX } from '../room-choice';

type QuotedPlan = TStayQuote['plans'][number];

/** Adding rooms of one type to a reservation of several: on which plan, how many so far, whether one more is free. */
export interface RoomAdding {
  add: (plan: string) => void;
  added: (plan: string) => number;
  /** Why no more can be added: every free room of the type is chosen, or the reservation holds its most rooms. */
  full: 'type' | 'reservation' | null;
}

/**
 * The rate plans of one room type for the stay (issue 21): each with its total and average per
 * night, what it includes and its cancellation terms in a line each, "Why this price" and its own
 * Book button (the Standard plan's link carries no ?ratePlan=, the booking page's default, so the
 * links of before rate plans keep their meaning); a plan a rule closes stays in the list with the reason, so a room type whose every
 * plan is closed still says why rather than vanishing.
 */
export function RatePlans({
  quote,
  roomName,
  persons,
  nights,
  stayQuery,
  adding,
}: {
  quote: TStayQuote;
  roomName: string;
  persons: number;
  nights: number;
  stayQuery: string;
  /** A reservation of several rooms (issue 22): adds a room of this type on a plan, and how many are chosen. */
  adding?: RoomAdding;
}) {
  const { t, i18n } = useTranslation('stay-search');
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label={t('plans.label', { name: roomName })} data-testid="rate-plans">
      {quote.plans.map((plan) => (
        <li key={plan.code} className="py-4 first:pt-4 last:pb-0" data-testid="rate-plan" data-plan={plan.code}>
          <PlanRow plan={plan} roomName={roomName} persons={persons} nights={nights} lng={lng} adding={adding} href={`/booking/${quote.roomId}?${stayQuery}${plan.code === STANDARD_PLAN ? '' : `&ratePlan=${encodeURIComponent(plan.code)}`}`} />
        </li>
      ))}
    </ul>
  );
}

function PlanRow({
  plan,
  roomName,
  persons,
  nights,
  lng,
  href,
  adding,
}: {
  plan: QuotedPlan;
  roomName: string;
  persons: number;
  nights: number;
  lng: string;
  href: string;
  adding?: RoomAdding;
}) {
  const { t } = useTranslation('stay-search');
  const { t: tc } = useTranslation('common');
  const name = planName(plan.name, lng);
  const n = (value: number) => formatNumber(value, lng);
  const now = useNow();
  const site = getSite();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-semibold text-brand-900" data-testid="plan-name">
          {name}
        </h3>
        <p className="mt-1 text-sm text-slate-700" data-testid="plan-includes">
          {mealText(tc, plan.meal, persons, lng)}
        </p>
        <p className="mt-0.5 text-sm text-slate-700" data-testid="plan-cancellation">
          {plan.quote
            ? cancellationNowText(tc, plan.cancellationPolicy, { checkIn: plan.quote.lines[0]!.date, roomNights: plan.quote.lines.map((l) => l.room), amount: plan.quote.amount }, site, now, lng)
            : cancellationText(tc, plan.cancellationPolicy, site.guestCancelHours, lng)}
        </p>
        {plan.deposit && plan.deposit.policy !== 'none' && (
          <p className="mt-0.5 text-sm text-slate-700" data-testid="plan-deposit">
            {depositText(tc, plan.deposit, lng)}
          </p>
        )}
        {plan.refusal && (
          <p className="mt-2 inline-block rounded-lg bg-rose-50 px-3 py-1 text-sm font-medium text-rose-800 ring-1 ring-rose-200" data-testid="plan-closed">
            {stayRuleText(tc, plan.refusal, lng)}
          </p>
        )}
      </div>
      {plan.quote && (
        <div className="shrink-0 sm:w-64 sm:text-right">
          <p className="text-sm text-slate-700">
            {t('plans.total', { nights: t('rates.nightCount', { count: nights, n: n(nights) }) })}{' '}
            <span className="font-display text-xl font-semibold text-brand-800" data-testid="plan-total">
              {formatTaka(plan.quote.amount, lng)}
            </span>
          </p>
          <p className="text-xs text-slate-600" data-testid="plan-average">
            {t('plans.average', { price: formatTaka(plan.quote.perNightCost, lng) })}
          </p>
          <details className="group mt-1 text-left" data-testid="plan-why">
            <summary className="cursor-pointer text-sm font-medium text-brand-700 underline-offset-2 hover:underline sm:text-right">{tc('stayPrice.why')}</summary>
            <div className="mt-2 rounded-xl bg-sand-50 p-3 ring-1 ring-slate-200">
              <PriceLines
                nights={quotedNights(plan.quote.lines, plan, lng)}
                totals={{ ...plan.quote, discount: 0 }}
              />
            </div>
          </details>
          <div className="mt-3 flex flex-wrap gap-2 sm:justify-end">
            <Link to={href} className="btn-primary w-full px-6 py-2.5 sm:w-auto" aria-label={t('plans.bookName', { name: roomName, plan: name })} data-testid="book-button">
              {t('rates.book')}
            </Link>
            {/* After Book, so the keyboard reaches the one-room way first, as before. */}
            {adding && (
              <button
                type="button"
                className="btn-outline w-full gap-1.5 px-4 py-2.5 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:w-auto"
                // aria-disabled, not disabled: the button that took the last free room keeps the focus.
                aria-disabled={Boolean(adding.full)}
                aria-label={t('rooms.addName', { name: roomName, plan: name })}
                onClick={() => !adding.full && adding.add(plan.code)}
                data-testid="add-room"
              >
                <PlusIcon className="h-4 w-4" aria-hidden="true" />
                {t('rooms.add')}
              </button>
            )}
          </div>
          {adding && adding.added(plan.code) > 0 && (
            <p className="mt-1 text-sm font-medium text-brand-800" data-testid="added-count">
              {t('rooms.added', { count: adding.added(plan.code), n: n(adding.added(plan.code)) })}
            </p>
          )}
          {adding?.full && adding.added(plan.code) > 0 && (
            <p className="mt-1 text-xs text-slate-600" data-testid="add-room-limit">
              {t(`rooms.full.${adding.full}`, { n: n(RESERVATION_ROOMS_MAX) })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
