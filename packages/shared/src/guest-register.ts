import { z } from 'zod';
import { ZPhone } from './auth.ts';
import { isIsoDate } from './dates.ts';
import { zLine, zText } from './text.ts';

/*
 * The guest register (issue 34): a registration card for each adult of a room, children listed
 * by name and age. Which fields the Dhaka Metropolitan Police's directive to residential hotels
 * asks for (decision 0022): name, father's or husband's name, address, nationality, date of
 * birth, phone, an ID document (type, number, photo), a photo of the guest, purpose of the
 * visit, arriving from and going to; a foreigner's passport and visa, and the day they entered
 * Bangladesh. The completeness rule below is the one check-in enforces, on both sides.
 */

export const ID_TYPES = ['nid', 'passport', 'driving_licence', 'birth_certificate'] as const;
export type TIdType = (typeof ID_TYPES)[number];
export const GUEST_PHOTO_KINDS = ['document', 'portrait'] as const;
export type TGuestPhotoKind = (typeof GUEST_PHOTO_KINDS)[number];
/** A Bangladeshi's nationality: anyone else is a foreigner and adds passport and visa. */
export const HOME_COUNTRY = 'BD';
/** Below this age a guest may show a birth certificate instead of an NID. */
export const ADULT_AGE = 18;

/** ISO 3166-1 alpha-2 codes: the nationalities a card may name (names come from Intl.DisplayNames). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AR AT AU AW AZ BA BB BD BE BF BG BH BI BJ BN BO BR BS BT BW BY BZ CA CD CF CG CH CI CL CM CN CO CR CU CV CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FM FR GA GB GD GE GH GM GN GQ GR GT GW GY HK HN HR HT HU ID IE IL IN IQ IR IS IT JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MG MH MK ML MM MN MO MR MT MU MV MW MX MY MZ NA NE NG NI ' +
  'NL NO NP NR NZ OM PA PE PG PH PK PL PS PT PW PY QA RO RS RU RW SA SB SC SD SE SG SI SK SL SM SN SO SR SS ST SV SY SZ TD TG TH TJ TL ' +
  'TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VN VU WS XK YE ZA ZM ZW'
).split(' ');

const ZCountry = z.string().toUpperCase().refine((c) => COUNTRY_CODES.includes(c), 'Choose a country from the list.');
const ZDay = (what: string) => zText().refine(isIsoDate, `${what} must be a date written YYYY-MM-DD.`);
const line = (max: number, what: string) => zLine().trim().max(max, `${what} must be at most ${max} characters.`);
/** An empty string or null is "not given yet": a card is saved half-filled and completed later. */
const blank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable()).optional();

/** One guest as a form sends it (`PUT /api/bookings/:id/guests`); `id` keeps an existing card and its photos. */
const ZGuestCardInput = z
  .object({
    id: z.uuid().optional(),
    kind: z.enum(['adult', 'child']),
    fullName: blank(line(100, 'Full name')),
    guardianName: blank(line(100, "Father's or husband's name")),
    address: blank(line(300, 'Address')),
    nationality: blank(ZCountry),
    dateOfBirth: blank(ZDay('Date of birth')),
    age: blank(z.number().int().min(0, 'Age cannot be negative.').max(17, 'A child is under 18.')),
    phone: blank(ZPhone),
    idType: blank(z.enum(ID_TYPES, { message: 'Choose NID, passport, driving licence or birth certificate.' })),
    idNumber: blank(
      line(40, 'Document number').regex(/^[A-Za-z0-9][A-Za-z0-9 /-]*$/, 'A document number has letters, digits, spaces, / and - only.'),
    ),
    purpose: blank(line(200, 'Purpose of the visit')),
    arrivingFrom: blank(line(200, 'Arriving from')),
    goingTo: blank(line(200, 'Going to')),
    passportCountry: blank(ZCountry),
    visaType: blank(line(60, 'Visa type')),
    visaNumber: blank(line(40, 'Visa number')),
    visaExpiry: blank(ZDay('Visa expiry')),
    enteredBangladesh: blank(ZDay('Date of entry to Bangladesh')),
  })
  .strict();
export type TGuestCardInput = z.input<typeof ZGuestCardInput>;

export const ZGuestCardsPut = z
  .object({ guests: z.array(ZGuestCardInput).max(12, 'A room has at most 12 guests.') })
  .strict();
export type TGuestCardsPut = z.input<typeof ZGuestCardsPut>;
/** The list as the server has it after validation. */
export type TGuestCardsSave = z.output<typeof ZGuestCardsPut>;

export const ZGuestPhoto = z.object({
  _id: z.string(),
  kind: z.enum(GUEST_PHOTO_KINDS),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  createdAt: z.string(),
});
export type TGuestPhoto = z.infer<typeof ZGuestPhoto>;

const nullableText = z.string().nullable();

/** One guest as the API answers it; a card past its retention answers `erased` and no text. */
const ZGuestCard = z.object({
  _id: z.string(),
  kind: z.enum(['adult', 'child']),
  fullName: nullableText,
  guardianName: nullableText,
  address: nullableText,
  nationality: nullableText,
  dateOfBirth: nullableText,
  age: z.number().nullable(),
  phone: nullableText,
  phoneVerified: z.boolean(),
  idType: z.enum(ID_TYPES).nullable(),
  idNumber: nullableText,
  purpose: nullableText,
  arrivingFrom: nullableText,
  goingTo: nullableText,
  passportCountry: nullableText,
  visaType: nullableText,
  visaNumber: nullableText,
  visaExpiry: nullableText,
  enteredBangladesh: nullableText,
  /** The newest photo of each kind (older ones stay until retention). */
  photos: z.object({ document: ZGuestPhoto.nullable(), portrait: ZGuestPhoto.nullable() }),
  erased: z.boolean(),
  /** What the card still lacks (field names, `documentPhoto`, `portraitPhoto`). */
  missing: z.array(z.string()),
  /** A foreigner's visa that ends before the stay does. */
  visaExpiresBeforeCheckOut: z.boolean(),
});
export type TGuestCard = z.infer<typeof ZGuestCard>;

/** `GET`/`PUT /api/bookings/:id/guests`. */
export const ZGuestRegistration = z.object({
  bookingId: z.string(),
  adults: z.number(),
  children: z.number(),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.array(ZGuestCard),
  complete: z.boolean(),
  /** Why the room is not complete yet, in words the desk can act on. */
  missing: z.array(z.string()),
  /** A check-in without complete cards: why, who, when. */
  registrationNote: z.object({ note: z.string(), by: z.string().nullable(), at: z.string() }).nullable(),
  /** The guest may still change the cards (before check-in); the desk always. */
  editable: z.boolean(),
});
export type TGuestRegistration = z.infer<typeof ZGuestRegistration>;

/** `GET /api/bookings/:id/guests/suggestions`: earlier cards to copy, text only. */
export const ZGuestSuggestions = z.object({
  guests: z.array(
    ZGuestCard.omit({ _id: true, phoneVerified: true, photos: true, erased: true, missing: true, visaExpiresBeforeCheckOut: true }).extend({
      fromStay: z.object({ reference: z.string(), checkIn: z.string() }),
    }),
  ),
});
export type TGuestSuggestions = z.infer<typeof ZGuestSuggestions>;

/** What a card needs to be complete (the DMP directive's fields, decision 0022). */
type CardFacts = Pick<
  TGuestCard,
  | 'kind'
  | 'fullName'
  | 'guardianName'
  | 'address'
  | 'nationality'
  | 'dateOfBirth'
  | 'age'
  | 'phone'
  | 'idType'
  | 'idNumber'
  | 'purpose'
  | 'arrivingFrom'
  | 'goingTo'
  | 'passportCountry'
  | 'visaType'
  | 'visaNumber'
  | 'visaExpiry'
  | 'enteredBangladesh'
> & { hasDocumentPhoto: boolean; hasPortraitPhoto: boolean };

/** Age in whole years on `day` for a date of birth (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The fields a card lacks (empty when complete). `checkIn` dates the guest's age for a birth certificate. */
export function missingOnCard(card: CardFacts, checkIn: string): string[] {
  const missing: string[] = [];
  const need = (field: keyof CardFacts, ok: boolean) => {
    if (!ok) missing.push(field);
  };
  need('fullName', Boolean(card.fullName));
  if (card.kind === 'child') {
    need('age', card.age !== null);
    return missing;
  }
  for (const field of ['guardianName', 'address', 'nationality', 'dateOfBirth', 'phone', 'idType', 'idNumber', 'purpose', 'arrivingFrom', 'goingTo'] as const) {
    need(field, Boolean(card[field]));
  }
  const foreign = card.nationality !== null && card.nationality !== HOME_COUNTRY;
  if (card.idType === 'birth_certificate' && card.dateOfBirth && ageOn(card.dateOfBirth, checkIn) >= ADULT_AGE) missing.push('idType');
  if (foreign) {
    if (card.idType && card.idType !== 'passport') missing.push('idType');
    for (const field of ['passportCountry', 'visaType', 'visaNumber', 'visaExpiry', 'enteredBangladesh'] as const) need(field, Boolean(card[field]));
  }
  if (!card.hasDocumentPhoto) missing.push('documentPhoto');
  if (!card.hasPortraitPhoto) missing.push('portraitPhoto');
  return [...new Set(missing)];
}

/** A foreigner's visa that ends before the last night of the stay is over. */
export function visaExpiresBeforeCheckOut(card: Pick<TGuestCard, 'nationality' | 'visaExpiry'>, checkOut: string): boolean {
  return card.nationality !== null && card.nationality !== HOME_COUNTRY && card.visaExpiry !== null && card.visaExpiry < checkOut;
}

/** The check-in's note when the cards are not complete: why, in the desk's words. */
export const ZRegistrationNote = line(500, 'The note').min(3, 'Say why the cards are not complete (at least 3 characters).');

/** `POST /api/bookings/:id/check-in`: a note lets the desk check in without complete cards. */
export const ZCheckIn = z.object({ registrationNote: ZRegistrationNote.optional() }).strict().nullish();

/** `GET /api/reports/police-register`: the nights from `from` to `to` (at most a year). */
export const ZPoliceRegisterQuery = z
  .object({
    from: ZDay('from'),
    to: ZDay('to'),
    format: z.enum(['json', 'csv', 'pdf']).default('json'),
    language: z.enum(['en', 'bn']).default('en'),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to.', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { message: 'A register covers at most a year.', path: ['to'] });
export type TPoliceRegisterQuery = z.input<typeof ZPoliceRegisterQuery>;

/**
 * One line of the police register: a guest in the house. A card erased under the retention rule
 * keeps its line (`erased`, the stay's facts) and no personal text.
 */
const ZPoliceRegisterRow = z.object({
  cardId: z.string(),
  bookingId: z.string(),
  reference: z.string(),
  roomNumber: z.string(),
  kind: z.enum(['adult', 'child']),
  erased: z.boolean(),
  fullName: z.string(),
  guardianName: nullableText,
  nationality: nullableText,
  foreign: z.boolean(),
  dateOfBirth: nullableText,
  age: z.number().nullable(),
  idType: z.enum(ID_TYPES).nullable(),
  idNumber: nullableText,
  phone: nullableText,
  address: nullableText,
  arrival: z.string(),
  departure: z.string(),
  checkedInAt: nullableText,
  checkedOutAt: nullableText,
  passportCountry: nullableText,
  visaType: nullableText,
  visaNumber: nullableText,
  visaExpiry: nullableText,
  enteredBangladesh: nullableText,
  purpose: nullableText,
  arrivingFrom: nullableText,
  goingTo: nullableText,
});
export type TPoliceRegisterRow = z.infer<typeof ZPoliceRegisterRow>;

/** `GET /api/reports/police-register` (format=json). */
export const ZPoliceRegister = z.object({
  from: z.string(),
  to: z.string(),
  /** Bangladeshis (and cards without a nationality yet) first by room; `foreign` marks the foreigners' section. */
  guests: z.array(ZPoliceRegisterRow),
  /** Rooms in the house in the range whose cards are not complete (checked in with a note). */
  incomplete: z.array(z.object({ bookingId: z.string(), reference: z.string(), roomNumber: z.string(), guestName: z.string(), note: nullableText })),
});
export type TPoliceRegister = z.infer<typeof ZPoliceRegister>;

/** `GET /api/audit/id-views` (admin). */
export const ZIdViewsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  viewer: z.uuid().optional(),
  booking: z.uuid().optional(),
  from: ZDay('from').optional(),
  to: ZDay('to').optional(),
});

export const ZIdView = z.object({
  _id: z.string(),
  at: z.string(),
  viewer: z.object({ _id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable(), role: z.string() }),
  action: z.enum(['cards', 'photo', 'card_pdf', 'register']),
  bookingId: nullableText,
  cardId: nullableText,
  photoId: nullableText,
  guestName: nullableText,
  detail: nullableText,
  ip: nullableText,
  userAgent: nullableText,
});
export type TIdView = z.infer<typeof ZIdView>;

/** `GET /api/bookings/:id/guests/:guestId/card.pdf`: one guest's registration card, in English or Bengali. */
export const ZCardPdfQuery = z.object({ language: z.enum(['en', 'bn']).default('en') });
