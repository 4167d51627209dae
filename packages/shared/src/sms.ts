import { z } from 'zod';
import { LANGUAGES } from './event-kinds.ts';
import { zText } from './text.ts';

/*
 * SMS (issue 34): how long a text is as an SMS, the numbers a provider takes, who gets SMS, and
 * the contracts of the SMS templates and of the phone's one-time code.
 */

/** GSM 03.38's basic character set: one septet each (the escape itself is not a character). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: an escape and the character, two septets each. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';
const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

/** GSM-7 when every character is in GSM 03.38 (basic or extension), else UCS-2 (Bengali always is). */
type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsLength {
  encoding: SmsEncoding;
  /**
   * The length as the network counts it: septets in GSM-7 (an extension character such as € or {
   * counts 2), UTF-16 code units in UCS-2 (a character outside the BMP, an emoji, counts 2).
   */
  characters: number;
  /** How many SMS the text is sent as (0 for no text). */
  segments: number;
  /** What one segment holds at this length: 160 or 153 (GSM-7), 70 or 67 (UCS-2). */
  perSegment: number;
}

/** One SMS of GSM-7 holds 160 septets; a part of a longer one 153 (the rest is its header). */
const SMS_GSM7_SINGLE = 160;
const SMS_GSM7_PART = 153;
/** One SMS of UCS-2 holds 70 code units; a part of a longer one 67. */
const SMS_UCS2_SINGLE = 70;
const SMS_UCS2_PART = 67;
/** The editor warns above this many segments (each is paid for). */
export const SMS_SEGMENTS_WARN = 2;

/**
 * Cuts units into parts of at most `size`, never between the two units of one character (an
 * escape and its extension character, or the two halves of a surrogate pair): phones do not split
 * them, so such a character at a part's end moves whole to the next part.
 */
function partsOf(units: readonly number[], size: number): number {
  let parts = 1;
  let used = 0;
  for (const width of units) {
    if (used + width > size) {
      parts += 1;
      used = 0;
    }
    used += width;
  }
  return parts;
}

/**
 * How a text goes as SMS: GSM-7 when every character is in its basic set or extension table
 * (160 septets in one SMS, 153 a part when longer), else UCS-2 (70 code units in one, 67 a part).
 */
export function smsLength(text: string): SmsLength {
  const chars = [...text];
  const gsm = chars.every((c) => BASIC.has(c) || EXTENSION.has(c));
  const units = gsm ? chars.map((c) => (EXTENSION.has(c) ? 2 : 1)) : chars.map((c) => c.length);
  const characters = units.reduce((sum, n) => sum + n, 0);
  const [single, part] = gsm ? [SMS_GSM7_SINGLE, SMS_GSM7_PART] : [SMS_UCS2_SINGLE, SMS_UCS2_PART];
  const segments = characters === 0 ? 0 : characters <= single ? 1 : partsOf(units, part);
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', characters, segments, perSegment: segments > 1 ? part : single };
}

/** Whether a text goes as GSM-7 (a provider is then told nothing; otherwise `type=unicode`). */
export function isGsm7(text: string): boolean {
  return smsLength(text).encoding === 'GSM-7';
}

/**
 * A phone number as an SMS provider takes it: the country code and the number, digits only, no
 * `+` (Bangladesh's bulk-SMS providers want 8801XXXXXXXXX). A Bangladeshi number written the
 * local way (01XXXXXXXXX, spaces and dashes as people type) gets its 880; `+` or `00` before a
 * number is its country code. Null when it cannot be an SMS number: too short or too long for
 * E.164, or a local number of another country (leading 0, not Bangladeshi).
 */
export function smsNumber(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // Already international.
  } else if (digits.startsWith('00')) digits = digits.slice(2);
  else if (/^01\d{9}$/.test(digits)) digits = `88${digits}`;
  else if (/^1[3-9]\d{8}$/.test(digits)) digits = `880${digits}`;
  else if (digits.startsWith('0')) return null;
  if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) return null;
  return digits;
}

/** A Bangladeshi mobile number (operators 013–019), however it is written. */
export function isBangladeshiMobile(phone: string | null | undefined): boolean {
  const number = phone ? smsNumber(phone) : null;
  return number !== null && /^8801[3-9]\d{8}$/.test(number);
}

/**
 * Whether a guest gets SMS: a guest without an e-mail always (SMS is the only way to reach them);
 * one with both by their choice, which is on by default for a Bangladeshi mobile number. Never
 * without a number an SMS can go to.
 */
export function getsSms(guest: { email: string | null; phone: string | null; smsOptIn: boolean | null }): boolean {
  if (!guest.phone || smsNumber(guest.phone) === null) return false;
  if (!guest.email) return true;
  return smsOptInOf(guest.smsOptIn, guest.phone);
}

/** The guest's choice of SMS, or its default when they made none (on for a Bangladeshi mobile number). */
export function smsOptInOf(choice: boolean | null, phone: string | null): boolean {
  return choice ?? isBangladeshiMobile(phone);
}

/* ----- Templates ----- */

/** The SMS a guest may get, each from a template per language (PHONE_CODE: the one-time code). */
export const SMS_TEMPLATE_TYPES = ['BOOKING_CONFIRMED', 'PAYMENT_RECEIVED', 'PRE_ARRIVAL', 'CANCELLATION', 'PHONE_CODE'] as const;
export type SmsTemplateType = (typeof SMS_TEMPLATE_TYPES)[number];

/**
 * The variables of each type, written `{{name}}` as in the e-mail templates and written for the
 * reader the same way (amounts in Taka, days as 'Tue, Dec 1, 2026', Bengali digits in Bengali).
 * `reservationId` is the reservation's reference, the one the guest quotes; `hotelName` the
 * hotel's; `checkInUrl` the guest's online check-in page; `code` the one-time code.
 */
export const SMS_TEMPLATE_VARIABLES: Record<SmsTemplateType, { required: readonly string[]; optional: readonly string[] }> = {
  BOOKING_CONFIRMED: { required: ['reservationId', 'startDate'], optional: ['name', 'endDate', 'room', 'amount', 'hotelName'] },
  PAYMENT_RECEIVED: { required: ['reservationId', 'amount'], optional: ['name', 'paymentMethod', 'paymentReference', 'startDate', 'hotelName'] },
  PRE_ARRIVAL: { required: ['reservationId', 'startDate', 'checkInUrl'], optional: ['name', 'room', 'hotelName'] },
  CANCELLATION: { required: ['reservationId'], optional: ['name', 'startDate', 'endDate', 'room', 'hotelName'] },
  PHONE_CODE: { required: ['code'], optional: ['hotelName', 'minutes'] },
};

/** Every variable an SMS template of this type may use. */
export function smsTemplateVariables(type: SmsTemplateType): string[] {
  return [...SMS_TEMPLATE_VARIABLES[type].required, ...SMS_TEMPLATE_VARIABLES[type].optional];
}

/** Sample values for the preview (as a booking gives them: amounts as numbers, days as ISO dates). */
export const SMS_SAMPLE_VALUES: Readonly<Record<string, string | number>> = {
  name: 'Ayesha Rahman',
  reservationId: 'RSV-7K3F9Q2M',
  startDate: '2026-12-01',
  endDate: '2026-12-03',
  room: 'Deluxe King (304)',
  amount: 17077.5,
  paymentMethod: 'bKash',
  paymentReference: '8N7A6B5C4D',
  hotelName: 'Residency',
  checkInUrl: 'https://residency.example/user/my-bookings/0b6a3c1e-8f4d-4c1a-9a55-1d2e3f4a5b6c/check-in',
  code: '482913',
  minutes: 5,
};

/** The longest SMS template body: a few segments' worth, whatever the encoding. */
export const SMS_TEMPLATE_MAX = 1000;

const ZSmsType = z.enum(SMS_TEMPLATE_TYPES, { message: 'Choose an SMS type.' });
const ZSmsLanguage = z.enum(LANGUAGES, { message: 'Choose English (en) or Bengali (bn).' });

/** `:type/:language` of `PUT`/`DELETE /api/sms-templates/:type/:language`. */
export const ZSmsTemplateParams = z.object({ type: ZSmsType, language: ZSmsLanguage });

/** `PUT /api/sms-templates/:type/:language` {body}: the admin's text (variables of the type only). */
export const ZSmsTemplateSave = z.object({
  body: zText({ message: 'The message is required.' })
    .trim()
    .min(1, 'The message is required.')
    .max(SMS_TEMPLATE_MAX, `At most ${SMS_TEMPLATE_MAX} characters.`),
});

const ZSmsLengthInfo = z.object({
  encoding: z.enum(['GSM-7', 'UCS-2']),
  characters: z.number().int(),
  segments: z.number().int(),
  perSegment: z.number().int(),
});

/** One type in one language: the text in use (the admin's, else the built-in one), its default and its length. */
export const ZSmsTemplate = z.object({
  type: ZSmsType,
  language: ZSmsLanguage,
  body: z.string(),
  defaultBody: z.string(),
  /** The admin's text is in use (false: the built-in default). */
  customised: z.boolean(),
  updatedAt: z.string().nullable(),
  variables: z.array(z.string()),
  /** The length of the body as written (with `{{variables}}`); the preview says what a filled one is. */
  length: ZSmsLengthInfo,
});
export type TSmsTemplate = z.infer<typeof ZSmsTemplate>;

/** `POST /api/sms-templates/preview` {type, language, body?}: `body` when given, else the text in use, filled with samples. */
export const ZSmsPreviewRequest = z.object({
  type: ZSmsType,
  language: ZSmsLanguage,
  body: zText().max(SMS_TEMPLATE_MAX, `At most ${SMS_TEMPLATE_MAX} characters.`).optional(),
});
export type TSmsPreviewRequest = z.input<typeof ZSmsPreviewRequest>;

export const ZSmsPreview = z.object({ text: z.string(), length: ZSmsLengthInfo });
export type TSmsPreview = z.infer<typeof ZSmsPreview>;

/* ----- The phone's one-time code ----- */

/** A code's digits, how long it works and how many tries it has. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_MINUTES = 5;
export const PHONE_CODE_TRIES = 5;
/** Codes sent to one number within PHONE_CODE_NUMBER_WINDOW_MINUTES; codes asked from one address within an hour. */
export const PHONE_CODE_NUMBER_MAX = 3;
export const PHONE_CODE_NUMBER_WINDOW_MINUTES = 15;
export const PHONE_CODE_IP_MAX = 10;

const ZSmsPhone = zText({ message: 'Enter a phone number.' })
  .trim()
  .min(1, 'Enter a phone number.')
  .max(30, 'Phone number is too long.')
  .refine((v) => smsNumber(v) !== null, 'Enter a mobile number that can receive SMS (01XXXXXXXXX, or +country code and number).');

/**
 * `POST /api/auth/phone/verify-request` {phone, cardId?}: sends a code by SMS. Without `cardId`,
 * the phone on the caller's own profile; staff and admins add a registration card's id to verify
 * the phone of that guest at the desk.
 */
export const ZPhoneVerifyRequest = z.object({
  phone: ZSmsPhone,
  cardId: z.uuid({ message: 'Not a valid card id.' }).optional(),
});

/** `POST /api/auth/phone/verify` {phone, code, cardId?}. */
export const ZPhoneVerify = ZPhoneVerifyRequest.extend({
  code: zText({ message: 'Enter the code.' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS.'),
});

/** What the code's request answers: when it stops working. */
export const ZPhoneCodeSent = z.object({ phone: z.string(), expiresAt: z.string() });
export type TPhoneCodeSent = z.infer<typeof ZPhoneCodeSent>;

/** What a right code answers: the number verified and when. */
export const ZPhoneVerified = z.object({ phone: z.string(), verifiedAt: z.string(), cardId: z.string().nullable() });
export type TPhoneVerified = z.infer<typeof ZPhoneVerified>;

