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
] as const;

export const TEMPLATE_VARIABLES: Record<EmailTemplateType, { required: readonly string[]; optional: readonly string[] }> = {
  BOOKING_CONFIRMATION_USER: { required: CONFIRMATION_REQUIRED, optional: CONFIRMATION_OPTIONAL },
  BOOKING_CONFIRMATION_ADMIN: { required: CONFIRMATION_REQUIRED, optional: [...CONFIRMATION_OPTIONAL, 'admin_email'] },
  BOOKING_STATUS_UPDATE: {
    required: ['name', 'email', 'transactionId', 'room', 'startDate', 'endDate', 'amount', 'paymentStatus', 'confirmation'],
    optional: [],
  },
  BOOKING_CANCELLATION: {
    required: ['name', 'email', 'transactionId', 'room', 'startDate', 'endDate', 'amount', 'cancellationDate'],
    optional: [],
  },
};

/** Every variable a template of this type may use. */
export function supportedVariables(type: EmailTemplateType): string[] {
  return [...TEMPLATE_VARIABLES[type].required, ...TEMPLATE_VARIABLES[type].optional];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w]*)\s*\}\}/g;

/** The `{{variables}}` a subject or body uses. */
export function usedVariables(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** Variables used that the type does not support (a save is refused with 'Unknown variables used: …'). */
export function unknownVariables(type: EmailTemplateType, ...texts: string[]): string[] {
  const allowed = new Set(supportedVariables(type));
  return [...new Set(texts.flatMap(usedVariables))].filter((v) => !allowed.has(v));
}

/** Fills `{{variables}}`; `escape` makes values safe for HTML (subjects pass text through). */
export function fillTemplate(text: string, values: Record<string, string>, escape: (v: string) => string = (v) => v): string {
  return text.replace(PLACEHOLDER, (_m, name: string) => escape(values[name] ?? ''));
}
