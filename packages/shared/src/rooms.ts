import { z } from 'zod';
import { ZPageQuery } from './api.ts';
import { isIsoDate } from './dates.ts';
import { zLine, zText } from './text.ts';
import {
  CATEGORY_ROOM_LIST_LIMIT,
  DEFAULT_OFFER_PRICE,
  DEFAULT_RACK_RATE,
  MAX_ROOM_IMAGES,
  ROOM_STATUSES,
  normalizeRoomNumber,
} from './room-rules.ts';

/*
 * The room template of spec section 3, shared by rooms and room categories. The per-room
 * validation messages of spec section 5 are carried word for word: the server checks every
 * room it creates with them, and the forms show them.
 */

/**
 * A number field. Forms convert numeric inputs to numbers before sending (spec section 5), so
 * text here is a mistake and gets the spec's message. (No coercion: these schemas also
 * describe responses, which must encode both ways.)
 */
const num = (message: string) => z.number({ message });
const required = (message: string) => zText({ message }).trim().min(1, message);
const text = (max = 500) => zText().trim().max(max);
const list = (message: string) => z.array(zText().trim().min(1).max(200), { message }).max(50);
const flag = z.boolean();

const ZImageList = z.array(zText().trim().min(1).max(2048)).max(30);

const ZRoomOverview = z.object({
  name: zLine({ message: 'Room name is required' }).trim().min(1, 'Room name is required').pipe(zText().max(120)),
  description: required('Room description is required').pipe(zText().max(4000)),
  size: required('Room size is required').pipe(zText().max(120)),
  wireless_internet: required('Wireless internet is required').pipe(zText().max(200)),
  room_number: zText().optional(),
});

const ZBedsAndBedding = z
  .object({
    maximum_occupancy: num('Maximum occupancy must be a number').pipe(
      z.number().int().min(1, 'Maximum occupancy must be at least 1').max(20),
    ),
    maximum_adults: num('Maximum adults must be a number').pipe(
      z.number().int().min(1, 'Maximum adults must be at least 1').max(20),
    ),
    maximum_children: num('Maximum children must be a number').pipe(z.number().int().min(0).max(20)),
    maximum_infants: num('Maximum infants must be a number').pipe(z.number().int().min(0).max(20)),
    extra_adult_charge: num('Extra adult charge must be a number').pipe(z.number().min(0)).default(0),
    beds: required('Beds are required').pipe(zText().max(200)),
    rollaway_beds_permitted: flag,
    cribs_permitted: num('Cribs permitted must be a number').pipe(z.number().int().min(0).max(10)),
    duvet: flag,
  })
  .refine((b) => b.maximum_adults <= b.maximum_occupancy, {
    message: 'Maximum adults cannot exceed maximum occupancy',
    path: ['maximum_adults'],
  });

const ZRoomFeatures = z.object({
  air_conditioned: flag,
  non_smoking: flag,
  connecting_rooms_available: flag,
  windows: required('Windows are required').pipe(zText().max(200)),
  hooks: flag,
  usb_outlets: flag,
});

const ZBathFeatures = z.object({
  separate_bathtub_and_shower: flag,
  lighted_makeup_mirror: flag,
  hair_dryer: flag,
  robe: flag,
  slippers: flag,
});

const ZFurniture = z.object({
  alarm_clock: flag,
  safe_in_room: flag,
  safe_fee: flag,
  desk: flag,
  electrical_outlet: flag,
  iron_and_ironing_board: flag,
  trouser_press: flag,
});

const ZFoodAndBeverages = z.object({
  room_service: required('Room service is required').pipe(zText().max(200)),
  bottled_water: required('Bottled water is required').pipe(zText().max(200)),
  coffee_tea_maker: flag,
  instant_hot_water: flag,
  minibar: required('Minibar is required').pipe(zText().max(200)),
});

const ZInternetAndPhones = z.object({
  phones: num('Phones must be a number').pipe(z.number().int().min(0).max(20)),
  phone_features: list('Phone features must be an array'),
  wireless_internet: text(200),
});

const ZEntertainment = z.object({
  plug_in_high_tech_room: flag,
  cable_satellite: flag,
  international_channels: list('International channels must be an array'),
});

const ZAccessibleFeatures = z.object({
  mobility_accessible_rooms: flag,
  roll_in_shower: flag,
  hearing_accessible_rooms: flag,
});

/** The sections every room and every category template has. */
const ZRoomTemplate = z.object({
  room_overview: ZRoomOverview,
  special_benefits: list('Special benefits must be an array'),
  beds_and_bedding: ZBedsAndBedding,
  room_features: ZRoomFeatures,
  bath_and_bathroom_features: ZBathFeatures,
  furniture_and_furnishings: ZFurniture,
  food_and_beverages: ZFoodAndBeverages,
  internet_and_phones: ZInternetAndPhones,
  entertainment: ZEntertainment,
  accessible_room_features: ZAccessibleFeatures,
});
export type TRoomTemplate = z.infer<typeof ZRoomTemplate>;

const ZRoomStatus = z.enum(ROOM_STATUSES, {
  message: 'Status must be available, booked, maintenance, cleaning or unavailable.',
});

const ZPrice = num('Price must be a number').pipe(z.number().min(0, 'Price cannot be negative').max(10_000_000));

/** A room as the admin creates it (`POST /api/room/create-room`) and as category sync builds it. */
const ZRoomImages = z
  .array(zText().trim().min(1).max(2048))
  .max(MAX_ROOM_IMAGES, 'Maximum 3 images allowed');
const ZRoomOverviewInput = ZRoomOverview.extend({
  room_number: required('Room number is required')
    .transform(normalizeRoomNumber)
    .pipe(zText().min(1, 'Room number is required').max(20, 'Room number is too long')),
});

export const ZRoomInput = ZRoomTemplate.extend({
  category: required('Category is required'),
  status: ZRoomStatus.default('available'),
  price: ZPrice,
  images: ZRoomImages.default([]),
  room_overview: ZRoomOverviewInput,
});
export type TRoomInput = z.input<typeof ZRoomInput>;

/**
 * `PATCH /api/room/:id`: any part of a room, each section whole; staff may send only
 * `{ status }`. No defaults here: a field left out stays as it is.
 */
export const ZRoomPatch = ZRoomTemplate.partial().extend({
  category: required('Category is required').optional(),
  status: ZRoomStatus.optional(),
  price: ZPrice.optional(),
  images: ZRoomImages.optional(),
  room_overview: ZRoomOverviewInput.optional(),
});
export type TRoomPatch = z.input<typeof ZRoomPatch>;

/** A room as the API answers it. */
export const ZRoom = ZRoomTemplate.extend({
  _id: z.string(),
  category: z.string(),
  status: ZRoomStatus,
  price: z.number(),
  images: z.array(z.string()),
  room_overview: ZRoomOverview.extend({ room_number: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRoom = z.infer<typeof ZRoom>;

/** `guests` travels as JSON text: `{"adults":2,"children":1}`. */
const ZGuestsParam = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'guests must be JSON such as {"adults":2,"children":0}.' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .object({
        adults: z.number().int().min(1, 'At least one adult stays in the room.').max(3, 'At most 3 adults per room.'),
        children: z.number().int().min(0).max(2, 'At most 2 children per room.').default(0),
      })
      .refine((g) => g.adults + g.children <= 3, 'At most 3 guests can stay in one room.'),
  );

export const ZRoomListQuery = ZPageQuery.extend({
  limit: z.coerce.number().int().min(1).max(CATEGORY_ROOM_LIST_LIMIT).default(10),
  status: z.enum(ROOM_STATUSES).optional(),
  searchTerm: zText().trim().max(100).optional(),
  /** One category name at a time (spec: categories, only one at a time). */
  categories: zText().trim().max(120).optional(),
  /** With checkOut: only rooms free for [checkIn, checkOut) that fit `guests`. */
  checkIn: zText().refine(isIsoDate, 'checkIn must be a date written YYYY-MM-DD.').optional(),
  checkOut: zText().refine(isIsoDate, 'checkOut must be a date written YYYY-MM-DD.').optional(),
  guests: ZGuestsParam.optional(),
})
  .refine((q) => Boolean(q.checkIn) === Boolean(q.checkOut), {
    message: 'Give both checkIn and checkOut, or neither.',
    path: ['checkOut'],
  })
  .refine((q) => !q.checkIn || !q.checkOut || q.checkOut > q.checkIn, {
    message: 'The check-out date must be after the check-in date.',
    path: ['checkOut'],
  });

/**
 * Texts of a category shown to guests in Bengali (English is the main record): every free text
 * of the room details pop-up. Each is optional; where one is missing the English one shows.
 */
const ZCategoryTranslation = z.object({
  name: zText().trim().max(120).optional(),
  description: zText().trim().max(4000).optional(),
  special_benefits: z.array(zText().trim().min(1).max(200)).max(50).optional(),
  size: zText().trim().max(120).optional(),
  beds: zText().trim().max(200).optional(),
  /**
   * Both wireless internet texts (overview, and internet and phones): they describe the same
   * service, so one Bengali text serves both.
   */
  wireless_internet: zText().trim().max(200).optional(),
  windows: zText().trim().max(200).optional(),
  room_service: zText().trim().max(200).optional(),
  bottled_water: zText().trim().max(200).optional(),
  minibar: zText().trim().max(200).optional(),
  phone_features: z.array(zText().trim().min(1).max(200)).max(50).optional(),
  international_channels: z.array(zText().trim().min(1).max(200)).max(50).optional(),
});
export type TCategoryTranslation = z.infer<typeof ZCategoryTranslation>;

/**
 * A template section as a category may hold it while half-filled: flat, each field text, a
 * number, a flag or a list. Bounded in shape and size, so a body cannot nest or grow without end.
 */
const ZLooseValue = z.union([
  zText().max(500),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([zText().max(200), z.number()])).max(50),
]);
const ZLooseSection = z
  .record(zText().max(100), ZLooseValue)
  .refine((section) => Object.keys(section).length <= 60, 'A template section has at most 60 fields.');
export type TLooseSection = z.infer<typeof ZLooseSection>;

/**
 * The parts of a room category, each as it may be written. The template sections are checked
 * loosely here (a category may be saved half-filled); rooms made from it must pass ZRoomInput.
 */
const categoryParts = {
  rackRate: num('Rack rate must be a number').pipe(z.number().min(0).max(10_000_000)),
  offerPrice: num('Offer price must be a number').pipe(z.number().min(0).max(10_000_000)),
  description: zText().trim().max(4000),
  images: ZImageList,
  room_overview: z
    .object({
      name: text(120),
      description: text(4000),
      size: text(120),
      wireless_internet: text(200),
      room_number: text(5000),
    })
    .partial(),
  special_benefits: z.array(zText().trim().min(1).max(200)).max(50),
  beds_and_bedding: ZLooseSection,
  room_features: ZLooseSection,
  bath_and_bathroom_features: ZLooseSection,
  furniture_and_furnishings: ZLooseSection,
  food_and_beverages: ZLooseSection,
  internet_and_phones: ZLooseSection,
  entertainment: ZLooseSection,
  accessible_room_features: ZLooseSection,
  translations: z.object({ bn: ZCategoryTranslation.optional() }),
};
const ZCategoryName = zLine({ message: 'Category name is required' }).trim().min(1, 'Category name is required').pipe(zText().max(120));

/** A room category: the template its rooms are made from (as stored and answered). */
const ZCategoryInput = z.object({
  name: ZCategoryName,
  rackRate: categoryParts.rackRate.default(DEFAULT_RACK_RATE),
  offerPrice: categoryParts.offerPrice.default(DEFAULT_OFFER_PRICE),
  description: categoryParts.description.default(''),
  images: categoryParts.images.default([]),
  room_overview: categoryParts.room_overview.default({}),
  special_benefits: categoryParts.special_benefits.default([]),
  beds_and_bedding: categoryParts.beds_and_bedding.default({}),
  room_features: categoryParts.room_features.default({}),
  bath_and_bathroom_features: categoryParts.bath_and_bathroom_features.default({}),
  furniture_and_furnishings: categoryParts.furniture_and_furnishings.default({}),
  food_and_beverages: categoryParts.food_and_beverages.default({}),
  internet_and_phones: categoryParts.internet_and_phones.default({}),
  entertainment: categoryParts.entertainment.default({}),
  accessible_room_features: categoryParts.accessible_room_features.default({}),
  translations: categoryParts.translations.default({}),
});

/**
 * `PUT /api/room-categories`: upsert the category, then bring its rooms in line with `roomNumbers`.
 * No defaults here, so the server can tell a part left out from one given: a NEW category gets
 * the spec's defaults (`withCategoryDefaults`) for what is left out, an existing one keeps its
 * own values. A part that is given is stored as given.
 */
export const ZCategoryUpsertRequest = z.object(categoryParts).partial().extend({
  name: ZCategoryName,
  /**
   * Room numbers as typed ('101, 102, 103a'); normalised on the server. Absent: rooms untouched.
   * Empty with `removeMissing`: every room of the category that may go is removed.
   */
  roomNumbers: z.union([zText().max(5000), z.array(zText().max(50)).max(1000)]).optional(),
  /** Remove the category's rooms that are not in `roomNumbers` (destructive switch). */
  removeMissing: z.boolean().default(false),
  /** Set the category's offer price on every room of the category too (the admin said yes). */
  applyPriceToRooms: z.boolean().default(false),
});
export type TCategoryUpsertRequest = z.input<typeof ZCategoryUpsertRequest>;

/**
 * Why a category is not shown on the public pages (null when it is): it has no room, or every
 * room of it is out of service (maintenance or unavailable), so a guest could book none.
 */
const CATEGORY_HIDDEN_REASONS = ['NO_ROOMS', 'NO_ROOM_IN_SERVICE'] as const;
export type TCategoryHiddenReason = (typeof CATEGORY_HIDDEN_REASONS)[number];

export const ZCategory = ZCategoryInput.extend({
  _id: z.string(),
  roomCount: z.number().int(),
  /**
   * The "From" price guests see (issue 21): the lowest nightly price a guest can book in the next
   * 30 days (no stop-sell night), in the category's cheapest room in service; null when none is.
   * Absent from older answers: then the offer price stands in.
   */
  fromPrice: z.number().nullable().optional(),
  /** The minimum stay of that night ("from ৳5,500 · min 2 nights"); null with no price. */
  fromMinStay: z.number().nullable().optional(),
  /** Null (or absent, from older answers) when guests see the category; else why they don't. */
  hiddenReason: z.enum(CATEGORY_HIDDEN_REASONS).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCategory = z.infer<typeof ZCategory>;

/**
 * Why a room was kept or could not be made, for programs: the web says it in the reader's
 * language from the code and its params; the English sentence beside it is for API clients.
 */
const syncReason = {
  /**
   * ROOM_HAS_STAY (params checkIn and checkOut as YYYY-MM-DD, transactionId), ROOM_IN_USE (a
   * guard that gave only words), ROOM_NUMBER_TAKEN (params number, category) or
   * ROOM_CREATE_FAILED (an unexpected fault: the English message is all there is). Open-ended:
   * a client meeting a code it does not know shows the English text.
   */
  code: z.string(),
  params: z.record(z.string(), z.string()),
};

/** What a category save did to its rooms; the form turns it into the spec's toasts. */
const ZRoomSyncResult = z.object({
  /** Set when nothing was synced because the template is incomplete (one of the spec's messages). */
  preSyncError: z.string().nullable(),
  created: z.array(z.string()),
  deleted: z.array(z.string()),
  /** Rooms that the destructive switch would remove but that must stay, with the reason. */
  kept: z.array(z.object({ number: z.string(), reason: z.string(), ...syncReason })),
  failed: z.array(z.object({ number: z.string(), message: z.string(), ...syncReason })),
  invalid: z.array(z.object({ number: z.string(), messages: z.array(z.string()) })),
});
export type TRoomSyncResult = z.infer<typeof ZRoomSyncResult>;

export const ZCategoryUpsertResponse = z.object({ category: ZCategory, sync: ZRoomSyncResult.nullable() });

/**
 * `GET /api/room-categories`: every category by default (the back office); with `public=true`
 * only those with at least one bookable room, which is what the guests' pages ask for.
 */
export const ZCategoryListQuery = z.object({ public: z.enum(['true', 'false']).optional() });

export const ZCategoryNameParams = z.object({ name: zText().min(1).max(120) });
