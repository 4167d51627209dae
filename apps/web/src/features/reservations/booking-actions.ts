import type { TBooking } from '@residency/shared';
import {
  BOOKING_STATES,
  PAYMENT_STATES,
  staffActions,
  type BookingStage,
  type BookingState as DeskState,
  type BookingStatus,
  type PaymentState,
  type StaffAction,
} from '@residency/shared/booking-states';
import { isIsoDate } from '@residency/shared/dates';
import { TAG_TEXT as BASE_TAG_TEXT } from '../../components/dashboard/tag-text';

/* ---------- the front desk (staff and admins) ---------- */

/**
 * What staff may do to a booking today (the hotel's date): the shared rules of
 * `@residency/shared/booking-states`, never a copy of them. Details is always offered besides.
 */
export function deskActions(booking: Pick<TBooking, 'status' | 'stage' | 'isConfirmed' | 'startDate' | 'endDate' | 'balance'>, today: string): StaffAction[] {
  return staffActions(booking, today);
}

/**
 * The stored facts behind a derived state: the desk's day (`GET /api/staff/today`) sends only the
 * state, and the shared rules read the facts. The inverse of `bookingState`.
 */
export function factsOfState(state: DeskState): { status: BookingStatus; stage: BookingStage; isConfirmed: boolean } {
  switch (state) {
    case 'cancelled':
      return { status: 'cancelled', stage: 'booked', isConfirmed: false };
    case 'no_show':
      return { status: 'no_show', stage: 'booked', isConfirmed: true };
    case 'checked_in':
      return { status: 'active', stage: 'checked_in', isConfirmed: true };
    case 'checked_out':
      return { status: 'active', stage: 'checked_out', isConfirmed: true };
    case 'confirmed':
      return { status: 'active', stage: 'booked', isConfirmed: true };
    case 'unconfirmed':
      return { status: 'active', stage: 'booked', isConfirmed: false };
  }
}

/** Tag colours of the six states: waiting gold, confirmed blue, in the house green, gone gray, cancelled red, no-show purple. */
export const DESK_STATE_COLORS: Record<DeskState, string> = {
  unconfirmed: 'gold',
  confirmed: 'blue',
  checked_in: 'green',
  checked_out: 'default',
  cancelled: 'red',
  no_show: 'purple',
};

/** Tag colours of the payment state; a cancelled booking's payment is shown muted (gray), never as "Cancelled". */
const PAYMENT_STATE_COLORS: Record<PaymentState, string> = { unpaid: 'gold', partly_paid: 'cyan', paid: 'green' };

export function paymentColor(booking: Pick<TBooking, 'status' | 'paymentState'>): string {
  return booking.status === 'cancelled' ? 'default' : PAYMENT_STATE_COLORS[booking.paymentState];
}

/** Darker text for the pale tags, whose own text fails WCAG contrast (4.5:1). */
export const TAG_TEXT: Record<string, string> = {
  ...BASE_TAG_TEXT,
  blue: '!text-blue-800',
  cyan: '!text-cyan-900',
  purple: '!text-purple-800',
  default: '!text-slate-700',
};

/* ---------- the reservation list's filters, kept in the URL ---------- */

/** What the reservation list shows: every field optional, as in the URL (`?state=…&payment=…&from=…&to=…&q=…&page=…`). */
export interface ReservationFilters {
  state?: DeskState;
  payment?: PaymentState;
  /** Stays with a night on or after this day (YYYY-MM-DD). */
  from?: string;
  /** Stays with a night on or before this day (YYYY-MM-DD). */
  to?: string;
  /** The search box: booking ID, guest name, e-mail or phone. */
  q?: string;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * The filters of a URL's query. Anything the list cannot use (an unknown state, a malformed
 * date, `from` after `to`, page 0) is dropped rather than sent to the API to be refused.
 */
export function readFilters(params: URLSearchParams): ReservationFilters {
  const date = (name: string) => {
    const value = params.get(name);
    return value && isIsoDate(value) ? value : undefined;
  };
  let from = date('from');
  let to = date('to');
  if (from && to && from > to) [from, to] = [to, from];
  const page = Number(params.get('page'));
  // Kept as typed (a space between two words is typed before the second); trimmed when sent.
  const q = params.get('q')?.slice(0, 100);
  return {
    state: oneOf(BOOKING_STATES, params.get('state')),
    payment: oneOf(PAYMENT_STATES, params.get('payment')),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(q ? { q } : {}),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query of the filters, without the empty ones (page 1 is the default). Keys in a fixed order, so links compare. */
export function writeFilters(filters: ReservationFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.state) params.set('state', filters.state);
  if (filters.payment) params.set('payment', filters.payment);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The `GET /api/bookings` query of the filters. */
export function listQuery(filters: ReservationFilters) {
  return {
    page: filters.page,
    ...(filters.q?.trim() ? { searchTerm: filters.q.trim() } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.payment ? { payment: filters.payment } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

/** Whether anything narrows the list (then "Clear filters" is offered). */
export function isFiltered(filters: ReservationFilters): boolean {
  return Boolean(filters.state || filters.payment || filters.from || filters.to || filters.q?.trim());
}

export type { StaffAction, DeskState };
