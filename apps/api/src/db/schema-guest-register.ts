import { bigserial, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * The guest register (issue 34, migration 0029, decision 0022): registration cards, their
 * encrypted photos, the log of who viewed them, and SMS. As in schema-folio.ts, the foreign keys
 * are in the migration, and the enum columns (mail_status, language) are read as text, so this
 * file imports no other schema file.
 */

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One guest of one room: an adult's registration card, or a child listed by name and age. */
export const guestCards = pgTable(
  'guest_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').$type<'adult' | 'child'>().notNull(),
    fullName: text('full_name'),
    /** Father's or husband's name, as the police's form asks. */
    guardianName: text('guardian_name'),
    address: text('address'),
    /** ISO 3166 alpha-2 (BD for a Bangladeshi). */
    nationality: text('nationality'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    age: integer('age'),
    phone: text('phone'),
    idType: text('id_type').$type<'nid' | 'passport' | 'driving_licence' | 'birth_certificate'>(),
    idNumber: text('id_number'),
    purpose: text('purpose'),
    arrivingFrom: text('arriving_from'),
    goingTo: text('going_to'),
    passportCountry: text('passport_country'),
    visaType: text('visa_type'),
    visaNumber: text('visa_number'),
    visaExpiry: date('visa_expiry', { mode: 'string' }),
    enteredBangladesh: date('entered_bangladesh', { mode: 'string' }),
    phoneVerifiedAt: moment('phone_verified_at'),
    filledBy: uuid('filled_by'),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    erasedAt: moment('erased_at'),
  },
  (t) => [index('guest_cards_booking_idx').on(t.bookingId, t.position)],
);

/** An ID document's or a guest's photo: its encrypted bytes are in private storage under `storageKey`. */
export const guestPhotos = pgTable(
  'guest_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id').notNull(),
    kind: text('kind').$type<'document' | 'portrait'>().notNull(),
    storageKey: text('storage_key'),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: uuid('created_by'),
    createdAt: moment('created_at').notNull().defaultNow(),
    deletedAt: moment('deleted_at'),
  },
  (t) => [index('guest_photos_card_idx').on(t.cardId, t.kind, t.createdAt)],
);

/** Every view or download of a card, a photo or the register. Written, never changed. */
export const idViews = pgTable(
  'id_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    viewerId: uuid('viewer_id'),
    viewerRole: text('viewer_role').notNull(),
    action: text('action').$type<'cards' | 'photo' | 'card_pdf' | 'register'>().notNull(),
    bookingId: uuid('booking_id'),
    cardId: uuid('card_id'),
    photoId: uuid('photo_id'),
    guestName: text('guest_name'),
    detail: text('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: moment('at').notNull().defaultNow(),
  },
  (t) => [index('id_views_at_idx').on(t.at)],
);

/** The SMS outbox: written in the change's transaction, sent once by the SMS worker, retried with back-off. */
export const outboxSms = pgTable(
  'outbox_sms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    lockedUntil: moment('locked_until'),
    lastError: text('last_error'),
    providerRef: text('provider_ref'),
    deliveryStatus: text('delivery_status'),
    deliveredAt: moment('delivered_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
    sentAt: moment('sent_at'),
  },
  (t) => [index('outbox_sms_due_idx').on(t.status, t.nextAttemptAt)],
);

/** The admin's text of an SMS type in a language (the built-in default when there is none). */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    type: text('type').notNull(),
    language: text('language').$type<'en' | 'bn'>().notNull(),
    body: text('body').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.language] })],
);

/** A one-time code sent to verify a phone (only its hash is kept). */
export const phoneCodes = pgTable('phone_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  userId: uuid('user_id'),
  ip: text('ip'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: moment('expires_at').notNull(),
  verifiedAt: moment('verified_at'),
  createdAt: moment('created_at').notNull().defaultNow(),
});

export type GuestCardRow = typeof guestCards.$inferSelect;
export type GuestPhotoRow = typeof guestPhotos.$inferSelect;
