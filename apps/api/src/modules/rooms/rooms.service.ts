import {
  ZRoomInput,
  ZRoomPatch,
  normalizeRoomNumbers,
  preSyncCheck,
  type Role,
  type TRoom,
  type TRoomSyncResult,
} from '@residency/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import type { LiveCache } from '../../lib/live-cache.ts';
import { serialize } from '../../lib/respond.ts';
import type { RoomRemovalGuard } from '../../types.d.ts';
import { asInput, presentRoom, roomFromTemplate, toColumns, type CategoryTemplate, type RoomData } from './rooms.presenter.ts';
import {
  activeRoomsInOrder,
  activeRoomsOfCategory,
  categoryExists,
  findActiveByNumbers,
  findActiveRoom,
  findActiveRoomsByIds,
  insertRoom,
  isStaySearch,
  listActiveRooms,
  searchAvailableRoomIds,
  retireRooms,
  updateRoom,
  type RoomFilter,
  type RoomRow,
} from './rooms.repository.ts';

/*
 * What a booking does to its room inside the booking's own transaction (the locks that keep
 * the booking's order of locks, and the desk's housekeeping status): offered to the bookings
 * module as the repository has them.
 */
export { lockRoomForBooking, lockRoomsForBooking, lockRoomOfStay, setRoomStatus } from './rooms.repository.ts';

/** A category save's "apply the price to the rooms": offered to the categories module as the repository has it. */
export { cheapestFreeRoomPerCategory, followCategoryPrice, setCategoryRoomPrices } from './rooms.repository.ts';

/** The per-room validation messages of spec section 5, or null when the room is valid. */
function roomProblems(input: unknown): string[] | null {
  const parsed = ZRoomInput.safeParse(input);
  if (parsed.success) return null;
  return [...new Set(parsed.error.issues.map((issue) => issue.message))];
}

function parseRoom(input: unknown): RoomData {
  const parsed = ZRoomInput.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new AppError(
    'VALIDATION_ERROR',
    parsed.error.issues[0]?.message ?? 'The room is not valid.',
    400,
    parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}

const roomNotFound = () => AppError.notFound('This room does not exist or was deleted.', 'ROOM_NOT_FOUND');
const numberTaken = (number: string, category: string) =>
  AppError.conflict(`Room ${number} already exists (in ${category}).`, 'ROOM_NUMBER_TAKEN');

export async function createRoom(db: Database, input: RoomData): Promise<TRoom> {
  const number = input.room_overview.room_number;
  return numberRaces(db, number, () =>
    db.transaction(async (tx) => {
      if (!(await categoryExists(tx, input.category))) {
        throw AppError.badRequest(`The category "${input.category}" does not exist.`, 'CATEGORY_NOT_FOUND');
      }
      const [taken] = await findActiveByNumbers(tx, [number]);
      if (taken) throw numberTaken(taken.roomNumber, taken.category);
      return presentRoom(await insertRoom(tx, toColumns(input)));
    }),
  );
}

/**
 * The check for a taken room number above cannot see a room another request is inserting at the
 * same moment; the unique index then refuses the second. That is the same 409 as the check's,
 * naming the room that won.
 */
async function numberRaces<T>(db: Database, number: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [winner] = await findActiveByNumbers(db, [number]);
    throw numberTaken(number, winner?.category ?? 'another category');
  }
}

/**
 * Every active room in the lists' natural order, with its JSON as the lists send it: what the
 * availability index (issue 23) holds, so the lists are answered without a query.
 */
export async function roomsForIndex(db: Executor): Promise<{ row: RoomRow; json: Buffer }[]> {
  return (await activeRoomsInOrder(db)).map((row) => ({ row, json: serialize(presentRoom(row)) }));
}

/** A page of rooms as the lists send it, from JSON already made (the availability index's): the parts to send one after the other. */
export function roomListParts(rooms: readonly Buffer[], meta: { page: number; limit: number; total: number }): Buffer[] {
  const parts: Buffer[] = [LIST_HEAD];
  for (const body of rooms) {
    if (parts.length > 1) parts.push(COMMA);
    parts.push(body);
  }
  parts.push(Buffer.from(`],"meta":${JSON.stringify(meta)}}`));
  return parts;
}

export async function listRooms(db: Database, filter: RoomFilter) {
  const { data, total } = await listActiveRooms(db, filter);
  return { data: data.map(presentRoom), meta: { page: filter.page, limit: filter.limit, total } };
}

const LIST_HEAD = Buffer.from('{"success":true,"data":[');
const COMMA = Buffer.from(',');

/**
 * The guests' stay search, serialised: the database answers which rooms are free (ids of one page
 * and the total), and each room's JSON comes from the rooms cache, which drops it when rooms
 * change. Searches are never cached whole (availability depends on every booking), but rooms
 * are read far more than they change. Same body as `list(listRooms(...))`. Other filter mixes
 * (a status or a search term with dates) take `listRooms`.
 */
export async function searchRoomsForStay(db: Database, cache: LiveCache<Buffer>, filter: RoomFilter): Promise<Buffer> {
  if (!isStaySearch(filter)) {
    const { data, meta } = await listRooms(db, filter);
    return serialize({ success: true, data, meta });
  }
  const { ids, total } = await searchAvailableRoomIds(db, filter);
  const json = new Map<string, Buffer>();
  const missing: string[] = [];
  for (const id of ids) {
    const hit = cache.get(`room:${id}`);
    if (hit) json.set(id, hit);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const stamp = cache.stamp();
    for (const row of await findActiveRoomsByIds(db, missing)) {
      const body = serialize(presentRoom(row));
      json.set(row.id, body);
      cache.set(`room:${row.id}`, body, stamp);
    }
  }
  const parts: Buffer[] = [LIST_HEAD];
  for (const id of ids) {
    const body = json.get(id);
    if (!body) continue; // retired between the two reads
    if (parts.length > 1) parts.push(COMMA);
    parts.push(body);
  }
  parts.push(Buffer.from(`],"meta":${JSON.stringify({ page: filter.page, limit: filter.limit, total })}}`));
  return Buffer.concat(parts);
}

export async function getRoom(db: Database, id: string): Promise<TRoom> {
  const row = await findActiveRoom(db, id);
  if (!row) throw roomNotFound();
  return presentRoom(row);
}

/**
 * Changes a room. Staff may change the status only; admins anything. The changed room is
 * checked as a whole, so a patch cannot break a rule another field depends on.
 */
export async function patchRoom(
  db: Database,
  id: string,
  patch: z.output<typeof ZRoomPatch>,
  caller: { role: Role },
): Promise<TRoom> {
  const keys = Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== undefined);
  if (caller.role !== 'admin' && keys.some((k) => k !== 'status')) {
    throw AppError.forbidden("Staff may only change a room's status.", 'STATUS_ONLY');
  }
  const number = patch.room_overview?.room_number ?? '';
  return numberRaces(db, number, () =>
    db.transaction(async (tx) => {
      const current = await findActiveRoom(tx, id);
      if (!current) throw roomNotFound();
      const merged = parseRoom({ ...asInput(presentRoom(current)), ...withoutUndefined(patch) });
      if (merged.category !== current.category && !(await categoryExists(tx, merged.category))) {
        throw AppError.badRequest(`The category "${merged.category}" does not exist.`, 'CATEGORY_NOT_FOUND');
      }
      if (merged.room_overview.room_number !== current.roomNumber) {
        const [taken] = await findActiveByNumbers(tx, [merged.room_overview.room_number]);
        if (taken && taken.id !== id) throw numberTaken(taken.roomNumber, taken.category);
      }
      return presentRoom((await updateRoom(tx, id, toColumns(merged)))!);
    }),
  );
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * A guard's answer: the English reason per room id. A guard may add `details`, the reason's
 * code and params per room id, so the web can say it in the reader's language. The guard type
 * itself stays a map of words, so a guard that gives only words keeps working (ROOM_IN_USE).
 */
type GuardAnswer = Map<string, string> & { details?: Map<string, { code: string; params: Record<string, string> }> };

/** Why a room may not be removed: the English reason, and its code and params. */
interface Hold {
  reason: string;
  code: string;
  params: Record<string, string>;
}

/** What forbids removing each room, from every registered guard (the first guard to answer wins). */
async function protectedRooms(tx: Executor, guards: RoomRemovalGuard[], ids: string[]) {
  const holds = new Map<string, Hold>();
  if (ids.length === 0) return holds;
  for (const guard of guards) {
    const answer: GuardAnswer = await guard(tx, ids);
    for (const [id, reason] of answer) {
      if (holds.has(id)) continue;
      const detail = answer.details?.get(id);
      holds.set(id, { reason, code: detail?.code ?? 'ROOM_IN_USE', params: detail?.params ?? {} });
    }
  }
  return holds;
}

export async function deleteRoom(db: Database, guards: RoomRemovalGuard[], id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const room = await findActiveRoom(tx, id);
    if (!room) throw roomNotFound();
    const hold = (await protectedRooms(tx, guards, [id])).get(id);
    if (hold) throw AppError.conflict(`Room ${room.roomNumber} cannot be deleted: ${hold.reason}`, 'ROOM_IN_USE');
    await retireRooms(tx, [id]);
  });
}

/**
 * Brings a category's rooms in line with the typed room numbers, inside the caller's
 * transaction: creates the missing rooms from the template (each checked with the per-room
 * rules; a bad one is skipped and reported), and with `removeMissing` retires the rooms not in
 * the list (an empty list: all of them), except those a guard protects (reported with the
 * reason, its code and params).
 */
export async function syncCategoryRooms(
  tx: Executor,
  guards: RoomRemovalGuard[],
  category: CategoryTemplate,
  roomNumbers: string | readonly string[],
  removeMissing: boolean,
): Promise<TRoomSyncResult> {
  const result: TRoomSyncResult = { preSyncError: null, created: [], deleted: [], kept: [], failed: [], invalid: [] };
  const numbers = normalizeRoomNumbers(roomNumbers);
  if (numbers.length > 0) {
    result.preSyncError = preSyncCheck({
      room_overview: category.roomOverview,
      room_features: category.roomFeatures,
      food_and_beverages: category.foodAndBeverages,
    });
    if (result.preSyncError) return result;
  }

  const existing = await activeRoomsOfCategory(tx, category.name);
  const have = new Set(existing.map((r) => r.roomNumber));
  const elsewhere = new Map(
    (await findActiveByNumbers(tx, numbers.filter((n) => !have.has(n)))).map((r) => [r.roomNumber, r.category]),
  );

  for (const number of numbers) {
    if (have.has(number)) continue;
    const input = roomFromTemplate(category, number);
    const problems = roomProblems(input);
    if (problems) {
      result.invalid.push({ number, messages: problems });
      continue;
    }
    const other = elsewhere.get(number);
    if (other) {
      result.failed.push({
        number,
        message: `Room ${number} already exists in ${other}.`,
        code: 'ROOM_NUMBER_TAKEN',
        params: { number, category: other },
      });
      continue;
    }
    try {
      // A savepoint: one failed insert must not undo the rooms already made.
      await tx.transaction(async (savepoint) => {
        await insertRoom(savepoint, toColumns(ZRoomInput.parse(input)));
      });
      result.created.push(number);
    } catch (error) {
      result.failed.push({
        number,
        message: error instanceof Error && error.message ? error.message : 'Unknown error',
        code: 'ROOM_CREATE_FAILED',
        params: { number },
      });
    }
  }

  if (removeMissing) {
    const wanted = new Set(numbers);
    const candidates = existing.filter((r) => !wanted.has(r.roomNumber));
    const holds = await protectedRooms(tx, guards, candidates.map((r) => r.id));
    const removable: RoomRow[] = [];
    for (const room of candidates) {
      const hold = holds.get(room.id);
      if (hold) result.kept.push({ number: room.roomNumber, ...hold });
      else removable.push(room);
    }
    await retireRooms(tx, removable.map((r) => r.id));
    result.deleted.push(...removable.map((r) => r.roomNumber));
  }
  return result;
}
