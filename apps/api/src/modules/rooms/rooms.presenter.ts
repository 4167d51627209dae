import type { TRoom, TRoomInput, ZRoomInput } from '@residency/shared';
import type { z } from 'zod';
import type { NewRoom, RoomRow } from './rooms.repository.ts';

/*
 * A room between its table row and the API's shape (spec section 3 names): presented, turned
 * back into columns, and built from its category's template. No rule and no query here.
 */

/** A room as its contract has checked it. */
export type RoomData = z.output<typeof ZRoomInput>;

/** The category fields a room is built from (the categories feature passes its row). */
export interface CategoryTemplate {
  name: string;
  offerPrice: number;
  description: string;
  roomOverview: Record<string, unknown>;
  specialBenefits: string[];
  bedsAndBedding: Record<string, unknown>;
  roomFeatures: Record<string, unknown>;
  bathAndBathroomFeatures: Record<string, unknown>;
  furnitureAndFurnishings: Record<string, unknown>;
  foodAndBeverages: Record<string, unknown>;
  internetAndPhones: Record<string, unknown>;
  entertainment: Record<string, unknown>;
  accessibleRoomFeatures: Record<string, unknown>;
}

type SectionKey =
  | 'special_benefits'
  | 'beds_and_bedding'
  | 'room_features'
  | 'bath_and_bathroom_features'
  | 'furniture_and_furnishings'
  | 'food_and_beverages'
  | 'internet_and_phones'
  | 'entertainment'
  | 'accessible_room_features';

/**
 * The template sections of a room or category row, as the API names them. The columns hold JSON
 * that was checked on the way in, so they are only renamed here.
 */
function templateSections<Out extends TRoom | TRoomInput>(
  row: Omit<CategoryTemplate, 'name' | 'offerPrice' | 'description' | 'roomOverview'>,
): Pick<Out, SectionKey> {
  return {
    special_benefits: row.specialBenefits,
    beds_and_bedding: row.bedsAndBedding,
    room_features: row.roomFeatures,
    bath_and_bathroom_features: row.bathAndBathroomFeatures,
    furniture_and_furnishings: row.furnitureAndFurnishings,
    food_and_beverages: row.foodAndBeverages,
    internet_and_phones: row.internetAndPhones,
    entertainment: row.entertainment,
    accessible_room_features: row.accessibleRoomFeatures,
  } as Pick<Out, SectionKey>;
}

/** A room row as the API shows it. */
export function presentRoom(row: RoomRow): TRoom {
  return {
    _id: row.id,
    category: row.category,
    status: row.status,
    price: row.price,
    images: row.images,
    room_overview: {
      ...(row.roomOverview as Omit<TRoom['room_overview'], 'name' | 'room_number'>),
      name: row.name,
      room_number: row.roomNumber,
    },
    ...templateSections<TRoom>(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A validated room as table columns. */
export function toColumns(room: RoomData): Omit<NewRoom, 'id'> {
  const { name, room_number, ...overview } = room.room_overview;
  return {
    category: room.category,
    roomNumber: room_number,
    name,
    status: room.status,
    price: room.price,
    images: room.images,
    roomOverview: overview,
    specialBenefits: room.special_benefits,
    bedsAndBedding: room.beds_and_bedding,
    roomFeatures: room.room_features,
    bathAndBathroomFeatures: room.bath_and_bathroom_features,
    furnitureAndFurnishings: room.furniture_and_furnishings,
    foodAndBeverages: room.food_and_beverages,
    internetAndPhones: room.internet_and_phones,
    entertainment: room.entertainment,
    accessibleRoomFeatures: room.accessible_room_features,
  };
}

/** A room as the API shows it, as the input of a patch (`_id` and dates dropped). */
export function asInput(room: TRoom): TRoomInput {
  const { _id: _ignored, createdAt: _c, updatedAt: _u, ...input } = room;
  return input;
}

/**
 * The room a category sync creates: the category's template, the given number, status
 * available and the category's offer price. The room name and description fall back to the
 * category's when the template leaves them empty.
 */
export function roomFromTemplate(category: CategoryTemplate, roomNumber: string): TRoomInput {
  const overview = category.roomOverview as Record<string, string | undefined>;
  return {
    category: category.name,
    status: 'available',
    price: category.offerPrice,
    images: [],
    room_overview: {
      name: overview.name || category.name,
      description: overview.description || category.description,
      size: overview.size ?? '',
      wireless_internet: overview.wireless_internet ?? '',
      room_number: roomNumber,
    },
    ...templateSections<TRoomInput>(category),
  };
}
