/**
 * Where a booking stands and what may happen to it next: the one place of these rules. The API
 * enforces them (a refused transition is a 409 with the refusal's code and message); the web
 * app asks the same functions which buttons to show. No zod, so the web may import it cheaply
 * from '@residency/shared/booking-states'.
 *
 * A booking is described by three stored facts:
 * - `status`: `active`, `cancelled` (by staff or the guest) or `no_show` (never came). Only
 *   active stays hold their nights: the overlap constraint and the availability index count
 *   only them, so cancelling or a no-show frees the room.
 * - `stage`: `booked` → `checked_in` → `checked_out`, the front desk's progress.
 * - `isConfirmed`: the spec's confirmation by staff.
 * and one derived `state` for people and filters (see `bookingState`).
 */
import { addDays } from './dates.ts';
import { formatAmount, formatLongDate } from './display.ts';
import { instantAt, wallClockAt } from './hotel-time.ts';

export const BOOKING_STATUSES = ['active', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STAGES = ['booked', 'checked_in', 'checked_out'] as const;
export type BookingStage = (typeof BOOKING_STAGES)[number];

/** The one state a person sees, and the reservation list filters by. */
export const BOOKING_STATES = ['unconfirmed', 'confirmed', 'checked_in', 'checked_out', 'cancelled', 'no_show'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export const PAYMENT_METHODS = ['cash', 'card', 'bkash', 'nagad', 'bank_transfer', 'rocket', 'upay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** How people name the methods in English (screens, server messages, mails, exports). */
export const PAYMENT_METHOD_NAMES: Readonly<Record<PaymentMethod, string>> = {
  cash: 'Cash',
  card: 'Card',
  bkash: 'bKash',
  nagad: 'Nagad',
  bank_transfer: 'Bank transfer',
  rocket: 'Rocket',
  upay: 'Upay',
};

export const PAYMENT_STATES = ['unpaid', 'partly_paid', 'paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What the rules read of a booking (a TBooking has all of it). */
export interface StayFacts {
  status: BookingStatus;
  stage: BookingStage;
  isConfirmed: boolean;
  /** Check-in day, YYYY-MM-DD. */
  startDate: string;
  /** Check-out day, YYYY-MM-DD (earlier than booked after an early check-out). */
  endDate: string;
}

export function bookingState(stay: Pick<StayFacts, 'status' | 'stage' | 'isConfirmed'>): BookingState {
  if (stay.status === 'cancelled') return 'cancelled';
  if (stay.status === 'no_show') return 'no_show';
  if (stay.stage === 'checked_in') return 'checked_in';
  if (stay.stage === 'checked_out') return 'checked_out';
  return stay.isConfirmed ? 'confirmed' : 'unconfirmed';
}

/* ---------- money ---------- */

const paisa = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** What is left to pay, never below zero, to the paisa. */
export function balanceOf(amount: number, paid: number): number {
  return Math.max(0, paisa(amount - paid));
}

/**
 * `paid` when the booking's reservation is settled (its spec paymentStatus is 'Paid': nothing left
 * to pay, a stay that costs nothing included); something paid but not all, `partly_paid`.
 */
export function paymentState(status: 'Paid' | 'Pending', paid: number): PaymentState {
  if (status === 'Paid') return 'paid';
  return paid > 0 ? 'partly_paid' : 'unpaid';
}

/* ---------- staff transitions ---------- */

/** What staff and admins can do to a booking, in the order the reservation list shows them. */
const STAFF_ACTIONS = ['confirm', 'check_in', 'check_out', 'pay', 'no_show', 'cancel'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Why a transition is refused: a stable code (the web translates it) and an English message. */
export interface Refusal {
  code: string;
  message: string;
}

const refuse = (code: string, message: string): Refusal => ({ code, message });
const day = (iso: string) => formatLongDate(iso);

/** Refusals that depend only on the state, whatever the action (the action tunes the words). */
function stateRefusal(action: StaffAction | 'guest_cancel', state: BookingState): Refusal | null {
  switch (state) {
    case 'cancelled':
      return action === 'cancel' || action === 'guest_cancel'
        ? refuse('BOOKING_CANCELLED', 'This booking is already cancelled.')
        : action === 'pay'
          ? refuse('BOOKING_CANCELLED', 'A cancelled booking cannot take payments.')
          : refuse('BOOKING_CANCELLED', 'A cancelled booking cannot be changed.');
    case 'no_show':
      if (action === 'pay') return null;
      return action === 'no_show'
        ? refuse('ALREADY_NO_SHOW', 'This booking is already marked as a no-show.')
        : refuse('BOOKING_NO_SHOW', 'This booking is marked as a no-show and cannot be changed.');
    default:
      return null;
  }
}

/**
 * Why staff may not do `action` to the booking today (the hotel's date, YYYY-MM-DD), or null
 * when they may:
 * - confirm: an unconfirmed booking;
 * - check in: a confirmed one, from its check-in day until the day before its check-out day;
 * - check out: a checked-in one, any day (before the check-out day it shortens the stay);
 * - pay: any booking with something left to pay (a cancelled one: its penalty);
 * - no-show: unconfirmed or confirmed, not checked in, from the day after check-in on;
 * - cancel: unconfirmed or confirmed, and the stay not over (before its check-out day).
 */
export function staffRefusal(action: StaffAction, stay: StayFacts & { balance: number }, today: string): Refusal | null {
  const state = bookingState(stay);
  // A cancelled stay may still owe its cancellation penalty (issue 22): that is paid like any balance.
  if (action === 'pay' && state === 'cancelled' && stay.balance > 0) return null;
  const byState = stateRefusal(action, state);
  if (byState) return byState;
  switch (action) {
    case 'confirm':
      return state === 'unconfirmed' ? null : refuse('ALREADY_CONFIRMED', 'This booking is already confirmed.');
    case 'check_in':
      if (state === 'unconfirmed') return refuse('NOT_CONFIRMED', 'Confirm the booking before checking the guest in.');
      if (state === 'checked_in') return refuse('ALREADY_CHECKED_IN', 'The guest is already checked in.');
      if (state === 'checked_out') return refuse('ALREADY_CHECKED_OUT', 'The guest has already checked out.');
      if (today < stay.startDate) return refuse('CHECK_IN_NOT_YET', `The guest can check in from ${day(stay.startDate)}.`);
      if (today >= stay.endDate) {
        return refuse('STAY_OVER', `This stay ended on ${day(stay.endDate)}: the guest can no longer check in.`);
      }
      return null;
    case 'check_out':
      if (state === 'checked_in') return null;
      if (state === 'checked_out') return refuse('ALREADY_CHECKED_OUT', 'The guest has already checked out.');
      return refuse('NOT_CHECKED_IN', 'The guest has not checked in yet.');
    case 'pay':
      return stay.balance > 0 ? null : refuse('ALREADY_PAID', 'This booking is already paid.');
    case 'no_show':
      if (state === 'checked_in') return refuse('ALREADY_CHECKED_IN', 'The guest has checked in: they are not a no-show.');
      if (state === 'checked_out') return refuse('ALREADY_CHECKED_OUT', 'The guest has stayed and checked out: they are not a no-show.');
      if (today <= stay.startDate) {
        return refuse('NO_SHOW_NOT_YET', `A guest can be marked as a no-show from the day after check-in (${day(addDays(stay.startDate, 1))}).`);
      }
      return null;
    case 'cancel':
      if (state === 'checked_in') return refuse('ALREADY_CHECKED_IN', 'The guest is checked in: check them out instead of cancelling.');
      if (state === 'checked_out') return refuse('ALREADY_CHECKED_OUT', 'The guest has checked out: the stay can no longer be cancelled.');
      if (today >= stay.endDate) return refuse('STAY_OVER', 'This stay is over: it can no longer be cancelled.');
      return null;
  }
}

/** The actions staff may take on the booking today, in display order. */
export function staffActions(stay: StayFacts & { balance: number }, today: string): StaffAction[] {
  return STAFF_ACTIONS.filter((action) => staffRefusal(action, stay, today) === null);
}

/** Why a payment of `amount` Taka cannot be recorded, or null. */
export function paymentRefusal(stay: StayFacts & { balance: number }, amount: number, today: string): Refusal | null {
  const refusal = staffRefusal('pay', stay, today);
  if (refusal) return refusal;
  if (paisa(amount) > stay.balance) {
    return refuse('PAYMENT_OVER_BALANCE', `This payment is more than the balance of ${formatAmount(stay.balance)}.`);
  }
  return null;
}

/**
 * The new check-out day of a check-out on `today`: before the booked check-out day the stay
 * ends today (at least one night after check-in), so the nights left are free again; on or
 * after it, the stay keeps its dates.
 */
export function checkOutDay(stay: Pick<StayFacts, 'startDate' | 'endDate'>, today: string): string {
  if (today >= stay.endDate) return stay.endDate;
  const earliest = addDays(stay.startDate, 1);
  return today > earliest ? today : earliest;
}

/* ---------- the guest's own cancellation ---------- */

/** The hotel's cancellation policy for guests (HOTEL_CHECK_IN_TIME, GUEST_CANCEL_HOURS, HOTEL_TIME_ZONE). */
export interface GuestCancelPolicy {
  /** HH:mm on the check-in day, at the hotel. */
  checkInTime: string;
  /** How many hours before that time online cancellation closes. */
  cancelHours: number;
  timeZone: string;
}

/** The last instant a guest may cancel online: the check-in time on the check-in day, less the policy's hours. */
export function guestCancelDeadline(checkIn: string, policy: GuestCancelPolicy): Date {
  return new Date(instantAt(checkIn, policy.checkInTime, policy.timeZone).getTime() - policy.cancelHours * 3_600_000);
}

/** A deadline as a guest reads it: "Sun, Nov 29, 2026 at 14:00" (the hotel's clock). */
export function formatDeadline(deadline: Date, timeZone: string): string {
  const { date, time } = wallClockAt(deadline, timeZone);
  return `${formatLongDate(date)} at ${time}`;
}

/**
 * Why the guest may not cancel their booking online at `now`, or null: any unconfirmed or
 * confirmed stay, until its check-in time (issue 21: the plan's cancellation policy decides what
 * a late cancellation costs, rather than the old cut-off refusing it). After the check-in time
 * a stay not arrived is the desk's (a no-show): `hotelPhone` goes into the message.
 */
export function guestCancelRefusal(stay: StayFacts, now: Date, policy: GuestCancelPolicy & { hotelPhone: string }): Refusal | null {
  const state = bookingState(stay);
  const byState = stateRefusal('guest_cancel', state);
  if (byState) return byState;
  if (state === 'checked_in') return refuse('ALREADY_CHECKED_IN', 'You have already checked in: please speak to the front desk.');
  if (state === 'checked_out') return refuse('ALREADY_CHECKED_OUT', 'This stay is over: it can no longer be cancelled.');
  const checkInAt = instantAt(stay.startDate, policy.checkInTime, policy.timeZone);
  if (now.getTime() >= checkInAt.getTime()) {
    return refuse(
      'CHECK_IN_PASSED',
      `The check-in time of this stay (${formatDeadline(checkInAt, policy.timeZone)}, hotel time) has passed. Please call the hotel at ${policy.hotelPhone}.`,
    );
  }
  return null;
}
