import { sql } from 'drizzle-orm';
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

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const userRole = pgEnum('user_role', ['admin', 'user', 'staff']);

/** Membership numbers read RS100001, RS100002, …: short enough to say at a front desk. */
export const membershipNumberSeq = pgSequence('membership_number_seq', { startWith: 100001 });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
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
export const bookingStatus = pgEnum('booking_status', ['active', 'cancelled']);
export const bookingSource = pgEnum('booking_source', ['online', 'walk-in']);

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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bookings_transaction_id_key').on(t.transactionId),
    index('bookings_user_idx').on(t.userId),
    index('bookings_created_idx').on(t.createdAt),
    check('bookings_dates_in_order', sql`${t.checkOut} > ${t.checkIn}`),
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
export const language = pgEnum('language', ['en', 'bn']);

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
