import type { TCouponCheck, TRoom } from '@residency/shared';

/** The server's phone rule (ZPhone), repeated here so the booking pages do not carry zod. */
const PHONE_PATTERN = /^[+\d][\d\s()-]{5,}$/;
const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export interface BookingFields {
  phone: string;
  /** Walk-in only: the guest at the desk. */
  guestName?: string;
  guestEmail?: string;
}

export type BookingFieldErrors = Partial<Record<'phone' | 'guestName' | 'guestEmail', 'required' | 'invalid'>>;

/**
 * What is wrong with the form before it is sent: a phone is required (and the guest's name for a
 * walk-in; their e-mail only when given, since many walk-in guests have none).
 */
export function validateBookingFields(fields: BookingFields, walkIn: boolean): BookingFieldErrors {
  const errors: BookingFieldErrors = {};
  const phone = fields.phone.trim();
  if (!phone) errors.phone = 'required';
  else if (phone.length > 30 || !PHONE_PATTERN.test(phone)) errors.phone = 'invalid';
  if (walkIn) {
    if (!fields.guestName?.trim()) errors.guestName = 'required';
    const email = fields.guestEmail?.trim() ?? '';
    if (email && !EMAIL_PATTERN.test(email)) errors.guestEmail = 'invalid';
  }
  return errors;
}

/** Why a coupon does not apply, as a key the pages translate; null when it applies or the reason is new to us. */
export type CouponReason = 'notFound' | 'inactive' | 'expired' | 'usedUp' | 'minimum';

export function couponReason(check: TCouponCheck, amount: number): CouponReason | null {
  if (check.valid) return null;
  if (check.discountType === null) return 'notFound';
  if (check.minimumPurchaseAmount !== null && amount < check.minimumPurchaseAmount) return 'minimum';
  const reason = check.reason ?? '';
  if (/not active/i.test(reason)) return 'inactive';
  if (/expired/i.test(reason)) return 'expired';
  if (/fully used/i.test(reason)) return 'usedUp';
  return null;
}

/** An error of our API as RTK Query hands it over. */
export interface ApiFailure {
  status: number | string;
  message: string | null;
  code: string | null;
  errors: { path: string; message: string }[];
}

/** Reads the status, message, code and field errors out of an RTK Query error (or anything thrown). */
export function readApiFailure(error: unknown): ApiFailure {
  const e = (error ?? {}) as { status?: number | string; data?: unknown; error?: string; message?: string };
  const data = (e.data && typeof e.data === 'object' ? e.data : {}) as { message?: unknown; code?: unknown; errors?: unknown };
  return {
    status: e.status ?? 'UNKNOWN',
    message: typeof data.message === 'string' ? data.message : null,
    code: typeof data.code === 'string' ? data.code : null,
    errors: Array.isArray(data.errors) ? (data.errors as ApiFailure['errors']) : [],
  };
}

const byPriceThenNumber = (a: TRoom, b: TRoom) =>
  a.price - b.price || a.room_overview.room_number.localeCompare(b.room_overview.room_number, 'en', { numeric: true });

/**
 * The rooms to offer when the chosen one is taken: the same category first (at most `sameMax`
 * of them while other categories have rooms to show too), then the others; cheapest first.
 */
export function otherRooms(
  free: readonly TRoom[],
  taken: { _id: string; category: string },
  { total = 6, sameMax = 3 }: { total?: number; sameMax?: number } = {},
): TRoom[] {
  const rooms = free.filter((room) => room._id !== taken._id);
  const same = rooms.filter((room) => room.category === taken.category).sort(byPriceThenNumber);
  const rest = rooms.filter((room) => room.category !== taken.category).sort(byPriceThenNumber);
  return [...same.slice(0, Math.max(sameMax, total - rest.length)), ...rest].slice(0, total);
}
