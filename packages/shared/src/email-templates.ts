import { z } from 'zod';
import { formatAmount, formatClockTime, formatLongDate, formatWholeNumber, readerDigits } from './display.ts';
import { LANGUAGES, type TLanguage } from './event-kinds.ts';
import { isStorableText, zLine, zText } from './text.ts';
/** The four booking e-mails and the variables each may use (spec section 3). */
export const EMAIL_TEMPLATE_TYPES = [
  'BOOKING_CONFIRMATION_USER',
  'BOOKING_CONFIRMATION_ADMIN',
  'BOOKING_STATUS_UPDATE',
  'BOOKING_CANCELLATION',
] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

/*
 * How values are written: amounts as the booking pages show them (৳9,487.50, ৳18,975) and
 * dates as 'ddd, MMM D, YYYY' (Tue, Dec 1, 2026).
 *
 * Beyond the spec's names, the confirmations carry three more (optional) variables so that the
 * lines of the bill add up when a coupon applied:
 * - `subtotal`: nights × per night, before the discount;
 * - `discount`: what the coupon took off (৳1,500), empty when no coupon applied;
 * - `couponCode`: the coupon's code (WINTER10), empty when none.
 * A table row written `<tr data-if="discount">…</tr>` is left out of the mail when that variable
 * is empty (the built-in designs use it for the discount line).
 * `rooms` (issue 22) lists the rooms of a reservation of several, a line each; the caller leaves
 * it empty for one room, so its row is left out and a one-room mail reads as before.
 * `deposit` (issue 22) is the deposit the rate plans ask at booking, all rooms together, empty
 * when they ask none; `depositDueBy` when it is due, the hotel's local day and time
 * ('2027-01-11T16:00', written 'Mon, Jan 11, 2027, 16:00').
 * `perNightCost` is one room's (issue 31): a reservation of several rooms leaves it empty (its
 * row is then left out), and its `nightlyLines` name the room of each night instead.
 * `reservationId` and the status mails' `transactionId` are the reservation's reference, the one
 * the guest quotes; the room's own transactionId is the desk's.
 */
const CONFIRMATION_REQUIRED = ['name', 'email', 'reservationId', 'roomType', 'startDate', 'endDate', 'amount'] as const;
const CONFIRMATION_OPTIONAL = [
  'phone',
  'address',
  'roomNumber',
  'nights',
  'perNightCost',
  'vat',
  'serviceCharge',
  'withOutVatAndService',
  'orderDate',
  'subtotal',
  'discount',
  'couponCode',
  'nightlyLines',
  'rooms',
  'deposit',
  'depositDueBy',
  // A signed link to pay online until check-in (issue 33); empty when the hotel takes no online payment.
  'payUrl',
] as const;

export const TEMPLATE_VARIABLES: Record<EmailTemplateType, { required: readonly string[]; optional: readonly string[] }> = {
  BOOKING_CONFIRMATION_USER: { required: CONFIRMATION_REQUIRED, optional: CONFIRMATION_OPTIONAL },
  BOOKING_CONFIRMATION_ADMIN: { required: CONFIRMATION_REQUIRED, optional: [...CONFIRMATION_OPTIONAL, 'admin_email'] },
  BOOKING_STATUS_UPDATE: {
    required: ['name', 'email', 'transactionId', 'room', 'startDate', 'endDate', 'amount', 'paymentStatus', 'confirmation'],
    // The payment that completed the booking (empty in the mail of a confirmation).
    optional: ['paymentMethod', 'paymentReference'],
  },
  BOOKING_CANCELLATION: {
    required: ['name', 'email', 'transactionId', 'room', 'startDate', 'endDate', 'amount', 'cancellationDate'],
    // One room of several cancelled (issue 31): the reservation's rooms still booked, empty when none.
    // A hold that ended unpaid (issue 33): why, and a link to book the same stay again.
    optional: ['otherRooms', 'cancellationReason', 'rebookUrl'],
  },
};

/** Every variable a template of this type may use. */
export function supportedVariables(type: EmailTemplateType): string[] {
  return [...TEMPLATE_VARIABLES[type].required, ...TEMPLATE_VARIABLES[type].optional];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w]*)\s*\}\}/g;
/**
 * Anything written as a variable, also what no variable can be called (`{{ first name }}`):
 * such a slot is never filled, so it counts as used (and unknown) rather than slipping through
 * into a mail with a hole in it.
 */
const ANY_SLOT = /\{\{\s*([^{}\s][^{}]*?)\s*\}\}/g;

/** The `{{variables}}` a subject or body uses. */
export function usedVariables(text: string): string[] {
  return [...new Set([...text.matchAll(ANY_SLOT)].map((m) => m[1]!))];
}

/** Variables used that the type does not support (a save is refused with 'Unknown variables used: …'). */
export function unknownVariables(type: EmailTemplateType, ...texts: string[]): string[] {
  const allowed = new Set(supportedVariables(type));
  return [...new Set(texts.flatMap(usedVariables))].filter((v) => !allowed.has(v));
}

/**
 * The spec's refusal of a template with variables its type does not support (section 5), the
 * same words in the designer and from the server: 'Unknown variables used: {{foo}}, {{bar}}'.
 */
export function unknownVariablesMessage(unknown: readonly string[]): string {
  return `Unknown variables used: ${unknown.map((name) => `{{${name}}}`).join(', ')}`;
}

/**
 * How a variable's value is written in a mail, in the mail's language: `money` as the booking
 * pages write Taka (৳9,487.50; ৳৯,৪৮৭.৫০ in Bengali), `date` an ISO day as 'Tue, Dec 1, 2026'
 * (মঙ্গল, ১ ডিসে, ২০২৬), `time` a local 'YYYY-MM-DDTHH:mm' as that day and the clock time
 * ('Mon, Jan 11, 2027, 16:00'), `count` a whole number in the reader's digits, `label` one of a few
 * fixed English words translated (Paid → পরিশোধিত), `rooms` a table of the rooms in the body and
 * one line where no table can go (a subject), `digits` a text whose digits are the reader's (a
 * room number: ১০১). Other variables are written as given.
 * A value that is not a number (or not an ISO day, for a date) is written as given too.
 */
export type TemplateVariableFormat = 'money' | 'date' | 'time' | 'count' | 'label' | 'nightly' | 'rooms' | 'digits';
export const TEMPLATE_VARIABLE_FORMATS: Readonly<Record<string, TemplateVariableFormat>> = {
  amount: 'money',
  perNightCost: 'money',
  subtotal: 'money',
  discount: 'money',
  vat: 'money',
  serviceCharge: 'money',
  withOutVatAndService: 'money',
  deposit: 'money',
  startDate: 'date',
  endDate: 'date',
  orderDate: 'date',
  cancellationDate: 'date',
  depositDueBy: 'time',
  nights: 'count',
  paymentStatus: 'label',
  confirmation: 'label',
  paymentMethod: 'label',
  nightlyLines: 'nightly',
  rooms: 'rooms',
  roomNumber: 'digits',
  room: 'digits',
  otherRooms: 'digits',
};

/** The Bengali words for the fixed values of `label` variables (English values are written as they are). */
export const TEMPLATE_LABELS_BN: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  paymentStatus: { Pending: 'বাকি', Paid: 'পরিশোধিত' },
  confirmation: { Confirmed: 'নিশ্চিত', 'Not confirmed': 'নিশ্চিত নয়' },
  // As the web app names the methods (front-desk.json, methods).
  paymentMethod: { Cash: 'ক্যাশ', Card: 'কার্ড', bKash: 'বিকাশ', Nagad: 'নগদ', 'Bank transfer': 'ব্যাংক ট্রান্সফার' },
};

/**
 * Sample values of every variable, as a booking gives them (amounts as numbers, days as ISO
 * dates): what a test send and the designer's preview fill in where the admin gives nothing.
 * They add up as a real bill does: 2 nights × ৳7,500, 10 % off with WINTER10, 10 % service
 * charge, 15 % VAT on both. The stay is of two rooms (issue 22), so that the preview shows the
 * rooms block: ৳6,000 and ৳9,000 for the two nights make the subtotal.
 */
export const TEMPLATE_SAMPLE_VALUES: Readonly<Record<string, string | number>> = {
  name: 'Ayesha Rahman',
  email: 'ayesha.rahman@example.com',
  phone: '+880 1711-234567',
  address: 'House 12, Road 5, Dhanmondi, Dhaka',
  reservationId: 'RSV-7K3F9Q2M',
  transactionId: 'RSV-7K3F9Q2M',
  roomType: 'Deluxe King, Family Room',
  roomNumber: '304, 210',
  room: 'Deluxe King (304)',
  otherRooms: 'Family Room (210)',
  startDate: '2026-12-01',
  endDate: '2026-12-03',
  orderDate: '2026-11-20',
  cancellationDate: '2026-11-25',
  nights: 2,
  // Two rooms: no one price a night for both (each room's nights are in `nightlyLines`).
  perNightCost: '',
  subtotal: 15000,
  discount: 1500,
  couponCode: 'WINTER10',
  withOutVatAndService: 13500,
  serviceCharge: 1350,
  vat: 2227.5,
  amount: 17077.5,
  // The first night of each room: its share of the service charge and VAT with it.
  deposit: 8538.75,
  depositDueBy: '2026-11-21T10:00',
  paymentStatus: 'Pending',
  confirmation: 'Confirmed',
  paymentMethod: 'bKash',
  paymentReference: '8N7A6B5C4D',
  admin_email: 'frontdesk@example.com',
  nightlyLines: encodeNightlyLines([
    { date: '2026-12-01', price: 3000, extraAdults: 0, extraChildren: 0, meals: 0, room: 'Deluxe King 304' },
    { date: '2026-12-02', price: 3000, extraAdults: 0, extraChildren: 0, meals: 0, room: 'Deluxe King 304' },
    { date: '2026-12-01', price: 4500, extraAdults: 0, extraChildren: 0, meals: 0, room: 'Family Room 210' },
    { date: '2026-12-02', price: 4500, extraAdults: 0, extraChildren: 0, meals: 0, room: 'Family Room 210' },
  ]),
  rooms: encodeReservationRooms([
    { roomType: 'Deluxe King', roomNumber: '304', adults: 2, children: 0, nights: 2, amount: 6000 },
    { roomType: 'Family Room', roomNumber: '210', adults: 2, children: 1, nights: 2, amount: 9000 },
  ]),
};

/** A local day and time as a `time` variable carries it: 'YYYY-MM-DDTHH:mm'. */
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** A `time` variable's value written for the reader: 'Mon, Jan 11, 2027, 16:00' (Bengali words and digits in bn). */
export function formatLocalTime(value: string, lng: string): string {
  const match = LOCAL_TIME.exec(value.trim());
  return match ? `${formatLongDate(match[1]!, lng)}, ${formatClockTime(match[2]!, lng)}` : value;
}

/** A booking's nights as sold, for the `nightlyLines` variable (issue 21: "why this price"). */
export interface MailNight {
  date: string;
  price: number;
  extraAdults: number;
  extraChildren: number;
  meals: number;
  /**
   * The room the night is of, as the mail names it ('Deluxe King 101'), when the mail is of
   * several rooms (issue 31): each room's nights are then written after its name.
   */
  room?: string;
}

/** The nights as the `nightlyLines` value carries them to the renderer (JSON: values stay numbers and dates until written). */
export function encodeNightlyLines(nights: readonly MailNight[]): string {
  return JSON.stringify(nights.map((n) => [n.date, n.price, n.extraAdults, n.extraChildren, n.meals, ...(n.room ? [n.room] : [])]));
}

const isNight = (r: unknown): r is [string, number, number, number, number] | [string, number, number, number, number, string] =>
  Array.isArray(r) &&
  (r.length === 5 || (r.length === 6 && typeof r[5] === 'string')) &&
  typeof r[0] === 'string' &&
  r.slice(1, 5).every((v) => typeof v === 'number');

/** The nights of an encoded `nightlyLines` value; [] when it is not one. */
export function decodeNightlyLines(value: string): MailNight[] {
  try {
    const rows: unknown = JSON.parse(value);
    if (!Array.isArray(rows)) return [];
    return rows
      .filter(isNight)
      .map(([date, price, extraAdults, extraChildren, meals, room]) => ({ date, price, extraAdults, extraChildren, meals, ...(room ? { room } : {}) }));
  } catch {
    return [];
  }
}

/**
 * One room of a reservation of several, for the `rooms` variable (issue 22): `amount` is what
 * the room's nights cost, so the rooms add up to the stay's subtotal.
 */
export interface MailRoom {
  roomType: string;
  roomNumber: string;
  adults: number;
  children: number;
  nights: number;
  amount: number;
}

/** The rooms as the `rooms` value carries them to the renderer (JSON, like `nightlyLines`). */
export function encodeReservationRooms(rooms: readonly MailRoom[]): string {
  return JSON.stringify(rooms.map((r) => [r.roomType, r.roomNumber, r.adults, r.children, r.nights, r.amount]));
}

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/**
 * The rooms of an encoded `rooms` value; [] when it is not one. A room that is not whole (a
 * count that is not a whole number, an amount past what JSON can hold, 1e999) is left out
 * rather than written as NaN or Infinity in a guest's mail.
 */
export function decodeReservationRooms(value: string): MailRoom[] {
  try {
    const rows: unknown = JSON.parse(value);
    if (!Array.isArray(rows)) return [];
    return rows
      .filter(
        (r): r is [string, string, number, number, number, number] =>
          Array.isArray(r) &&
          r.length === 6 &&
          typeof r[0] === 'string' &&
          r[0].trim() !== '' &&
          typeof r[1] === 'string' &&
          isCount(r[2]) &&
          isCount(r[3]) &&
          isCount(r[4]) &&
          Number.isFinite(r[5]),
      )
      .map(([roomType, roomNumber, adults, children, nights, amount]) => ({ roomType, roomNumber, adults, children, nights, amount }));
  } catch {
    return [];
  }
}

const ROOM_WORDS = {
  en: { adult: ['adult', 'adults'], child: ['child', 'children'], night: ['night', 'nights'] },
  // As the web app counts guests and nights (accommodation.json, booking.json): no plural in Bengali.
  bn: { adult: ['জন প্রাপ্তবয়স্ক', 'জন প্রাপ্তবয়স্ক'], child: ['জন শিশু', 'জন শিশু'], night: ['রাত', 'রাত'] },
} as const;

/**
 * One room as a mail writes it in `language`: what it is ('Deluxe King 304 · 2 adults · 1 child
 * · 2 nights'; no children, no word for them) and its amount ('৳6,000'). The room type is written
 * as given (the caller gives it in the mail's language), the number in the reader's digits.
 */
export function describeMailRoom(room: MailRoom, language: TLanguage): { room: string; amount: string } {
  const w = ROOM_WORDS[language];
  const count = (n: number, [one, many]: readonly [string, string]) => `${formatWholeNumber(n, language)} ${n === 1 ? one : many}`;
  const parts = [
    [room.roomType, readerDigits(room.roomNumber, language)].filter((p) => p.trim() !== '').join(' '),
    count(room.adults, w.adult),
    ...(room.children > 0 ? [count(room.children, w.child)] : []),
    count(room.nights, w.night),
  ];
  return { room: parts.join(' · '), amount: formatAmount(room.amount, language) };
}

/**
 * The `rooms` value on one line, where no table can go (a subject, an attribute, the designer's
 * preview): 'Deluxe King 304 · 2 adults · 2 nights · ৳6,000; Family Room 210 · …'. '' for no rooms.
 */
export function reservationRoomsText(value: string, language: TLanguage): string {
  return decodeReservationRooms(value)
    .map((r) => describeMailRoom(r, language))
    .map((r) => `${r.room} · ${r.amount}`)
    .join('; ');
}

/** Fills `{{variables}}`; `escape` makes values safe for HTML (subjects pass text through). */
export function fillTemplate(text: string, values: Record<string, string>, escape: (v: string) => string = (v) => v): string {
  return text.replace(PLACEHOLDER, (_m, name: string) => escape(values[name] ?? ''));
}

/**
 * The longest exported HTML the API takes: Gmail cuts off mails over 102 KB ("[Message clipped]"),
 * so a design near that size would not arrive whole anyway.
 */
const EMAIL_TEMPLATE_HTML_MAX = 90_000;
const DESIGN_DEPTH_MAX = 100;
const EMAIL_TEMPLATE_TEST_VARIABLES_MAX = 50;

/**
 * Whether a design is JSON that PostgreSQL can keep: every text storable (no NUL, no half
 * characters, see text.ts) and nested at most 100 levels. Walked without recursion, so a
 * hostile, deeply nested body cannot overflow the stack.
 */
function isStorableJson(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return false;
    } else if (item !== null && typeof item === 'object') {
      if (depth >= DESIGN_DEPTH_MAX) return false;
      for (const [key, child] of Object.entries(item)) {
        if (!isStorableText(key)) return false;
        stack.push([child, depth + 1]);
      }
    }
  }
  return true;
}

const isJsonObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Whether the designer can open a design: GrapesJS project JSON with at least one page (each an
 * object), as it is or in the designer's shallow stored form (`format: 'grapesjs-flat'`, its
 * project and a list of nodes: apps/web/.../designer/design-format.ts). `{"html":"x"}` was
 * stored, and left the designer on "Editor is still loading" for good.
 */
export function isOpenableDesign(design: unknown): boolean {
  if (!isJsonObject(design)) return false;
  const project = design.format === 'grapesjs-flat' ? (Array.isArray(design.nodes) ? design.project : undefined) : design;
  return isJsonObject(project) && Array.isArray(project.pages) && project.pages.length > 0 && project.pages.every(isJsonObject);
}

const ZTemplateType = z.enum(EMAIL_TEMPLATE_TYPES, { message: 'Choose a template type.' });
const ZTemplateLanguage = z.enum(LANGUAGES, { message: 'Choose English (en) or Bengali (bn).' });

/**
 * A saved design of one type in one language (spec section 3, plus `language`: each type has one
 * design per language, English and Bengali).
 */
export const ZEmailTemplate = z.object({
  type: z.enum(EMAIL_TEMPLATE_TYPES),
  language: z.enum(LANGUAGES),
  subject: z.string(),
  /** The designer's project JSON, reloaded into the editor exactly as saved. */
  design: z.unknown(),
  /** The exported HTML with its CSS inlined. */
  html: z.string(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

/** `POST /api/email-templates` {type, language, subject, design, html, isActive}: upsert by type and language. */
export const ZEmailTemplateSave = z.object({
  type: ZTemplateType,
  language: ZTemplateLanguage.default('en'),
  subject: zLine({ message: 'Subject is required.' }).trim().min(1, 'Subject is required.').max(300, 'At most 300 characters.'),
  /** The designer's project data (an object), stored and answered back untouched. */
  design: z
    .record(z.string(), z.unknown(), { message: 'The design is missing.' })
    .refine(isStorableJson, 'The design cannot be stored (nested too deeply, or with characters that cannot be stored).')
    .refine(isOpenableDesign, 'The design is not one the designer can open: it needs at least one page.'),
  html: zText({ message: 'The design is empty.' })
    .min(1, 'The design is empty.')
    .max(EMAIL_TEMPLATE_HTML_MAX, 'The design is too large: mail programs such as Gmail cut off mails over about 100 KB.'),
  isActive: z.boolean().default(true),
});
export type TEmailTemplateSave = z.input<typeof ZEmailTemplateSave>;

/** `:type` of `GET`/`DELETE /api/email-templates/:type`; a type that is not one of the four is a 404. */
export const ZEmailTemplateTypeParams = z.object({ type: zText().max(100) });

/** `DELETE /api/email-templates/:type?language=`: one language, or (without it) both. */
export const ZEmailTemplateDeleteQuery = z.object({ language: ZTemplateLanguage.optional() });

/**
 * One language of a type in the list. Without a saved design (`saved: false`) the built-in
 * default is sent: `subject` is then the default's, `isActive` false and `updatedAt` null.
 */
const ZEmailTemplateState = z.object({
  saved: z.boolean(),
  subject: z.string(),
  isActive: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TEmailTemplateState = z.infer<typeof ZEmailTemplateState>;

/** `GET /api/email-templates`: one item per type (always the four, in the spec's order), each with both languages. */
export const ZEmailTemplateSummary = z.object({
  type: z.enum(EMAIL_TEMPLATE_TYPES),
  languages: z.object({ en: ZEmailTemplateState, bn: ZEmailTemplateState }),
});
export type TEmailTemplateSummary = z.infer<typeof ZEmailTemplateSummary>;

/** A built-in design: what a mail is when nothing active is saved, and where the editor starts. */
const ZEmailTemplateDefault = z.object({ subject: z.string(), html: z.string() });
export type TEmailTemplateDefault = z.infer<typeof ZEmailTemplateDefault>;

/**
 * `GET /api/email-templates/:type`: the saved design of each language (null when none) and the
 * built-in default of each language (its HTML with `{{variables}}`, in the hotel's frame).
 */
export const ZEmailTemplateDetail = z.object({
  type: z.enum(EMAIL_TEMPLATE_TYPES),
  templates: z.object({ en: ZEmailTemplate.nullable(), bn: ZEmailTemplate.nullable() }),
  defaults: z.object({ en: ZEmailTemplateDefault, bn: ZEmailTemplateDefault }),
});
export type TEmailTemplateDetail = z.infer<typeof ZEmailTemplateDetail>;

/** `POST /api/email-templates/test` {type, to, variables, language}. */
export const ZEmailTemplateTest = z.object({
  type: ZTemplateType,
  to: zText({ message: 'Recipient email is required' }).trim().min(1, 'Recipient email is required').pipe(z.email('Enter a valid e-mail address.')),
  /** Values that replace the samples (TEMPLATE_SAMPLE_VALUES): texts, or numbers for amounts and counts. */
  variables: z
    .record(zText().max(100), z.union([zText().max(2000), z.number()]), { message: 'Variables must be valid JSON' })
    .refine((v) => Object.keys(v).length <= EMAIL_TEMPLATE_TEST_VARIABLES_MAX, `At most ${EMAIL_TEMPLATE_TEST_VARIABLES_MAX} variables.`)
    .default({}),
  language: ZTemplateLanguage.default('en'),
});
export type TEmailTemplateTest = z.input<typeof ZEmailTemplateTest>;

/** What a test send answers: where it went, its subject, and whether the saved design or the built-in default was used. */
export const ZEmailTemplateTestResult = z.object({
  to: z.string(),
  subject: z.string(),
  source: z.enum(['saved', 'default']),
});
export type TEmailTemplateTestResult = z.infer<typeof ZEmailTemplateTestResult>;
