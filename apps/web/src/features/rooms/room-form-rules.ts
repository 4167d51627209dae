import type { RoomStatus, TCategory, TRoom, TRoomInput, TRoomPatch } from '@residency/shared';
import { defaultRoomTemplate } from '@residency/shared/room-rules';
import { TEMPLATE_SECTIONS, type TemplateSection } from '../../components/room-template/room-template';
import { numeric, withNumbers } from '../../components/room-template/template-rules';

/** The add-room form's state: a room as it will be sent, while it is being typed. */
export type RoomDraft = Omit<TRoomInput, 'status' | 'images'> & { status: RoomStatus; images: string[] };

/** Tag colours of the room statuses (spec section 2); any other status is gray. */
const STATUS_COLORS: Record<string, string> = {
  available: 'green',
  booked: 'blue',
  maintenance: 'red',
  cleaning: 'orange',
};

export function statusColor(status: string): string {
  return STATUS_COLORS[status] ?? 'default';
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
 * as a whole on the server), numbers converted. Nothing changed gives `{}`. A cleared price is
 * `null`, not left out: left out would mean "unchanged", and the modal would keep the old price
 * while saying it was updated; `null` fails the check with the spec's 'Price must be a number'.
 */
export function changedSections(original: TRoom, edit: RoomEdit, images: string[]): TRoomPatch {
  const next: RoomEdit = {
    ...edit,
    price: (numeric(edit.price) ?? null) as number,
    images,
    beds_and_bedding: withNumbers('beds_and_bedding', edit.beds_and_bedding),
  };
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof RoomEdit)[]) {
    if (!same(next[key], original[key])) patch[key] = next[key];
  }
  return patch as TRoomPatch;
}

