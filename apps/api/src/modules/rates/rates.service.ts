import {
  changedPrice,
  depositOf,
  instantAt,
  quoteStay,
  RATE_DAY_FIELDS,
  resolveDays,
  STANDARD_PLAN,
  stayRuleMessage,
  stayRuleRefusal,
  type DiscountType,
  type PlanForRates,
  type RateDayValues,
  type StayQuote,
  type StoredRateDay,
  type TPriceRule,
  type TCancellationPolicy,
  type TDepositPolicy,
  type TRateBulk,
  type TStayQuote,
  type TRateChange,
  type TRateDay,
  type TRatePlan,
  type TRatePlanCreate,
  type TRatePlanUpdate,
  ZRateBulk,
  ZRatePlanCreate,
  ZRatePlanUpdate,
} from '@residency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LiveCache } from '../../lib/live-cache.ts';
import { inTransaction } from '../../lib/transactions.ts';
import { cheapestFreeRoomPerCategory } from '../rooms/rooms.service.ts';
import {
  allCategoryNames,
  categoriesWithPlans,
  pricingVersion,
  categoryNameOf,
  childrenOf,
  findCategoryForRates,
  findPlan,
  daysOfPlans,
  findPlanById,
  insertChange,
  insertPlan,
  insertStandardPlan,
  listChanges,
  plansOfCategory,
  updatePlanRow,
  writeDays,
  type DayRow,
  type NewPlan,
  type PlanRow,
} from './rates.repository.ts';

type CategoryForRates = NonNullable<Awaited<ReturnType<typeof findCategoryForRates>>>;

const categoryNotFound = () => AppError.notFound('This room type does not exist.', 'CATEGORY_NOT_FOUND');
const planNotFound = () => AppError.notFound('This rate plan does not exist for this room type.', 'RATE_PLAN_NOT_FOUND');

async function categoryOf(db: Executor, name: string): Promise<CategoryForRates> {
  const category = await findCategoryForRates(db, name);
  if (!category) throw categoryNotFound();
  return category;
}

/** The room type's extra adult charge (its template's `extra_adult_charge`): the calendar's default. */
const extraAdultOf = (category: CategoryForRates) => {
  const value = Number((category.bedsAndBedding as Record<string, unknown>).extra_adult_charge ?? 0);
  return Number.isFinite(value) && value > 0 ? value : 0;
};
const defaultsOf = (category: CategoryForRates) => ({ offerPrice: category.offerPrice, extraAdult: extraAdultOf(category) });

function policyOf(plan: PlanRow): TCancellationPolicy {
  return { freeHours: plan.cancelFreeHours, penalty: plan.cancelPenalty, penaltyPercent: plan.cancelPenaltyPercent };
}

function depositPolicyOf(plan: PlanRow): TDepositPolicy {
  return { policy: plan.depositPolicy, percent: plan.depositPolicy === 'percent' ? plan.depositPercent : null };
}

function presentPlan(plan: PlanRow, category: string, codes: ReadonlyMap<string, string>): TRatePlan {
  return {
    _id: plan.id,
    category,
    code: plan.code,
    name: { en: plan.nameEn, bn: plan.nameBn },
    meal: plan.meal,
    mealPrice: plan.mealPrice,
    parent: plan.parentId ? (codes.get(plan.parentId) ?? null) : null,
    derivePercent: plan.derivePercent,
    deriveAmount: plan.deriveAmount,
    online: plan.online,
    couponsAllowed: plan.couponsAllowed,
    active: plan.active,
    cancellationPolicy: policyOf(plan),
    deposit: depositPolicyOf(plan),
    onlinePaymentRequired: plan.onlinePaymentRequired,
  };
}

const valuesOf = (row: DayRow | undefined): StoredRateDay => ({
  price: row?.price ?? null,
  extraAdult: row?.extraAdult ?? null,
  extraChild: row?.extraChild ?? null,
  minStay: row?.minStay ?? null,
  maxStay: row?.maxStay ?? null,
  closedToArrival: row?.closedToArrival ?? null,
  closedToDeparture: row?.closedToDeparture ?? null,
  stopSell: row?.stopSell ?? null,
  priceRule: row?.priceRule ?? null,
});

/** A plan's days and its parent's, from `from` to `to`, as the resolution reads them. */
function forRates(plan: PlanRow, days: ReadonlyMap<string, ReadonlyMap<string, DayRow>>): PlanForRates {
  const valuesOfPlan = (id: string) => new Map([...(days.get(id) ?? [])].map(([day, row]) => [day, valuesOf(row)]));
  if (!plan.parentId) return { days: valuesOfPlan(plan.id) };
  return { days: valuesOfPlan(plan.id), parent: { days: valuesOfPlan(plan.parentId), percent: plan.derivePercent, amount: plan.deriveAmount } };
}

/** A plan's days and its parent's, from `from` to `to`, read in one query. */
async function planForRates(db: Executor, plan: PlanRow, from: string, to: string): Promise<PlanForRates> {
  return forRates(plan, await daysOfPlans(db, plan.parentId ? [plan.id, plan.parentId] : [plan.id], from, to));
}

/**
 * The stay's price on a plan from its resolved days (its nights and check-out day): each night's
 * rate with the room's supplement, the guests beyond those the room type includes, the plan's meal.
 */
function quoteOnPlan(
  plan: PlanRow,
  category: Pick<CategoryForRates, 'includedAdults' | 'includedChildren'>,
  days: readonly TRateDay[],
  stay: { adults: number; children: number; supplement: number },
  charges: { serviceChargePercent: number; vatPercent: number },
  discount: { type: DiscountType; value: number } | null = null,
): StayQuote {
  return quoteStay({
    nights: days.slice(0, -1).map((d) => ({ date: d.date, price: d.price + stay.supplement, extraAdult: d.extraAdult, extraChild: d.extraChild })),
    adults: stay.adults,
    children: stay.children,
    includedAdults: category.includedAdults,
    includedChildren: category.includedChildren,
    mealPerPerson: plan.meal === 'none' ? 0 : plan.mealPrice,
    discount: plan.couponsAllowed ? discount : null,
    serviceChargePercent: charges.serviceChargePercent,
    vatPercent: charges.vatPercent,
  });
}

/** Who may see which plans: guests the active online ones; staff also the desk's; admins, asked, every one. */
export type PlanAudience = 'guest' | 'desk' | 'admin';

/** `GET /api/rate-plans?category=`: the room type's plans this caller may see. */
export async function listPlans(db: Database, category: string, audience: PlanAudience): Promise<TRatePlan[]> {
  const found = await categoryOf(db, category);
  const plans = await plansOfCategory(db, found.id);
  const codes = new Map(plans.map((p) => [p.id, p.code]));
  return plans
    .filter((p) => audience === 'admin' || (p.active && (audience === 'desk' || p.online)))
    .map((p) => presentPlan(p, found.name, codes));
}

/** A parent must be another plan of the room type, and not itself derived (one level, decision 0012). */
async function parentFor(db: Executor, categoryId: string, code: string | null, self?: PlanRow): Promise<string | null> {
  if (code === null) return null;
  const parent = await findPlan(db, categoryId, code);
  if (!parent) throw AppError.badRequest(`There is no plan ${code} for this room type to follow.`, 'RATE_PLAN_PARENT_NOT_FOUND');
  if (self && parent.id === self.id) throw AppError.badRequest('A plan cannot follow itself.', 'RATE_PLAN_PARENT_SELF');
  if (parent.parentId) throw AppError.badRequest(`${code} follows another plan itself; choose a plan that does not.`, 'RATE_PLAN_PARENT_DERIVED');
  if (self && (await childrenOf(db, self.id)) > 0) {
    throw AppError.badRequest('Other plans follow this one, so it cannot follow a plan itself.', 'RATE_PLAN_HAS_CHILDREN');
  }
  return parent.id;
}

function planColumns(input: Partial<ReturnType<typeof ZRatePlanUpdate.parse>>): Partial<NewPlan> {
  return {
    ...(input.name ? { nameEn: input.name.en, nameBn: input.name.bn } : {}),
    ...(input.meal !== undefined ? { meal: input.meal } : {}),
    ...(input.mealPrice !== undefined ? { mealPrice: input.mealPrice } : {}),
    ...(input.derivePercent !== undefined ? { derivePercent: input.derivePercent } : {}),
    ...(input.deriveAmount !== undefined ? { deriveAmount: input.deriveAmount } : {}),
    ...(input.online !== undefined ? { online: input.online } : {}),
    ...(input.couponsAllowed !== undefined ? { couponsAllowed: input.couponsAllowed } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.onlinePaymentRequired !== undefined ? { onlinePaymentRequired: input.onlinePaymentRequired } : {}),
    ...(input.cancellationPolicy
      ? {
          cancelFreeHours: input.cancellationPolicy.freeHours,
          cancelPenalty: input.cancellationPolicy.penalty,
          cancelPenaltyPercent: input.cancellationPolicy.penalty === 'percent' ? input.cancellationPolicy.penaltyPercent : null,
        }
      : {}),
    ...(input.deposit ? { depositPolicy: input.deposit.policy, depositPercent: input.deposit.policy === 'percent' ? input.deposit.percent : null } : {}),
  };
}

async function presentOne(db: Executor, plan: PlanRow, category: string): Promise<TRatePlan> {
  const parent = plan.parentId ? await findPlanById(db, plan.parentId) : undefined;
  return presentPlan(plan, category, new Map(parent ? [[parent.id, parent.code]] : []));
}

/** `POST /api/rate-plans` (admin). */
export async function createPlan(db: Database, body: TRatePlanCreate): Promise<TRatePlan> {
  const input = ZRatePlanCreate.parse(body);
  return inTransaction(db, async (tx) => {
    const category = await categoryOf(tx, input.category);
    const parentId = await parentFor(tx, category.id, input.parent);
    const row = await insertPlan(tx, { ...planColumns(input), categoryId: category.id, code: input.code, nameEn: input.name.en, nameBn: input.name.bn, parentId });
    if (!row) throw AppError.conflict(`This room type has a plan ${input.code} already.`, 'RATE_PLAN_CODE_TAKEN');
    return presentOne(tx, row, category.name);
  });
}

/** `PATCH /api/rate-plans/:id` (admin). The Standard plan stays active and online: it is every booking's default. */
export async function updatePlan(db: Database, id: string, body: TRatePlanUpdate): Promise<TRatePlan> {
  const input = ZRatePlanUpdate.parse(body);
  return inTransaction(db, async (tx) => {
    const plan = await findPlanById(tx, id, true);
    if (!plan) throw planNotFound();
    if (plan.code === STANDARD_PLAN && (input.active === false || input.online === false || (input.parent ?? null) !== null)) {
      throw AppError.conflict('The Standard plan is always sold, online and at the desk, and follows no other plan.', 'STANDARD_PLAN_STAYS');
    }
    const parentId = input.parent === undefined ? plan.parentId : await parentFor(tx, plan.categoryId, input.parent, plan);
    const row = await updatePlanRow(tx, id, { ...planColumns(input), parentId });
    return presentOne(tx, row, (await categoryNameOf(tx, plan.categoryId)) ?? '');
  });
}

/** The Standard plan of a room type (a new one, or one that lacks it): kept when it exists. */
export async function addStandardPlan(db: Executor, categoryId: string): Promise<void> {
  await insertStandardPlan(db, categoryId);
}

/** `GET /api/rates`: one plan's days, every value resolved. */
export async function getRates(db: Database, query: { category: string; plan: string; from: string; to: string }): Promise<TRateDay[]> {
  const category = await categoryOf(db, query.category);
  const plan = await findPlan(db, category.id, query.plan);
  if (!plan) throw planNotFound();
  return resolveDays(await planForRates(db, plan, query.from, query.to), defaultsOf(category), query.from, query.to);
}

const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const sameValues = (a: StoredRateDay, b: StoredRateDay) =>
  RATE_DAY_FIELDS.every((f) => a[f] === b[f]) && JSON.stringify(a.priceRule) === JSON.stringify(b.priceRule);
/** The log keeps the calendar's values; the rule's name is in what was asked. */
const logged = ({ priceRule: _rule, ...values }: StoredRateDay): RateDayValues => values;

/**
 * `POST /api/rates/bulk`: sets the asked values on every day of the range (of the weekdays, when
 * given) as the plan's own. A price change by percent or amount applies to the day's price as it
 * stands (its own, its parent's or the offer price) and is rounded to whole Taka once, at the end
(changedPrice). The plan's row
 * is locked first, so two edits of one plan run one after the other (decision 0012); the edit and
 * each changed day's values before and after go to the log in the same transaction.
 */
export async function bulkEdit(db: Database, body: TRateBulk, by: string): Promise<{ days: number }> {
  const input = ZRateBulk.parse(body);
  return inTransaction(db, async (tx) => {
    const category = await categoryOf(tx, input.category);
    const plan = await findPlan(tx, category.id, input.plan, true);
    if (!plan) throw planNotFound();
    const rates = await planForRates(tx, plan, input.from, input.to);
    const resolved = resolveDays(rates, defaultsOf(category), input.from, input.to);
    const weekdays = input.weekdays ? new Set(input.weekdays) : null;
    const before: Record<string, unknown>[] = [];
    const after: Record<string, unknown>[] = [];
    const writes: { day: string; values: StoredRateDay }[] = [];
    const setsPrice = [input.price, input.changePercent, input.changeAmount].some((v) => v !== undefined);
    // What guests are told set these nights' price: the edit's name, and its weekdays when it had some.
    const rule: TPriceRule = { name: input.name ?? null, weekdays: input.weekdays && new Set(input.weekdays).size < 7 ? [...new Set(input.weekdays)].sort((a, b) => a - b) : null };
    for (const day of resolved) {
      if (weekdays && !weekdays.has(weekdayOf(day.date))) continue;
      const old = (rates.days.get(day.date) as StoredRateDay | undefined) ?? valuesOf(undefined);
      const next: StoredRateDay = { ...old };
      if (setsPrice) next.priceRule = rule;
      if (input.price !== undefined) next.price = input.price;
      if (input.changePercent !== undefined) next.price = changedPrice(day.price, input.changePercent, 0);
      if (input.changeAmount !== undefined) {
        if (day.price + input.changeAmount < 0) {
          throw AppError.badRequest(`This change would make the price of ${day.date} below ৳0 (it is ${day.price}).`, 'PRICE_BELOW_ZERO').with({
            date: day.date,
            price: day.price,
          });
        }
        next.price = changedPrice(day.price, 0, input.changeAmount);
      }
      if (input.extraAdult !== undefined) next.extraAdult = input.extraAdult;
      if (input.extraChild !== undefined) next.extraChild = input.extraChild;
      if (input.minStay !== undefined) next.minStay = input.minStay;
      if (input.maxStay !== undefined) next.maxStay = input.maxStay;
      if (input.closedToArrival !== undefined) next.closedToArrival = input.closedToArrival;
      if (input.closedToDeparture !== undefined) next.closedToDeparture = input.closedToDeparture;
      if (input.stopSell !== undefined) next.stopSell = input.stopSell;
      for (const field of input.clear ?? []) next[field] = null;
      if (next.price === null) next.priceRule = null;
      if (sameValues(old, next)) continue;
      writes.push({ day: day.date, values: next });
      before.push({ date: day.date, ...logged(old) });
      after.push({ date: day.date, ...logged(next) });
    }
    if (writes.length === 0) return { days: 0 };
    await writeDays(tx, plan.id, writes);
    const { category: _c, plan: _p, from: _f, to: _t, weekdays: _w, ...change } = input;
    await insertChange(tx, {
      planId: plan.id,
      fromDay: input.from,
      toDay: input.to,
      weekdays: input.weekdays ?? null,
      change,
      days: writes.length,
      before,
      after,
      changedBy: by,
    });
    return { days: writes.length };
  });
}

/** `GET /api/rates/changes`: the log of a room type (one plan or all), newest first. */
export async function getChanges(db: Database, query: { category: string; plan?: string; page: number; limit: number }) {
  const category = await categoryOf(db, query.category);
  const plans = await plansOfCategory(db, category.id);
  const ids = plans.filter((p) => !query.plan || p.code === query.plan).map((p) => p.id);
  const { rows, total } = await listChanges(db, ids, query.page, query.limit);
  const data: TRateChange[] = rows.map(({ change, planCode, byName }) => ({
    _id: change.id,
    plan: planCode,
    from: change.fromDay,
    to: change.toDay,
    weekdays: change.weekdays,
    change: change.change,
    days: change.days,
    before: change.before,
    after: change.after,
    changedBy: change.changedBy ? { _id: change.changedBy, name: byName ?? '' } : null,
    changedAt: change.changedAt.toISOString(),
  }));
  return { data, meta: { page: query.page, limit: query.limit, total } };
}

/** Room types with their plans, as the quote reads them (see quoteStays' cache). */
export type RoomTypePlans = Awaited<ReturnType<typeof categoriesWithPlans>>;

/** What a stay of one room costs on a plan, and whether the plan's rules sell it. */
export interface StayPricing {
  plan: PlanRow;
  policy: TCancellationPolicy;
  /** The stay's nights and its check-out day, resolved (the rules read the check-out day too). */
  days: TRateDay[];
  /** Prices the stay with a coupon's discount (or none). */
  quote: (discount: { type: DiscountType; value: number } | null) => StayQuote;
  /**
   * The deposit the plan asks of the stay as sold (`quote`'s answer), and when it is due: within
   * `depositDueHours` of booking, or by the check-in time if that comes first (never before now).
   */
  deposit: (sold: Pick<StayQuote, 'amount' | 'lines'>, rules: DepositRules) => { deposit: number; depositDueAt: Date | null };
}

/** The settings a deposit's due time follows (Config). */
interface DepositRules {
  depositDueHours: number;
  hotel: { checkInTime: string; timeZone: string };
}

/**
 * The calendar's price of a stay of a room (its supplement on top of each night's rate), on a
 * plan that this caller may sell: guests online plans only, the desk every active plan. Refuses a
 * stay that a rule closes (400 STAY_RULE, with the rule and its values).
 */
/** What pricing read of the database, by room type, plan and dates: shared by the rooms of one reservation. */
/**
 * The reads of priceStayOnPlan for these stays answered from the index's calendar (issue 36: no
 * read of the rates in a booking's transaction); undefined unless it holds them all (a room type
 * it does not hold, a stay outside its days): the database is read then, as before.
 */
export function pricingReadsFrom(calendar: RateCalendar, stays: readonly { category: string; planCode?: string; checkIn: string; checkOut: string }[]): PricingReads | undefined {
  const reads: PricingReads = new Map();
  for (const stay of stays) {
    const type = calendar.types.get(stay.category);
    if (!type || stay.checkIn < calendar.from || stay.checkOut > calendar.to) return undefined;
    const plan = type.plans.find((p) => p.code === (stay.planCode ?? STANDARD_PLAN));
    reads.set(readKey(stay), Promise.resolve({ category: type.category, plan, rates: plan ? forRatesFromCalendar(plan, calendar) : undefined }));
  }
  return reads;
}

const readKey = (stay: { category: string; planCode?: string; checkIn: string; checkOut: string }) =>
  `${stay.category}|${stay.planCode ?? STANDARD_PLAN}|${stay.checkIn}|${stay.checkOut}`;

export type PricingReads = Map<string, Promise<{ category: CategoryForRates; plan: PlanRow | undefined; rates: PlanForRates | undefined }>>;

export async function priceStayOnPlan(
  db: Executor,
  stay: {
    category: string;
    planCode?: string;
    checkIn: string;
    checkOut: string;
    adults: number;
    children: number;
    supplement: number;
    serviceChargePercent: number;
    vatPercent: number;
    sellsAt: 'online' | 'desk';
  },
  reads?: PricingReads,
): Promise<StayPricing> {
  // Rooms of one type on one plan for the same dates read their rates once (a reservation of several rooms).
  const key = readKey(stay);
  let read = reads?.get(key);
  if (!read) {
    read = (async () => {
      // The room type with its plans in one prepared statement (the search's), then the plan's days.
      const [type] = await categoriesWithPlans(db, [stay.category]);
      if (!type) throw categoryNotFound();
      const plan = type.plans.find((p) => p.code === (stay.planCode ?? STANDARD_PLAN));
      return { category: type.category, plan, rates: plan ? await planForRates(db, plan, stay.checkIn, stay.checkOut) : undefined };
    })();
    reads?.set(key, read);
  }
  const { category, plan, rates } = await read;
  if (!plan || !rates || !plan.active || (stay.sellsAt === 'online' && !plan.online)) throw planNotFound();
  const days = resolveDays(rates, defaultsOf(category), stay.checkIn, stay.checkOut);
  const refusal = stayRuleRefusal(days, stay.checkIn, stay.checkOut);
  if (refusal) throw AppError.badRequest(stayRuleMessage(refusal), 'STAY_RULE').with({ ...refusal });
  return {
    plan,
    policy: policyOf(plan),
    days,
    quote: (discount) => quoteOnPlan(plan, category, days, stay, stay, discount),
    deposit: (sold, rules) => {
      const deposit = depositOf(depositPolicyOf(plan), sold);
      if (deposit === 0) return { deposit, depositDueAt: null };
      const now = Date.now();
      const checkInAt = instantAt(stay.checkIn, rules.hotel.checkInTime, rules.hotel.timeZone).getTime();
      return { deposit, depositDueAt: new Date(Math.max(now, Math.min(now + rules.depositDueHours * 3_600_000, checkInAt))) };
    },
  };
}


/**
 * Every room type with its plans, and every plan's days from `from` to `to`: the calendar the
 * availability index (issue 23) holds, so a quote reads no table.
 */
export interface RateCalendar {
  types: ReadonlyMap<string, RoomTypePlans[number]>;
  /** Each plan's days as the resolution reads them (by plan id, then day). */
  days: ReadonlyMap<string, ReadonlyMap<string, StoredRateDay>>;
  from: string;
  to: string;
  /**
   * The change number read before the calendar was (migration 0036): a booking priced on this
   * calendar is refused by the database when the number moved on since. Null: never priced from it.
   */
  version: number | null;
}

export async function loadRateCalendar(db: Executor, from: string, to: string): Promise<RateCalendar> {
  // Read first: a change committed while the calendar loads moves the number past it, so a
  // calendar never claims a number newer than what it holds.
  const version = await pricingVersion(db);
  const types = await categoriesWithPlans(db, await allCategoryNames(db));
  const planIds = types.flatMap((t) => t.plans.map((p) => p.id));
  const rows = await daysOfPlans(db, planIds, from, to);
  const days = new Map([...rows].map(([plan, byDay]) => [plan, new Map([...byDay].map(([day, row]) => [day, valuesOf(row)]))]));
  return { types: new Map(types.map((t) => [t.category.name, t])), days, from, to, version };
}

const NO_DAYS: ReadonlyMap<string, StoredRateDay> = new Map();

/** A plan's days and its parent's from the calendar: the whole window, read by date. */
function forRatesFromCalendar(plan: PlanRow, calendar: RateCalendar): PlanForRates {
  const days = calendar.days.get(plan.id) ?? NO_DAYS;
  if (!plan.parentId) return { days };
  return { days, parent: { days: calendar.days.get(plan.parentId) ?? NO_DAYS, percent: plan.derivePercent, amount: plan.deriveAmount } };
}

/** What the availability index answers a quote from: the free rooms per type, and the calendar. */
export interface QuoteFromMemory {
  free: Map<string, { roomId: string; supplement: number; free: number }>;
  calendar: RateCalendar;
}

/**
 * `GET /api/rates/quote`: each room type with a room free for the stay, and for each plan a guest
 * may book online its price (the cheapest free room's supplement included) or the rule that
 * closes it, so the search says why rather than leaving the type out. Three queries whatever the
 * number of types and plans: the free rooms per type, the types with their plans, all the days.
 */
export async function quoteStays(
  db: Database,
  stay: { checkIn: string; checkOut: string; adults: number; children: number; category?: string },
  charges: { serviceChargePercent: number; vatPercent: number },
  plansCache?: LiveCache<RoomTypePlans>,
  sellsAt: 'online' | 'desk' = 'online',
  memory?: QuoteFromMemory,
): Promise<TStayQuote[]> {
  const free = memory?.free ?? (await cheapestFreeRoomPerCategory(db, { ...stay, adults: String(stay.adults), children: String(stay.children) }, stay.category));
  const names = [...free.keys()].sort();
  const calendar = memory?.calendar;
  // The room types and their plans change rarely: kept per set of types until a plan, a day or a
  // room type changes (NOTIFY rooms_changed, migration 0016), so a search asks for the rooms and days only.
  const load = () => categoriesWithPlans(db, names);
  const types = calendar
    ? [...calendar.types.values()].filter((t) => free.has(t.category.name)) // the database's order of names, as below
    : plansCache
      ? await plansCache.through(names.join('\u0000'), load)
      : await load();
  const sells = (p: PlanRow) => p.active && (p.online || sellsAt === 'desk');
  const sold = types.flatMap((t) => t.plans.filter(sells));
  const planIds = [...new Set(sold.flatMap((p) => (p.parentId ? [p.id, p.parentId] : [p.id])))];
  const inCalendar = calendar && stay.checkIn >= calendar.from && stay.checkOut <= calendar.to ? calendar : undefined;
  const days = inCalendar ? undefined : await daysOfPlans(db, planIds, stay.checkIn, stay.checkOut);
  const ratesOf = (plan: PlanRow) => (inCalendar ? forRatesFromCalendar(plan, inCalendar) : forRates(plan, days!));

  const answer: TStayQuote[] = [];
  for (const { category, plans } of types) {
    const room = free.get(category.name)!;
    const codes = new Map(plans.map((p) => [p.id, p.code]));
    const quoted: TStayQuote['plans'] = [];
    for (const plan of plans.filter(sells)) {
      const resolved = resolveDays(ratesOf(plan), defaultsOf(category), stay.checkIn, stay.checkOut);
      const refusal = stayRuleRefusal(resolved, stay.checkIn, stay.checkOut);
      const shown = presentPlan(plan, category.name, codes);
      const quote = refusal ? null : quoteOnPlan(plan, category, resolved, { ...stay, supplement: room.supplement }, charges);
      quoted.push({
        code: shown.code,
        name: shown.name,
        meal: shown.meal,
        mealPrice: shown.mealPrice,
        couponsAllowed: shown.couponsAllowed,
        cancellationPolicy: shown.cancellationPolicy,
        deposit: shown.deposit,
        onlinePaymentRequired: shown.onlinePaymentRequired,
        // The nights' prices even when a rule closes the stay: a closed night says its real price, not the room type's base one.
        nights: resolved.slice(0, -1).map((d) => ({ date: d.date, price: d.price + room.supplement, rule: d.priceRule })),
        quote: quote && {
          lines: quote.lines,
          nights: quote.nights,
          perNightCost: quote.perNightCost,
          subtotal: quote.subtotal,
          serviceCharge: quote.serviceCharge,
          vat: quote.vat,
          amount: quote.amount,
        },
        refusal,
      });
    }
    answer.push({ category: category.name, roomId: room.roomId, free: room.free, plans: quoted });
  }
  return answer;
}
