import { ZBlock, ZConflict } from './channels.ts';
import { z } from 'zod';
import { BOOKING_STATES, PAYMENT_STATES } from './booking-states.ts';
import { isIsoDate } from './dates.ts';
import { periodProblem, reportDayProblem } from './reporting-period.ts';
import { SERVICE_TYPES } from './services.ts';
import { zText } from './text.ts';

const ZIsoQuery = (name: string) => zText().refine(isIsoDate, `${name} must be a date written YYYY-MM-DD.`);

/**
 * `GET /api/admin` and `GET /api/admin/bookings.csv`: the period, both days included. Without
 * `to`, today at the hotel; without `from`, the first day of the month eleven months before
 * `to`'s month (twelve months). At most REPORT_DAYS_MAX days.
 */
export const ZReportingPeriodQuery = z
  .object({ from: ZIsoQuery('from').optional(), to: ZIsoQuery('to').optional() })
  .superRefine((q, ctx) => {
    // Each end on its own (the other may default), then the pair when both ends are days it can be.
    let outside = false;
    for (const key of ['from', 'to'] as const) {
      const day = q[key];
      const problem = day ? reportDayProblem(day) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [key] });
      outside ||= problem !== null;
    }
    const problem = q.from && q.to && !outside ? periodProblem({ from: q.from, to: q.to }) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });
export type TReportingPeriodQuery = z.input<typeof ZReportingPeriodQuery>;

/** One month of the period (the first and last months count only their days inside the period). */
const ZMonthlyFigures = z.object({
  /** 'YYYY-MM': the web names the month in its own language from this. */
  month: z.string(),
  /** The English short month name (Jan, Feb, …), the spec's `name`. */
  name: z.string(),
  /** Taka received that month: the payments recorded (see totalIncome). */
  revenue: z.number(),
  /** Stays (not cancelled, not no-show) whose check-in day falls in the month. */
  bookings: z.number().int(),
  /** Room-nights sold here and on the channels ÷ available room-nights of the month, in percent (one decimal). */
  occupancy: z.number(),
  /** Room-nights sold (nights of stays that are not cancelled or no-show). */
  roomNightsSold: z.number().int(),
  /** Room-nights a channel sold that are still its blocks (issue 20): in occupancy, not in revenue or ADR. */
  channelNightsSold: z.number().int(),
  /** Room-nights of rooms that existed and were not under maintenance. */
  roomNightsAvailable: z.number().int(),
});

/**
 * `GET /api/admin`: the dashboard figures of spec section 3 over a period. Money is Taka.
 */
export const ZDashboardStats = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  /**
   * Taka received in the period: the payments whose time (at the hotel) falls in it. Payments
   * of a no-show count (the money was received); those of a cancelled booking do not (treated
   * as refunded).
   */
  totalIncome: z.number(),
  /** Bookings that are not cancelled and not a no-show whose stay has a night in the period. */
  totalBookings: z.number().int(),
  /** Guest accounts (role user) that are not closed. */
  totalUsers: z.number().int(),
  totalStaffs: z.number().int(),
  totalAdmins: z.number().int(),
  /** Guest accounts made in the last 7 days. */
  newUsersThisWeek: z.number().int(),
  /** Service requests made in the period, then how many of those are completed and pending. */
  totalServiceRequest: z.number().int(),
  totalCompletedServiceRequest: z.number().int(),
  totalPendingServices: z.number().int(),
  /** Every month the period touches, in order, zeros for a month without activity. */
  monthlyData: z.array(ZMonthlyFigures),
  /** Rooms in service (not retired) per category, by name. */
  roomData: z.array(z.object({ name: z.string(), value: z.number().int() })),
  roomNightsSold: z.number().int(),
  /** Nights sold on channels (blocks not yet turned into reservations), apart from ours. */
  channelNightsSold: z.number().int(),
  roomNightsAvailable: z.number().int(),
  /** Occupancy of the whole period (our nights and the channels'), in percent (one decimal). */
  occupancy: z.number(),
  /**
   * Room revenue of the nights sold in the period: each stay's `withOutVatAndService` spread
   * evenly over its nights (VAT and service charge left out, as hotels report it).
   */
  roomRevenue: z.number(),
  /** Average daily rate: roomRevenue ÷ roomNightsSold (0 without nights sold). */
  adr: z.number(),
  /** Revenue per available room-night: roomRevenue ÷ roomNightsAvailable (0 without rooms). */
  revpar: z.number(),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;

/**
 * Where a figure of the desk's day is listed in full: the list (`bookings` is
 * `GET /api/bookings`, `rooms` `GET /api/room`, `services` `GET /api/services`, `events`
 * `GET /api/events`) and the query that filters it.
 */
const ZListLink = z.object({
  list: z.enum(['bookings', 'rooms', 'services', 'events']),
  query: z.record(z.string(), z.string()),
});
export type TListLink = z.infer<typeof ZListLink>;

/** A stay as the front desk's day lists it. */
const ZDeskStay = z.object({
  _id: z.string(),
  /** The booking reference (RSV-…). */
  transactionId: z.string(),
  guest: z.object({ _id: z.string(), name: z.string(), phone: z.string() }),
  room: z.object({ _id: z.string(), category: z.string(), roomNumber: z.string() }),
  startDate: z.string(),
  endDate: z.string(),
  nights: z.number().int(),
  adults: z.number().int(),
  children: z.number().int(),
  state: z.enum(BOOKING_STATES),
  balance: z.number(),
  paymentState: z.enum(PAYMENT_STATES),
  /** An arrival whose check-in day has passed, or a departure whose check-out day has. */
  overdue: z.boolean(),
  /** The room's registration cards (issue 34): complete, or the check-in's note saying why not. */
  registration: z.object({ complete: z.boolean(), note: z.string().nullable() }),
});
export type TDeskStay = z.infer<typeof ZDeskStay>;

const deskList = z.object({ count: z.number().int(), items: z.array(ZDeskStay), link: ZListLink });

/** A reservation whose deposit was not paid by its due time (issue 22). */
const ZOverdueDeposit = z.object({
  /** The reservation's id and reference (RSV-…). */
  _id: z.string(),
  reference: z.string(),
  /** One of its rooms (the first booked): the desk opens the stay from it. */
  bookingId: z.string(),
  guest: z.object({ _id: z.string(), name: z.string(), phone: z.string() }),
  checkIn: z.string(),
  /** The deposit its rooms' plans asked, what is still due of it, and when it was due (ISO instant). */
  deposit: z.number(),
  depositDue: z.number(),
  dueBy: z.string(),
  /** The money it received so far (payments less refunds). */
  paid: z.number(),
});
export type TOverdueDeposit = z.infer<typeof ZOverdueDeposit>;
const deskCount = z.object({ count: z.number().int(), link: ZListLink });

/** `GET /api/staff/today`: the front desk's day at the hotel. */
export const ZStaffToday = z.object({
  /** Today at the hotel. */
  date: z.string(),
  /** Confirmed stays to check in: check-in today, or earlier and not yet arrived (overdue). */
  arrivals: deskList,
  /** Guests checked in now. */
  inHouse: deskList,
  /** Rooms checked in without complete registration cards (issue 34), until they are complete. */
  registrationsIncomplete: deskList,
  /** Checked-in guests due to leave: check-out today, or earlier (overdue). */
  departures: deskList,
  /** Rooms whose status is cleaning. */
  roomsToClean: deskCount,
  /** Unconfirmed bookings whose stay is not over. */
  awaitingConfirmation: deskCount,
  pendingServiceRequests: deskCount,
  pendingEventRequests: deskCount,
  /** Reservations not cancelled whose deposit is not paid by its due time, the longest overdue first. */
  depositsOverdue: z.object({ count: z.number().int(), items: z.array(ZOverdueDeposit) }),
  /** Channel stays the room's calendar was sold twice for (issue 20): shown first, resolved in place. */
  openConflicts: z.object({ count: z.number().int(), items: z.array(ZConflict) }),
  /** Stays sold on a channel that start today (the guest arrives: turn the block into a reservation). */
  channelArrivals: z.array(ZBlock),
  /** Stays sold on a channel whose last night was yesterday. */
  channelDepartures: z.array(ZBlock),
});
export type TStaffToday = z.infer<typeof ZStaffToday>;

/** A stay of the guest's own, as their dashboard shows it. */
const ZGuestStay = z.object({
  _id: z.string(),
  transactionId: z.string(),
  /** The reservation the room is of, and its reference: the booking ID the guest quotes (issue 31). */
  reservationId: z.string(),
  reservationReference: z.string(),
  room: z.object({ category: z.string(), roomNumber: z.string() }),
  startDate: z.string(),
  endDate: z.string(),
  nights: z.number().int(),
  state: z.enum(BOOKING_STATES),
  amount: z.number(),
  paid: z.number(),
  balance: z.number(),
  paymentState: z.enum(PAYMENT_STATES),
  /** Until when the guest may cancel online (ISO instant); see booking-states.ts. */
  guestCancelUntil: z.string(),
  /** Whether `POST /api/bookings/:id/cancel` would accept it now. */
  canCancel: z.boolean(),
});
export type TGuestStay = z.infer<typeof ZGuestStay>;

/** `GET /api/user/dashboard`: the signed-in guest's stays and requests. */
export const ZGuestDashboard = z.object({
  /** The stay the guest is in now, else the next one (not cancelled, not a no-show); null without one. */
  nextStay: ZGuestStay.nullable(),
  /** Stays that are over (checked out, or past their check-out day): how many, and the last few, latest first. */
  pastStays: z.object({ count: z.number().int(), recent: z.array(ZGuestStay) }),
  /** Service requests not completed yet: how many, and the latest few. */
  openServiceRequests: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        _id: z.string(),
        service: z.enum(SERVICE_TYPES),
        description: z.string(),
        roomNumber: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
});
export type TGuestDashboard = z.infer<typeof ZGuestDashboard>;
