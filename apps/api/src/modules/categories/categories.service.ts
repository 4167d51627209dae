import { addStandardPlan } from '../rates/rates.service.ts';
import { withCategoryDefaults, type TCategory, type TCategoryHiddenReason, type TLooseSection, type TRoomSyncResult, type ZCategoryUpsertRequest } from '@residency/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RoomRemovalGuard } from '../../types.d.ts';
import { followCategoryPrice, setCategoryRoomPrices, syncCategoryRooms } from '../rooms/rooms.service.ts';
import {
  bengaliNamesOf,
  deleteCategoryRow,
  findCategory,
  listCategories,
  upsertCategory,
  type CategoryRow,
  type NewCategory,
} from './categories.repository.ts';

type UpsertInput = z.output<typeof ZCategoryUpsertRequest>;

/** Counts of a category's rooms: active ones, and those of them in service. */
interface RoomCounts {
  roomCount: number;
  inServiceCount: number;
  /** The lowest nightly price bookable in the next 30 days and its minimum stay, or null when no room is in service. */
  fromRate: { price: number; minStay: number } | null;
}

/** Why guests don't see the category, or null when they do (one room in service is enough). */
function hiddenReasonOf({ roomCount, inServiceCount }: RoomCounts): TCategoryHiddenReason | null {
  if (roomCount === 0) return 'NO_ROOMS';
  return inServiceCount === 0 ? 'NO_ROOM_IN_SERVICE' : null;
}

function presentCategory(row: CategoryRow, counts: RoomCounts): TCategory {
  return {
    _id: row.id,
    name: row.name,
    rackRate: row.rackRate,
    offerPrice: row.offerPrice,
    description: row.description,
    images: row.images,
    room_overview: row.roomOverview,
    special_benefits: row.specialBenefits,
    beds_and_bedding: row.bedsAndBedding as TLooseSection,
    room_features: row.roomFeatures as TLooseSection,
    bath_and_bathroom_features: row.bathAndBathroomFeatures as TLooseSection,
    furniture_and_furnishings: row.furnitureAndFurnishings as TLooseSection,
    food_and_beverages: row.foodAndBeverages as TLooseSection,
    internet_and_phones: row.internetAndPhones as TLooseSection,
    entertainment: row.entertainment as TLooseSection,
    accessible_room_features: row.accessibleRoomFeatures as TLooseSection,
    translations: row.translations,
    roomCount: counts.roomCount,
    fromPrice: counts.fromRate?.price ?? null,
    fromMinStay: counts.fromRate ? counts.fromRate.minStay : null,
    hiddenReason: hiddenReasonOf(counts),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = (name: string) => AppError.notFound(`There is no category named "${name}".`, 'CATEGORY_NOT_FOUND');

/** Every category (the back office), or only those shown to guests (`shownOnly`). */
export async function getCategories(db: Database, options: { shownOnly?: boolean } = {}): Promise<TCategory[]> {
  return (await listCategories(db, options)).map((r) => presentCategory(r.category, r));
}

/** The category of that name, hidden or not, or undefined when there is none (link previews). */
export async function findCategoryByName(db: Database, name: string): Promise<TCategory | undefined> {
  const row = await findCategory(db, name);
  return row ? presentCategory(row.category, row) : undefined;
}

export async function getCategory(db: Database, name: string): Promise<TCategory> {
  const row = await findCategory(db, name);
  if (!row) throw notFound(name);
  return presentCategory(row.category, row);
}

/**
 * The parts of a category the request gives, as table columns; a part left out is left out.
 * The sections are loose records in the contract (a category may be half-filled), stored as such.
 */
function givenColumns(parts: Omit<UpsertInput, 'name' | 'roomNumbers' | 'removeMissing' | 'applyPriceToRooms'>): Partial<NewCategory> {
  const columns: Partial<NewCategory> = {
    rackRate: parts.rackRate,
    offerPrice: parts.offerPrice,
    description: parts.description,
    images: parts.images,
    roomOverview: parts.room_overview,
    specialBenefits: parts.special_benefits,
    bedsAndBedding: parts.beds_and_bedding,
    roomFeatures: parts.room_features,
    bathAndBathroomFeatures: parts.bath_and_bathroom_features,
    furnitureAndFurnishings: parts.furniture_and_furnishings,
    foodAndBeverages: parts.food_and_beverages,
    internetAndPhones: parts.internet_and_phones,
    entertainment: parts.entertainment,
    accessibleRoomFeatures: parts.accessible_room_features,
    translations: parts.translations as CategoryRow['translations'] | undefined,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/**
 * Saves the category and, when room numbers are given, syncs its rooms: all in one
 * transaction, so a failure leaves both as they were. A NEW category gets the spec's defaults
 * (section 3, shared with the web form) for every part the request leaves out; an existing one
 * keeps its own values there. Parts the request gives are stored as given. With
 * `applyPriceToRooms` the category's rooms take its offer price, in the same transaction.
 */
export async function saveCategory(
  db: Database,
  guards: RoomRemovalGuard[],
  input: UpsertInput,
): Promise<{ category: TCategory; sync: TRoomSyncResult | null }> {
  return db.transaction(async (tx) => {
    const found = await findCategory(tx, input.name);
    let stored: Omit<NewCategory, 'name'>;
    if (found) {
      const { id: _id, name: _name, createdAt: _c, updatedAt: _u, ...current } = found.category;
      stored = { ...current, ...givenColumns(input) };
    } else {
      stored = givenColumns({ ...input, ...withCategoryDefaults(input) });
    }
    const row = await upsertCategory(tx, { name: input.name, ...stored });
    // Every room type sells on a Standard plan from the start (issue 21); kept when it exists.
    await addStandardPlan(tx, row.id);
    const sync =
      input.roomNumbers === undefined
        ? null
        : await syncCategoryRooms(tx, guards, row, input.roomNumbers, input.removeMissing);
    // Asked for: every active room of the category takes the category's offer price, so the
    // price the admin set is the one guests book.
    if (input.applyPriceToRooms) await setCategoryRoomPrices(tx, row.name, row.offerPrice);
    // Otherwise each room keeps its supplement over the type's price (issue 21), moving with it.
    else if (found && found.category.offerPrice !== row.offerPrice) await followCategoryPrice(tx, row.name, row.offerPrice);
    const counted = await findCategory(tx, row.name);
    return { category: presentCategory(row, counted ?? { roomCount: 0, inServiceCount: 0, fromRate: null }), sync };
  });
}

/** A category with rooms cannot go: its rooms would lose their template. */
export async function deleteCategory(db: Database, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await findCategory(tx, name);
    if (!found) throw notFound(name);
    if (found.roomCount > 0) {
      throw AppError.conflict(
        `"${name}" still has ${found.roomCount} room(s). Delete or move them first.`,
        'CATEGORY_HAS_ROOMS',
      );
    }
    await deleteCategoryRow(tx, name);
  });
}

/**
 * The room types' names as a reader of `language` reads them, for texts written on the server
 * (mails): in Bengali the name the admin gave it (`translations.bn.name`), else the English one.
 * Bookings keep the English name; one read for all the names of a mail.
 */
export async function categoryNamesIn(db: Executor, language: 'en' | 'bn', names: readonly string[]): Promise<(name: string) => string> {
  if (language === 'en') return (name) => name;
  const bengali = await bengaliNamesOf(db, names);
  return (name) => bengali.get(name) ?? name;
}
