import { todayAt, ZServiceRequestCreate, type TServiceRequest } from '@residency/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../lib/transactions.ts';
import {
  completeServiceRequest,
  deleteServiceRequest,
  findServiceRequest,
  insertServiceRequest,
  listServiceRequests,
  openStaysOf,
  type ServiceFilter,
  type ServiceRequestWithStay,
} from './services.repository.ts';

function presentServiceRequest(row: ServiceRequestWithStay): TServiceRequest {
  const r = row.request;
  return {
    _id: r.id,
    user: { _id: r.userId, name: row.userName, email: row.userEmail, phone: row.userPhone },
    room: { _id: row.roomId, category: row.roomCategory, roomNumber: row.roomNumber },
    booking: { _id: r.bookingId, transactionId: row.transactionId, startDate: row.checkIn, endDate: row.checkOut, reservationId: row.reservationId },
    service: r.service,
    description: r.description,
    isCompleted: r.isCompleted,
    completedAt: r.completedAt?.toISOString() ?? null,
    chargedToFolio: row.chargedToFolio,
    createdAt: r.createdAt.toISOString(),
  };
}

const notFound = () => AppError.notFound('This service request does not exist.', 'SERVICE_NOT_FOUND');

/**
 * A guest asks for a service for one of their stays that is not cancelled and not over. Without
 * a booking id: the stay they are in today, else their next one. The server finds the room.
 */
export async function createServiceRequest(
  db: Database,
  config: Config,
  userId: string,
  input: z.output<typeof ZServiceRequestCreate>,
): Promise<TServiceRequest> {
  const today = todayAt(config.hotel.timeZone);
  const stays = await openStaysOf(db, userId, today);
  const stay = input.bookingId
    ? stays.find((s) => s.id === input.bookingId)
    : (stays.find((s) => s.checkIn <= today) ?? stays[0]);
  if (!stay) {
    throw AppError.conflict(
      input.bookingId
        ? 'This booking cannot take service requests: it is not yours, cancelled or over.'
        : 'You can ask for services during a stay. You have no current or upcoming stay with us.',
      'NO_OPEN_STAY',
    );
  }
  const id = await insertServiceRequest(db, { userId, bookingId: stay.id, service: input.service, description: input.description });
  return presentServiceRequest((await findServiceRequest(db, id))!);
}

export async function getServiceRequests(db: Database, filter: ServiceFilter) {
  const { data, total } = await listServiceRequests(db, filter);
  return { data: data.map(presentServiceRequest), meta: { page: filter.page, limit: filter.limit, total } };
}

export async function getServiceRequest(db: Database, id: string): Promise<TServiceRequest> {
  const row = await findServiceRequest(db, id);
  if (!row) throw notFound();
  return presentServiceRequest(row);
}

/** pending → completed (spec section 4); completing twice is a 409. */
export async function markServiceRequestCompleted(db: Database, id: string, by: string): Promise<TServiceRequest> {
  return inTransaction(db, async (tx) => {
    const current = await findServiceRequest(tx, id, true);
    if (!current) throw notFound();
    if (current.request.isCompleted) throw AppError.conflict('This request is already completed.', 'ALREADY_COMPLETED');
    await completeServiceRequest(tx, id, by);
    return presentServiceRequest((await findServiceRequest(tx, id))!);
  });
}

export async function removeServiceRequest(db: Database, id: string): Promise<void> {
  if (!(await deleteServiceRequest(db, id))) throw notFound();
}
