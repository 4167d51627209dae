import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/client.ts';
import { bookings, guestCards, guestPhotos, reservations, type GuestCardRow, type GuestPhotoRow } from '../../db/schema.ts';

/** The cards of a room in their order. */
export function cardsOf(db: Executor, bookingId: string): Promise<GuestCardRow[]> {
  return db.select().from(guestCards).where(eq(guestCards.bookingId, bookingId)).orderBy(asc(guestCards.position));
}

/** The photos still stored of some cards, newest first. */
export function photosOf(db: Executor, cardIds: readonly string[]): Promise<GuestPhotoRow[]> {
  if (cardIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(guestPhotos)
    .where(and(inArray(guestPhotos.cardId, [...cardIds]), isNull(guestPhotos.deletedAt)))
    .orderBy(desc(guestPhotos.createdAt));
}

export type CardValues = Omit<typeof guestCards.$inferInsert, 'id' | 'bookingId' | 'createdAt' | 'updatedAt' | 'erasedAt'>;

export async function insertCard(db: Executor, bookingId: string, values: CardValues): Promise<GuestCardRow> {
  const [row] = await db.insert(guestCards).values({ ...values, bookingId }).returning();
  return row!;
}

export async function updateCard(db: Executor, id: string, values: Partial<CardValues>): Promise<void> {
  await db.update(guestCards).set({ ...values, updatedAt: new Date() }).where(eq(guestCards.id, id));
}

/** Removes cards (their photo rows go with them); answers the storage keys to delete after commit. */
export async function deleteCards(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const keys = await db
    .select({ key: guestPhotos.storageKey })
    .from(guestPhotos)
    .where(inArray(guestPhotos.cardId, [...ids]));
  await db.delete(guestCards).where(inArray(guestCards.id, [...ids]));
  return keys.map((k) => k.key).filter((k): k is string => k !== null);
}

export async function insertPhoto(db: Executor, values: typeof guestPhotos.$inferInsert): Promise<GuestPhotoRow> {
  const [row] = await db.insert(guestPhotos).values(values).returning();
  return row!;
}

export async function findPhoto(db: Executor, cardId: string, photoId: string): Promise<GuestPhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(guestPhotos)
    .where(and(eq(guestPhotos.id, photoId), eq(guestPhotos.cardId, cardId)))
    .limit(1);
  return row;
}

/**
 * Cards to copy onto a new stay: the latest card with this document number (the desk), or the
 * cards of the same account's last earlier stay that has any. Erased cards are never offered.
 */
export async function previousCards(
  db: Executor,
  options: { bookingId: string; userId?: string; idNumber?: string },
): Promise<(GuestCardRow & { reference: string; checkIn: string })[]> {
  const base = db
    .select({ card: guestCards, reference: reservations.reference, checkIn: bookings.checkIn })
    .from(guestCards)
    .innerJoin(bookings, eq(bookings.id, guestCards.bookingId))
    .innerJoin(reservations, eq(reservations.id, bookings.reservationId));
  if (options.idNumber) {
    const found = await base
      .where(
        and(
          sql`upper(replace(${guestCards.idNumber}, ' ', '')) = upper(replace(${options.idNumber}, ' ', ''))`,
          isNull(guestCards.erasedAt),
          sql`${guestCards.bookingId} <> ${options.bookingId}`,
        ),
      )
      .orderBy(desc(guestCards.updatedAt))
      .limit(1);
    return found.map((r) => ({ ...r.card, reference: r.reference, checkIn: r.checkIn }));
  }
  if (!options.userId) return [];
  const [last] = await rows<{ booking_id: string }>(
    db,
    sql`select c.booking_id from guest_cards c join bookings b on b.id = c.booking_id
        where b.user_id = ${options.userId} and b.id <> ${options.bookingId} and c.erased_at is null
        order by b.check_in desc, c.updated_at desc limit 1`,
  );
  if (!last) return [];
  const found = await base.where(and(eq(guestCards.bookingId, last.booking_id), isNull(guestCards.erasedAt))).orderBy(asc(guestCards.position));
  return found.map((r) => ({ ...r.card, reference: r.reference, checkIn: r.checkIn }));
}
