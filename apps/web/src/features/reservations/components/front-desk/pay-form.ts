import { PAYMENT_REFERENCE_MAX, PAYMENT_REFERENCE_REQUIRED, ZPaymentCreate, type TBooking, type TPaymentCreate } from '@residency/shared';
import { paymentRefusal, type PaymentMethod } from '@residency/shared/booking-states';
import { instantAt } from '@residency/shared/hotel-time';

/** What the Pay modal holds: the time as the hotel's wall clock (date and HH:mm), or none for "now". */
export interface PayFormValues {
  amount: number | null;
  method: PaymentMethod | null;
  /** YYYY-MM-DD and HH:mm at the hotel, when the money was received earlier than now. */
  paidAt: { date: string; time: string } | null;
  note: string;
  /** The transaction's reference (a bKash TrxID…), optional. */
  reference: string;
}

export type PayField = 'amount' | 'method' | 'paidAt' | 'note' | 'reference';

/** A problem with one field: the contract's English words, and the key of the screen's own words. */
export interface PayProblem {
  field: PayField;
  message: string;
  key: string;
  values?: Record<string, string | number>;
}

/**
 * The contract's messages (ZPaymentCreate) and the keys of the screen's own words for them
 * (front-desk.json, `pay.errors`, in English and Bengali: the methods as the screen names them).
 * A message not listed here is shown as the contract wrote it.
 */
export const PAY_MESSAGE_KEYS: Record<string, string> = {
  'Enter the amount received.': 'amountRequired',
  'The amount must be more than zero.': 'amountPositive',
  'This amount is too large.': 'amountTooLarge',
  'An amount has at most two decimals (paisa).': 'amountPaisa',
  'Choose how the guest paid: Cash, Card, bKash, Nagad, Bank transfer, Rocket or Upay.': 'methodRequired',
  'Write the payment time as an ISO date-time, e.g. 2026-12-01T14:30:00+06:00.': 'paidAtFormat',
  'The payment time cannot be in the future.': 'paidAtFuture',
  'At most 300 characters.': 'noteTooLong',
  [`A payment reference has at most ${PAYMENT_REFERENCE_MAX} characters.`]: 'referenceTooLong',
  [PAYMENT_REFERENCE_REQUIRED]: 'referenceRequired',
};

/** The Pay modal's starting values: the whole balance, in cash (what most guests pay at the desk), received now. */
export function initialPayValues(booking: Pick<TBooking, 'balance'>): PayFormValues {
  return { amount: booking.balance, method: 'cash', paidAt: null, note: '', reference: '' };
}

/** The request body of the values (`POST /api/bookings/:id/payments`), before validation. */
export function paymentBody(values: PayFormValues, timeZone: string): Record<string, unknown> {
  const note = values.note.trim();
  const reference = values.reference.trim();
  return {
    amount: values.amount ?? undefined,
    method: values.method ?? undefined,
    ...(values.paidAt ? { paidAt: instantAt(values.paidAt.date, values.paidAt.time, timeZone).toISOString() } : {}),
    ...(note ? { note } : {}),
    ...(reference ? { reference } : {}),
  };
}

/**
 * Checks the values as the server will: the zod contract first, then the shared rule that a
 * payment is not more than the balance. Either the body to send, or the problems per field.
 */
export function checkPayment(
  values: PayFormValues,
  booking: Pick<TBooking, 'status' | 'stage' | 'isConfirmed' | 'startDate' | 'endDate' | 'balance'>,
  today: string,
  timeZone: string,
): { ok: true; body: TPaymentCreate } | { ok: false; problems: PayProblem[] } {
  const parsed = ZPaymentCreate.safeParse(paymentBody(values, timeZone));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = (String(issue.path[0] ?? 'amount') as PayField);
      return { field, message: issue.message, key: PAY_MESSAGE_KEYS[issue.message] ?? '' };
    });
    // One message per field, the first.
    return { ok: false, problems: problems.filter((p, i) => problems.findIndex((q) => q.field === p.field) === i) };
  }
  const refusal = paymentRefusal(booking, parsed.data.amount, today);
  if (refusal) {
    const over = refusal.code === 'PAYMENT_OVER_BALANCE';
    return {
      ok: false,
      problems: [
        {
          field: 'amount',
          message: refusal.message,
          key: over ? 'overBalance' : '',
          values: { balance: booking.balance },
        },
      ],
    };
  }
  return { ok: true, body: parsed.data };
}
