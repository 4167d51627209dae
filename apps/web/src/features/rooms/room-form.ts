import type { RoomStatus, TCategory, TRoom, TRoomInput, TRoomPatch } from '@residency/shared';
import { defaultRoomTemplate } from '@residency/shared/room-rules';
import { TEMPLATE_FIELDS, TEMPLATE_SECTIONS, type TemplateSection } from './room-template';

/** The add-room form's state: a room as it will be sent, while it is being typed. */
export type RoomDraft = Omit<TRoomInput, 'status' | 'images'> & { status: RoomStatus; images: string[] };

/** Tag colours of the room statuses (spec section 2); any other status is gray. */
export const STATUS_COLORS: Record<string, string> = {
  available: 'green',
  booked: 'blue',
  maintenance: 'red',
  cleaning: 'orange',
};

export function statusColor(status: string): string {
  return STATUS_COLORS[status] ?? 'default';
}

/**
 * A numeric input as a number (spec section 5: numeric inputs are converted to numbers). Empty
 * gives undefined and text that is not a number stays as it is, so validation names the field
 * ('Maximum adults must be a number') instead of a silent 0.
 */
export function numeric(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : value;
  }
  return value;
}

/** Comma-separated text as a list: trimmed, empty entries dropped ('Voicemail, , Speaker' gives two). */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A template section with its number fields converted to numbers. */
export function withNumbers<T extends object>(section: TemplateSection, value: T): T {
  const out = { ...value } as Record<string, unknown>;
  for (const field of TEMPLATE_FIELDS[section]) {
    if (field.kind === 'number' && field.name in out) out[field.name] = numeric(out[field.name]);
  }
  return out as T;
}

/** `{ ...defaults, ...given }` where only the given values that are set count. */
function fill<T extends object>(defaults: T, given: unknown): T {
  const out = { ...defaults } as Record<string, unknown>;
  if (given && typeof given === 'object') {
    for (const [key, value] of Object.entries(given)) if (value !== undefined && value !== null) out[key] = value;
  }
  return out as T;
}

/**
 * The add-room form after a category is chosen: the category's template, its offer price as the
 * room price, status available, no room number and no images of its own (the category's show
 * instead). What the category lacks comes from the spec's defaults; the room name and
 * description fall back to the category's, as rooms made by category sync do.
 */
export function roomDraftFromCategory(category: TCategory): RoomDraft {
  const defaults = defaultRoomTemplate();
  const overview = fill(defaults.room_overview, category.room_overview);
  return {
    category: category.name,
    status: 'available',
    price: category.offerPrice,
    images: [],
    room_overview: {
      name: overview.name || category.name,
      description: overview.description || category.description,
      size: overview.size,
      wireless_internet: overview.wireless_internet,
      room_number: '',
    },
    special_benefits: Array.isArray(category.special_benefits) ? [...category.special_benefits] : defaults.special_benefits,
    beds_and_bedding: fill(defaults.beds_and_bedding, category.beds_and_bedding),
    room_features: fill(defaults.room_features, category.room_features),
    bath_and_bathroom_features: fill(defaults.bath_and_bathroom_features, category.bath_and_bathroom_features),
    furniture_and_furnishings: fill(defaults.furniture_and_furnishings, category.furniture_and_furnishings),
    food_and_beverages: fill(defaults.food_and_beverages, category.food_and_beverages),
    internet_and_phones: fill(defaults.internet_and_phones, category.internet_and_phones),
    entertainment: fill(defaults.entertainment, category.entertainment),
    accessible_room_features: fill(defaults.accessible_room_features, category.accessible_room_features),
  };
}

/** The draft as the API takes it: numbers converted, the given image URLs in place. */
export function roomInputFromDraft(draft: RoomDraft, images: string[]): TRoomInput {
  const sections = Object.fromEntries(
    TEMPLATE_SECTIONS.map((section) => [section, withNumbers(section, draft[section])]),
  ) as Pick<TRoomInput, TemplateSection>;
  return { ...draft, ...sections, price: numeric(draft.price) as number, images };
}

/** Validation issues as one message per field path ('beds_and_bedding.maximum_adults'); the first one wins. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** The parts of a room the Update Room modal edits. */
export type RoomEdit = Pick<
  TRoom,
  | 'category'
  | 'status'
  | 'price'
  | 'images'
  | 'room_overview'
  | 'beds_and_bedding'
  | 'room_features'
  | 'bath_and_bathroom_features'
  | 'furniture_and_furnishings'
>;

export function roomEditOf(room: TRoom): RoomEdit {
  return {
    category: room.category,
    status: room.status,
    price: room.price,
    images: [...room.images],
    room_overview: { ...room.room_overview },
    beds_and_bedding: { ...room.beds_and_bedding },
    room_features: { ...room.room_features },
    bath_and_bathroom_features: { ...room.bath_and_bathroom_features },
    furniture_and_furnishings: { ...room.furniture_and_furnishings },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The PATCH body of the Update Room modal: each changed part sent whole (a section is checked
 * as a whole on the server), numbers converted. Nothing changed gives `{}`.
 */
export function changedSections(original: TRoom, edit: RoomEdit, images: string[]): TRoomPatch {
  const next: RoomEdit = {
    ...edit,
    price: numeric(edit.price) as number,
    images,
    beds_and_bedding: withNumbers('beds_and_bedding', edit.beds_and_bedding),
  };
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof RoomEdit)[]) {
    if (!same(next[key], original[key])) patch[key] = next[key];
  }
  return patch as TRoomPatch;
}

/**
 * Files that still fit under an image limit: the rest are cut off (spec section 5: at most 3
 * images in total on edit). `max` undefined means no limit (the category form).
 */
export function takeWithinLimit<T>(current: number, files: readonly T[], max?: number): { accepted: T[]; cut: boolean } {
  if (max === undefined) return { accepted: [...files], cut: false };
  const room = Math.max(0, max - current);
  return { accepted: files.slice(0, room), cut: files.length > room };
}

/**
 * The spec's validation messages (sections 5 and 8) with their keys in `rooms:validation`, so
 * Bengali readers see them translated; a message not listed is shown as the server wrote it.
 */
const VALIDATION_KEYS: Record<string, string> = {
  'Category is required': 'category',
  'Room name is required': 'roomName',
  'Room description is required': 'roomDescription',
  'Room size is required': 'roomSize',
  'Wireless internet is required': 'wirelessInternet',
  'Room number is required': 'roomNumber',
  'Room number is too long': 'roomNumberTooLong',
  'Windows are required': 'windows',
  'Room service is required': 'roomService',
  'Bottled water is required': 'bottledWater',
  'Minibar is required': 'minibar',
  'Beds are required': 'beds',
  'Maximum occupancy must be a number': 'occupancyNumber',
  'Maximum adults must be a number': 'adultsNumber',
  'Maximum children must be a number': 'childrenNumber',
  'Maximum infants must be a number': 'infantsNumber',
  'Maximum adults must be at least 1': 'adultsMin',
  'Maximum occupancy must be at least 1': 'occupancyMin',
  'Maximum adults cannot exceed maximum occupancy': 'adultsOverOccupancy',
  'Extra adult charge must be a number': 'extraAdultNumber',
  'Cribs permitted must be a number': 'cribsNumber',
  'Phones must be a number': 'phonesNumber',
  'Price must be a number': 'priceNumber',
  'Price cannot be negative': 'priceNegative',
  'Special benefits must be an array': 'benefitsArray',
  'Phone features must be an array': 'phoneFeaturesArray',
  'International channels must be an array': 'channelsArray',
  'Maximum 3 images allowed': 'maxImages',
};

/** The `rooms:validation` key of one of the spec's messages, or null. */
export function validationKey(message: string): string | null {
  const key = VALIDATION_KEYS[message];
  return key ? `validation.${key}` : null;
}

/**
 * A special benefit added to the list (spec section 5): only when it is not empty and not
 * already there (ignoring case and spaces around it). Returns the same list otherwise.
 */
export function addBenefit(list: readonly string[], text: string): readonly string[] {
  const benefit = text.trim();
  if (!benefit || list.some((b) => b.trim().toLowerCase() === benefit.toLowerCase())) return list;
  return [...list, benefit];
}
