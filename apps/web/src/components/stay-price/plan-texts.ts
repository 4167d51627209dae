import type { RateMeal, StayRuleRefusal, TCancellationPolicy, TDepositPolicy, TPriceRule, TSiteInfo } from '@residency/shared';
import { instantAt } from '@residency/shared/hotel-time';
import { cancellationFee } from '@residency/shared/rate-rules';
import type { TFunction } from 'i18next';
import { formatDateTime, formatNumber, formatShortDate, formatTaka } from '../../lib/format';

/**
 * A rate plan's terms in the guest's words, one line each (issue 21): what it includes, what
 * cancelling costs, and why a rule closes it. The rates page and the booking page say them
 * alike, so they live here, below both features. `t` is the common namespace's.
 */

/** A plan's name in the page's language (the English one when the Bengali is missing). */
export const planName = (name: { en: string; bn: string }, lng: string) => (lng === 'bn' && name.bn ? name.bn : name.en);

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();
const listFormats = new Map<string, Intl.ListFormat>();
const localeOf = (lng: string) => (lng === 'bn' ? 'bn-BD' : 'en-GB');

/**
 * Why a night costs what it does (issue 31): the season's name the admin gave the price ("Eid
 * season"), else the weekdays it was set for ("Friday and Saturday", "শুক্রবার এবং শনিবার"); null
 * when the night is at the room type's own price.
 */
function priceRuleText(rule: TPriceRule | null | undefined, lng: string): string | null {
  if (!rule) return null;
  if (rule.name) return planName(rule.name, lng);
  if (!rule.weekdays || rule.weekdays.length === 0) return null;
  const locale = localeOf(lng);
  let weekday = weekdayFormats.get(locale);
  if (!weekday) weekdayFormats.set(locale, (weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })));
  let list = listFormats.get(locale);
  if (!list) listFormats.set(locale, (list = new Intl.ListFormat(locale, { type: 'conjunction' })));
  // 1 Nov 2026 was a Sunday (weekday 0, as the API counts them).
  return list.format(rule.weekdays.map((d) => weekday.format(new Date(Date.UTC(2026, 10, 1 + d)))));
}

/** A quote's lines as "Why this price" lists them, each night with the rule that set its price (the plan's `nights`). */
export function quotedNights(
  lines: readonly { date: string; room: number; extraAdults: number; extraChildren: number; meals: number }[],
  plan: { nights?: readonly { date: string; rule: TPriceRule | null }[] } | null | undefined,
  lng: string,
) {
  const rules = new Map((plan?.nights ?? []).map((n) => [n.date, n.rule]));
  return lines.map((l) => ({ date: l.date, price: l.room, extraAdults: l.extraAdults, extraChildren: l.extraChildren, meals: l.meals, why: priceRuleText(rules.get(l.date), lng) }));
}

/** "Room only", or "Breakfast for 2 included" (the stay's guests). */
export function mealText(t: TFunction, meal: RateMeal, persons: number, lng: string): string {
  return meal === 'breakfast' ? t('stayPrice.meal.breakfast', { count: persons, n: formatNumber(persons, lng) }) : t('stayPrice.meal.none');
}

/**
 * "Free cancellation until 48 hours before check-in, then the first night", or "Non-refundable".
 * A plan without its own hours keeps the hotel's (`defaultHours`, GUEST_CANCEL_HOURS).
 */
export function cancellationText(t: TFunction, policy: TCancellationPolicy, defaultHours: number, lng: string): string {
  if (policy.penalty === 'non_refundable') return penaltyText(t, policy, lng);
  const hours = policy.freeHours ?? defaultHours;
  return t('stayPrice.cancel.free', { hours: t('stayPrice.cancel.hours', { count: hours, n: formatNumber(hours, lng) }), then: penaltyText(t, policy, lng) });
}

/**
 * The plan's cancellation terms as they apply to this stay now (issue 31): while cancelling is
 * free, the policy ("Free cancellation until 48 hours before check-in, then the first night");
 * once the cut-off has passed (a stay booked for tonight), what cancelling costs now: "Cancelling
 * now costs ৳7,500". The cut-off is the hotel's check-in time on the check-in day, at the hotel.
 */
export function cancellationNowText(
  t: TFunction,
  policy: TCancellationPolicy,
  stay: { checkIn: string; roomNights: readonly number[]; amount: number },
  site: Pick<TSiteInfo, 'checkInTime' | 'timeZone' | 'guestCancelHours'>,
  now: Date,
  lng: string,
): string {
  if (policy.penalty === 'non_refundable') return penaltyText(t, policy, lng);
  const checkInAt = instantAt(stay.checkIn, site.checkInTime, site.timeZone);
  const { free, fee } = cancellationFee(policy, { now, checkInAt, defaultFreeHours: site.guestCancelHours, roomNights: stay.roomNights, amount: stay.amount });
  return free ? cancellationText(t, policy, site.guestCancelHours, lng) : t('stayPrice.cancel.now', { fee: formatTaka(fee, lng) });
}

/** What a late cancellation costs under a policy: "the first night", "50% of the room charge", "the whole stay", "Non-refundable". */
export function penaltyText(t: TFunction, policy: Pick<TCancellationPolicy, 'penalty' | 'penaltyPercent'>, lng: string): string {
  if (policy.penalty === 'non_refundable') return t('stayPrice.cancel.nonRefundable');
  return t(`stayPrice.cancel.then.${policy.penalty}`, { percent: `${formatNumber(policy.penaltyPercent ?? 100, lng)}%` });
}

/** What a plan asks at booking: "Deposit: the first night at booking", "Deposit: 30% of the total at booking", "No deposit at booking". */
export function depositText(t: TFunction, deposit: TDepositPolicy | undefined, lng: string): string {
  const policy = deposit?.policy ?? 'none';
  return t(`stayPrice.deposit.${policy}`, { percent: `${formatNumber(deposit?.percent ?? 100, lng)}%` });
}

/** What is still to pay of a booking's deposit and by when: "Deposit due: ৳9,487.50 by Jan 11, 2027, 16:00" (the hotel's clock); null when nothing is. */
export function depositDueText(t: TFunction, due: { depositDue: number; depositDueBy: string | null }, lng: string, timeZone?: string): string | null {
  if (due.depositDue <= 0 || !due.depositDueBy) return null;
  return t('stayPrice.deposit.due', { amount: formatTaka(due.depositDue, lng), time: formatDateTime(due.depositDueBy, lng, timeZone) });
}

/** Why a rule refuses the stay: "Minimum 2 nights for arrivals on Sat, Jun 6", from the code and values. */
export function stayRuleText(t: TFunction, refusal: StayRuleRefusal, lng: string): string {
  const nights = refusal.rule === 'minStay' ? refusal.minStay : refusal.rule === 'maxStay' ? refusal.maxStay : undefined;
  return t(`stayPrice.rule.${refusal.rule}`, {
    date: formatShortDate(refusal.date, lng),
    count: nights ?? 1,
    n: formatNumber(nights ?? 1, lng),
  });
}
