import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The rate calendar (issue 21, migration 0014, decision 0012). The foreign keys are in the
 * migration (room types, users, bookings), not here, so this file imports no other schema file.
 */
export const rateMeal = pgEnum('rate_meal', ['none', 'breakfast']);
export const cancelPenalty = pgEnum('cancel_penalty', ['first_night', 'percent', 'whole_stay', 'non_refundable']);
export const depositPolicy = pgEnum('deposit_policy', ['none', 'first_night', 'percent']);

const taka = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const ratePlans = pgTable(
  'rate_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameBn: text('name_bn').notNull(),
    meal: rateMeal('meal').notNull().default('none'),
    mealPrice: taka('meal_price').notNull().default(0),
    parentId: uuid('parent_id'),
    derivePercent: numeric('derive_percent', { precision: 7, scale: 2, mode: 'number' }).notNull().default(0),
    deriveAmount: taka('derive_amount').notNull().default(0),
    online: boolean('online').notNull().default(true),
    couponsAllowed: boolean('coupons_allowed').notNull().default(true),
    active: boolean('active').notNull().default(true),
    cancelFreeHours: integer('cancel_free_hours'),
    cancelPenalty: cancelPenalty('cancel_penalty').notNull().default('first_night'),
    cancelPenaltyPercent: numeric('cancel_penalty_percent', { precision: 5, scale: 2, mode: 'number' }),
    /** What the plan asks at booking (migration 0018); `depositPercent` with 'percent'. */
    depositPolicy: depositPolicy('deposit_policy').notNull().default('none'),
    depositPercent: numeric('deposit_percent', { precision: 5, scale: 2, mode: 'number' }),
    /** The plan is paid online when booked, its deposit or all of it (migration 0028). */
    onlinePaymentRequired: boolean('online_payment_required').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rate_plans_category_code_key').on(t.categoryId, t.code),
    check('rate_plans_not_self_parent', sql`${t.parentId} IS NULL OR ${t.parentId} <> ${t.id}`),
    check('rate_plans_deposit_percent', sql`${t.depositPolicy} <> 'percent' OR coalesce(${t.depositPercent} BETWEEN 1 AND 100, false)`),
  ],
);

/** One row per plan and day; a null value is "not set on this day". */
export const rateDays = pgTable(
  'rate_days',
  {
    planId: uuid('plan_id')
      .notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    price: taka('price'),
    extraAdult: taka('extra_adult'),
    extraChild: taka('extra_child'),
    minStay: integer('min_stay'),
    maxStay: integer('max_stay'),
    closedToArrival: boolean('closed_to_arrival'),
    closedToDeparture: boolean('closed_to_departure'),
    stopSell: boolean('stop_sell'),
    /** The edit that set `price` (its name in both languages, its weekdays): "Why this price" names it (migration 0025). */
    priceRule: jsonb('price_rule').$type<{ name: { en: string; bn: string } | null; weekdays: number[] | null }>(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.day] })],
);

export const rateChanges = pgTable(
  'rate_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    weekdays: integer('weekdays').array(),
    change: jsonb('change').$type<Record<string, unknown>>().notNull(),
    days: integer('days').notNull(),
    before: jsonb('before').$type<Record<string, unknown>[]>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>[]>().notNull(),
    changedBy: uuid('changed_by'),
    /** When the edit was written, under its plan's lock (clock_timestamp(), migration 0027). */
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`clock_timestamp()`),
    /**
     * The log's order: numbered when written, under the plan's lock, so in the order the edits
     * took effect (migration 0027). The transaction's start time, now(), is not that order.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_changes_plan_idx').on(t.planId, t.seq.desc())],
);

/** Each night of a booking as sold: never changed by a rate edit. */
export const bookingNights = pgTable(
  'booking_nights',
  {
    bookingId: uuid('booking_id')
      .notNull(),
    night: date('night', { mode: 'string' }).notNull(),
    planCode: text('plan_code').notNull(),
    roomPrice: taka('room_price').notNull(),
    extraAdults: taka('extra_adults').notNull().default(0),
    extraChildren: taka('extra_children').notNull().default(0),
    meals: taka('meals').notNull().default(0),
    overrideReason: text('override_reason'),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.night] })],
);
