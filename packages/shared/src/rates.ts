import { z } from 'zod';
import { addDays, isIsoDate } from './dates.ts';
import { zPercent, zTaka } from './money.ts';
import { zLine, zText } from './text.ts';

/**
 * The rate calendar (issue 21, decision 0012): rate plans per room type, and per plan and day a
 * price, extra guest prices and stay rules.
 */

export const RATE_MEALS = ['none', 'breakfast'] as const;
export type RateMeal = (typeof RATE_MEALS)[number];

/** After the free-cancel cut-off: the first night, a percentage of the room charge, or all of it; or never free. */
export const CANCEL_PENALTIES = ['first_night', 'percent', 'whole_stay', 'non_refundable'] as const;
export type CancelPenalty = (typeof CANCEL_PENALTIES)[number];

/** The Standard plan every room type starts with. */
export const STANDARD_PLAN = 'STD';

/** The longest range one rates request or bulk edit covers: two years (the bookable horizon). */
export const MAX_RATE_DAYS = 731;

export const ZCancellationPolicy = z
  .object({
    /** Free until this many hours before the check-in time; null: the hotel's default (GUEST_CANCEL_HOURS). */
    freeHours: z.number().int().min(0, 'At least 0 hours.').max(24 * 90, 'At most 90 days.').nullable().default(null),
    penalty: z.enum(CANCEL_PENALTIES, { message: 'Choose the penalty after the cut-off.' }).default('first_night'),
    /** With `percent`: the share of the room charge. */
    penaltyPercent: z.number().min(1, 'Between 1 and 100 %.').max(100, 'Between 1 and 100 %.').nullable().default(null),
  })
  .refine((p) => p.penalty !== 'percent' || p.penaltyPercent !== null, {
    message: 'Say what percentage a late cancellation costs.',
    path: ['penaltyPercent'],
  });
export type TCancellationPolicy = z.output<typeof ZCancellationPolicy>;

/** What a plan asks at booking (issue 22): nothing, the first night, or a percentage of the stay. */
export const DEPOSIT_POLICIES = ['none', 'first_night', 'percent'] as const;
export type DepositPolicy = (typeof DEPOSIT_POLICIES)[number];

const ZDepositPolicy = z
  .object({
    policy: z.enum(DEPOSIT_POLICIES, { message: 'Choose what the plan asks at booking.' }).default('none'),
    /** With `percent`: the share of the stay's amount. */
    percent: z.number().min(1, 'Between 1 and 100 %.').max(100, 'Between 1 and 100 %.').nullable().default(null),
  })
  .refine((d) => d.policy !== 'percent' || d.percent !== null, { message: 'Say what percentage the deposit is.', path: ['percent'] });
export type TDepositPolicy = z.output<typeof ZDepositPolicy>;

/**
 * The deposit a policy asks of a stay as priced, in paisa-rounded Taka: the first night is its
 * share of the amount (its service charge, VAT and discount with it), a percentage is of the
 * whole amount.
 */
export function depositOf(deposit: TDepositPolicy, quote: { amount: number; lines: readonly { total: number }[] }): number {
  if (deposit.policy === 'none' || quote.amount <= 0) return 0;
  if (deposit.policy === 'percent') return Math.round(quote.amount * (deposit.percent ?? 100)) / 100;
  const base = quote.lines.reduce((sum, line) => sum + line.total, 0);
  const first = quote.lines[0]?.total ?? 0;
  return base > 0 ? Math.round((quote.amount * first * 100) / base) / 100 : 0;
}

/**
 * A plan's code, sent in either case and kept in capitals. "null" and "undefined" are what a
 * client's empty variable writes into a query (`?plan=null`): refused, never read as a plan NULL.
 * The first pattern is the one the API reference gives (the last speaks of the capitals).
 */
const ZCode = zText({ message: 'Give the plan a code.' })
  .trim()
  .refine((v) => !/^(null|undefined)$/i.test(v), { message: 'Send a plan code (such as STD), or leave it out.', abort: true })
  .regex(/^(?!(?:[Nn][Uu][Ll][Ll]|[Uu][Nn][Dd][Ee][Ff][Ii][Nn][Ee][Dd])$)[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/, {
    message: 'A code is 1–20 letters, digits, - or _.',
    abort: true,
  })
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{0,19}$/, 'A code is 1–20 letters, digits, - or _.');
const ZPlanName = zLine({ message: 'Give the plan a name.' }).trim().min(1, 'Give the plan a name.').max(60, 'At most 60 characters.');
const ZRuleName = zLine({ message: 'Name the season or rule in both languages.' }).trim().min(1, 'Name the season or rule in both languages.').max(60, 'At most 60 characters.');
/** A price: the folio's rule for amounts (whole paisa, money.ts), from ৳0. */
const ZTaka = (message: string) => zTaka({ message, min: 0, max: 10_000_000 });
/** A change of a price by an amount, either way. */
const ZTakaChange = zTaka({ message: 'Enter the amount of the change.', min: -1_000_000, max: 1_000_000, minMessage: 'Between −1,000,000 and +1,000,000.', maxMessage: 'Between −1,000,000 and +1,000,000.' });
/** A change of a price by a percentage. */
const ZPercentChange = zPercent({ min: -90, max: 500, message: 'Between −90 and +500 %.' });

/** A rate plan as the API sends it. */
export const ZRatePlan = z.object({
  _id: z.string(),
  category: z.string(),
  code: z.string(),
  name: z.object({ en: z.string(), bn: z.string() }),
  meal: z.enum(RATE_MEALS),
  /** Taka per person and night for the meal. */
  mealPrice: z.number(),
  /** The code of the plan this one follows, or null. */
  parent: z.string().nullable(),
  derivePercent: z.number(),
  deriveAmount: z.number(),
  /** False: sold at the desk only. */
  online: z.boolean(),
  couponsAllowed: z.boolean(),
  active: z.boolean(),
  cancellationPolicy: ZCancellationPolicy,
  deposit: ZDepositPolicy,
  /** Paid online when booked, its deposit or all of it (issue 33): the booking page offers no "Pay at the hotel". */
  onlinePaymentRequired: z.boolean(),
});
export type TRatePlan = z.infer<typeof ZRatePlan>;

const planFields = {
  name: z.object({ en: ZPlanName, bn: ZPlanName }),
  meal: z.enum(RATE_MEALS, { message: 'Choose what the plan includes.' }),
  mealPrice: ZTaka('Enter the meal price per person and night.'),
  parent: ZCode.nullable(),
  derivePercent: ZPercentChange,
  deriveAmount: ZTakaChange,
  online: z.boolean(),
  couponsAllowed: z.boolean(),
  active: z.boolean(),
  cancellationPolicy: ZCancellationPolicy,
  deposit: ZDepositPolicy,
  onlinePaymentRequired: z.boolean(),
};

/** `POST /api/rate-plans` (admin). */
export const ZRatePlanCreate = z.object({
  category: zText({ message: 'Choose a room type.' }).trim().min(1, 'Choose a room type.'),
  code: ZCode,
  name: planFields.name,
  meal: planFields.meal.default('none'),
  mealPrice: planFields.mealPrice.default(0),
  parent: planFields.parent.default(null),
  derivePercent: planFields.derivePercent.default(0),
  deriveAmount: planFields.deriveAmount.default(0),
  online: planFields.online.default(true),
  couponsAllowed: planFields.couponsAllowed.default(true),
  active: planFields.active.default(true),
  cancellationPolicy: ZCancellationPolicy.default({ freeHours: null, penalty: 'first_night', penaltyPercent: null }),
  deposit: ZDepositPolicy.default({ policy: 'none', percent: null }),
  onlinePaymentRequired: planFields.onlinePaymentRequired.default(false),
});
export type TRatePlanCreate = z.input<typeof ZRatePlanCreate>;

/** `PATCH /api/rate-plans/:id` (admin): any of the fields (the code and room type stay). */
export const ZRatePlanUpdate = z.object(planFields).partial();
export type TRatePlanUpdate = z.input<typeof ZRatePlanUpdate>;

export const ZRatePlanQuery = z.object({
  category: zText({ message: 'Choose a room type.' }).trim().min(1, 'Choose a room type.').optional(),
  includeInactive: z.enum(['0', '1', 'true', 'false']).optional(),
});

const ZDay = (name: string) => zText({ message: `${name} must be a date written YYYY-MM-DD.` }).refine(isIsoDate, `${name} must be a date written YYYY-MM-DD.`);

/** Whether [from, to] (inclusive) is in order and no longer than MAX_RATE_DAYS. */
const rangeOk = (r: { from: string; to: string }) =>
  // A wrong date is refused by its own field (zod runs this check all the same).
  !isIsoDate(r.from) || !isIsoDate(r.to) || (r.to >= r.from && r.to <= addDays(r.from, MAX_RATE_DAYS - 1));
const RANGE_MESSAGE = `The last day must be on or after the first, at most ${MAX_RATE_DAYS} days in all.`;

/** `GET /api/rates` (admin, staff): one plan's days from `from` to `to`, inclusive. */
export const ZRatesQuery = z
  .object({
    category: zText({ message: 'Choose a room type.' }).trim().min(1, 'Choose a room type.'),
    plan: ZCode.default(STANDARD_PLAN),
    from: ZDay('from'),
    to: ZDay('to'),
  })
  .refine(rangeOk, { message: RANGE_MESSAGE, path: ['to'] });

/**
 * The edit that set a day's price, as guests are told why a night costs what it does (issue 31):
 * its name as the admin gave it ("Eid season" / "ঈদের মৌসুম"), and the weekdays it was limited to
 * ("Friday and Saturday"); either may be null.
 */
const ZPriceRule = z.object({
  name: z.object({ en: z.string(), bn: z.string() }).nullable(),
  weekdays: z.array(z.number().int().min(0).max(6)).nullable(),
});
export type TPriceRule = z.infer<typeof ZPriceRule>;

/** One day of a plan, every value resolved (its own, its parent's, or the default). */
export const ZRateDay = z.object({
  date: z.string(),
  price: z.number(),
  extraAdult: z.number(),
  extraChild: z.number(),
  minStay: z.number(),
  maxStay: z.number().nullable(),
  closedToArrival: z.boolean(),
  closedToDeparture: z.boolean(),
  stopSell: z.boolean(),
  /** Whether this plan sets a value itself on this day (else it follows its parent or the default). */
  own: z.boolean(),
  /** The edit that set the day's price (this plan's, else its parent's); null: the room type's own price. */
  priceRule: ZPriceRule.nullable(),
});
export type TRateDay = z.infer<typeof ZRateDay>;

/** The values a bulk edit or a cell edit may set on a day (null: not set on this day). */
export const RATE_DAY_FIELDS = ['price', 'extraAdult', 'extraChild', 'minStay', 'maxStay', 'closedToArrival', 'closedToDeparture', 'stopSell'] as const;

/** `POST /api/rates/bulk` (admin): a date range, weekdays (0 = Sunday; all when absent) and what to set. */
export const ZRateBulk = z
  .object({
    category: zText({ message: 'Choose a room type.' }).trim().min(1, 'Choose a room type.'),
    plan: ZCode.default(STANDARD_PLAN),
    from: ZDay('from'),
    to: ZDay('to'),
    weekdays: z.array(z.number().int().min(0).max(6), { message: 'Weekdays are 0 (Sunday) to 6.' }).min(1, 'Tick at least one weekday.').max(7).optional(),
    price: ZTaka('Enter a price.').optional(),
    changePercent: ZPercentChange.optional(),
    changeAmount: ZTakaChange.optional(),
    extraAdult: ZTaka('Enter the extra adult price.').optional(),
    extraChild: ZTaka('Enter the extra child price.').optional(),
    minStay: z.number().int().min(1, 'At least 1 night.').max(60, 'At most 60 nights.').optional(),
    /** null clears the maximum. */
    maxStay: z.number().int().min(1, 'At least 1 night.').max(60, 'At most 60 nights.').nullable().optional(),
    closedToArrival: z.boolean().optional(),
    closedToDeparture: z.boolean().optional(),
    stopSell: z.boolean().optional(),
    /**
     * What guests are told sets the price of these days ("Eid season"), in both languages: shown
     * beside each night in "Why this price". Only with a price, or a change of it.
     */
    name: z.object({ en: ZRuleName, bn: ZRuleName }).optional(),
    /**
     * Values the plan no longer sets itself on these days: they follow its parent (or the
     * default) again. A value both set and cleared is refused.
     */
    clear: z.array(z.enum(RATE_DAY_FIELDS, { message: 'Not a value of a day.' })).max(RATE_DAY_FIELDS.length).optional(),
  })
  .refine(rangeOk, { message: RANGE_MESSAGE, path: ['to'] })
  .refine(
    (b) =>
      !(b.clear ?? []).some((field) => (field === 'price' ? [b.price, b.changePercent, b.changeAmount] : [b[field]]).some((v) => v !== undefined)),
    { message: 'A value cannot be both set and cleared.', path: ['clear'] },
  )
  .refine((b) => [b.price, b.changePercent, b.changeAmount].filter((v) => v !== undefined).length <= 1, {
    message: 'Set a price, or change it by a percentage or an amount: one of the three.',
    path: ['price'],
  })
  .refine(
    (b) =>
      [b.price, b.changePercent, b.changeAmount, b.extraAdult, b.extraChild, b.minStay, b.maxStay, b.closedToArrival, b.closedToDeparture, b.stopSell].some(
        (v) => v !== undefined,
      ) || (b.clear ?? []).length > 0,
    { message: 'Say what to change.', path: ['price'] },
  )
  .refine((b) => b.name === undefined || [b.price, b.changePercent, b.changeAmount].some((v) => v !== undefined), {
    message: 'A name says why a price is what it is: set a price, or change it, with it.',
    path: ['name'],
  })
  .refine((b) => b.minStay === undefined || b.maxStay === undefined || b.maxStay === null || b.maxStay >= b.minStay, {
    message: 'The maximum stay cannot be shorter than the minimum.',
    path: ['maxStay'],
  });
export type TRateBulk = z.input<typeof ZRateBulk>;

export type RateDayField = (typeof RATE_DAY_FIELDS)[number];
export type RateDayValues = { [K in RateDayField]: number | boolean | null };
/** A day as stored: its values, and the edit that set its price (null with no price of its own). */
export type StoredRateDay = RateDayValues & { priceRule: TPriceRule | null };

/** One edit in the log: who, when, what was asked, and each changed day before and after. */
export const ZRateChange = z.object({
  _id: z.string(),
  plan: z.string(),
  from: z.string(),
  to: z.string(),
  weekdays: z.array(z.number()).nullable(),
  change: z.record(z.string(), z.unknown()),
  days: z.number(),
  before: z.array(z.record(z.string(), z.unknown())),
  after: z.array(z.record(z.string(), z.unknown())),
  changedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  changedAt: z.string(),
});
export type TRateChange = z.infer<typeof ZRateChange>;

export const ZRateChangesQuery = z.object({
  category: zText({ message: 'Choose a room type.' }).trim().min(1, 'Choose a room type.'),
  plan: ZCode.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A stay refused by a rule: the code is always 'STAY_RULE'; `rule` and its values say which. */
type StayRule = 'minStay' | 'maxStay' | 'closedToArrival' | 'closedToDeparture' | 'stopSell';
export interface StayRuleRefusal {
  rule: StayRule;
  /** The day the rule is on (the arrival, the departure, or the night that does not sell). */
  date: string;
  minStay?: number;
  maxStay?: number;
}

/** `GET /api/rates/quote`: a stay's dates and guests, maybe one room type. */
export const ZStayQuoteQuery = z
  .object({
    checkIn: ZDay('checkIn'),
    checkOut: ZDay('checkOut'),
    adults: z.coerce.number().int().min(1, 'At least one adult.').max(3, 'At most 3 adults per room.').default(1),
    children: z.coerce.number().int().min(0).max(2, 'At most 2 children per room.').default(0),
    category: zText().trim().min(1).max(100).optional(),
    /** The desk's plans too (staff and admins at a walk-in; ignored for anyone else). */
    desk: z.enum(['1', 'true'], { message: 'desk is 1 or true.' }).optional(),
  })
  .refine((q) => !isIsoDate(q.checkIn) || !isIsoDate(q.checkOut) || (q.checkOut > q.checkIn && q.checkOut <= addDays(q.checkIn, 60)), {
    message: 'The check-out date must be after the check-in date, at most 60 nights later.',
    path: ['checkOut'],
  });

const ZQuotedPlan = z.object({
  code: z.string(),
  name: z.object({ en: z.string(), bn: z.string() }),
  meal: z.enum(RATE_MEALS),
  mealPrice: z.number(),
  couponsAllowed: z.boolean(),
  cancellationPolicy: ZCancellationPolicy,
  /** What the plan asks at booking (always sent; absent reads as none). */
  deposit: ZDepositPolicy.optional(),
  /** Paid online when booked (issue 33; absent reads as not). */
  onlinePaymentRequired: z.boolean().optional(),
  /**
   * Each night's room price on this plan (the room's supplement included) and the rule that set
   * it, whether the plan is open or a rule closes it: a closed stay still says what its nights cost.
   */
  nights: z.array(z.object({ date: z.string(), price: z.number(), rule: ZPriceRule.nullable() })),
  /** The stay's price on this plan (no coupon), or null when a rule closes it (`refusal`). */
  quote: z
    .object({
      lines: z.array(z.object({ date: z.string(), room: z.number(), extraAdults: z.number(), extraChildren: z.number(), meals: z.number(), total: z.number() })),
      nights: z.number(),
      perNightCost: z.number(),
      subtotal: z.number(),
      serviceCharge: z.number(),
      vat: z.number(),
      amount: z.number(),
    })
    .nullable(),
  refusal: z
    .object({ rule: z.enum(['minStay', 'maxStay', 'closedToArrival', 'closedToDeparture', 'stopSell']), date: z.string(), minStay: z.number().optional(), maxStay: z.number().optional() })
    .nullable(),
});

/** One room type free for the stay: the room its Book button books, how many are free, and each plan's price or the rule that closes it. */
export const ZStayQuote = z.object({
  category: z.string(),
  roomId: z.string(),
  free: z.number(),
  plans: z.array(ZQuotedPlan),
});
export type TStayQuote = z.infer<typeof ZStayQuote>;

/** `GET /api/bookings/:id/cancellation`: what cancelling now would cost, before the guest or the desk confirms. */
export const ZCancellationQuote = z.object({
  fee: z.number(),
  /** True while cancelling is free. */
  free: z.boolean(),
  /** Until when it is free (null: a non-refundable plan, never free). */
  freeUntil: z.string().nullable(),
  policy: ZCancellationPolicy,
});
export type TCancellationQuote = z.infer<typeof ZCancellationQuote>;
