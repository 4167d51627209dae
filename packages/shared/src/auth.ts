import { z } from 'zod';
import { LANGUAGES } from './event-kinds.ts';
import { ROLES } from './roles.ts';
import { zLine, zText } from './text.ts';

import { PASSWORD_MAX, PASSWORD_MIN } from './auth-rules.ts';

;

export const ZEmail = zText({ message: 'E-mail is required.' })
  .trim()
  .min(1, 'E-mail is required.')
  .max(254, 'E-mail is too long.')
  .pipe(z.email({ message: 'Enter a valid e-mail address.' }))
  .transform((email) => email.toLowerCase());

const ZPassword = zText({ message: 'Password is required.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const ZPersonName = zLine({ message: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'Name must be at most 100 characters.');

/** Phone numbers as people type them: digits, spaces, +, -, parentheses. */
export const ZPhone = zLine()
  .trim()
  .max(30, 'Phone number is too long.')
  .regex(/^[+\d][\d\s()-]{5,}$/, 'Enter a valid phone number.');

/** Optional text field: an empty string means "not given". */
export function optionalText<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
}

export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: ZPassword,
  name: ZPersonName,
  phone: optionalText(ZPhone),
  /** The site's language at sign-up: the account's mails are written in it. */
  language: z.enum(LANGUAGES, { message: 'Choose English (en) or Bengali (bn).' }).optional(),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: zText({ message: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX),
});

/** The signed-in user as the server sends it (spec section 3). */
export const ZAuthUser = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  image: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  membershipNumber: z.string(),
  /** When the phone was verified with a one-time code by SMS (issue 34); null: not verified (or changed since). */
  phoneVerifiedAt: z.string().nullable(),
  /** Whether booking news also comes by SMS: the person's choice, else on for a Bangladeshi mobile number. */
  smsOptIn: z.boolean(),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

export const ZAuthPayload = z.object({ user: ZAuthUser, token: z.string() });
export type TAuthPayload = z.infer<typeof ZAuthPayload>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export const ZResetPasswordRequest = z.object({
  token: zText().min(20, 'This reset link is not valid.').max(200),
  password: ZPassword,
});

/**
 * A path on this site: one slash, not followed by a second one or a backslash (a browser reads
 * `//host/x` and `/\host/x` as another site's address), and no spaces or control characters (a
 * browser drops tabs and line breaks from an address, so `/<tab>/host` is `//host` too).
 */
export function isSitePath(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  return /^\/(?![/\\])/.test(value) && !/[\s\\\u0000-\u001f\u007f]/.test(value);
}

/**
 * A path on this site (isSitePath) as a JSON Schema pattern, without a lookahead: `/`, or `/`
 * and a first character that is not `/` or `\`, then no spaces, backslashes or control characters.
 */
export const SITE_PATH_PATTERN = String.raw`/(?:[^/\\\s\u0000-\u001f\u007f][^\\\s\u0000-\u001f\u007f]*)?`;

/** Image fields hold a URL of our own uploads (a path on the site) or an absolute http(s) URL. */
export const ZImageUrl = zText()
  .trim()
  .max(2048, 'Image link is too long.')
  .refine((v) => isSitePath(v) || /^https?:\/\/[^\s\\]+$/i.test(v), 'Enter an image link that starts with http:// or https://.')
  // The API reference's words for the rule above (a relative reference, or an http(s) URL; no NUL, as every text).
  .meta({ format: 'uri-reference', pattern: String.raw`^(?:${SITE_PATH_PATTERN}|[Hh][Tt][Tt][Pp][Ss]?://[^\s\\\u0000]+)$` });

/** `PATCH /api/users/me`: the profile fields a person may change. */
export const ZProfileUpdateRequest = z.object({
  name: ZPersonName.optional(),
  phone: z.union([ZPhone, z.literal('')]).nullable().optional(),
  address: zLine().trim().max(300, 'Address must be at most 300 characters.').nullable().optional(),
  image: z.union([ZImageUrl, z.literal('')]).nullable().optional(),
  /** Booking news by SMS too (issue 34); null goes back to the default (on for a Bangladeshi mobile number). */
  smsOptIn: z.boolean().nullable().optional(),
});
export type TProfileUpdateRequest = z.input<typeof ZProfileUpdateRequest>;

/** `POST /api/auth/change-password`: the current password, then the new one (twice in the form). */
export const ZChangePasswordRequest = z.object({
  currentPassword: zText({ message: 'Enter your current password.' }).min(1, 'Enter your current password.').max(PASSWORD_MAX),
  newPassword: ZPassword,
});
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;
