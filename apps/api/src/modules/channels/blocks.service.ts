import type { TBlock, TBooking, TDeskBlockCreate, ZBlockReservation } from '@residency/shared';
import { addDays, todayAt } from '@residency/shared';
import type { z } from 'zod';
import { and, asc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { roomBlocks, roomOccupancy, rooms, users } from '../../db/schema.ts';
import { findOrCreateGuestAccount } from '../../lib/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { isExclusionViolation } from '../../lib/database-errors.ts';
import { inTransaction } from '../../lib/transactions.ts';
import type { BookingDeps } from '../reservations/bookings.service.ts';
import { createBooking } from '../reservations/reservations.service.ts';
import { heldBlock, lockRoom } from './channels.repository.ts';

/*
 * Blocks on the staff's side: what holds a room without a guest of ours (for the reservation,
 * housekeeping and room views), the desk's own blocks (out of order), and a channel's block
 * turned into a reservation when its guest arrives.
 */

const nightsTaken = () =>
  AppError.conflict('Some of these nights are taken by a stay or another block. Choose other nights or another room.', 'ROOM_NOT_AVAILABLE');
const blockNotFound = () => AppError.notFound('This block does not exist or was released.', 'BLOCK_NOT_FOUND');

export async function listBlocks(db: Executor, query: { from?: string; to?: string; roomId?: string; id?: string }): Promise<TBlock[]> {
  const conditions: (SQL | undefined)[] = [heldBlock];
  if (query.id) conditions.push(eq(roomBlocks.id, query.id));
  // A block of [check-in, check-out) has a night from `from` to `to` (inclusive).
  if (query.from) conditions.push(gt(roomBlocks.checkOut, query.from));
  if (query.to) conditions.push(lte(roomBlocks.checkIn, query.to));
  if (query.roomId) conditions.push(eq(roomBlocks.roomId, query.roomId));
  const rows = await db
    .select({
      block: roomBlocks,
      roomNumber: rooms.roomNumber,
      category: rooms.category,
      creatorName: users.name,
    })
    .from(roomBlocks)
    .innerJoin(rooms, eq(rooms.id, roomBlocks.roomId))
    .leftJoin(users, eq(users.id, roomBlocks.createdBy))
    .where(and(...conditions))
    .orderBy(asc(roomBlocks.checkIn), asc(rooms.roomNumber))
    .limit(1000);
  return rows.map(({ block, roomNumber, category, creatorName }) => ({
    _id: block.id,
    room: { _id: block.roomId, roomNumber, category },
    source: block.source,
    channel: block.channel,
    checkIn: block.checkIn,
    checkOut: block.checkOut,
    summary: block.summary,
    createdAt: block.createdAt.toISOString(),
    createdBy: block.createdBy && creatorName ? { _id: block.createdBy, name: creatorName } : null,
  }));
}

async function oneBlock(db: Executor, id: string): Promise<TBlock> {
  const [row] = await listBlocks(db, { id });
  if (!row) throw blockNotFound();
  return row;
}

/**
 * The desk closes a room for some nights; refused (409) when a stay or another block holds one of
 * them, and (400) past the booking horizon: nothing is sold there, and a block to 9999-12-31 would
 * sit in every calendar and export for ever.
 */
export async function addDeskBlock(db: Database, input: TDeskBlockCreate, by: string, hotel: { timeZone: string; horizonDays: number }): Promise<TBlock> {
  const lastCheckOut = addDays(todayAt(hotel.timeZone), hotel.horizonDays);
  if (input.checkOut > lastCheckOut) {
    throw AppError.badRequest(`A room can be closed up to ${lastCheckOut}, as far ahead as stays are sold: choose an earlier last night.`, 'BEYOND_HORIZON').with({
      lastCheckOut,
    });
  }
  try {
    const id = await inTransaction(db, async (tx) => {
      if (!(await lockRoom(tx, input.roomId))) throw AppError.notFound('This room does not exist or was deleted.', 'ROOM_NOT_FOUND');
      const [row] = await tx
        .insert(roomBlocks)
        .values({ roomId: input.roomId, source: 'desk', checkIn: input.checkIn, checkOut: input.checkOut, summary: input.reason, createdBy: by })
        .returning({ id: roomBlocks.id });
      return row!.id;
    });
    return oneBlock(db, id);
  } catch (error) {
    if (isExclusionViolation(error)) throw nightsTaken();
    throw error;
  }
}

/** Opens the room again. A channel's block goes only when the channel lets go (or its feed is removed). */
export async function releaseDeskBlock(db: Database, id: string): Promise<void> {
  const [block] = await db.select().from(roomBlocks).where(and(eq(roomBlocks.id, id), heldBlock)).limit(1);
  if (!block) throw blockNotFound();
  if (block.source === 'channel') {
    throw AppError.conflict(
      "A channel's block is released by the channel: cancel the stay there (the next sync frees the nights), or remove the feed.",
      'CHANNEL_BLOCK',
    );
  }
  await db.update(roomBlocks).set({ releasedAt: new Date() }).where(and(eq(roomBlocks.id, id), heldBlock));
}

/**
 * The channel's guest is at the desk: their block becomes a confirmed reservation on its dates,
 * at the price the channel sold it for, for the guest's account (found or made as a walk-in's is).
 * The nights pass from the block to the reservation in one transaction: nobody can take them
 * in between, and a refusal leaves the block as it was.
 */
export async function reserveBlock(deps: BookingDeps, id: string, input: z.output<typeof ZBlockReservation>, by: string): Promise<TBooking> {
  const [block] = await deps.db.select().from(roomBlocks).where(and(eq(roomBlocks.id, id), heldBlock)).limit(1);
  if (!block) throw blockNotFound();
  if (block.source !== 'channel') throw AppError.conflict('Only a channel’s stay can become a reservation; open a desk block with Release.', 'NOT_A_CHANNEL_STAY');
  const stay = {
    roomId: block.roomId,
    checkIn: block.checkIn,
    checkOut: block.checkOut,
    adults: input.adults,
    children: input.children,
    phone: input.phone,
    airportShuttle: false,
    language: input.language,
  };
  return createBooking(deps, (tx) => findOrCreateGuestAccount(tx, { ...input.guest, phone: input.phone }), stay, {
    source: 'channel',
    createdBy: by,
    takeOver: {
      amount: input.amount,
      // Under the room's lock (taken by the booking first): the block must still hold its nights.
      release: async (tx) => {
        const [held] = await tx.select({ id: roomBlocks.id }).from(roomBlocks).where(and(eq(roomBlocks.id, id), heldBlock)).for('update');
        if (!held) throw blockNotFound();
        // The occupancy row is the trigger's to keep; the block's row goes here so that the
        // reservation's can take its nights, and linking the block below would remove it anyway.
        await tx.delete(roomOccupancy).where(eq(roomOccupancy.blockId, id));
      },
      link: async (tx, bookingId) => {
        await tx.update(roomBlocks).set({ bookingId }).where(eq(roomBlocks.id, id));
      },
    },
  });
}
