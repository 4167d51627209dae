import { addDays, balanceOf, bookingState, paymentState, todayAt, type TDeskStay, type TOverdueDeposit, type TStaffToday } from '@residency/shared';
import { listBlocks } from '../channels/blocks.service.ts';
import { getConflicts } from '../channels/channels.service.ts';
import { nightsBetween } from '@residency/shared/pricing';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { arrivalsOn, deskCounts, inHouse, overdueDeposits, type DeskStayRow } from './staff-today.repository.ts';

function deskStay(row: DeskStayRow, overdue: boolean): TDeskStay {
  return {
    _id: row.id,
    transactionId: row.transactionId,
    guest: { _id: row.userId, name: row.guestName, phone: row.phone },
    room: { _id: row.roomId, category: row.roomCategory, roomNumber: row.roomNumber },
    startDate: row.checkIn,
    endDate: row.checkOut,
    nights: nightsBetween(row.checkIn, row.checkOut),
    adults: row.adults,
    children: row.children,
    state: bookingState(row),
    balance: balanceOf(row.charged, row.paidAmount),
    paymentState: paymentState(row.paymentStatus, row.paidAmount),
    overdue,
    registration: { complete: row.registrationCompleteAt !== null, note: row.registrationNote },
  };
}

function overdueDeposit(row: Awaited<ReturnType<typeof overdueDeposits>>[number]): TOverdueDeposit {
  return {
    _id: row.id,
    reference: row.reference,
    bookingId: row.bookingId,
    guest: { _id: row.userId, name: row.guestName, phone: row.phone },
    checkIn: row.checkIn,
    deposit: Number(row.deposit),
    depositDue: Number(row.depositDue),
    // pg answers a Date, PGlite a Date too; a string from a driver that leaves it raw.
    dueBy: new Date(row.dueBy).toISOString(),
    paid: Number(row.paid),
  };
}

/**
 * `GET /api/staff/today`: the front desk's day at the hotel. Each figure comes with the list
 * and query that show it in full (for departures, the in-house list: the reservation filters
 * have no "leaving on"). The lists are bounded by the number of rooms: one stay per room a night.
 */
export async function staffToday(db: Database, config: Config): Promise<TStaffToday> {
  const today = todayAt(config.hotel.timeZone);
  const [arrivals, guests, counts, conflicts, channelStays, deposits] = await Promise.all([
    arrivalsOn(db, today),
    inHouse(db),
    deskCounts(db, today),
    // The desk's day shows the first page; the Channels screen pages through the rest.
    getConflicts(db, { status: 'open', limit: 100 }),
    // Blocks holding last night or tonight: those starting today arrive, those ending today leave.
    listBlocks(db, { from: addDays(today, -1), to: today }),
    overdueDeposits(db, new Date()),
  ]);
  const departures = guests.filter((stay) => stay.checkOut <= today);
  const bookingsLink = (query: Record<string, string>) => ({ list: 'bookings' as const, query });
  return {
    date: today,
    arrivals: {
      count: arrivals.length,
      items: arrivals.map((stay) => deskStay(stay, stay.checkIn < today)),
      link: bookingsLink({ state: 'confirmed', from: today, to: today }),
    },
    inHouse: {
      count: guests.length,
      items: guests.map((stay) => deskStay(stay, stay.checkOut < today)),
      link: bookingsLink({ state: 'checked_in' }),
    },
    // Checked in without complete cards (issue 34): listed until the cards are complete.
    registrationsIncomplete: {
      count: guests.filter((stay) => stay.registrationCompleteAt === null).length,
      items: guests.filter((stay) => stay.registrationCompleteAt === null).map((stay) => deskStay(stay, false)),
      link: bookingsLink({ state: 'checked_in' }),
    },
    departures: {
      count: departures.length,
      items: departures.map((stay) => deskStay(stay, stay.checkOut < today)),
      link: bookingsLink({ state: 'checked_in' }),
    },
    roomsToClean: { count: counts.roomsToClean, link: { list: 'rooms', query: { status: 'cleaning' } } },
    awaitingConfirmation: { count: counts.awaitingConfirmation, link: bookingsLink({ state: 'unconfirmed', from: today }) },
    pendingServiceRequests: { count: counts.pendingServices, link: { list: 'services', query: { status: 'pending' } } },
    pendingEventRequests: { count: counts.pendingEvents, link: { list: 'events', query: { status: 'pending' } } },
    openConflicts: { count: conflicts.meta.total, items: conflicts.data },
    depositsOverdue: { count: deposits.length, items: deposits.map(overdueDeposit) },
    channelArrivals: channelStays.filter((b) => b.source === 'channel' && b.checkIn === today),
    channelDepartures: channelStays.filter((b) => b.source === 'channel' && b.checkOut === today),
  };
}
