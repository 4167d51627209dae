import { z } from 'zod';
import { ZPageQuery } from './api.ts';
import { ZEmail, ZImageUrl, ZPersonName, ZPhone, optionalText } from './auth.ts';
import { isIsoDate } from './dates.ts';
import { zLine, zText } from './text.ts';

import {
  EVENT_GUESTS_MAX,
  EVENT_LAYOUTS,
  EVENT_STATUSES,
  EVENT_TYPES,
  FOOD_PREFERENCES,
  LANGUAGES,
} from './event-kinds.ts';

export * from './event-kinds.ts';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:mm' on the 24-hour clock, as the spec's event update sends it. */
const ZClockTime = (message: string) => zText({ message }).regex(HH_MM, message);

const ZEventDate = zText({ message: 'Choose the date of the event.' }).refine(isIsoDate, 'Choose the date of the event.');

const eventFields = {
  eventType: z.enum(EVENT_TYPES, { message: 'Choose the type of event.' }),
  layout: z.enum(EVENT_LAYOUTS, { message: 'Choose a layout.' }),
  date: ZEventDate,
  startTime: ZClockTime('Give the start time as HH:mm.'),
  endTime: ZClockTime('Give the end time as HH:mm.'),
  guestCount: z
    .number({ message: 'Say how many guests are coming.' })
    .int('Say how many guests are coming.')
    .min(1, 'At least one guest.')
    .max(EVENT_GUESTS_MAX, `At most ${EVENT_GUESTS_MAX} guests; for more, please call us.`),
  foodPreference: z.enum(FOOD_PREFERENCES, { message: 'Choose a food preference.' }),
  additionalRequirements: zText().trim().max(2000, 'At most 2000 characters.'),
};

const endAfterStart = <S extends z.ZodType<{ startTime?: string; endTime?: string }>>(schema: S): S =>
  schema.refine((e) => !e.startTime || !e.endTime || e.endTime > e.startTime, {
    message: 'The end time must be after the start time.',
    path: ['endTime'],
  }) as S;

/** `POST /api/events`: anyone may ask for a hall; no account needed. */
export const ZEventRequestCreate = endAfterStart(
  z.object({
    name: ZPersonName,
    email: ZEmail,
    phone: ZPhone,
    company: optionalText(zLine().trim().max(150, 'At most 150 characters.')),
    ...eventFields,
    foodPreference: eventFields.foodPreference.default('none'),
    additionalRequirements: optionalText(eventFields.additionalRequirements),
    preferenceImage: optionalText(ZImageUrl),
    language: z.enum(LANGUAGES).default('en'),
  }),
);
export type TEventRequestCreate = z.input<typeof ZEventRequestCreate>;

/**
 * `PUT /api/events/:id` (spec section 7): status, type, layout, date YYYY-MM-DD, times HH:mm,
 * guest count, food and requirements. Each is optional; what is sent replaces what was there.
 */
export const ZEventRequestUpdate = endAfterStart(
  z
    .object({
      status: z.enum(EVENT_STATUSES, { message: 'Status must be pending, confirmed or cancelled.' }),
      ...eventFields,
      additionalRequirements: eventFields.additionalRequirements.nullable(),
    })
    .partial()
    .strict(),
);
export type TEventRequestUpdate = z.input<typeof ZEventRequestUpdate>;

export const ZEventRequest = z.object({
  _id: z.string(),
  /** The reference the requester is given, e.g. EVT-7K3F9Q2M. */
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string().nullable(),
  eventType: z.enum(EVENT_TYPES),
  layout: z.enum(EVENT_LAYOUTS),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  guestCount: z.number(),
  foodPreference: z.enum(FOOD_PREFERENCES),
  additionalRequirements: z.string().nullable(),
  preferenceImage: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  language: z.enum(LANGUAGES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEventRequest = z.infer<typeof ZEventRequest>;

/** `GET /api/events`: newest first; by status and by the event's date (from, to inclusive). */
export const ZEventListQuery = ZPageQuery.extend({
  status: z.enum(EVENT_STATUSES).optional(),
  from: zText().refine(isIsoDate, 'from must be a date written YYYY-MM-DD.').optional(),
  to: zText().refine(isIsoDate, 'to must be a date written YYYY-MM-DD.').optional(),
  searchTerm: zText().trim().max(100).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to.', path: ['to'] });

/** Seats of a hall in each layout; a layout the hall does not offer is left out. */
const ZVenueCapacities = z
  .object({
    'Classroom Setup': z.number().int().min(1).max(EVENT_GUESTS_MAX),
    'U-Shape Layout': z.number().int().min(1).max(EVENT_GUESTS_MAX),
    'I-Shape Layout': z.number().int().min(1).max(EVENT_GUESTS_MAX),
    'Theater Style': z.number().int().min(1).max(EVENT_GUESTS_MAX),
    'Custom Layout': z.number().int().min(1).max(EVENT_GUESTS_MAX),
  })
  .partial();

/** A hall of the hotel, as `/events` presents it. Texts in English, with optional Bengali. */
export const ZVenueInput = z.object({
  name: zLine({ message: 'Name is required.' }).trim().min(1, 'Name is required.').max(120),
  description: zText().trim().max(2000).default(''),
  /** Square metres of floor. */
  area: z.number().int().min(1).max(100_000).nullable().default(null),
  capacities: ZVenueCapacities,
  images: z.array(ZImageUrl).max(10, 'At most 10 pictures.').default([]),
  translations: z
    .object({ bn: z.object({ name: zLine().trim().max(120).optional(), description: zText().trim().max(2000).optional() }).optional() })
    .default({}),
  sortOrder: z.number().int().min(0).max(1000).default(0),
});
export type TVenueInput = z.input<typeof ZVenueInput>;

export const ZVenue = ZVenueInput.extend({
  _id: z.string(),
  description: z.string(),
  area: z.number().nullable(),
  images: z.array(z.string()),
  translations: z.object({ bn: z.object({ name: z.string().optional(), description: z.string().optional() }).optional() }),
  sortOrder: z.number(),
});
export type TVenue = z.infer<typeof ZVenue>;
