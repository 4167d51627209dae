import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { onlineGateway } from './schema-online-payments.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const userRole = pgEnum('user_role', ['admin', 'user', 'staff']);
/** The site's languages (type made in migration 0007): of accounts, bookings and event requests. */
export const language = pgEnum('language', ['en', 'bn']);

/** Membership numbers read RS100001, RS100002, …: short enough to say at a front desk. */
export const membershipNumberSeq = pgSequence('membership_number_seq', { startWith: 100001 });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a guest booked at the desk with a name and phone only (0012): no sign-in until the desk adds one. */
    email: text('email'),
    name: text('name').notNull(),
    /** Null for accounts that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    role: userRole('role').notNull().default('user'),
    phone: text('phone'),
    address: text('address'),
    image: text('image'),
    membershipNumber: text('membership_number')
      .notNull()
      .default(sql`'RS' || nextval('membership_number_seq')::text`),
    googleSubject: text('google_subject'),
    /** Tokens issued before this moment are refused (set when the password is reset). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true, mode: 'date' }),
    /** The phone was verified with a one-time code at this time (issue 34). */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true, mode: 'date' }),
    /** SMS wanted; null: the default (on for a Bangladeshi number). */
    smsOptIn: boolean('sms_opt_in'),
    /** The site's language when they signed up or last booked: their mails are written in it (0010). */
    language: language('language').notNull().default('en'),
    ...timestamps,
    /** Accounts are closed, never erased: their stays must stay readable. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('users_email_active_key').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_membership_number_key').on(t.membershipNumber),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    index('users_role_idx').on(t.role),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: the e-mailed link is the only copy of the secret. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/**
 * The outbox: a mail is written here in the same transaction as the change that causes it and
 * sent later by the worker, so no message is lost when SMTP is down.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A worker that claimed the mail holds it until then; after that another may retry it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** Files drawn at send time by the mailer's resolvers (an invoice's PDF): references, not bytes (migration 0017). */
    attachments: jsonb('attachments').$type<{ kind: string; ref: string; filename: string }[]>(),
    /** A mail rendered when sent: its template's type, language and values (migration 0035); null once rendered. */
    template: jsonb('template').$type<{ type: string; language: string; values: Record<string, string | number | null | undefined> }>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('outbox_mails_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Sections of the room template, stored as the spec's nested objects (validated by zod on the way in). */
type Section = Record<string, unknown>;
const templateColumns = {
  roomOverview: jsonb('room_overview').$type<Section>().notNull().default({}),
  specialBenefits: jsonb('special_benefits').$type<string[]>().notNull().default([]),
  bedsAndBedding: jsonb('beds_and_bedding').$type<Section>().notNull().default({}),
  roomFeatures: jsonb('room_features').$type<Section>().notNull().default({}),
  bathAndBathroomFeatures: jsonb('bath_and_bathroom_features').$type<Section>().notNull().default({}),
  furnitureAndFurnishings: jsonb('furniture_and_furnishings').$type<Section>().notNull().default({}),
  foodAndBeverages: jsonb('food_and_beverages').$type<Section>().notNull().default({}),
  internetAndPhones: jsonb('internet_and_phones').$type<Section>().notNull().default({}),
  entertainment: jsonb('entertainment').$type<Section>().notNull().default({}),
  accessibleRoomFeatures: jsonb('accessible_room_features').$type<Section>().notNull().default({}),
};

/** Money in Taka, with paisa: VAT and service charge make fractions. */
const taka = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** A room category: the template its rooms are made from. Its name is its identifier. */
export const roomCategories = pgTable(
  'room_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    rackRate: taka('rack_rate').notNull().default(0),
    offerPrice: taka('offer_price').notNull().default(5500),
    /** Guests the rate includes; each one beyond pays the night's extra adult or child price (0014). */
    includedAdults: integer('included_adults').notNull().default(2),
    includedChildren: integer('included_children').notNull().default(0),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    ...templateColumns,
    /** Texts shown to guests in other languages: `{ bn: { name, description, … } }`. */
    translations: jsonb('translations').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('room_categories_name_key').on(t.name)],
);

export const roomStatus = pgEnum('room_status', ['available', 'booked', 'maintenance', 'cleaning', 'unavailable']);

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The category's name (its identifier). No foreign key on purpose: a retired room keeps the
     * name of the category it belonged to, even after that category is deleted.
     */
    category: text('category').notNull(),
    /** Normalised (uppercase alphanumerics); unique among rooms that are not deleted. */
    roomNumber: text('room_number').notNull(),
    name: text('name').notNull(),
    status: roomStatus('status').notNull().default('available'),
    price: taka('price').notNull(),
    /** Taka the room adds to its type's nightly rate (a view, a floor); may be negative (0014). */
    supplement: taka('supplement').notNull().default(0),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    ...templateColumns,
    ...timestamps,
    /** Rooms are retired, never erased: past stays keep pointing at them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('rooms_room_number_active_key').on(t.roomNumber).where(sql`${t.deletedAt} is null`),
    index('rooms_category_idx').on(t.category),
    index('rooms_status_idx').on(t.status),
  ],
);

export const discountType = pgEnum('discount_type', ['percentage', 'fixed']);

/** Coupons; the code is kept in capitals, so codes are unique whatever their case. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    discountType: discountType('discount_type').notNull(),
    discountValue: taka('discount_value').notNull(),
    /** The last day the code works (at the hotel). */
    expirationDate: date('expiration_date', { mode: 'string' }).notNull(),
    minimumPurchaseAmount: taka('minimum_purchase_amount').notNull().default(0),
    /** 0 means unlimited. */
    usageLimit: integer('usage_limit').notNull().default(0),
    usedCount: integer('used_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check('coupons_usage_within_limit', sql`${t.usageLimit} = 0 or ${t.usedCount} <= ${t.usageLimit}`),
  ],
);

export const paymentStatus = pgEnum('payment_status', ['Pending', 'Paid']);

/**
 * A booking's state as a number (booking-states.ts: bookingState): 0 unconfirmed, 1 confirmed,
 * 2 checked in, 3 checked out, 4 cancelled, 5 no-show. The reservation list's filter and its
 * index use this one expression, so that every state is one equality, its rows newest first.
 */
export const BOOKING_STATE_NUMBERS = { unconfirmed: 0, confirmed: 1, checked_in: 2, checked_out: 3, cancelled: 4, no_show: 5 } as const;
export function bookingStateSql(status: SQLWrapper, stage: SQLWrapper, isConfirmed: SQLWrapper): SQL {
  // 'no_show' is left unnamed (the one status neither active nor cancelled): the migration that
  // adds the value to the enum cannot also use it, PostgreSQL refuses that in one transaction.
  return sql`(case when ${status} = 'cancelled' then 4 when ${status} <> 'active' then 5 when ${stage} = 'checked_in' then 2 when ${stage} = 'checked_out' then 3 when ${isConfirmed} then 1 else 0 end)`;
}

/**
 * A booking's payment state as a number (booking-states.ts: paymentState): 2 paid (its
 * reservation settled: the spec's paymentStatus 'Paid'), 1 partly paid, 0 unpaid. The list's
 * filter and its index use this one expression, so that the index serves the filter.
 */
export function paymentStateSql(status: SQLWrapper, paid: SQLWrapper): SQL {
  return sql`(case when ${status} = 'Paid' then 2 when ${paid} > 0 then 1 else 0 end)`;
}
/** Only `active` stays hold their nights (the overlap constraint and the availability index count only them). */
export const bookingStatus = pgEnum('booking_status', ['active', 'cancelled', 'no_show']);
export const bookingSource = pgEnum('booking_source', ['online', 'walk-in', 'channel']);
/** The front desk's progress through a stay. */
export const bookingStage = pgEnum('booking_stage', ['booked', 'checked_in', 'checked_out']);
export const paymentKind = pgEnum('payment_kind', ['payment', 'refund']);
export const paymentMethod = pgEnum('payment_method', ['cash', 'card', 'bkash', 'nagad', 'bank_transfer', 'rocket', 'upay']);

/**
 * A stay. The database refuses two stays of one room that overlap (an exclusion constraint in
 * migration 0005), so no race can double-book. Cancelled stays are kept, and free their dates.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: text('transaction_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    /** The room's category and number when booked: what the guest was sold. */
    roomCategory: text('room_category').notNull(),
    roomNumber: text('room_number').notNull(),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    adults: integer('adults').notNull(),
    children: integer('children').notNull().default(0),
    phone: text('phone').notNull(),
    address: text('address'),
    airportShuttle: boolean('airport_shuttle').notNull().default(false),
    nights: integer('nights').notNull(),
    perNightCost: taka('per_night_cost').notNull(),
    subtotal: taka('subtotal').notNull(),
    discount: taka('discount').notNull().default(0),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    withOutVatAndService: taka('without_vat_and_service').notNull(),
    serviceCharge: taka('service_charge').notNull(),
    vat: taka('vat').notNull(),
    amount: taka('amount').notNull(),
    paymentStatus: paymentStatus('payment_status').notNull().default('Pending'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    status: bookingStatus('status').notNull().default('active'),
    source: bookingSource('source').notNull().default('online'),
    createdBy: uuid('created_by').references(() => users.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    stage: bookingStage('stage').notNull().default('booked'),
    /**
     * The check-out day the guest booked, kept when an early check-out moved `check_out` to the
     * day they left (which frees the nights after it); null while the stay runs as booked.
     */
    bookedCheckOut: date('booked_check_out', { mode: 'string' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }),
    checkedInBy: uuid('checked_in_by').references(() => users.id),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true, mode: 'date' }),
    checkedOutBy: uuid('checked_out_by').references(() => users.id),
    noShowAt: timestamp('no_show_at', { withTimezone: true, mode: 'date' }),
    noShowBy: uuid('no_show_by').references(() => users.id),
    /** A check-in without complete registration cards says why (issue 34, migration 0029). */
    registrationNote: text('registration_note'),
    registrationNoteBy: uuid('registration_note_by').references(() => users.id),
    registrationNoteAt: timestamp('registration_note_at', { withTimezone: true, mode: 'date' }),
    /** Set while every card of the room is complete (kept by the register's service on each save). */
    registrationCompleteAt: timestamp('registration_complete_at', { withTimezone: true, mode: 'date' }),
    /** The pre-arrival message with the online check-in link went at this time (once). */
    preArrivalSentAt: timestamp('pre_arrival_sent_at', { withTimezone: true, mode: 'date' }),
    /**
     * The booking's share of its reservation's money received (payments less refunds), kept by
     * the triggers of migration 0017, which also keep `payment_status` 'Paid' exactly when the
     * reservation's balance is nothing.
     */
    paidAmount: taka('paid_amount').notNull().default(0),
    /** The reservation the booking is one room of (issue 22, migration 0017). */
    reservationId: uuid('reservation_id').notNull(),
    /**
     * The sum of the booking's folio lines, kept by a trigger (migration 0017): what the room
     * costs now (extras, reversals, a penalty); `amount` stays the price it was sold at.
     */
    charged: taka('charged').notNull().default(0),
    /** The site's language when booked: the stay's e-mails are written in it (0010). */
    language: language('language').notNull().default('en'),
    /** The rate plan sold (issue 21); its nights are in booking_nights. */
    ratePlanCode: text('rate_plan_code').notNull().default('STD'),
    /** The plan's cancellation policy when booked (TCancellationPolicy). */
    cancellationPolicy: jsonb('cancellation_policy').$type<Record<string, unknown>>(),
    /** What the cancellation cost under that policy, once cancelled. */
    cancellationFee: taka('cancellation_fee'),
    /** The deposit the plan asked when booked, and by when (migration 0018). */
    deposit: taka('deposit').notNull().default(0),
    depositDueAt: timestamp('deposit_due_at', { withTimezone: true, mode: 'date' }),
    /** The part of `deposit` the reservation's money does not cover yet, kept by the triggers of 0018. */
    depositDue: taka('deposit_due').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bookings_transaction_id_key').on(t.transactionId),
    index('bookings_user_idx').on(t.userId),
    index('bookings_created_idx').on(t.createdAt),
    // The front desk's in-house guests and departures: few rows, found without a scan.
    index('bookings_in_house_idx').on(t.checkOut).where(sql`${t.stage} = 'checked_in'`),
    // The reservation list by state, newest first: a page and its count read only that state's rows.
    index('bookings_state_idx').on(bookingStateSql(t.status, t.stage, t.isConfirmed), t.createdAt),
    // The list's from/to over stays of every status (the indexes of migration 0005 hold only
    // active ones). Same range expression as theirs.
    index('bookings_stay_dates_idx').using('gist', sql`daterange(${t.checkIn}, ${t.checkOut}, '[)')`),
    // The list by payment state, newest first: the expression of paymentStateSql (0 unpaid,
    // 1 partly paid, 2 paid), written the same way in the repository's conditions.
    index('bookings_payment_state_idx').on(paymentStateSql(t.paymentStatus, t.paidAmount), t.createdAt),
    check('bookings_dates_in_order', sql`${t.checkOut} > ${t.checkIn}`),
    // Only a confirmed, active stay moves past `booked`.
    check('bookings_stage_needs_active_confirmed', sql`${t.stage} = 'booked' or (${t.status} = 'active' and ${t.isConfirmed})`),
    check('bookings_paid_amount_not_negative', sql`${t.paidAmount} >= 0`),
  ],
);

/**
 * Money received for a stay: append-only (a correction is a new row, never an edit). Its
 * totals live on the reservation and its bookings (`paid`, `paid_amount`, `payment_status`),
 * kept by triggers (migration 0017). A refund is a row of kind 'refund'.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The booking it was taken through, when there was one (issue 22: money belongs to the reservation). */
    bookingId: uuid('booking_id').references(() => bookings.id),
    reservationId: uuid('reservation_id').notNull(),
    kind: paymentKind('kind').notNull().default('payment'),
    /** Why a refund was given (required for refunds). */
    reason: text('reason'),
    amount: taka('amount').notNull(),
    method: paymentMethod('method').notNull(),
    /** When the money was received (may be earlier than when it was recorded). */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Null for the payments carried over from the days of a bare 'Paid' flag. */
    recordedBy: uuid('recorded_by').references(() => users.id),
    note: text('note'),
    /** The transaction's own reference (a bKash or Nagad TrxID, a card slip…), as the desk typed it (migration 0011). */
    reference: text('reference'),
    /** A payment or refund through a gateway (migration 0028): which, and its own reference (val_id, trxID, refund id). */
    gateway: onlineGateway('gateway'),
    gatewayRef: text('gateway_ref'),
    /** What else the gateway told: bank_tran_id, card type and brand, store_amount (the fee it kept is amount − store_amount). */
    gatewayDetails: jsonb('gateway_details').$type<Record<string, unknown>>(),
    onlineSessionId: uuid('online_session_id'),
    /** The payment a gateway refund gives back. */
    refundOf: uuid('refund_of'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Every status a room has had and since when, written by a trigger on `rooms` (migration 0008)
 * whatever changed it: the occupancy of past months counts the nights a room was in service.
 */
export const roomStatusChanges = pgTable(
  'room_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
    status: roomStatus('status').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the room next changed status; null while this status holds. */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('room_status_changes_room_idx').on(t.roomId, t.changedAt),
    // Spells of maintenance are few among the many cleanings: the dashboard finds them here.
    index('room_status_changes_maintenance_idx').on(t.changedAt, t.endedAt).where(sql`${t.status} = 'maintenance'`),
  ],
);

/**
 * Facts about the database itself, one row per key. `demo-seed` records that demo data was put
 * into this database when it was new (`started`, then `done`), so demo data is only ever
 * seeded into an empty database, and a first start cut off half-way finishes the job.
 */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A hall of the hotel for meetings and events, shown on /events. */
export const venues = pgTable('venues', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  area: integer('area'),
  /** Seats per layout: `{ "Theater Style": 220, … }`. */
  capacities: jsonb('capacities').$type<Record<string, number>>().notNull().default({}),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  translations: jsonb('translations').$type<{ bn?: { name?: string; description?: string } }>().notNull().default({}),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});

export const eventType = pgEnum('event_type', ['Conference', 'Wedding', 'Birthday', 'Corporate', 'Other']);
export const eventLayout = pgEnum('event_layout', ['Classroom Setup', 'U-Shape Layout', 'I-Shape Layout', 'Theater Style', 'Custom Layout']);
export const foodPreference = pgEnum('food_preference', ['buffet', 'plated', 'snacks', 'none']);
export const eventStatus = pgEnum('event_status', ['pending', 'confirmed', 'cancelled']);

/** A request for a hall (spec section 3, Event request): from anyone, no account needed. */
export const eventRequests = pgTable(
  'event_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the requester is given to quote, e.g. EVT-7K3F9Q2M. */
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    company: text('company'),
    eventType: eventType('event_type').notNull(),
    layout: eventLayout('layout').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'HH:mm' at the hotel. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    guestCount: integer('guest_count').notNull(),
    foodPreference: foodPreference('food_preference').notNull().default('none'),
    additionalRequirements: text('additional_requirements'),
    preferenceImage: text('preference_image'),
    status: eventStatus('status').notNull().default('pending'),
    /** The site's language when asked: the requester's mails are written in it. */
    language: language('language').notNull().default('en'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('event_requests_reference_key').on(t.reference),
    index('event_requests_status_date_idx').on(t.status, t.date),
    index('event_requests_created_idx').on(t.createdAt),
  ],
);

export const serviceType = pgEnum('service_type', [
  'housekeeping',
  'extra_towels',
  'room_service',
  'laundry',
  'maintenance',
  'wake_up_call',
  'other',
]);

/** A guest's request for a service during a stay (spec section 3, Service request). */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    service: serviceType('service').notNull(),
    description: text('description').notNull().default(''),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    completedBy: uuid('completed_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('service_requests_open_idx').on(t.isCompleted, t.createdAt),
    index('service_requests_user_idx').on(t.userId),
    index('service_requests_booking_idx').on(t.bookingId),
  ],
);

/**
 * The hotel's business per day, kept by statement triggers on `bookings` and `payments`
 * (migration 0009) so that the admin dashboard sums a few hundred rows instead of every stay
 * and payment of a period. A stay adds its arrival and its per-night room revenue
 * (`without_vat_and_service` ÷ nights) on its check-in day and takes them off on its check-out
 * day: the running sum up to a day is what that night sold. Only active stays count; a payment
 * counts on its day at the hotel (app_meta 'reporting-time-zone') unless its booking is
 * cancelled. Derived data: `rebuild_daily_totals(time zone)` makes it again from the stays and
 * payments, which the API does when HOTEL_TIME_ZONE is not the one it was built for.
 */
export const dailyTotals = pgTable('daily_totals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  arrivals: integer('arrivals').notNull().default(0),
  departures: integer('departures').notNull().default(0),
  /** Per-night room revenue of the stays that begin this day (exact: numeric without a scale). */
  rateIn: numeric('rate_in', { mode: 'number' }).notNull().default(0),
  /** Per-night room revenue of the stays that end this day. */
  rateOut: numeric('rate_out', { mode: 'number' }).notNull().default(0),
  /** Taka received this day, at the hotel. */
  received: numeric('received', { mode: 'number' }).notNull().default(0),
});

// Tables of later features, each in its own file.
export * from './schema-content.ts';
export * from './schema-email-templates.ts';
export * from './schema-channels.ts';
export * from './schema-rates.ts';
export * from './schema-folio.ts';
export * from './schema-idempotency.ts';
export * from './schema-online-payments.ts';
export * from './schema-guest-register.ts';
export * from './schema-audit.ts';
