import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { eventRequests, venues } from '../../db/schema.ts';
import { likePattern } from '../../lib/accounts.ts';

export type EventRequestRow = typeof eventRequests.$inferSelect;
export type NewEventRequest = typeof eventRequests.$inferInsert;
export type VenueRow = typeof venues.$inferSelect;

/**
 * Inserts requests in one statement; the rows that went in. A request whose reference is taken
 * already is left out (ON CONFLICT keeps the transaction usable): the caller draws another.
 */
export async function insertEventRequests(db: Executor, values: NewEventRequest[]): Promise<EventRequestRow[]> {
  if (values.length === 0) return [];
  return db.insert(eventRequests).values(values).onConflictDoNothing({ target: eventRequests.reference }).returning();
}

export async function findEventRequest(db: Executor, id: string, lock = false): Promise<EventRequestRow | undefined> {
  const query = db.select().from(eventRequests).where(eq(eventRequests.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export interface EventFilter {
  page: number;
  limit: number;
  status?: EventRequestRow['status'];
  from?: string;
  to?: string;
  searchTerm?: string;
}

/** Newest first, by status, by the event's date range, and by name, e-mail, company or reference. */
export async function listEventRequests(db: Executor, filter: EventFilter) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(eventRequests.status, filter.status));
  if (filter.from) conditions.push(gte(eventRequests.date, filter.from));
  if (filter.to) conditions.push(lte(eventRequests.date, filter.to));
  if (filter.searchTerm) {
    const pattern = likePattern(filter.searchTerm);
    conditions.push(
      or(
        ilike(eventRequests.name, pattern),
        ilike(eventRequests.email, pattern),
        ilike(eventRequests.company, pattern),
        ilike(eventRequests.reference, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(eventRequests)
      .where(where)
      .orderBy(desc(eventRequests.createdAt), desc(eventRequests.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(eventRequests).where(where),
  ]);
  return { data: rows, total: total?.n ?? 0 };
}

export async function updateEventRequest(db: Executor, id: string, values: Partial<NewEventRequest>): Promise<EventRequestRow> {
  const [row] = await db
    .update(eventRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(eventRequests.id, id))
    .returning();
  return row!;
}

export async function deleteEventRequest(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(eventRequests).where(eq(eventRequests.id, id)).returning({ id: eventRequests.id });
  return rows.length > 0;
}

export async function listVenues(db: Executor): Promise<VenueRow[]> {
  return db.select().from(venues).orderBy(asc(venues.sortOrder), asc(venues.name));
}

export async function insertVenue(db: Executor, values: typeof venues.$inferInsert): Promise<VenueRow> {
  const [row] = await db.insert(venues).values(values).returning();
  return row!;
}

export async function updateVenue(db: Executor, id: string, values: Partial<typeof venues.$inferInsert>): Promise<VenueRow | undefined> {
  const [row] = await db
    .update(venues)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(venues.id, id))
    .returning();
  return row;
}

export async function deleteVenue(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(venues).where(eq(venues.id, id)).returning({ id: venues.id });
  return rows.length > 0;
}
