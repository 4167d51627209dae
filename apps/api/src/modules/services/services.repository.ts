import { and, asc, count, desc, eq, gte, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, folioLines, serviceRequests, users } from '../../db/schema.ts';
import { likePattern } from '../../lib/accounts.ts';

type ServiceRequestRow = typeof serviceRequests.$inferSelect;

/** A request with who asked and the stay it is for, as the screens show it. */
const withStay = {
  request: serviceRequests,
  userName: users.name,
  userEmail: users.email,
  userPhone: users.phone,
  roomId: bookings.roomId,
  roomCategory: bookings.roomCategory,
  roomNumber: bookings.roomNumber,
  transactionId: bookings.transactionId,
  reservationId: bookings.reservationId,
  checkIn: bookings.checkIn,
  checkOut: bookings.checkOut,
  // Along folio_lines_service_request_key: one probe per request.
  chargedToFolio: sql<boolean>`exists (select 1 from ${folioLines} where ${folioLines.serviceRequestId} = ${serviceRequests.id})`,
};
export type ServiceRequestWithStay = {
  request: ServiceRequestRow;
  userName: string;
  userEmail: string | null;
  userPhone: string | null;
  roomId: string;
  roomCategory: string;
  roomNumber: string;
  transactionId: string;
  reservationId: string;
  checkIn: string;
  checkOut: string;
  chargedToFolio: boolean;
};

const joined = (db: Executor) =>
  db
    .select(withStay)
    .from(serviceRequests)
    .innerJoin(users, eq(users.id, serviceRequests.userId))
    .innerJoin(bookings, eq(bookings.id, serviceRequests.bookingId));

/** The guest's stays that can take requests (shared takesServiceRequests: active, not checked out, not over), earliest first. */
export async function openStaysOf(db: Executor, userId: string, today: string) {
  return db
    .select({ id: bookings.id, checkIn: bookings.checkIn, checkOut: bookings.checkOut })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'active'), ne(bookings.stage, 'checked_out'), gte(bookings.checkOut, today)))
    .orderBy(asc(bookings.checkIn));
}

export async function insertServiceRequest(db: Executor, values: typeof serviceRequests.$inferInsert) {
  const [row] = await db.insert(serviceRequests).values(values).returning({ id: serviceRequests.id });
  return row!.id;
}

export async function findServiceRequest(db: Executor, id: string, lock = false): Promise<ServiceRequestWithStay | undefined> {
  const query = joined(db).where(eq(serviceRequests.id, id)).limit(1);
  const [row] = lock ? await query.for('update', { of: serviceRequests }) : await query;
  return row;
}

export interface ServiceFilter {
  page: number;
  limit: number;
  searchTerm?: string;
  status?: 'pending' | 'completed';
  userId?: string;
}

/** Pending first, newest first within each; searched by guest, room, booking reference. */
export async function listServiceRequests(db: Executor, filter: ServiceFilter) {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(serviceRequests.userId, filter.userId));
  if (filter.status) conditions.push(eq(serviceRequests.isCompleted, filter.status === 'completed'));
  if (filter.searchTerm) {
    const pattern = likePattern(filter.searchTerm);
    conditions.push(
      or(
        ilike(users.name, pattern),
        ilike(users.email, pattern),
        ilike(bookings.roomNumber, pattern),
        ilike(bookings.roomCategory, pattern),
        ilike(bookings.transactionId, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(asc(serviceRequests.isCompleted), desc(serviceRequests.createdAt), desc(serviceRequests.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db
      .select({ n: count() })
      .from(serviceRequests)
      .innerJoin(users, eq(users.id, serviceRequests.userId))
      .innerJoin(bookings, eq(bookings.id, serviceRequests.bookingId))
      .where(where),
  ]);
  return { data: rows, total: total?.n ?? 0 };
}

export async function completeServiceRequest(db: Executor, id: string, by: string) {
  const now = new Date();
  await db.update(serviceRequests).set({ isCompleted: true, completedAt: now, completedBy: by, updatedAt: now }).where(eq(serviceRequests.id, id));
}

export async function deleteServiceRequest(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(serviceRequests).where(eq(serviceRequests.id, id)).returning({ id: serviceRequests.id });
  return rows.length > 0;
}
